import { formatPounds } from '@shared/domain/constants';
import type { Event } from '@shared/schemas/events';

/** Evenings happen in Prestwich: dates and times are shown in UK time whatever the phone's zone. */
const TZ = 'Europe/London';

const longDate = new Intl.DateTimeFormat('en-GB', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: TZ });
const shortDate = new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', timeZone: TZ });
const clock = new Intl.DateTimeFormat('en-GB', { hour: 'numeric', minute: '2-digit', hour12: true, timeZone: TZ });
const dayPart = new Intl.DateTimeFormat('en-GB', { day: 'numeric', timeZone: TZ });
const monthPart = new Intl.DateTimeFormat('en-GB', { month: 'short', timeZone: TZ });

/** 'Wednesday 14 May 2025'. */
export const formatLongDate = (iso: string) => longDate.format(new Date(iso));
/** 'Wed 14 May'. */
export const formatShortDate = (iso: string) => shortDate.format(new Date(iso));
/** The day and month of a date tile: { day: '14', month: 'May' }. */
export const dateTile = (iso: string) => ({ day: dayPart.format(new Date(iso)), month: monthPart.format(new Date(iso)) });

/** An instant as a UK clock time: '6:15 pm' → '6:15 PM'. */
export const formatInstantTime = (iso: string) => clock.format(new Date(iso)).toUpperCase();

/** '19:00' → '7:00 PM'; anything unexpected is shown as stored. */
export function formatClock(hhmm: string): string {
  const m = /^(\d{1,2}):(\d{2})/.exec(hhmm);
  if (!m) return hhmm;
  const h = Number(m[1]);
  return `${h % 12 === 0 ? 12 : h % 12}:${m[2]} ${h >= 12 ? 'PM' : 'AM'}`;
}

/** '7:00 PM – 9:00 PM'. */
export const formatTimeRange = (e: Pick<Event, 'startTime' | 'endTime'>) => `${formatClock(e.startTime)} – ${formatClock(e.endTime)}`;

/** Price in pounds from pence, 2 decimals: 1500 → '£15.00'. */
export const formatPrice = (pence: number) => `£${formatPounds(pence)}`;

/** Seconds left as mm:ss. */
export function formatCountdown(ms: number): string {
  const s = Math.max(0, Math.ceil(ms / 1000));
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}

export const isPast = (e: Pick<Event, 'date'>, now = Date.now()) => new Date(e.date).getTime() < now;

/** Open for registration: upcoming, not started, seats for sale. */
export const canRegister = (e: Pick<Event, 'date' | 'status' | 'spotsLeft'>, now = Date.now()) =>
  e.status === 'upcoming' && !isPast(e, now) && e.spotsLeft > 0;

export type EventBadge = 'Past' | 'Full' | 'Open';

/**
 * Upcoming-list badge (docs/spec/member-app.md §4): 'Past' if the date is before now, else 'Full' if participantCount
 * is at least maxParticipants, else 'Open'. Seats held by members paying right now count as taken too.
 */
export function eventBadge(e: Pick<Event, 'date' | 'participantCount' | 'maxParticipants' | 'spotsLeft'>, now = Date.now()): EventBadge {
  if (isPast(e, now)) return 'Past';
  if (e.participantCount >= e.maxParticipants || e.spotsLeft <= 0) return 'Full';
  return 'Open';
}

export const spotsLeftText = (n: number) => `${n} ${n === 1 ? 'spot' : 'spots'} left`;

/** Up to two initials from a name: first letters of the first and last words. */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  const first = Array.from(words[0]!)[0]!;
  const last = words.length > 1 ? Array.from(words[words.length - 1]!)[0]! : '';
  return (first + last).toLocaleUpperCase('en-GB');
}
