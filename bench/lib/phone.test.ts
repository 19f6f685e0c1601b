/** The bench's phone: a place counts only when it names this round; the countdown shown in whole seconds. */
import { describe, expect, it } from 'vitest';
import { placeFor, samePlace, shownError, shownSeconds } from './phone';
import { median } from './stats';

describe('placeFor', () => {
  it("counts a phone as having its place only when `mine` names this round's partner and table", () => {
    expect(placeFor({ mine: null }, 1)).toBeNull();
    expect(placeFor({}, 1)).toBeNull();
    expect(placeFor({ mine: { round: 1, table: 3, partner: { id: 9 } } }, 2)).toBeNull();
    expect(placeFor({ mine: { round: 2, table: 3, partner: { id: 9 } } }, 2)).toEqual({ round: 2, table: 3, partner: { id: 9 } });
    // Sitting out is a place too: the round, no table, no partner.
    expect(placeFor({ mine: { round: 2, table: null, partner: null } }, 2)).toEqual({ round: 2, table: null, partner: null });
  });

  it('checks a place against the rotation by round, table and partner', () => {
    const a = { round: 1, table: 2, partner: { id: 5 } };
    expect(samePlace(a, { round: 1, table: 2, partner: { id: 5 } })).toBe(true);
    expect(samePlace(a, { round: 1, table: 2, partner: { id: 6 } })).toBe(false);
    expect(samePlace(a, { round: 1, table: 4, partner: { id: 5 } })).toBe(false);
    expect(samePlace(a, undefined)).toBe(false);
  });
});

describe('the countdown a guest sees', () => {
  it('shows whole seconds drawn at the last 250 ms tick, from a skewed clock corrected by the offset', () => {
    // Ends at 100,000 on the server's clock; the phone is 5 s ahead and took its offset with a 30 ms delay.
    const phone = { endsAt: 100_000, skew: 5000, offset: -5030, tickPhase: 0 };
    // At 89,600 machine time the last tick was 89,500: the phone computes 100,000 - (89,500 + 5000 - 5030) = 10,530 ms, shows 11.
    expect(shownSeconds(phone, 89_600)).toBe(11);
    // The truth then is 10,400 ms: inside the 11th second, no error; 12 would be 600 ms wrong, 10 400 ms.
    expect(shownError(11, 10_400)).toBe(0);
    expect(shownError(12, 10_400)).toBe(600);
    expect(shownError(10, 10_400)).toBe(400);
  });
});

describe('median', () => {
  it('is the middle value, or the mean of the middle two, never the lower one', () => {
    expect(median([148, 212])).toBe(180);
    expect(median([3, 1, 2])).toBe(2);
    expect(median([])).toBeNaN();
  });
});
