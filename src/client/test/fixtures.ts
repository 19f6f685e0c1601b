/**
 * Typed fixtures shared by the client's tests, shaped by src/shared/schemas. Dates are relative
 * to the moment a fixture is built, so 'upcoming' stays upcoming.
 */
import type { Event, EventDetail } from '@shared/schemas/events';

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/** An instant `ms` from now, as the server sends it. */
export const fromNow = (ms: number) => new Date(Date.now() + ms).toISOString();

let nextId = 100;

/** An evening a week away: £15, 40 seats, 12 taken. */
export function anEvent(over: Partial<Event> = {}): Event {
  const id = over.id ?? nextId++;
  const date = over.date ?? fromNow(7 * DAY);
  return {
    id,
    title: 'Prestwich Friday Friends',
    description: 'Meet new people over a drink in five-minute chats.',
    date,
    endsAt: new Date(new Date(date).getTime() + 2 * HOUR).toISOString(),
    startTime: '19:00',
    endTime: '21:00',
    venue: 'The Church Inn, Prestwich',
    venueId: 1,
    price: 1500,
    status: 'upcoming',
    maxParticipants: 40,
    participantCount: 12,
    spotsLeft: 28,
    seatsHeldForWaitlist: 0,
    ageRangeMin: 25,
    ageRangeMax: 40,
    roundDuration: 300,
    hostId: 9,
    ...over,
  };
}

type Viewer = EventDetail['viewer'];

/** An evening as the viewer sees it; not registered unless `viewer` says so. */
export function anEventDetail(over: Partial<Event> = {}, viewer: Partial<Viewer> = {}): EventDetail {
  const e = anEvent(over);
  const start = new Date(e.date).getTime();
  return {
    ...e,
    viewer: {
      registered: false,
      checkedIn: false,
      checkedInAt: null,
      isHost: false,
      selfCheckInOpensAt: new Date(start - HOUR).toISOString(),
      refundable: start - Date.now() >= DAY,
      paid: false,
      ticketCode: viewer.registered ? 'TKT-TEST-0001' : null,
      waitlist: null,
      ...viewer,
    },
  };
}

/** Tonight's evening (id 5, starting in an hour) as its host (user 1) sees it. */
export function hostsTonight(viewer: Partial<Viewer> = {}, over: Partial<Event> = {}): EventDetail {
  return anEventDetail(tonight({ hostId: 1, ...over }), { isHost: true, ...viewer });
}

/** Tonight's evening (id 5, starting in an hour) as a registered, checked-in, paid guest sees it. */
export function guestTonight(viewer: Partial<Viewer> = {}, over: Partial<Event> = {}): EventDetail {
  return anEventDetail(tonight(over), { registered: true, checkedIn: true, paid: true, ...viewer });
}

function tonight(over: Partial<Event>): Partial<Event> {
  const date = over.date ?? fromNow(HOUR);
  return {
    id: 5,
    description: null,
    date,
    endsAt: new Date(new Date(date).getTime() + 2 * HOUR).toISOString(),
    venue: 'The Church Inn',
    participantCount: 6,
    spotsLeft: 34,
    seatsHeldForWaitlist: 0,
    ageRangeMax: 45,
    ...over,
  };
}
