/**
 * The conversation guide (issue 36, docs/decisions/0081-a-conversation-guide-for-every-round.md): one
 * opening question for each pair in each round, about what the two share when they share something,
 * else from the set for the round's depth. Three sets, from light to personal, after the idea of
 * graded self-disclosure in the study the decision record cites; the questions are our own.
 * Pure: the server picks from `candidates`, the unique indexes keep each one to once a guest.
 */
import { REGISTER_MOTIVATIONS } from './personality';
import { inSentence, questionsAbout, sharedInterests } from './ice-breakers';

export const GUIDE_SETTINGS = ['light', 'deeper', 'off'] as const;
export type GuideSetting = (typeof GUIDE_SETTINGS)[number];

/** Questions a pair may ask for in one round (the opening one included): enough for a round, bounded for the server. */
export const GUIDE_QUESTIONS_PER_ROUND = 6;

/**
 * A room's phones ask for their round's question at moments of their own over this long after the bell
 * (docs/decisions/0146): it is read once the two have found their table, and 2,000 asks in the bell's
 * second would wait behind each other and the ratings sent then.
 */
export const GUIDE_SPREAD_MS = 8_000;

/**
 * No phone asks sooner after the bell than this (docs/decisions/0147): the server sends each pair's
 * question on the socket within about a second of the bell, so a phone asks only when it did not come;
 * before, the phones whose moment fell in that second asked beside the ratings sent then.
 */
export const GUIDE_FIRST_ASK_MS = 2_000;

/**
 * How long a phone waits before asking for its round's question, `since` ms after the round began (by
 * the server's clock): the phone's own moment between GUIDE_FIRST_ASK_MS and GUIDE_SPREAD_MS (`at`, its
 * random share, 0-1) less the time since; 0 once that moment has passed, and outside the spread (a page
 * opened later asks at once).
 */
export function guideWaitMs(since: number, at: number): number {
  if (!(since >= 0 && since < GUIDE_SPREAD_MS)) return 0;
  return Math.max(0, Math.round(GUIDE_FIRST_ASK_MS + at * (GUIDE_SPREAD_MS - GUIDE_FIRST_ASK_MS) - since));
}

export interface GuideQuestion {
  key: string;
  text: string;
  followUp: string;
  /** What the two share, when the question is about it. */
  topic: string | null;
}

type Written = readonly [question: string, followUp: string];

/** Set 1: light, for the first rounds. */
const SET_1: readonly Written[] = [
  ['If you had a free day in this city tomorrow, where would you spend it?', 'Ask why there, and who they would bring.'],
  ["What's something you're looking forward to this month?", 'Ask what makes it worth the wait.'],
  ['What did you want to be when you were ten?', 'Ask how much of that is still in them.'],
  ["What's a small thing that made you smile this week?", 'Ask why it stuck with them.'],
  ['Who would you love to have dinner with, from any time?', 'Ask what they would ask first.'],
  ['Which skill would you love to wake up with tomorrow?', 'Ask what they would do with it first.'],
  ['What does a really good Sunday look like for you?', 'Ask when they last had one.'],
  ["What's the last thing you learned that surprised you?", 'Ask where they came across it.'],
  ['Which song would you walk on stage to?', 'Ask why that one.'],
  ["What's a place you keep going back to?", 'Ask what keeps drawing them back.'],
];

/** Set 2: getting to know each other, from the middle rounds. */
const SET_2: readonly Written[] = [
  ["What's something in your life right now you're grateful for?", 'Ask who has a part in it.'],
  ["What's something you've done that you're quietly proud of?", 'Ask what it took.'],
  ["What's a tradition from growing up that you'd like to keep?", 'Ask why it matters to them.'],
  ['What makes someone a good friend, for you?', 'Ask who taught them that.'],
  ["What's a plan you keep meaning to get round to?", 'Ask what would make them start.'],
  ["What's the best advice anyone has given you?", 'Ask when it last helped.'],
  ['What would you do with a year off and enough money?', 'Ask why, and whether a small version could start now.'],
  ['When did you last feel completely like yourself?', 'Ask what made it feel that way.'],
  ["What's something you've changed your mind about in the last few years?", 'Ask what changed it.'],
  ["What's a memory you return to when you need cheering up?", 'Ask who was there.'],
];

/** Set 3: closer, for the later rounds of a 'deeper' evening. */
const SET_3: readonly Written[] = [
  ['When did you last feel really at home with a group of people?', 'Ask what made it feel that way.'],
  ["What's something you'd like a new friend to know about you early on?", 'Ask why it matters to them.'],
  ["What's a fear you faced that you're glad you did?", 'Ask what helped them through it.'],
  ['What do you value most in a friendship, and have you found it?', 'Ask what they bring to one.'],
  ['Which part of your life do you wish people asked you about more?', 'Ask about it, then ask why.'],
  ['If you knew you were moving away in a year, what would you do here first?', 'Ask who they would do it with.'],
  ["What's something that moved you recently?", 'Ask why it touched them.'],
  ['What have you learned about yourself in the last few years?', 'Ask what surprised them most.'],
  ['Who has shaped the person you are, and how?', 'Ask whether they have ever told them.'],
  ["What's one thing you've enjoyed about this conversation?", 'Ask what they would talk about next time.'],
];

export const GUIDE_SETS: readonly (readonly Written[])[] = [SET_1, SET_2, SET_3];

/** Follow-ups for a question about a shared interest, taken in turn. */
const INTEREST_FOLLOW_UPS = [
  'Ask why it stuck, when so much else did not.',
  'Ask what they would tell someone just starting.',
  'Ask who they share it with.',
] as const;

/** For each motivation the registration wizard offers (./personality.ts), a question for two people who both chose it. */
const BY_MOTIVATION: Record<(typeof REGISTER_MOTIVATIONS)[number], Written> = {
  'Meet like-minded people': [
    'You both came to meet like-minded people. What would someone like-minded have in common with you?',
    'Ask why that matters most.',
  ],
  'Expand my social circle': ['You both want a wider circle. What would you love to do more often with more people?', 'Ask what has stopped them so far.'],
  'Find meaningful connections': ['You both came for meaningful connections. What makes a conversation feel meaningful to you?', 'Ask when they last had one.'],
  'Try new experiences': ["You both like trying new things. What's the newest thing you've tried?", 'Ask what they would try next.'],
  'Build lasting friendships': ['You both hope for lasting friendships. What has kept your oldest friendship going?', 'Ask what they learned from it.'],
  'Professional networking': ['You both came partly for work. What do you love about what you do?', 'Ask why they chose it.'],
  'Learn from others': ["You both like learning from others. What's something a stranger once taught you?", 'Ask how it changed what they do.'],
  'Have fun and relax': ["You both came to have fun. What's the most fun you've had this year?", 'Ask who was there.'],
};

/**
 * The set for a round: a 'light' evening stays with set 1 for its first two rounds and set 2 after;
 * a 'deeper' one moves to set 2 in round 2 and to set 3 from round 4.
 */
export function setForRound(setting: Exclude<GuideSetting, 'off'>, round: number): 1 | 2 | 3 {
  if (setting === 'light') return round <= 2 ? 1 : 2;
  return round <= 1 ? 1 : round <= 3 ? 2 : 3;
}

const norm = (s: string) => s.trim().toLowerCase().replace(/\s+/g, ' ');

/** A question from a set, by its key's numbers. */
const fromSet = (set: number, i: number): GuideQuestion => {
  const [text, followUp] = GUIDE_SETS[set - 1]![i]!;
  return { key: `set${set}.${i}`, text, followUp, topic: null };
};

export interface PairProfile {
  interests: readonly string[];
  motivations: readonly string[];
}

/**
 * Every question for this pair in this round, best first: about their shared interests, then their
 * shared motivations, then the round's set, then the sets next to it (so a long evening never runs
 * dry). The server gives the first one neither guest has had this evening.
 */
export function candidates(a: PairProfile, b: PairProfile, setting: Exclude<GuideSetting, 'off'>, round: number, seed = 0): GuideQuestion[] {
  const out: GuideQuestion[] = [];
  sharedInterests(a.interests, b.interests).forEach((interest, n) => {
    questionsAbout(interest).forEach((text, i) => {
      out.push({
        key: `interest.${norm(interest).slice(0, 60)}.${i}`,
        text: `You both like ${inSentence(interest)}. ${text}`,
        followUp: INTEREST_FOLLOW_UPS[(n + i) % INTEREST_FOLLOW_UPS.length]!,
        topic: interest,
      });
    });
  });
  const theirs = new Set(b.motivations);
  REGISTER_MOTIVATIONS.forEach((m, i) => {
    if (!a.motivations.includes(m) || !theirs.has(m)) return;
    const [text, followUp] = BY_MOTIVATION[m];
    out.push({ key: `motivation.${i}`, text, followUp, topic: m });
  });
  const set = setForRound(setting, round);
  // The round's own set first, then the lighter ones, then the deeper ones the setting allows.
  const order = [set, ...[1, 2, 3].filter((s) => s < set).reverse(), ...[1, 2, 3].filter((s) => s > set && (setting === 'deeper' || s < 3))];
  // Each pair starts a set at its own place (`seed`), so neighbouring tables are not all asked the same thing.
  for (const s of order) {
    const n = GUIDE_SETS[s - 1]!.length;
    for (let k = 0; k < n; k++) out.push(fromSet(s, (k + Math.abs(seed)) % n));
  }
  return out;
}
