import { londonDay, TIME_ZONE } from '@shared/domain/time';

/**
 * Calendar days as 'YYYY-MM-DD' strings and months as 'YYYY-MM'. Arithmetic runs on UTC
 * midnights, so the browser's own time zone never shifts a day. "Today" is London's today.
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

export function addMonths(month: Month, n: number): Month {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m - 1 + n, 1));
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}`;
}

export function daysInMonth(month: Month): number {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
}

export const lastOfMonth = (month: Month): Day => `${month}-${pad(daysInMonth(month))}`;

/** The same day of the month in another month, clamped to that month's length. */
export function sameDayIn(month: Month, day: Day): Day {
  const d = Math.min(Number(day.slice(8, 10)), daysInMonth(month));
  return `${month}-${pad(d)}`;
}

/** Weeks of a month, Monday first; null pads the days outside it. */
export function monthWeeks(month: Month): (Day | null)[][] {
  const first = utc(firstOfMonth(month));
  const lead = (first.getUTCDay() + 6) % 7;
  const cells: (Day | null)[] = Array.from({ length: lead }, () => null);
  for (let d = 1; d <= daysInMonth(month); d++) cells.push(`${month}-${pad(d)}`);
  while (cells.length % 7) cells.push(null);
  const weeks: (Day | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}

/** Monday-first weekday names: short for the header, long for screen readers. */
export const WEEKDAYS = [
  ['Mon', 'Monday'],
  ['Tue', 'Tuesday'],
  ['Wed', 'Wednesday'],
  ['Thu', 'Thursday'],
  ['Fri', 'Friday'],
  ['Sat', 'Saturday'],
  ['Sun', 'Sunday'],
] as const;

const fmt = (opts: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat('en-GB', { ...opts, timeZone: 'UTC' });
const longDay = fmt({ weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
const shortDay = fmt({ weekday: 'short', day: 'numeric', month: 'short' });
const monthName = fmt({ month: 'long', year: 'numeric' });

/** 'Wednesday 14 May 2025'. */
export const formatLongDay = (day: Day) => longDay.format(utc(day));
/** 'Wed 14 May'. */
export const formatShortDay = (day: Day) => shortDay.format(utc(day));
/** 'May 2025'. */
export const formatMonth = (month: Month) => monthName.format(utc(firstOfMonth(month)));

const eventWhen = new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone: TIME_ZONE });
/** An event's start instant as London's 'Wed 14 May 2025'. */
export const formatEventDay = (iso: string) => {
  const t = Date.parse(iso);
  return Number.isNaN(t) ? '' : eventWhen.format(t);
};

/** The server's next-event text 'Title · 2025-05-14 19:00' made readable: 'Title · Wed 14 May, 19:00'. */
export function readableNextEvent(text: string): string {
  const m = /^(.*) · (\d{4}-\d{2}-\d{2}) (\d{2}:\d{2})$/.exec(text);
  if (!m) return text;
  return `${m[1]} · ${formatShortDay(m[2]!)}, ${m[3]}`;
}
