import { describe, expect, test } from 'vitest';
import { GENERAL_ICE_BREAKERS, ICE_BREAKER_COUNT, iceBreakers, sharedInterests } from './ice-breakers';

describe('sharedInterests', () => {
  test('matches without regard to case or spaces, keeps their spelling and order, no repeats', () => {
    expect(sharedInterests(['wine', ' Music', 'Hiking'], ['Music', 'Art', 'Wine', 'music'])).toEqual(['Music', 'Wine']);
    expect(sharedInterests([], ['Music'])).toEqual([]);
  });
});

describe('iceBreakers', () => {
  test('always five different questions', () => {
    for (const [mine, theirs] of [
      [[], []],
      [['Wine'], ['Wine']],
      [['Art', 'Film'], ['Film', 'Art', 'Travel', 'Yoga', 'Hiking']],
    ] as const) {
      const { questions } = iceBreakers({ mine, theirs, seed: 7 });
      expect(questions).toHaveLength(ICE_BREAKER_COUNT);
      expect(new Set(questions).size).toBe(ICE_BREAKER_COUNT);
    }
  });

  test('shared interests come first', () => {
    const { shared, questions } = iceBreakers({ mine: ['Music', 'Wine'], theirs: ['Reading', 'Wine', 'Music'], seed: 3 });
    expect(shared).toEqual(['Wine', 'Music']);
    const aboutShared = [
      "What's the best bottle of wine you've had, and where were you?",
      'Red, white or something more adventurous?',
      "What's on repeat for you at the moment?",
      "What's the best gig you've ever been to?",
    ];
    expect(new Set(questions.slice(0, 4))).toEqual(new Set(aboutShared));
    // Then their own interest (reading), before any general opener.
    expect(["What's the last book you couldn't put down?", 'Which book would you give to a friend?']).toContain(questions[4]);
  });

  test('without shared interests, asks about theirs, then general openers; an unknown interest gets a generic question', () => {
    const { shared, questions } = iceBreakers({ mine: ['Yoga'], theirs: ['Pottery'], seed: 1 });
    expect(shared).toEqual([]);
    expect(questions.slice(0, 2).sort()).toEqual(['What do you enjoy most about pottery?', 'What got you into pottery?']);
    for (const q of questions.slice(2)) expect(GENERAL_ICE_BREAKERS).toContain(q);
  });

  test('deterministic for a seed, and another seed can give another order', () => {
    const input = { mine: [], theirs: ['Travel', 'Film', 'Gaming'] };
    expect(iceBreakers({ ...input, seed: 42 })).toEqual(iceBreakers({ ...input, seed: 42 }));
    const orders = new Set(Array.from({ length: 10 }, (_, seed) => iceBreakers({ ...input, seed }).questions.join('|')));
    expect(orders.size).toBeGreaterThan(1);
  });
});
