import { expect, test } from 'vitest';
import { HIGH_MATCH_MIN, PREVIEW_SIZE, previewShown, rankForPreview } from './match-preview';
import type { Person } from './matching';

const person = (id: number, creative: number, interests: string[] = [], age = 30): Person => ({
  id,
  age,
  interests,
  personalityTraits: { creative, adventurous: 5, social: 5, analytical: 5 },
  communicationStyle: 'balanced',
});

test('best match first; the viewer is never in their own preview', () => {
  const me = person(1, 8, ['Wine', 'Art']);
  const ranked = rankForPreview(me, [person(2, 1), person(1, 8), person(3, 8), person(4, 5)]);
  expect(ranked.map((r) => r.person.id)).toEqual([3, 4, 2]);
  expect(ranked[0]!.compatibilityScore).toBeGreaterThan(ranked[2]!.compatibilityScore);
});

test('equal scores: more shared interests first, then the lower id', () => {
  const me = person(1, 5, ['Wine', 'Art', 'Film']);
  const ranked = rankForPreview(me, [person(9, 5, ['Wine']), person(8, 5, ['Wine']), person(7, 5, ['Wine', 'Art'])]);
  expect(ranked.map((r) => r.person.id)).toEqual([7, 8, 9]);
  expect(ranked[0]!.sharedInterests).toEqual(['Wine', 'Art']);
});

test(`connection potential is high from ${HIGH_MATCH_MIN}, good below`, () => {
  const me = person(1, 5);
  for (const r of rankForPreview(me, [person(2, 5), person(3, 0), person(4, 10, [], 60)])) {
    expect(r.connectionPotential).toBe(r.compatibilityScore >= HIGH_MATCH_MIN ? 'high' : 'good');
  }
});

test(`the preview shows the ${PREVIEW_SIZE} best`, () => {
  const me = person(1, 10);
  const others = Array.from({ length: 10 }, (_, i) => person(i + 2, i));
  const shown = previewShown(me, others).map((r) => r.person.id);
  expect(shown).toHaveLength(PREVIEW_SIZE);
  expect(shown).toEqual([11, 10, 9, 8, 7, 6]);
});
