/**
 * The registration wizard's personality questions (docs/spec/organiser-tools.md §3 "Registration
 * draft", §9 "Registration and display") and how their 1-5 answers become the 0-10 traits the
 * matching code reads (./matching.ts: creative, adventurous, social, analytical).
 */

/** The five questions, in the wizard's order: Creative, Social, Adventurous, Analytical, Empathetic. */
export const PERSONALITY_QUESTIONS = ['creative', 'social', 'adventurous', 'analytical', 'empathetic'] as const;
export type PersonalityQuestion = (typeof PERSONALITY_QUESTIONS)[number];
export type PersonalityAnswers = Record<PersonalityQuestion, number>;

/** The scale of each question. */
export const PERSONALITY_SCALE = { min: 1, max: 5 } as const;
/** An unanswered question shows this score (it still has to be answered to continue). */
export const PERSONALITY_DEFAULT = 3;

/** The traits of ./matching.ts, each 0-10. Empathetic has no matching trait and stays in the raw answers. */
export const MATCHING_TRAITS = ['creative', 'adventurous', 'social', 'analytical'] as const;
export type MatchingTraits = Record<(typeof MATCHING_TRAITS)[number], number>;

/**
 * 1-5 answers as 0-10 matching traits: score times 2 (1 → 2, 3 → 6, 5 → 10), so a trait read as
 * 0-100 elsewhere (times 10) is the profile bar of the spec (score times 20).
 */
export function traitsFromAnswers(answers: PersonalityAnswers): MatchingTraits {
  const out = {} as MatchingTraits;
  for (const k of MATCHING_TRAITS) out[k] = clampScore(answers[k]) * 2;
  return out;
}

function clampScore(v: number): number {
  if (!Number.isFinite(v)) return PERSONALITY_DEFAULT;
  return Math.max(PERSONALITY_SCALE.min, Math.min(PERSONALITY_SCALE.max, Math.round(v)));
}

export type PersonalityBand = 'high' | 'moderate' | 'low';

/** The spec's bands: 4 or above high, 3 moderate, below 3 low. */
export function personalityBand(score: number): PersonalityBand {
  return score >= 4 ? 'high' : score >= 3 ? 'moderate' : 'low';
}

/** The profile bar's width in percent: score times 20. */
export const personalityBarPercent = (score: number) => clampScore(score) * 20;

/** The interests offered by the wizard (docs/spec/organiser-tools.md §3). */
export const REGISTER_INTERESTS = [
  'Wine',
  'Art',
  'Travel',
  'Cooking',
  'Music',
  'Photography',
  'Fitness',
  'Reading',
  'Dancing',
  'Tech',
  'Nature',
  'Theater',
  'Fashion',
  'Film',
  'Gaming',
  'Cycling',
  'Yoga',
  'Hiking',
] as const;
export const REGISTER_INTERESTS_MIN = 3;
export const REGISTER_INTERESTS_MAX = 8;

/** The motivations offered by the wizard (docs/spec/organiser-tools.md §3). */
export const REGISTER_MOTIVATIONS = [
  'Meet like-minded people',
  'Expand my social circle',
  'Find meaningful connections',
  'Try new experiences',
  'Build lasting friendships',
  'Professional networking',
  'Learn from others',
  'Have fun and relax',
] as const;

/** The optional "what are you looking for" text. */
export const LOOKING_FOR_MAX = 500;

/** The wizard's four steps; progress is the step divided by 4 (§4). */
export const REGISTER_STEPS = 4;
export const registerProgress = (step: number) => Math.round((Math.max(0, Math.min(REGISTER_STEPS, step)) / REGISTER_STEPS) * 100);

/** Each question as the wizard asks it, with its trait name and what each band says. */
export const PERSONALITY_TEXT: Record<PersonalityQuestion, { trait: string; question: string; high: string; moderate: string; low: string }> = {
  creative: {
    trait: 'Creative',
    question: 'I love new ideas, making things and thinking up something different.',
    high: 'Full of ideas and always making something',
    moderate: 'Enjoys a creative spark now and then',
    low: 'Prefers the tried and tested',
  },
  social: {
    trait: 'Social',
    question: 'A room full of new people gives me energy.',
    high: 'Lights up a room and loves meeting people',
    moderate: 'Enjoys company and quiet time alike',
    low: 'Prefers small groups and one-to-one chats',
  },
  adventurous: {
    trait: 'Adventurous',
    question: "I'm quick to say yes to things I've never tried.",
    high: 'Always up for something new',
    moderate: 'Open to new things with a little notice',
    low: 'Happiest with familiar plans',
  },
  analytical: {
    trait: 'Analytical',
    question: 'I like to think things through and understand how they work.',
    high: 'Loves getting to the bottom of things',
    moderate: 'Balances logic and gut feeling',
    low: 'Goes with the flow and trusts instinct',
  },
  empathetic: {
    trait: 'Empathetic',
    question: 'I easily pick up on how other people are feeling.',
    high: 'A natural listener who reads people well',
    moderate: 'Caring and attentive when it counts',
    low: 'Straightforward and practical with people',
  },
};

/** The spec's band as words: 4 or above high, 3 moderate, below 3 low, with the trait's sentence. */
export function personalityDescription(q: PersonalityQuestion, score: number): { band: string; text: string } {
  const band = personalityBand(score);
  return { band: band === 'high' ? 'High' : band === 'moderate' ? 'Moderate' : 'Low', text: PERSONALITY_TEXT[q][band] };
}
