/** Typed fixtures for the messaging and notifications screens, shaped as the server answers them (src/shared/schemas/messages.ts). */
import type { Arrival } from '@shared/schemas/arrival';
import type { Inbox, InboxMessage, Room, RoomAttendee, SentMessage } from '@shared/schemas/messages';
import { fromNow, MINUTE } from '@client/test/fixtures';
import { Reply } from '@client/test/render';

/** A refusal as the server's error handler writes it. */
export const refusal = (status: number, message: string, errors?: { path: string; message: string }[]) =>
  new Reply(status, errors ? { message, error: message, errors } : { message, error: message });

let nextId = 500;

export function sentMessage(over: Partial<SentMessage> = {}): SentMessage {
  return {
    id: over.id ?? nextId++,
    text: 'Welcome! Grab a drink and find a seat.',
    type: 'general',
    requiresAction: false,
    audience: 'room',
    timestamp: fromNow(-20 * MINUTE),
    sentTo: 4,
    readCount: 1,
    acknowledgedCount: 0,
    ...over,
  };
}

export function attendee(over: Partial<RoomAttendee> = {}): RoomAttendee {
  return {
    id: over.id ?? nextId++,
    name: 'Priya',
    checkedIn: true,
    checkedInAt: fromNow(-30 * MINUTE),
    lastSeen: fromNow(-5 * MINUTE),
    location: 'at_venue',
    ...over,
  };
}

/** Tonight's room (event 5): 6 registered, 4 checked in, one message sent. */
export function room(over: Partial<Room> = {}): Room {
  return {
    eventId: 5,
    messages: [sentMessage({ id: 1 })],
    counts: { registered: 6, checkedIn: 4, notArrived: 2 },
    locations: { at_venue: 3, en_route: 1, location_off: 1, unknown: 1 },
    attendees: [
      attendee({ id: 11, name: 'Priya' }),
      attendee({ id: 12, name: 'Sam' }),
      attendee({ id: 13, name: 'Alex', location: 'location_off' }),
      attendee({ id: 14, name: 'Jo', location: 'unknown' }),
      attendee({ id: 15, name: 'Kim', checkedIn: false, checkedInAt: null, lastSeen: fromNow(-10 * MINUTE), location: 'en_route' }),
      attendee({ id: 16, name: 'Lee', checkedIn: false, checkedInAt: null, lastSeen: null, location: 'unknown' }),
    ],
    ...over,
  };
}

export function inboxMessage(over: Partial<InboxMessage> = {}): InboxMessage {
  return {
    id: over.id ?? nextId++,
    eventId: 5,
    text: 'Welcome! Grab a drink and find a seat.',
    type: 'general',
    requiresAction: false,
    timestamp: fromNow(-15 * MINUTE),
    isRead: false,
    acknowledged: false,
    ...over,
  };
}

/** An inbox with its unread count worked out as the server does. */
export function inbox(messages: InboxMessage[] = []): Inbox {
  return { eventId: 5, unread: messages.filter((m) => !m.isRead).length, messages };
}

/** GET /api/events/5/arrival: the venue with its address and position. */
export function arrival(venue: Partial<Arrival['venue']> = {}): Arrival {
  return {
    event: {
      id: 5,
      title: 'Prestwich Friday Friends',
      date: fromNow(60 * MINUTE),
      startTime: '19:00',
      endTime: '21:00',
      endsAt: fromNow(180 * MINUTE),
      expected: 6,
    },
    venue: { name: 'The Church Inn', address: '1 Church Lane', city: 'Prestwich', latitude: 53.5291, longitude: -2.2857, ...venue },
    checkedIn: true,
    checkedInAt: fromNow(-30 * MINUTE),
    selfCheckInOpensAt: fromNow(0),
    ticketCode: 'TKT-TEST-0001',
    last: null,
  };
}
