import { describe, expect, it } from 'vitest';
import { londonDay, londonInstant, toLondonDay } from './time';

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
});
