/** The iCalendar writer's folding and escaping (RFC 5545 §3.1 and §3.3.11). */
import { describe, expect, it } from 'vitest';
import { calendar, escapeText, fold } from './ical';

const octets = (s: string) => Buffer.byteLength(s, 'utf8');

describe('fold', () => {
  it('leaves a line of 75 octets alone and folds one of 76', () => {
    expect(fold('a'.repeat(75))).toBe('a'.repeat(75));
    expect(fold('a'.repeat(76))).toBe(`${'a'.repeat(75)}\r\n a`);
  });

  it('counts UTF-8 octets, and moves a character that would not fit whole to the next line', () => {
    // 74 ASCII octets, then a 4-octet emoji: 78 octets, and the emoji may not be split.
    const line = `${'a'.repeat(74)}🎲b`;
    const folded = fold(line);
    expect(folded).toBe(`${'a'.repeat(74)}\r\n 🎲b`);
    for (const part of folded.split('\r\n')) expect(octets(part)).toBeLessThanOrEqual(75);
    expect(folded.replace(/\r\n /g, '')).toBe(line);
  });

  it('keeps every continuation line, with its leading space, within 75 octets', () => {
    const line = `SUMMARY:${'é☕🌙'.repeat(40)}`;
    const parts = fold(line).split('\r\n');
    expect(parts.length).toBeGreaterThan(3);
    expect(octets(parts[0]!)).toBeLessThanOrEqual(75);
    for (const part of parts.slice(1)) {
      expect(part.startsWith(' ')).toBe(true);
      expect(octets(part)).toBeLessThanOrEqual(75);
    }
    expect(parts.join('\r\n').replace(/\r\n /g, '')).toBe(line);
  });
});

describe('escapeText', () => {
  it('escapes backslash first, then semicolon, comma and every kind of line break', () => {
    expect(escapeText('a\\b;c,d\ne\r\nf\rg')).toBe('a\\\\b\\;c\\,d\\ne\\nf\\ng');
  });
});

describe('calendar', () => {
  it('ends every line in CRLF and gives each event a UID and a DTSTAMP', () => {
    const ics = calendar('Test', [
      { uid: 'event-1@speedfriendship', start: new Date('2030-01-02T19:00:00Z'), end: new Date('2030-01-02T22:00:00Z'), summary: 'One' },
    ]);
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    expect(ics).toContain('\r\nUID:event-1@speedfriendship\r\n');
    expect(ics).toMatch(/\r\nDTSTAMP:\d{8}T\d{6}Z\r\n/);
    expect(ics).toContain('\r\nDTSTART:20300102T190000Z\r\n');
  });
});
