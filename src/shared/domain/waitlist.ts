/** Waitlist dashboard arithmetic (docs/spec/organiser-tools.md §2.3, §4 and §9): pure, shared, tested. */
import { potentialEvents, WAITLIST_LAUNCH_TARGET } from './constants';

export const AGE_GROUPS = ['18-24', '25-34', '35-44', '45+'] as const;
export type AgeGroup = (typeof AGE_GROUPS)[number];

/** Popular interests shown on the dashboard. */
export const POPULAR_INTERESTS_SHOWN = 8;
/** Recent signups shown on the dashboard, and interests shown for each. */
export const RECENT_SIGNUPS_SHOWN = 5;
export const RECENT_SIGNUP_INTERESTS_SHOWN = 3;

export function ageGroupOf(age: number): AgeGroup {
  if (age < 25) return '18-24';
  if (age < 35) return '25-34';
  if (age < 45) return '35-44';
  return '45+';
}

export interface AgeGroupCount {
  group: AgeGroup;
  count: number;
  /** Whole-number share of all signups, 0 when there are none. */
  percent: number;
}

/** Every group, in order, with its count (groups with nobody are kept, at 0). */
export function ageDistribution(ages: readonly number[]): AgeGroupCount[] {
  const counts = new Map<AgeGroup, number>(AGE_GROUPS.map((g) => [g, 0]));
  for (const age of ages) counts.set(ageGroupOf(age), (counts.get(ageGroupOf(age)) ?? 0) + 1);
  return AGE_GROUPS.map((group) => {
    const count = counts.get(group) ?? 0;
    return { group, count, percent: ages.length ? Math.round((count / ages.length) * 100) : 0 };
  });
}

export interface InterestCount {
  interest: string;
  count: number;
}

/**
 * The most common interests across signups, most common first (ties alphabetical).
 * 'wine' and 'Wine ' count as one; the first spelling seen is shown. A person counts once per interest.
 */
export function topInterests(lists: readonly (readonly string[])[], limit = POPULAR_INTERESTS_SHOWN): InterestCount[] {
  const byKey = new Map<string, InterestCount>();
  for (const list of lists) {
    const seen = new Set<string>();
    for (const raw of list) {
      const interest = raw.trim();
      const key = interest.toLocaleLowerCase('en-GB');
      if (!key || seen.has(key)) continue;
      seen.add(key);
      const entry = byKey.get(key);
      if (entry) entry.count += 1;
      else byKey.set(key, { interest, count: 1 });
    }
  }
  return [...byKey.values()].sort((a, b) => b.count - a.count || a.interest.localeCompare(b.interest, 'en-GB')).slice(0, Math.max(0, limit));
}

export interface LaunchReadiness {
  signups: number;
  target: number;
  /** Ready at the target or more. */
  ready: boolean;
  /** Whole-number progress towards the target, capped at 100. */
  percent: number;
  /** Signups still needed, 0 once ready. */
  remaining: number;
  potentialEvents: number;
}

export function launchReadiness(signups: number, target = WAITLIST_LAUNCH_TARGET): LaunchReadiness {
  const n = Math.max(0, Math.floor(signups));
  return {
    signups: n,
    target,
    ready: n >= target,
    percent: Math.min(100, Math.floor((n / target) * 100)),
    remaining: Math.max(0, target - n),
    potentialEvents: potentialEvents(n),
  };
}

/** The newest signups first (by creation time, then id), at most `limit`. */
export function newestFirst<T extends { id: number; createdAt: string }>(list: readonly T[], limit?: number): T[] {
  const time = (s: string) => {
    const t = Date.parse(s);
    return Number.isNaN(t) ? 0 : t;
  };
  const sorted = [...list].sort((a, b) => time(b.createdAt) - time(a.createdAt) || b.id - a.id);
  return limit === undefined ? sorted : sorted.slice(0, Math.max(0, limit));
}
