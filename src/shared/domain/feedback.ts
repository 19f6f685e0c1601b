/**
 * Event feedback (docs/spec/organiser-tools.md §2.27, §3 "Event feedback (emoji widget)", "Feedback
 * (form)" and "Feedback aggregate", §4, §5, §9 "Feedback"): the eight emoji, the ten improvement
 * options and the aggregate maths the insights show. Pure functions, used by the server (insights)
 * and the browser (tallies, bars).
 */

/** The emoji widget's eight choices, in the spec's order (§3). */
export const EMOJI_CHOICES = [
  { key: 'heart-eyes', symbol: '😍', label: 'Love it!' },
  { key: 'party', symbol: '🎉', label: 'Amazing!' },
  { key: 'clap', symbol: '👏', label: 'Well done!' },
  { key: 'smile', symbol: '😊', label: 'Great!' },
  { key: 'fire', symbol: '🔥', label: 'Fire!' },
  { key: 'hundred', symbol: '💯', label: 'Perfect!' },
  { key: 'sweat-smile', symbol: '😅', label: 'Fun!' },
  { key: 'pensive', symbol: '😔', label: 'Could be better' },
] as const;

export type EmojiKey = (typeof EMOJI_CHOICES)[number]['key'];
export const EMOJI_KEYS = EMOJI_CHOICES.map((e) => e.key) as unknown as readonly [EmojiKey, ...EmojiKey[]];

/**
 * The ten improvement options of the form (§9: ten are offered, the list itself is not shown): what
 * guests of a speed-friendship evening most often ask to change.
 */
export const IMPROVEMENT_OPTIONS = [
  { key: 'longer-rounds', label: 'More time per conversation' },
  { key: 'more-rounds', label: 'More conversation rounds' },
  { key: 'icebreakers', label: 'Better ice-breaker questions' },
  { key: 'quieter-venue', label: 'A quieter venue, easier to hear' },
  { key: 'seating', label: 'More comfortable seating' },
  { key: 'host-guidance', label: 'Clearer guidance from the host' },
  { key: 'food-drink', label: 'Better food and drink options' },
  { key: 'people-mix', label: 'A wider mix of people' },
  { key: 'check-in', label: 'A smoother check-in' },
  { key: 'match-results', label: 'Faster match results' },
] as const;

export type ImprovementKey = (typeof IMPROVEMENT_OPTIONS)[number]['key'];
export const IMPROVEMENT_KEYS = IMPROVEMENT_OPTIONS.map((o) => o.key) as unknown as readonly [ImprovementKey, ...ImprovementKey[]];

export const improvementLabel = (key: ImprovementKey) => IMPROVEMENT_OPTIONS.find((o) => o.key === key)!.label;

/** Stars (§9: 1-5; 0 means unrated for the optional aspects, §3). */
export const STAR_MAX = 5;
/** The optional aspects rated besides the overall rating, with their labels. */
export const FEEDBACK_ASPECTS = [
  { key: 'venueRating', label: 'Venue' },
  { key: 'organizationRating', label: 'Organisation' },
  { key: 'matchQualityRating', label: 'Match quality' },
  { key: 'timingRating', label: 'Timing' },
] as const;

/** How many improvements the insights tab shows as its "top" list (the bars run 85, 70, 55, 40, 25 percent). */
export const TOP_IMPROVEMENTS = 5;
export const FAVORITE_ASPECT_MAX = 200;
export const COMMENTS_MAX = 2000;

/** The average of the ratings that were given (0 = unrated is left out), to one decimal; null when none was given. */
export function averageRating(ratings: readonly number[]): number | null {
  const given = ratings.filter((r) => r > 0);
  if (given.length === 0) return null;
  return round1(given.reduce((s, r) => s + r, 0) / given.length);
}

/**
 * A host's public rating (docs/decisions/0067-counts-nobody-can-move-alone.md, issue 33): the
 * average overall rating of the feedback that counts, shown once it has HOST_RATING_MIN_REVIEWS
 * responses from at least HOST_RATING_MIN_EVENINGS evenings. Counted: a guest of the evening who
 * was checked in with their ticket (scanned or typed at the door), checked themself in, or paid
 * for it, and never the host themself; not a free booking checked in by hand, by name.
 */
export const HOST_RATING_MIN_REVIEWS = 5;
export const HOST_RATING_MIN_EVENINGS = 2;
export const HOST_RATING_RULE =
  `Ratings come from guests who booked their own place and came: their ticket was scanned at the door, they checked themselves in, or they paid. ` +
  `A host's rating shows once ${HOST_RATING_MIN_REVIEWS} guests have rated them, across at least ${HOST_RATING_MIN_EVENINGS} evenings.`;
export const NEW_HOST_NOTE = `New host: rating shown after ${HOST_RATING_MIN_REVIEWS} reviews`;

/** The rating to show: the average to one decimal, or null below the minimum (too few responses, or all from one evening). */
export function publicHostRating(counted: { average: number | null; reviews: number; evenings: number }): number | null {
  if (counted.average === null || counted.reviews < HOST_RATING_MIN_REVIEWS || counted.evenings < HOST_RATING_MIN_EVENINGS) return null;
  return round1(counted.average);
}

/** One decimal, half away from zero (4.55 → 4.6). */
export function round1(n: number): number {
  return (Math.sign(n) * Math.round(Math.abs(n) * 10 + 1e-9)) / 10 || 0;
}

/** The share of responses that would recommend the evening, as a whole percent; null with no responses. */
export function recommendationRate(answers: readonly boolean[]): number | null {
  if (answers.length === 0) return null;
  return Math.round((100 * answers.filter(Boolean).length) / answers.length);
}

/**
 * A request bar's width for its rank (§9: 85 minus 15 per rank, percent). Rank 0 is the most asked;
 * equal counts share a rank. Never below 10, so a bar stays visible far down the list.
 */
export function improvementBarWidth(rank: number): number {
  return Math.max(10, 85 - 15 * rank);
}

export interface RankedImprovement {
  key: ImprovementKey;
  label: string;
  /** Responses that asked for it. */
  count: number;
  /** Of all responses, whole percent. */
  percent: number;
  /** 0 for the most asked; equal counts share a rank. */
  rank: number;
  /** The bar's width in percent (improvementBarWidth). */
  barWidth: number;
}

/**
 * Improvements ranked by how many responses asked for them (most first; equal counts keep the
 * options' order and share a rank). Options nobody asked for are left out; unknown keys are ignored
 * and a key repeated within one response counts once.
 */
export function rankImprovements(responses: readonly (readonly string[])[]): RankedImprovement[] {
  const counts = new Map<ImprovementKey, number>();
  for (const list of responses) {
    for (const key of new Set(list)) {
      if ((IMPROVEMENT_KEYS as readonly string[]).includes(key)) counts.set(key as ImprovementKey, (counts.get(key as ImprovementKey) ?? 0) + 1);
    }
  }
  const rows = IMPROVEMENT_OPTIONS.map((o) => ({ key: o.key, label: o.label, count: counts.get(o.key) ?? 0 }))
    .filter((r) => r.count > 0)
    .sort((a, b) => b.count - a.count);
  return rows.map((r) => {
    const rank = rows.filter((o) => o.count > r.count).length;
    return { ...r, percent: Math.round((100 * r.count) / responses.length), rank, barWidth: improvementBarWidth(rank) };
  });
}

/** The change in average overall rating against the host's previous evening, to one decimal; null when either has none. */
export function ratingTrend(current: number | null, previous: number | null): number | null {
  if (current === null || previous === null) return null;
  return round1(current - previous);
}

/** A trend for people: '+0.3', '-0.2', '±0.0'. */
export function formatTrend(change: number): string {
  if (change === 0) return '±0.0';
  return `${change > 0 ? '+' : '−'}${Math.abs(change).toFixed(1)}`;
}

/** One stored response, as far as the aggregate needs it. */
export interface FeedbackFigures {
  overallRating: number;
  venueRating: number;
  organizationRating: number;
  matchQualityRating: number;
  timingRating: number;
  wouldRecommend: boolean;
  improvements: readonly string[];
}

/** The aggregate of §3 plus the per-aspect averages: what the insights tab shows. */
export function aggregateFeedback(rows: readonly FeedbackFigures[]) {
  return {
    totalResponses: rows.length,
    averageOverallRating: averageRating(rows.map((r) => r.overallRating)),
    recommendationRate: recommendationRate(rows.map((r) => r.wouldRecommend)),
    aspects: FEEDBACK_ASPECTS.map((a) => {
      const ratings = rows.map((r) => r[a.key]);
      return { key: a.key, label: a.label, average: averageRating(ratings), ratings: ratings.filter((v) => v > 0).length };
    }),
    improvements: rankImprovements(rows.map((r) => r.improvements)),
  };
}

/** Reactions counted per emoji, in the widget's order (every emoji, 0 when none). */
export function countEmoji(reactions: readonly { emoji: string }[]): Record<EmojiKey, number> {
  const counts = Object.fromEntries(EMOJI_KEYS.map((k) => [k, 0])) as Record<EmojiKey, number>;
  for (const r of reactions) if (r.emoji in counts) counts[r.emoji as EmojiKey]++;
  return counts;
}
