import type { UserEvent } from '@shared/schemas/events';

/** Upcoming (date in the future, soonest first) and past (most recent first) registrations. */
export function splitEvents(events: UserEvent[], now = Date.now()) {
  const time = (e: UserEvent) => new Date(e.date).getTime();
  const upcoming = events.filter((e) => time(e) > now).sort((a, b) => time(a) - time(b));
  const past = events.filter((e) => time(e) <= now).sort((a, b) => time(b) - time(a));
  return { upcoming, past };
}
