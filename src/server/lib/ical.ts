/**
 * The one iCalendar (RFC 5545) writer: ticket invitations, subscription feeds and the single-event
 * download all come from here. Lines end in CRLF and are folded at 75 octets (UTF-8 bytes, never
 * inside a character); TEXT values escape backslash, semicolon, comma and line breaks.
 */
/** One VEVENT. */
export interface IcsEvent {
  uid: string;
  start: Date;
  end: Date;
  summary: string;
  description?: string | null;
  location?: string | null;
  /** The place's coordinates (RFC 5545 §3.8.1.6 GEO): calendars pin it on a map. */
  geo?: { latitude: number; longitude: number } | null;
  url?: string;
  status?: 'CONFIRMED' | 'CANCELLED';
}

const stamp = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** A TEXT value (RFC 5545 §3.3.11). */
export const escapeText = (s: string) =>
  s
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');

/** Octets of one code point in UTF-8 (a lone surrogate is written as U+FFFD, 3 octets). */
const utf8Length = (codePoint: number) => (codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4);

/**
 * Fold a content line longer than 75 octets (RFC 5545 §3.1): each continuation line starts with
 * one space, which counts towards its 75; a multi-octet character is never split.
 */
export function fold(line: string) {
  const out: string[] = [];
  let current = '';
  let octets = 0;
  let limit = 75;
  for (const ch of line) {
    const n = utf8Length(ch.codePointAt(0)!);
    if (octets + n > limit) {
      out.push(current);
      current = '';
      octets = 0;
      limit = 74;
    }
    current += ch;
    octets += n;
  }
  out.push(current);
  return out.join('\r\n ');
}

/** A whole calendar (VCALENDAR) named `name`, with one VEVENT per item. */
export function calendar(name: string, items: IcsEvent[], opts: { method?: 'PUBLISH' | 'REQUEST' } = {}) {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Speed Friendship//Events//EN',
    'CALSCALE:GREGORIAN',
    `METHOD:${opts.method ?? 'PUBLISH'}`,
    `X-WR-CALNAME:${escapeText(name)}`,
    'REFRESH-INTERVAL;VALUE=DURATION:PT15M',
    'X-PUBLISHED-TTL:PT15M',
  ];
  const now = stamp(new Date());
  for (const e of items) {
    lines.push(
      'BEGIN:VEVENT',
      `UID:${e.uid}`,
      `DTSTAMP:${now}`,
      `DTSTART:${stamp(e.start)}`,
      `DTEND:${stamp(e.end)}`,
      `SUMMARY:${escapeText(e.summary)}`,
      ...(e.description ? [`DESCRIPTION:${escapeText(e.description)}`] : []),
      ...(e.location ? [`LOCATION:${escapeText(e.location)}`] : []),
      ...(e.geo && Number.isFinite(e.geo.latitude) && Number.isFinite(e.geo.longitude) ? [`GEO:${e.geo.latitude};${e.geo.longitude}`] : []),
      ...(e.url ? [`URL:${e.url}`] : []),
      `STATUS:${e.status ?? 'CONFIRMED'}`,
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return lines.map(fold).join('\r\n') + '\r\n';
}
