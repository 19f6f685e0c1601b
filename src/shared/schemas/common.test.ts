/** The shared input rules (docs/product.md "Bad input"). */
import { describe, expect, it } from 'vitest';
import { CONTROL_CHARS_MESSAGE, dayField, idField, idParam, INVALID_UNICODE_MESSAGE, isCalendarDay, storedText } from './common';
import { createEventBody } from './events';

describe('ids: positive 32-bit integers', () => {
  it.each([1, 42, 2_147_483_647])('accepts %s', (n) => {
    expect(idField().parse(n)).toBe(n);
    expect(idParam.parse(String(n))).toBe(n);
  });
  it.each([0, -1, 1.5, 2_147_483_648, 2 ** 53, 1e308, Number.NaN, '1', null])('refuses %s in a body', (n) => {
    expect(idField().safeParse(n).success).toBe(false);
  });
  it.each(['0', '-1', '1.5', '2147483648', '99999999999999999999', 'abc', ''])('refuses %j in a path', (s) => {
    expect(idParam.safeParse(s).success).toBe(false);
  });
  // Number() reads all of these as an id: a path takes decimal digits only.
  it.each(['0x10', '0X10', '0b101', '0o17', '1e3', '+7', ' 7', '7 ', '\t7', '7.', '7.0', '١٢', 'Infinity'])('refuses %j, which is not decimal digits', (s) => {
    expect(idParam.safeParse(s).success).toBe(false);
  });
});

describe('stored text: no control characters but line breaks and tab, well-formed Unicode', () => {
  it.each(['plain', 'one\ntwo', 'pasted\r\nfrom Windows', 'tab\there', 'émoji 💥', ''])('accepts %j', (s) => {
    expect(storedText().parse(s)).toBe(s);
  });
  it.each(['a\u0000b', '\u0001', 'bell\u0007', 'form feed\f', '\u001b[31m', 'del\u007f', '\u0085', '\u009f'])('refuses %j with the message', (s) => {
    const r = storedText().safeParse(s);
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe(CONTROL_CHARS_MESSAGE);
  });
  it.each(['\ud800', 'a\udc00', '\udc00\ud800'])('refuses a lone surrogate in %j', (s) => {
    const r = storedText().safeParse(s);
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe(INVALID_UNICODE_MESSAGE);
  });
  it('keeps working with trim and max after it', () => {
    expect(storedText().trim().max(3).parse('  abc  ')).toBe('abc');
    expect(storedText().trim().max(3).safeParse('a\u0000').success).toBe(false);
  });
});

describe('days: real calendar days with a 4-digit year', () => {
  it.each(['2030-01-31', '2028-02-29', '1999-12-31'])('accepts %s', (d) => {
    expect(isCalendarDay(d)).toBe(true);
    expect(dayField().parse(d)).toBe(d);
  });
  it.each(['2030-02-30', '2029-02-29', '2030-13-01', '2030-00-10', '0000-01-01', '99999-01-01', '2030-1-1', ''])('refuses %j', (d) => {
    expect(isCalendarDay(d)).toBe(false);
    expect(dayField().safeParse(d).success).toBe(false);
  });

  const event = {
    title: 'Evening',
    date: '2030-06-01',
    startTime: '19:00',
    endTime: '22:00',
    venueId: 1,
    ageRangeMin: 25,
    ageRangeMax: 40,
    maxParticipants: 20,
    price: 0,
  };
  it('an event date must be such a day (or an instant on one)', () => {
    expect(createEventBody.safeParse(event).success).toBe(true);
    expect(createEventBody.safeParse({ ...event, date: '2030-06-01T18:00:00.000Z' }).success).toBe(true);
    for (const date of ['99999-01-01', '2030-02-30', '+099999-01-01T00:00:00Z', 'next tuesday']) {
      const r = createEventBody.safeParse({ ...event, date });
      expect(r.success, date).toBe(false);
      expect(r.error?.issues[0]?.path).toEqual(['date']);
    }
    expect(createEventBody.safeParse({ ...event, startTime: '24:00' }).success).toBe(false);
    expect(createEventBody.safeParse({ ...event, endTime: '22:60' }).success).toBe(false);
  });
});
