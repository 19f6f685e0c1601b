import type { Event } from '@shared/schemas/events';

/** Event rules for the member screens; dates, times and prices are formatted by @client/lib/format. */
export const isPast = (e: Pick<Event, 'date'>, now = Date.now()) => new Date(e.date).getTime() < now;

/** Open for registration: upcoming, not started, seats for sale. */
export const canRegister = (e: Pick<Event, 'date' | 'status' | 'spotsLeft'>, now = Date.now()) => e.status === 'upcoming' && !isPast(e, now) && e.spotsLeft > 0;

export type EventBadge = 'Past' | 'Full' | 'Open';

/** Over: the start time has passed, or the host has ended (completed) the evening, however early. */
export const isOver = (e: Pick<Event, 'date'> & { status?: Event['status'] }, now = Date.now()) => e.status === 'completed' || isPast(e, now);

/**
 * Upcoming-list badge (docs/spec/member-app.md §4): 'Past' if the date is before now (or the evening
 * has been completed), else 'Full' if participantCount is at least maxParticipants, else 'Open'.
 * Seats held by members paying right now count as taken too.
 */
export function eventBadge(
  e: Pick<Event, 'date' | 'participantCount' | 'maxParticipants' | 'spotsLeft'> & { status?: Event['status'] },
  now = Date.now(),
): EventBadge {
  if (isOver(e, now)) return 'Past';
  if (e.participantCount >= e.maxParticipants || e.spotsLeft <= 0) return 'Full';
  return 'Open';
}

export const spotsLeftText = (n: number) => `${n} ${n === 1 ? 'spot' : 'spots'} left`;
