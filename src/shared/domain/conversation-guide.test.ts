import { expect, test } from 'vitest';
import { candidates, GUIDE_SETS, setForRound } from './conversation-guide';

const nobody = { interests: [], motivations: [] };

test('light stays with the first two sets; deeper reaches the third from round 4', () => {
  expect([1, 2, 3, 4, 8].map((r) => setForRound('light', r))).toEqual([1, 1, 2, 2, 2]);
  expect([1, 2, 3, 4, 8].map((r) => setForRound('deeper', r))).toEqual([1, 2, 2, 3, 3]);
});

test('what two people share comes first: interests (any spelling), then the motivations both chose', () => {
  const list = candidates(
    { interests: ['Hiking', 'Chess'], motivations: ['Try new experiences', 'Have fun and relax'] },
    { interests: ['hiking', 'Opera'], motivations: ['Try new experiences'] },
    'light',
    1,
  );
  expect(list[0]!.text).toMatch(/^You both like hiking\. /);
  expect(list.filter((q) => q.topic?.toLowerCase() === 'hiking').length).toBeGreaterThan(0);
  const firstSet = list.findIndex((q) => q.topic === null);
  expect(list.slice(0, firstSet).map((q) => q.topic)).toEqual([...list.slice(0, firstSet - 1).map(() => 'hiking'), 'Try new experiences']);
  expect(list.some((q) => q.topic === 'Chess' || q.topic === 'Opera' || q.topic === 'Have fun and relax')).toBe(false);
});

test("nothing shared: the round's set first; light never reaches the third set, deeper does", () => {
  const light = candidates(nobody, nobody, 'light', 5);
  expect(light[0]!.key).toMatch(/^set2\./);
  expect(light.some((q) => q.key.startsWith('set3.'))).toBe(false);
  const deeper = candidates(nobody, nobody, 'deeper', 5);
  expect(deeper[0]!.key).toMatch(/^set3\./);
  expect(deeper).toHaveLength(GUIDE_SETS.flat().length);
});

test('every key once in a list, every question with a follow-up; pairs start a set at their own place', () => {
  const list = candidates({ interests: ['Film', 'Wine'], motivations: [] }, { interests: ['film', 'wine'], motivations: [] }, 'deeper', 2, 7);
  expect(new Set(list.map((q) => q.key)).size).toBe(list.length);
  for (const q of list) expect(q.followUp).toMatch(/^Ask /);
  expect(candidates(nobody, nobody, 'light', 1, 0)[0]!.key).not.toBe(candidates(nobody, nobody, 'light', 1, 3)[0]!.key);
});
