import type { VenuePlace } from '@shared/schemas/events';
import { mapLink, placeLine } from '@shared/domain/public-evening';
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
  venueId: number | null;
}

/**
 * One evening's VEVENT: LOCATION is the venue's full address, GEO its entrance when known, and the
 * description ends with the map link (issue 34), so a calendar that ignores GEO still leads there.
 */
const toIcs =
  (publicUrl: string, places: ReadonlyMap<number, VenuePlace>) =>
  (e: CalendarEvent): IcsEvent => {
    const place = e.venueId === null ? null : (places.get(e.venueId) ?? null);
    const map = place ? mapLink({ name: e.venue, ...place }) : null;
    return {
      uid: `event-${e.id}@speedfriendship`,
      start: new Date(e.date),
      end: new Date(e.endsAt),
      summary: e.title,
      description: [e.description, map && `Map: ${map}`].filter(Boolean).join('\n\n') || null,
      location: placeLine(e.venue, place),
      geo: place && place.latitude !== null && place.longitude !== null ? { latitude: place.latitude, longitude: place.longitude } : null,
      url: `${publicUrl}/events/${e.id}`,
    };
  };

/** One evening as an .ics file: the ticket e-mail's invitation and the "Add to calendar" download. */
export function eventInvitation(event: CalendarEvent, publicUrl: string, place: VenuePlace | null = null) {
  const places = new Map(event.venueId !== null && place ? [[event.venueId, place]] : []);
  return calendar(event.title, [toIcs(publicUrl, places)(event)], { method: 'PUBLISH' });
}

/** GET /api/events/{id}/calendar.ics: anyone who may see the evening (its page is public) may save it. */
export async function eventFile(db: Db, eventId: number, publicUrl: string) {
  const event = await events.getEvent(db, eventId);
  return eventInvitation(event, publicUrl, await events.venuePlace(db, event.venueId));
}

/** A member's subscription feed: the evenings they are registered for. The token is the key. */
export async function memberFeed(db: Db, token: string, publicUrl: string) {
  const owner = await events.calendarTokenOwner(db, token);
  if (!owner) throw notFound('Calendar not found');
  const mine = await events.userEvents(db, owner.id);
  const places = await events.venuePlaces(
    db,
    mine.map((e) => e.venueId),
  );
  return calendar(`Speed Friendship: ${owner.name}`, mine.map(toIcs(publicUrl, places)));
}

/** A venue's public feed: its evenings (no guest data). */
export async function venueFeed(db: Db, venueId: number, publicUrl: string) {
  const venue = await venues.getVenue(db, venueId, publicUrl);
  const list = await events.eventsAtVenue(db, venueId);
  const places = await events.venuePlaces(db, [venueId]);
  return calendar(`${venue.name}: Speed Friendship`, list.map(toIcs(publicUrl, places)));
}

export async function memberFeedUrl(db: Db, userId: number, publicUrl: string) {
  const token = await events.calendarToken(db, userId);
  if (!token) throw notFound('User not found');
  return `${publicUrl}/api/calendar/members/${token}.ics`;
}
