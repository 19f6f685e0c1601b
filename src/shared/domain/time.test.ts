import { describe, expect, it } from 'vitest';
import { londonDay, londonInstant, londonIsoString, toLondonDay } from './time';

describe('London time', () => {
  it('turns a summer evening into UTC+1', () => {
    expect(londonInstant('2025-05-14', '19:00').toISOString()).toBe('2025-05-14T18:00:00.000Z');
  });
  it('turns a winter evening into UTC+0', () => {
    expect(londonInstant('2026-12-03', '19:30').toISOString()).toBe('2026-12-03T19:30:00.000Z');
  });
  it('handles the clocks changing', () => {
    expect(londonInstant('2026-03-29', '12:00').toISOString()).toBe('2026-03-29T11:00:00.000Z');
    expect(londonInstant('2026-10-25', '12:00').toISOString()).toBe('2026-10-25T12:00:00.000Z');
  });
  it('reads a wall-clock time the clocks skip or repeat as the time zone database does', () => {
    // 01:30 on 29 March 2026 never shows on a London clock (01:00 GMT becomes 02:00 BST): the same instant as 02:30 BST.
    expect(londonInstant('2026-03-29', '01:30').toISOString()).toBe('2026-03-29T01:30:00.000Z');
    expect(londonInstant('2026-03-29', '00:30').toISOString()).toBe('2026-03-29T00:30:00.000Z');
    // 01:30 on 25 October 2026 shows twice (BST, then GMT): the second one.
    expect(londonInstant('2026-10-25', '01:30').toISOString()).toBe('2026-10-25T01:30:00.000Z');
    expect(londonInstant('2026-10-25', '00:30').toISOString()).toBe('2026-10-24T23:30:00.000Z');
  });
  it("writes an instant with London's offset at that instant, either side of the changes", () => {
    expect(londonIsoString(new Date('2026-03-29T00:59:00Z'))).toBe('2026-03-29T00:59:00+00:00');
    expect(londonIsoString(new Date('2026-03-29T01:00:00Z'))).toBe('2026-03-29T02:00:00+01:00');
    expect(londonIsoString(new Date('2026-10-25T00:59:00Z'))).toBe('2026-10-25T01:59:00+01:00');
    expect(londonIsoString(new Date('2026-10-25T01:00:00Z'))).toBe('2026-10-25T01:00:00+00:00');
  });
  it('reads the London day of an instant', () => {
    expect(londonDay(new Date('2025-05-14T23:30:00Z'))).toBe('2025-05-15');
    expect(londonDay(new Date('2026-12-03T23:30:00Z'))).toBe('2026-12-03');
  });
  it('reads a picked day sent as local midnight ISO', () => {
    expect(toLondonDay('2026-06-01T23:00:00.000Z')).toBe('2026-06-02');
    expect(toLondonDay('2026-12-03T00:00:00.000Z')).toBe('2026-12-03');
    expect(toLondonDay('2026-12-03')).toBe('2026-12-03');
    expect(toLondonDay('2026-02-30')).toBeNull();
    expect(toLondonDay('tomorrow')).toBeNull();
  });

  it('reads an instant as the London day it falls on, afternoon and evening too (not the next day)', () => {
    // GMT (winter): the UTC day is the London day until midnight.
    expect(toLondonDay('2026-12-07T19:00:00Z')).toBe('2026-12-07');
    expect(toLondonDay('2026-12-07T12:00:00Z')).toBe('2026-12-07');
    expect(toLondonDay('2026-12-07T23:59:59Z')).toBe('2026-12-07');
    expect(toLondonDay('2026-12-08T00:00:00Z')).toBe('2026-12-08');
    // BST (summer): London is an hour ahead, so 23:00Z is already the next day.
    expect(toLondonDay('2026-06-01T18:00:00Z')).toBe('2026-06-01');
    expect(toLondonDay('2026-06-01T22:59:59Z')).toBe('2026-06-01');
    // Offsets are honoured.
    expect(toLondonDay('2026-12-07T19:00:00-05:00')).toBe('2026-12-08');
    expect(toLondonDay('2026-12-07T19:00:00+09:00')).toBe('2026-12-07');
  });
  it('reads instants across the clock changes', () => {
    // Spring forward (29 March 2026, 01:00Z): 23:30Z on the 28th is GMT, still the 28th.
    expect(toLondonDay('2026-03-28T23:30:00Z')).toBe('2026-03-28');
    expect(toLondonDay('2026-03-29T13:00:00Z')).toBe('2026-03-29');
    // Fall back (25 October 2026, 01:00Z): 23:30Z on the 24th is BST, already the 25th; 23:30Z on the 25th is GMT, still the 25th.
    expect(toLondonDay('2026-10-24T23:30:00Z')).toBe('2026-10-25');
    expect(toLondonDay('2026-10-25T23:30:00Z')).toBe('2026-10-25');
    expect(toLondonDay('2026-10-25T14:00:00Z')).toBe('2026-10-25');
  });
});
