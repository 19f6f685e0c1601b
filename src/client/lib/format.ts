import { formatPounds } from '@shared/domain/constants';
import { TIME_ZONE } from '@shared/domain/time-zone';

/**
 * The one home of the client's formatters: countdown clocks, initials, money, dates and times.
 * Pure functions, no React. Dates and times are shown in the shared TIME_ZONE (evenings happen in
 * Prestwich, docs/product.md) whatever the phone's own zone.
 */

// ---------------------------------------------------------------------------------------------
// Countdown clock

/**
 * Whole seconds left from milliseconds left, rounded up: 0.2 s left is 1, and 0 means the time
 * is up (the same rule as the server's timer, src/shared/domain/timer.ts).
 */
export function secondsLeft(ms: number): number {
  return Math.max(0, Math.ceil(ms / 1000));
}

/** Seconds as 'mm:ss' (docs/spec/organiser-tools.md §2.6): 305 → '05:05'; minutes may pass 59 for long rounds; a fraction rounds up. */
export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.ceil(seconds));
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}

/** The countdown in words for screen readers: 245 → '4 minutes 5 seconds', 0 → '0 seconds'. */
export function spokenCountdown(seconds: number): string {
  const s = Math.max(0, Math.ceil(seconds));
  const m = Math.floor(s / 60);
  const r = s % 60;
  const parts: string[] = [];
  if (m) parts.push(`${m} ${m === 1 ? 'minute' : 'minutes'}`);
  if (r || !m) parts.push(`${r} ${r === 1 ? 'second' : 'seconds'}`);
  return parts.join(' ');
}

// ---------------------------------------------------------------------------------------------
// Names

/** Up to two initials for an avatar: first letters of the first and last words ('?' for no name). */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  const first = Array.from(words[0]!)[0]!;
  const last = words.length > 1 ? Array.from(words[words.length - 1]!)[0]! : '';
  return (first + last).toLocaleUpperCase('en-GB');
}

// ---------------------------------------------------------------------------------------------
// Money

/**
 * Pence as pounds: 1500 → '£15.00' (prices of evenings). With `wholePounds`, a whole amount drops
 * its pence and groups thousands: 5000 → '£50', 1250 → '£12.50', 150000 → '£1,500' (venue rates,
 * marketing copy).
 */
export function formatMoney(pence: number, { wholePounds = false }: { wholePounds?: boolean } = {}): string {
  if (!wholePounds) return `£${formatPounds(pence)}`;
  const pounds = pence / 100;
  return `£${Number.isInteger(pounds) ? pounds.toLocaleString('en-GB') : pounds.toLocaleString('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

// ---------------------------------------------------------------------------------------------
// Dates and times, in TIME_ZONE

/**
 * An instant (ISO text, epoch ms or Date), or a calendar day 'YYYY-MM-DD' / month 'YYYY-MM'. A
 * calendar day is read as itself: its UTC noon is the same day in London at any time of year.
 */
export type DateInput = string | number | Date;

const CALENDAR = /^\d{4}-\d{2}(-\d{2})?$/;

function toTime(input: DateInput): number {
  if (typeof input === 'number') return input;
  if (input instanceof Date) return input.getTime();
  if (CALENDAR.test(input)) return Date.parse(input) + 12 * 3_600_000;
  return Date.parse(input);
}

const DATE_STYLES = {
  /** 'Wednesday, 14 May 2025'. */
  long: { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' },
  /** 'Wed, 14 May 2025'. */
  medium: { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' },
  /** 'Wed 14 May'. */
  short: { weekday: 'short', day: 'numeric', month: 'short' },
  /** '14 May 2025'. */
  plain: { day: 'numeric', month: 'short', year: 'numeric' },
  /** 'May 2025'. */
  monthYear: { month: 'long', year: 'numeric' },
  /** '14' (a date tile's day). */
  dayOfMonth: { day: 'numeric' },
  /** 'May' (a date tile's month). */
  monthShort: { month: 'short' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

const TIME_STYLES = {
  /** '7:05 PM' (Intl writes 'pm'; the screens show 'PM'). */
  clock: { hour: 'numeric', minute: '2-digit', hourCycle: 'h12' },
  /** '19:05:32'. */
  seconds: { hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

export type DateStyle = keyof typeof DATE_STYLES;
export type TimeStyle = keyof typeof TIME_STYLES;

// Built on first use: nothing to construct while the first paint evaluates this module.
const formatters = new Map<string, Intl.DateTimeFormat>();
function inZone(style: DateStyle | TimeStyle, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  let f = formatters.get(style);
  if (!f) formatters.set(style, (f = new Intl.DateTimeFormat('en-GB', { ...options, timeZone: TIME_ZONE })));
  return f;
}

let warming = false;

/**
 * The first Intl formatter of a page makes the browser load its locale and time-zone data: one
 * piece of 50-60 ms on Lighthouse's 4x slower phone, later formatters well under a millisecond
 * (docs/decisions/0031). A screen that will show dates once its data arrives calls this as it
 * mounts: the load then runs in a task of its own, queued ahead of the data's answer, not inside
 * the task that renders the screen with its data. Once per page; nothing when already built.
 */
export function readyFormatsAhead(): void {
  if (warming || formatters.has('long')) return;
  warming = true;
  setTimeout(() => void formatDate(Date.now(), 'long'), 0);
}

/** A date in TIME_ZONE, in one of the styles above; '' when the input is unreadable. */
export function formatDate(input: DateInput, style: DateStyle): string {
  const t = toTime(input);
  return Number.isNaN(t) ? '' : inZone(style, DATE_STYLES[style]).format(t);
}

/** An instant's time of day in TIME_ZONE: '7:05 PM' (or '19:05:32' with 'seconds'); '' when unreadable. */
export function formatTime(input: DateInput, style: TimeStyle = 'clock'): string {
  const t = toTime(input);
  if (Number.isNaN(t)) return '';
  const text = inZone(style, TIME_STYLES[style]).format(t);
  return style === 'clock' ? text.toUpperCase() : text;
}

/** A stored wall-clock time 'HH:MM' (already London time) as '7:00 PM'; anything unexpected is shown as stored. */
export function formatWallTime(hhmm: string): string {
  const m = /^(\d{1,2}):(\d{2})/.exec(hhmm);
  if (!m) return hhmm;
  const h = Number(m[1]);
  return `${h % 12 === 0 ? 12 : h % 12}:${m[2]} ${h >= 12 ? 'PM' : 'AM'}`;
}

/** An evening's stored start and end: '7:00 PM – 9:00 PM'. */
export function formatTimeRange(e: { startTime: string; endTime: string }): string {
  return `${formatWallTime(e.startTime)} – ${formatWallTime(e.endTime)}`;
}

/** Minutes in words for sentences: 60 → 'an hour', 120 → '2 hours', 90 → '90 minutes', 1 → '1 minute'. */
export function minutesInWords(minutes: number): string {
  if (minutes === 60) return 'an hour';
  if (minutes > 0 && minutes % 60 === 0) return `${minutes / 60} hours`;
  return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
}

/** An evening's day and hours: 'Wed 14 May · 7:00 PM – 9:00 PM'. */
export const formatWhen = (e: { date: string; startTime: string; endTime: string }) => `${formatDate(e.date, 'short')} · ${formatTimeRange(e)}`;

/** An evening is 'on tonight' from 3 hours before its start until 2 hours after its end (the door opens early). */
export function isTonight(e: { date: string; endsAt: string }, now = Date.now()): boolean {
  return new Date(e.date).getTime() - 3 * 3_600_000 <= now && now <= new Date(e.endsAt).getTime() + 2 * 3_600_000;
}

/** 'Alex, Sam and Jo'. */
export function listNames(names: string[]): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}
