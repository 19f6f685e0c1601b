import type { Db } from '../../db/client';
import { notFound } from '../../errors';
import { calendar, type IcsEvent } from '../../lib/ical';
import * as events from '../events/service';
import * as venues from '../venues/service';

/** The fields of an evening that its calendar entry shows (instants as Date or ISO string). */
interface CalendarEvent {
  id: number;
  title: string;
  description: string | null;
  date: Date | string;
  endsAt: Date | string;
  venue: string;
}

const toIcs =
  (publicUrl: string) =>
  (e: CalendarEvent): IcsEvent => ({
    uid: `event-${e.id}@speedfriendship`,
    start: new Date(e.date),
    end: new Date(e.endsAt),
    summary: e.title,
    description: e.description,
    location: e.venue,
    url: `${publicUrl}/events/${e.id}`,
  });

/** One evening as an .ics file: the ticket e-mail's invitation and the "Add to calendar" download. */
export function eventInvitation(event: CalendarEvent, publicUrl: string) {
  return calendar(event.title, [toIcs(publicUrl)(event)], { method: 'PUBLISH' });
}

/** GET /api/events/{id}/calendar.ics: anyone who may see the evening (its page is public) may save it. */
export async function eventFile(db: Db, eventId: number, publicUrl: string) {
  return eventInvitation(await events.getEvent(db, eventId), publicUrl);
}

/** A member's subscription feed: the evenings they are registered for. The token is the key. */
export async function memberFeed(db: Db, token: string, publicUrl: string) {
  const owner = await events.calendarTokenOwner(db, token);
  if (!owner) throw notFound('Calendar not found');
  const mine = await events.userEvents(db, owner.id);
  return calendar(`Speed Friendship: ${owner.name}`, mine.map(toIcs(publicUrl)));
}

/** A venue's public feed: its evenings (no guest data). */
export async function venueFeed(db: Db, venueId: number, publicUrl: string) {
  const venue = await venues.getVenue(db, venueId, publicUrl);
  const list = await events.eventsAtVenue(db, venueId);
  return calendar(`${venue.name}: Speed Friendship`, list.map(toIcs(publicUrl)));
}

export async function memberFeedUrl(db: Db, userId: number, publicUrl: string) {
  const token = await events.calendarToken(db, userId);
  if (!token) throw notFound('User not found');
  return `${publicUrl}/api/calendar/members/${token}.ics`;
}
