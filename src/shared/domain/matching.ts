/**
 * Compatibility scores (docs/spec/organiser-tools.md §9) and the match rules of docs/product.md: a pair matches
 * only when BOTH rated each other 4 or more; algorithms only score and rank mutual pairs.
 */
import { MIN_MATCH_RATING } from './constants';

export const ALGORITHMS = ['balanced', 'personality', 'interest', 'rating'] as const;
export type Algorithm = (typeof ALGORITHMS)[number];

export interface Traits {
  creative?: number;
  adventurous?: number;
  social?: number;
  analytical?: number;
}

export interface Person {
  id: number;
  age: number;
  interests: string[];
  personalityTraits?: Traits | Record<string, unknown> | null;
  communicationStyle?: string | null;
}

const clamp = (v: number) => Math.max(0, Math.min(100, Math.round(v)));
const TRAITS = ['creative', 'adventurous', 'social', 'analytical'] as const;

function trait(t: Person['personalityTraits'], k: (typeof TRAITS)[number]): number | null {
  const v = (t as Record<string, unknown> | null | undefined)?.[k];
  return typeof v === 'number' && Number.isFinite(v) ? Math.max(0, Math.min(10, v)) : null;
}

/** Per trait: 100 minus 10 per point; social: 85 minus 8 per point; analytical: a gap over 5 is complementary (80). */
export function traitScore(k: (typeof TRAITS)[number], a: number, b: number) {
  const d = Math.abs(a - b);
  if (k === 'social') return clamp(85 - 8 * d);
  if (k === 'analytical' && d > 5) return 80;
  return clamp(100 - 10 * d);
}

export function personalityScore(a: Person, b: Person): number | null {
  const scores: number[] = [];
  for (const k of TRAITS) {
    const x = trait(a.personalityTraits, k);
    const y = trait(b.personalityTraits, k);
    if (x !== null && y !== null) scores.push(traitScore(k, x, y));
  }
  return scores.length ? clamp(scores.reduce((s, v) => s + v, 0) / scores.length) : null;
}

const STYLES = ['introverted', 'balanced', 'extroverted'];

/** Same style 85, adjacent 90, opposite 60. */
export function communicationScore(a: Person, b: Person): number | null {
  const x = STYLES.indexOf(a.communicationStyle ?? '');
  const y = STYLES.indexOf(b.communicationStyle ?? '');
  if (x < 0 || y < 0) return null;
  const d = Math.abs(x - y);
  return d === 0 ? 85 : d === 1 ? 90 : 60;
}

/** Age gap up to 3 years 100, up to 5 years 85, otherwise 70. */
export function ageScore(a: Person, b: Person) {
  const d = Math.abs(a.age - b.age);
  return d <= 3 ? 100 : d <= 5 ? 85 : 70;
}

export function sharedInterests(a: Person, b: Person) {
  const mine = new Map(a.interests.map((i) => [i.trim().toLowerCase(), i.trim()]));
  return [...new Set(b.interests.map((i) => i.trim().toLowerCase()))].filter((i) => mine.has(i)).map((i) => mine.get(i)!);
}

/** The share of overlapping interests (percent of the smaller list) plus 30, capped at 100. */
export function interestScore(a: Person, b: Person): number | null {
  const n = Math.min(new Set(a.interests).size, new Set(b.interests).size);
  if (n === 0) return null;
  return clamp((sharedInterests(a, b).length / n) * 100 + 30);
}

/** Ratings 1-5 both ways, as 0-100. */
export const ratingScore = (r1: number, r2: number) => clamp(((r1 + r2) / 2) * 20);

/** Members see 1-5: the mean of the two ratings, rounded. */
export const memberMatchScore = (r1: number, r2: number) => Math.round((r1 + r2) / 2);

export const isMutual = (r1: number | undefined, r2: number | undefined) =>
  r1 !== undefined && r2 !== undefined && r1 >= MIN_MATCH_RATING && r2 >= MIN_MATCH_RATING;

export interface Scores {
  personalityScore: number | null;
  interestScore: number | null;
  communicationScore: number | null;
  ageCompatibilityScore: number;
  ratingScore: number;
  overallScore: number;
}

function weighted(parts: [number | null, number][]) {
  const present = parts.filter((p): p is [number, number] => p[0] !== null);
  const w = present.reduce((s, [, wt]) => s + wt, 0);
  return w ? clamp(present.reduce((s, [v, wt]) => s + v * wt, 0) / w) : 0;
}

/** Score a mutual pair for ranking. The algorithm changes the ranking, never who matches. */
export function scorePair(algorithm: Algorithm, a: Person, b: Person, ratingAB: number, ratingBA: number): Scores {
  const s = {
    personalityScore: personalityScore(a, b),
    interestScore: interestScore(a, b),
    communicationScore: communicationScore(a, b),
    ageCompatibilityScore: ageScore(a, b),
    ratingScore: ratingScore(ratingAB, ratingBA),
  };
  const overall =
    algorithm === 'personality'
      ? demoOverall(s)
      : algorithm === 'interest'
        ? weighted([
            [s.interestScore, 0.7],
            [s.ratingScore, 0.3],
          ])
        : algorithm === 'rating'
          ? s.ratingScore
          : weighted([
              [s.personalityScore, 1],
              [s.interestScore, 1],
              [s.communicationScore, 1],
              [s.ageCompatibilityScore, 1],
              [s.ratingScore, 1],
            ]);
  return { ...s, overallScore: overall };
}

/** Demo weights: personality 60%, communication 25%, age 10%, interests 5%. */
function demoOverall(s: Omit<Scores, 'overallScore'>) {
  return weighted([
    [s.personalityScore, 0.6],
    [s.communicationScore, 0.25],
    [s.ageCompatibilityScore, 0.1],
    [s.interestScore, 0.05],
  ]);
}

export function demoCompatibility(a: Person, b: Person) {
  const s = {
    personalityScore: personalityScore(a, b),
    interestScore: interestScore(a, b),
    communicationScore: communicationScore(a, b),
    ageCompatibilityScore: ageScore(a, b),
  };
  return { ...s, overall: demoOverall({ ...s, ratingScore: 0 }) };
}

/** The demo match list keeps only matches scoring 60 or more. */
export const DEMO_MIN_SCORE = 60;

export const scoreColour = (v: number) => (v >= 85 ? 'green' : v >= 70 ? 'blue' : v >= 60 ? 'yellow' : 'red');
export const compatibilityLabel = (v: number) => (v >= 80 ? 'Excellent Match' : v >= 70 ? 'Great Match' : 'Good Match');

/** /personality-demo: five fictional people. */
export const PERSONALITY_DEMO_PEOPLE: (Person & { name: string; personalityTraits: Required<Traits>; communicationStyle: string })[] = [
  {
    id: 1,
    name: 'Sarah',
    age: 28,
    interests: ['Art', 'Coffee', 'Reading', 'Travel'],
    personalityTraits: { creative: 9, adventurous: 6, social: 7, analytical: 4 },
    communicationStyle: 'balanced',
  },
  {
    id: 2,
    name: 'Michael',
    age: 32,
    interests: ['Tech', 'Music', 'Gaming', 'Coffee'],
    personalityTraits: { creative: 7, adventurous: 4, social: 4, analytical: 9 },
    communicationStyle: 'introverted',
  },
  {
    id: 3,
    name: 'Emma',
    age: 26,
    interests: ['Fitness', 'Travel', 'Hiking', 'Film'],
    personalityTraits: { creative: 5, adventurous: 9, social: 8, analytical: 5 },
    communicationStyle: 'extroverted',
  },
  {
    id: 4,
    name: 'David',
    age: 35,
    interests: ['Cooking', 'Reading', 'Nature', 'Cycling'],
    personalityTraits: { creative: 6, adventurous: 7, social: 5, analytical: 7 },
    communicationStyle: 'balanced',
  },
  {
    id: 5,
    name: 'Priya',
    age: 29,
    interests: ['Dancing', 'Art', 'Travel', 'Coffee'],
    personalityTraits: { creative: 8, adventurous: 7, social: 9, analytical: 4 },
    communicationStyle: 'extroverted',
  },
];

/** Ranked demo matches for one demo person (score ≥ 60, best first). */
export function demoMatchesFor(id: number) {
  const me = PERSONALITY_DEMO_PEOPLE.find((p) => p.id === id);
  if (!me) return [];
  return PERSONALITY_DEMO_PEOPLE.filter((p) => p.id !== id)
    .map((p) => ({ person: p, ...demoCompatibility(me, p) }))
    .filter((m) => m.overall >= DEMO_MIN_SCORE)
    .sort((x, y) => y.overall - x.overall);
}
