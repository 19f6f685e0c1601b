import type { Event } from '@shared/schemas/events';

/** Evenings happen in Prestwich: times are shown in UK time whatever the phone's zone. */
const TZ = 'Europe/London';
const shortDate = new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', timeZone: TZ });
const clock = new Intl.DateTimeFormat('en-GB', { hour: 'numeric', minute: '2-digit', hour12: true, timeZone: TZ });

/** 'Wed 14 May'. */
export const formatShortDate = (iso: string) => shortDate.format(new Date(iso));
/** '7:05 PM'. */
export const formatInstantTime = (iso: string) => clock.format(new Date(iso)).toUpperCase();

/** '19:00' → '7:00 PM'. */
export function formatClock(hhmm: string): string {
  const m = /^(\d{1,2}):(\d{2})/.exec(hhmm);
  if (!m) return hhmm;
  const h = Number(m[1]);
  return `${h % 12 === 0 ? 12 : h % 12}:${m[2]} ${h >= 12 ? 'PM' : 'AM'}`;
}

/** 'Wed 14 May · 7:00 PM – 9:00 PM'. */
export const formatWhen = (e: Pick<Event, 'date' | 'startTime' | 'endTime'>) => `${formatShortDate(e.date)} · ${formatClock(e.startTime)} – ${formatClock(e.endTime)}`;

/** An evening is 'on tonight' from 3 hours before its start until 2 hours after its end. */
export function isTonight(e: Pick<Event, 'date' | 'endsAt'>, now = Date.now()): boolean {
  return new Date(e.date).getTime() - 3 * 3_600_000 <= now && now <= new Date(e.endsAt).getTime() + 2 * 3_600_000;
}
