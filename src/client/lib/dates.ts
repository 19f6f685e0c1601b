import { londonDay } from '@shared/domain/time';
import { formatDate } from '@client/lib/format';

/**
 * Calendar days as 'YYYY-MM-DD' strings and months as 'YYYY-MM'. Arithmetic runs on UTC
 * midnights, so the browser's own time zone never shifts a day. "Today" is London's today.
 * Days and months are shown with formatDate from @client/lib/format ('YYYY-MM-DD' reads as that day).
 */
export type Day = string;
export type Month = string;

const pad = (n: number) => String(n).padStart(2, '0');

function utc(day: Day): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d));
}

function fromUtc(date: Date): Day {
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

export const today = (): Day => londonDay(new Date());
export const monthOf = (day: Day): Month => day.slice(0, 7);
export const firstOfMonth = (month: Month): Day => `${month}-01`;

export function addDays(day: Day, n: number): Day {
  const d = utc(day);
  d.setUTCDate(d.getUTCDate() + n);
  return fromUtc(d);
}

export function daysInMonth(month: Month): number {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
}

export const lastOfMonth = (month: Month): Day => `${month}-${pad(daysInMonth(month))}`;

/** Monday-first weekday names: short for a calendar's header, long for screen readers. */
export const WEEKDAYS = [
  ['Mon', 'Monday'],
  ['Tue', 'Tuesday'],
  ['Wed', 'Wednesday'],
  ['Thu', 'Thursday'],
  ['Fri', 'Friday'],
  ['Sat', 'Saturday'],
  ['Sun', 'Sunday'],
] as const;

/** The server's next-event text 'Title · 2025-05-14 19:00' made readable: 'Title · Wed 14 May, 19:00'. */
export function readableNextEvent(text: string): string {
  const m = /^(.*) · (\d{4}-\d{2}-\d{2}) (\d{2}:\d{2})$/.exec(text);
  if (!m) return text;
  return `${m[1]} · ${formatDate(m[2]!, 'short')}, ${m[3]}`;
}
