import { describe, expect, test } from 'vitest';
import { deniedMessage, expectedText, mapLink, nextPrompt, PROMPT_CLOSED, shouldReport, type PromptState } from './arrival';

describe('deniedMessage (docs/spec/organiser-tools.md §8)', () => {
  test("the demo's wine bar keeps the spec's text verbatim", () => {
    const spec = 'Location access was denied. You can still check in manually when you arrive at the wine bar venue.';
    expect(deniedMessage('The Wine Bar')).toBe(spec);
    expect(deniedMessage('wine bar')).toBe(spec);
  });

  test('another venue is named', () => {
    expect(deniedMessage('The Church Inn')).toBe('Location access was denied. You can still check in manually when you arrive at The Church Inn.');
    expect(deniedMessage('Wine Bar & Grill')).toBe('Location access was denied. You can still check in manually when you arrive at Wine Bar & Grill.');
  });
});

test('mapLink searches the coordinates; expectedText counts guests', () => {
  expect(mapLink(53.5331, -2.2847)).toBe('https://www.google.com/maps/search/?api=1&query=53.5331,-2.2847');
  expect(expectedText(44)).toBe('44 attendees expected');
  expect(expectedText(1)).toBe('1 attendee expected');
});

describe('shouldReport: not on every watch callback', () => {
  const last = { atVenue: false, distanceM: 1000, at: 100_000 };

  test('the first position is always reported', () => {
    expect(shouldReport(null, { atVenue: false, distanceM: 5000 }, 0)).toBe(true);
  });

  test('a change between En Route and At Venue goes at once', () => {
    expect(shouldReport(last, { atVenue: true, distanceM: 40 }, 100_001)).toBe(true);
    expect(shouldReport({ ...last, atVenue: true }, { atVenue: false, distanceM: 1000 }, 100_001)).toBe(true);
  });

  test('a small move waits for the 30 s heartbeat', () => {
    expect(shouldReport(last, { atVenue: false, distanceM: 990 }, 100_000 + 29_999)).toBe(false);
    expect(shouldReport(last, { atVenue: false, distanceM: 990 }, 100_000 + 30_000)).toBe(true);
    expect(shouldReport(last, { atVenue: false, distanceM: 1000 }, 100_000 + 30_000)).toBe(true);
  });

  test('a move of more than 25 m is reported, but not more than every 5 s', () => {
    expect(shouldReport(last, { atVenue: false, distanceM: 975 }, 110_000)).toBe(false);
    expect(shouldReport(last, { atVenue: false, distanceM: 974 }, 110_000)).toBe(true);
    expect(shouldReport(last, { atVenue: false, distanceM: 1026 }, 110_000)).toBe(true);
    expect(shouldReport(last, { atVenue: false, distanceM: 900 }, 104_999)).toBe(false);
  });
});

describe('nextPrompt (§4 "Arrival")', () => {
  const step = (s: PromptState, distanceM: number, checkedIn = false) => nextPrompt(s, { atVenue: distanceM <= 50, distanceM, checkedIn });

  test('At Venue opens the prompt; it stays up to twice the radius and clears beyond', () => {
    let s = step(PROMPT_CLOSED, 1300);
    expect(s.open).toBe(false);
    s = step(s, 50);
    expect(s.open).toBe(true);
    s = step(s, 100);
    expect(s.open).toBe(true);
    s = step(s, 101);
    expect(s).toEqual(PROMPT_CLOSED);
  });

  test('between the radius and twice it, arriving does not open it (only At Venue does)', () => {
    expect(step(PROMPT_CLOSED, 80).open).toBe(false);
  });

  test('"Not Yet" holds until the guest has gone beyond twice the radius and comes back', () => {
    let s: PromptState = { open: false, dismissed: true };
    s = step(s, 20);
    expect(s.open).toBe(false);
    s = step(s, 99);
    expect(s).toEqual({ open: false, dismissed: true });
    s = step(s, 150);
    expect(s).toEqual(PROMPT_CLOSED);
    expect(step(s, 10).open).toBe(true);
  });

  test('a checked-in guest is never prompted, and a check-in closes the prompt', () => {
    expect(step(PROMPT_CLOSED, 10, true).open).toBe(false);
    expect(step({ open: true, dismissed: false }, 10, true).open).toBe(false);
  });

  test('an imprecise fix within the radius (not At Venue) does not prompt', () => {
    expect(nextPrompt(PROMPT_CLOSED, { atVenue: false, distanceM: 20, checkedIn: false }).open).toBe(false);
  });
});
