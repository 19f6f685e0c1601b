/** The shared input rules (docs/product.md "Bad input"). */
import { describe, expect, it } from 'vitest';
import { CONTROL_CHARS_MESSAGE, dayField, idField, idParam, INVALID_UNICODE_MESSAGE, isCalendarDay, storedText, withoutInvisible } from './common';
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

describe('stored text: invisible characters that change what a text shows are removed', () => {
  it.each([
    ['a right-to-left override', 'Quiz \u202Elive\u202C night', 'Quiz live night'],
    ['an embedding', '\u202AHi\u202B there\u202C', 'Hi there'],
    ['isolates', '\u2066Sarah\u2069 \u2067and\u2068 Tom', 'Sarah and Tom'],
    ['directional marks', 'Sa\u200Erah\u200F\u061C', 'Sarah'],
    ['zero-width spaces and joiners', 'S\u200Ba\u200Cr\u200Da\u2060h', 'Sarah'],
    ['a byte order mark', '\uFEFFWine night', 'Wine night'],
    ['a soft hyphen and invisible operators', 'Wi\u00ADne\u2062 night\u2064', 'Wine night'],
    ['tag characters hiding text', 'Hi\u{E0041}\u{E0042}', 'Hi'],
  ])('removes %s', (_name, given, shown) => {
    expect(storedText().parse(given)).toBe(shown);
    expect(withoutInvisible(given)).toBe(shown);
  });
  it.each([
    ['an emoji made of two joined by a joiner (a cook)', '\u{1F469}\u200D\u{1F373}'],
    ['a family with skin tones', '\u{1F469}\u{1F3FD}\u200D\u{1F467}'],
    ['a heart joined with a variation selector', '\u2764\uFE0F\u200D\u{1F525}'],
    ['the flag of England', '\u{1F3F4}\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}'],
    ['Hebrew and Arabic letters', '\u05E9\u05DC\u05D5\u05DD \u0633\u0644\u0627\u0645'],
  ])('keeps %s', (_name, s) => {
    expect(storedText().parse(s)).toBe(s);
  });
  it('removes them before the length and required checks chained after it', () => {
    const title = storedText().trim().min(1, 'Required').max(5);
    expect(title.safeParse('\u200B\u202E').error?.issues[0]?.message).toBe('Required');
    expect(title.parse('\u202Eabcde\u202C')).toBe('abcde');
  });
  it('removes a joiner that is not between two emoji', () => {
    expect(storedText().parse('a\u200D\u{1F469}')).toBe('a\u{1F469}');
    expect(storedText().parse('\u{1F469}\u200Db')).toBe('\u{1F469}b');
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
