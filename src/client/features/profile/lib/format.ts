import type { UserEvent } from '@shared/schemas/events';

/** Up to two initials from a name: first letters of the first and last words. */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  const first = words[0]!;
  const last = words.length > 1 ? words[words.length - 1]! : '';
  return (Array.from(first)[0]! + (last ? Array.from(last)[0]! : '')).toLocaleUpperCase('en-GB');
}

/** Evenings happen in Prestwich: dates are shown in UK time whatever the phone's zone. */
const dateFormat = new Intl.DateTimeFormat('en-GB', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'Europe/London',
});

const monthYear = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'Europe/London' });

export function formatEventDate(iso: string): string {
  return dateFormat.format(new Date(iso));
}

export function formatMonthYear(iso: string): string {
  return monthYear.format(new Date(iso));
}

/** '19:00' → '7:00 PM'; anything unexpected is shown as stored. */
export function formatClock(hhmm: string): string {
  const m = /^(\d{1,2}):(\d{2})/.exec(hhmm);
  if (!m) return hhmm;
  const h = Number(m[1]);
  const suffix = h >= 12 ? 'PM' : 'AM';
  return `${h % 12 === 0 ? 12 : h % 12}:${m[2]} ${suffix}`;
}

/** Upcoming (date in the future, soonest first) and past (most recent first) registrations. */
export function splitEvents(events: UserEvent[], now = Date.now()) {
  const time = (e: UserEvent) => new Date(e.date).getTime();
  const upcoming = events.filter((e) => time(e) > now).sort((a, b) => time(a) - time(b));
  const past = events.filter((e) => time(e) <= now).sort((a, b) => time(b) - time(a));
  return { upcoming, past };
}
