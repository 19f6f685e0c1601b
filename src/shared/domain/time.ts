import { TZDate, tzOffset } from '@date-fns/tz';
import { TIME_ZONE } from './time-zone';

/** Evenings happen in Prestwich: local times are Europe/London. */
export { TIME_ZONE };

const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;
export const TIME_RE = /^([01]\d|2[0-3]):[0-5]\d$/;

function parts(date: Date) {
  const f = new Intl.DateTimeFormat('en-GB', {
    timeZone: TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(date);
  const get = (t: string) => Number(f.find((p) => p.type === t)?.value);
  return { y: get('year'), m: get('month'), d: get('day'), h: get('hour'), min: get('minute'), s: get('second') };
}

/** Minutes London is ahead of UTC at this instant (0 or 60), from the time zone database (@date-fns/tz). */
const offsetMinutes = (at: Date) => tzOffset(TIME_ZONE, at);

/** The instant of a London wall-clock time on a London calendar day. */
export function londonInstant(day: string, time: string): Date {
  if (!DAY_RE.test(day) || !TIME_RE.test(time)) throw new RangeError('Expected YYYY-MM-DD and HH:MM');
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const [h, min] = time.split(':').map(Number) as [number, number];
  return new Date(new TZDate(y, m - 1, d, h, min, TIME_ZONE).getTime());
}

/** The London calendar day (YYYY-MM-DD) of an instant. */
export function londonDay(at: Date): string {
  const p = parts(at);
  return `${p.y}-${String(p.m).padStart(2, '0')}-${String(p.d).padStart(2, '0')}`;
}

/** A day given as YYYY-MM-DD, or as an ISO instant (read as the London day it falls on). */
export function toLondonDay(input: string): string | null {
  if (DAY_RE.test(input)) return isRealDay(input) ? input : null;
  const t = Date.parse(input);
  if (Number.isNaN(t)) return null;
  // The instant's own London day: 2026-12-07T19:00:00Z is the 7th (our forms send YYYY-MM-DD).
  return londonDay(new Date(t));
}

function isRealDay(day: string) {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const dt = new Date(Date.UTC(y, m - 1, d));
  return dt.getUTCFullYear() === y && dt.getUTCMonth() === m - 1 && dt.getUTCDate() === d;
}

export function minutesOf(time: string) {
  const [h, m] = time.split(':').map(Number) as [number, number];
  return h * 60 + m;
}

/**
 * An instant as ISO 8601 with London's offset at that instant: '2026-12-07T19:00:00+00:00' in
 * winter, '2026-07-07T19:00:00+01:00' in summer (schema.org's startDate, docs/decisions/0045).
 */
export function londonIsoString(at: Date): string {
  const p = parts(at);
  const pad = (n: number) => String(n).padStart(2, '0');
  const off = offsetMinutes(at);
  const sign = off < 0 ? '-' : '+';
  const abs = Math.abs(off);
  return `${p.y}-${pad(p.m)}-${pad(p.d)}T${pad(p.h)}:${pad(p.min)}:${pad(p.s)}${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}
