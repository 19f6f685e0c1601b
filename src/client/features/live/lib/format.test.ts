import { expect, test } from 'vitest';
import { formatWhen, isTonight } from './format';

test('an evening reads as its day and its times, in UK time', () => {
  expect(formatWhen({ date: '2025-05-14T18:00:00Z', startTime: '19:00', endTime: '21:00' })).toBe('Wed 14 May · 7:00 PM – 9:00 PM');
});

test("an evening is 'on tonight' from 3 hours before its start to 2 hours after its end", () => {
  const e = { date: '2025-05-14T18:00:00Z', endsAt: '2025-05-14T20:00:00Z' };
  const at = (iso: string) => new Date(iso).getTime();
  expect(isTonight(e, at('2025-05-14T14:59:00Z'))).toBe(false);
  expect(isTonight(e, at('2025-05-14T15:00:00Z'))).toBe(true);
  expect(isTonight(e, at('2025-05-14T19:00:00Z'))).toBe(true);
  expect(isTonight(e, at('2025-05-14T22:00:00Z'))).toBe(true);
  expect(isTonight(e, at('2025-05-14T22:01:00Z'))).toBe(false);
});
