import { describe, expect, it } from 'vitest';
import { ageDistribution, ageGroupOf, launchReadiness, newestFirst, topInterests } from './waitlist';

describe('ageGroupOf', () => {
  it('puts ages on the group boundaries in the right group', () => {
    expect([18, 24, 25, 34, 35, 44, 45, 100].map(ageGroupOf)).toEqual(['18-24', '18-24', '25-34', '25-34', '35-44', '35-44', '45+', '45+']);
  });
});

describe('ageDistribution', () => {
  it('counts every group in order, keeping empty groups', () => {
    expect(ageDistribution([20, 30, 31, 50])).toEqual([
      { group: '18-24', count: 1, percent: 25 },
      { group: '25-34', count: 2, percent: 50 },
      { group: '35-44', count: 0, percent: 0 },
      { group: '45+', count: 1, percent: 25 },
    ]);
  });
  it('gives 0% with no signups', () => {
    expect(ageDistribution([]).every((g) => g.count === 0 && g.percent === 0)).toBe(true);
  });
});

describe('topInterests', () => {
  it('ranks by count, ties alphabetically, case-insensitively, one count per person', () => {
    const lists = [['Wine', 'Music', 'wine'], ['wine ', 'Art'], ['Music', 'Hiking'], []];
    expect(topInterests(lists)).toEqual([
      { interest: 'Music', count: 2 },
      { interest: 'Wine', count: 2 },
      { interest: 'Art', count: 1 },
      { interest: 'Hiking', count: 1 },
    ]);
  });
  it('keeps only the top 8 by default', () => {
    const lists = Array.from({ length: 12 }, (_, i) => [`Interest ${String(i).padStart(2, '0')}`]);
    expect(topInterests(lists)).toHaveLength(8);
    expect(topInterests(lists, 3).map((i) => i.interest)).toEqual(['Interest 00', 'Interest 01', 'Interest 02']);
  });
});

describe('launchReadiness', () => {
  it('is not ready below 80 signups', () => {
    expect(launchReadiness(79)).toEqual({ signups: 79, target: 80, ready: false, percent: 98, remaining: 1, potentialEvents: 0 });
  });
  it('is ready at 80 and caps progress at 100%', () => {
    expect(launchReadiness(80)).toMatchObject({ ready: true, percent: 100, remaining: 0, potentialEvents: 1 });
    expect(launchReadiness(175)).toMatchObject({ ready: true, percent: 100, remaining: 0, potentialEvents: 2 });
  });
  it('starts at zero', () => {
    expect(launchReadiness(0)).toMatchObject({ ready: false, percent: 0, remaining: 80, potentialEvents: 0 });
  });
});

describe('newestFirst', () => {
  it('sorts by creation time then id, newest first, and limits', () => {
    const list = [
      { id: 1, createdAt: '2025-01-01T10:00:00.000Z' },
      { id: 2, createdAt: '2025-01-03T10:00:00.000Z' },
      { id: 3, createdAt: '2025-01-02T10:00:00.000Z' },
      { id: 4, createdAt: '2025-01-03T10:00:00.000Z' },
    ];
    expect(newestFirst(list).map((u) => u.id)).toEqual([4, 2, 3, 1]);
    expect(newestFirst(list, 2).map((u) => u.id)).toEqual([4, 2]);
  });
});
