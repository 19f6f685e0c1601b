import { describe, expect, test } from 'vitest';
import { NO_SHOW_RULE_DEFAULTS, noShowPause, noShowPauseMessage, windowInWords } from './no-shows';

/** The no-show rule (docs/decisions/0076-no-shows-have-a-cost.md): 2 in 183 days pause for 30 days from the latest. */
const DAY = 86_400_000;
const t0 = new Date('2026-06-01T18:00:00Z');
const day = (n: number) => new Date(t0.getTime() + n * DAY);
const rule = NO_SHOW_RULE_DEFAULTS;

describe('noShowPause', () => {
  test('one no-show pauses nothing', () => {
    expect(noShowPause([day(0)], day(1), rule)).toBeNull();
  });

  test('two within six months pause for 30 days from the latest, whatever order they come in', () => {
    expect(noShowPause([day(100), day(0)], day(101), rule)).toEqual({ until: day(130), count: 2 });
    expect(noShowPause([day(0), day(100)], day(130), rule)).toBeNull();
  });

  test('two more than six months apart pause nothing', () => {
    expect(noShowPause([day(0), day(184)], day(185), rule)).toBeNull();
  });

  test('a pause that started is not cut short when the earlier no-show leaves the window', () => {
    // At day 190 the first (day 0) is over 183 days old, but the pause from day 180 runs to day 210.
    expect(noShowPause([day(0), day(180)], day(190), rule)).toEqual({ until: day(210), count: 2 });
  });

  test('the limit is a setting', () => {
    expect(noShowPause([day(0), day(10)], day(11), { ...rule, limit: 3 })).toBeNull();
    expect(noShowPause([day(0), day(10), day(20)], day(21), { ...rule, limit: 3, pauseDays: 7 })).toEqual({ until: day(27), count: 3 });
  });
});

test('the message says why and until when, in London time', () => {
  const message = noShowPauseMessage({ until: new Date('2026-12-27T19:00:00Z'), count: 2 }, rule);
  expect(message).toContain('You missed 2 evenings you had booked in six months');
  expect(message).toContain('until Sunday, 27 December 2026 at 19:00');
  expect(message).toContain('Paid evenings are still open to you');
  expect(windowInWords(14)).toBe('14 days');
  expect(windowInWords(365)).toBe('twelve months');
});
