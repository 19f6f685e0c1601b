import type { CheckInMethod } from '@shared/schemas/door';
import type { Event } from '@shared/schemas/events';
import { formatDate, formatTimeRange } from '@client/lib/format';

/** 'Wed 14 May · 7:00 PM – 9:00 PM'. */
export const formatWhen = (e: Pick<Event, 'date' | 'startTime' | 'endTime'>) => `${formatDate(e.date, 'short')} · ${formatTimeRange(e)}`;

/** An evening is 'on tonight' from 3 hours before its start until 2 hours after its end (the door opens early). */
export function isTonight(e: Pick<Event, 'date' | 'endsAt'>, now = Date.now()): boolean {
  return new Date(e.date).getTime() - 3 * 3_600_000 <= now && now <= new Date(e.endsAt).getTime() + 2 * 3_600_000;
}

/** How a guest got in, in a few words. */
export const METHOD_LABEL: Record<CheckInMethod, string> = {
  scan: 'Ticket scanned',
  search: 'Found by name',
  self: 'Checked in on their phone',
  arrival: 'Checked in on arrival',
};

/** '1 guest', '12 guests'. */
export const guestsWord = (n: number) => `${n} ${n === 1 ? 'guest' : 'guests'}`;
