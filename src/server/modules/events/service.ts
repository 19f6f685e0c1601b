import type { z } from 'zod';
import type { BadgesResponse, createEventBody, Event, EventDetail, MyWaitlistPlace, Participant, updateEventBody, VenuePlace } from '@shared/schemas/events';
import { firstName } from '@shared/domain/public-evening';
import { REFUND_WINDOW_HOURS, SELF_CHECK_IN_MINUTES } from '@shared/domain/constants';
import { londonInstant, TIME_ZONE, toLondonDay } from '@shared/domain/time';
import type { Db } from '../../db/client';
import { AppError, conflict, forbidden, notFound } from '../../errors';
import type { Viewer } from '../auth/service';
import * as venues from '../venues/service';
import { hostToMatch, isHostOf, refuseUnlessCreatesFor, refuseUnlessHostOf } from './policies';
import * as q from './queries';

export const EVENT_NOT_FOUND = 'Event not found';

type Row = q.EventRow;

export function toEvent(r: Row): Event {
  return { ...r, date: r.date.toISOString(), endsAt: r.endsAt.toISOString(), spotsLeft: Math.max(0, r.spotsLeft) };
}

/** An evening as a visitor sees it: what the public page shows, without the host's user id (issue 33). */
export function forVisitor<T extends Event>(event: T): Omit<T, 'hostId'> {
  const { hostId: _hostId, ...rest } = event;
  return rest;
}

/**
 * The evenings a visitor may book (or queue for, when full): not ended or completed by the host, and
 * not started, since booking closes at the start (issue 34: /events is open to visitors). Past
 * evenings and the ones under way are the members' own business.
 */
export function openToVisitors(list: Event[], now: Date): Event[] {
  return list.filter((e) => e.status === 'upcoming' && Date.parse(e.date) > now.getTime());
}

export async function listEvents(db: Db) {
  return (await q.listEvents(db)).map(toEvent);
}

export async function listUpcoming(db: Db) {
  return (await q.listUpcoming(db)).map(toEvent);
}

export async function getEventRow(db: Db, id: number) {
  const row = await q.findEvent(db, id);
  if (!row) throw notFound(EVENT_NOT_FOUND);
  return row;
}

export async function getEvent(db: Db, id: number) {
  return toEvent(await getEventRow(db, id));
}

/**
 * GET /api/events/demo: the public demo evening, which pages with an event context fall back to
 * (docs/product.md, Demo data). 404 when no demo data is loaded.
 */
export async function demoEvent(db: Db) {
  const row = await q.findDemoEvent(db);
  if (!row) throw notFound('No demo event: the demo data is not loaded');
  return toEvent(row);
}

/** Hosts of an event: its host, and admins (the policy, policies.ts; other modules read it here). */
export { isHostOf };
/** The same policy as a condition for one statement (docs/decisions/0137): the door's scan. */
export { hostToMatch };

/**
 * The event (404 if there is none) when the viewer hosts it (or is an admin); anyone else is
 * refused 403 with `refusal`, the sentence the screen shows. The one check every host-only
 * action makes.
 */
export async function requireHostOf(db: Db, viewer: Viewer, eventId: number, refusal: string) {
  const event = await getEventRow(db, eventId);
  refuseUnlessHostOf(viewer, event, refusal);
  return event;
}

/**
 * The age range is checked at booking (issue 34): whether this member may book the evening by the age
 * their profile gives. The evening's host may always register at their own evening (they run it).
 */
export async function ageFits(db: Db, event: { hostId: number | null; ageRangeMin: number; ageRangeMax: number }, viewer: Viewer) {
  if (event.hostId !== null && event.hostId === viewer.id) return { fits: true, age: null };
  const age = await q.ageOf(db, viewer.id);
  return { fits: age !== null && age >= event.ageRangeMin && age <= event.ageRangeMax, age };
}

/** 'This evening is for ages 25-40, and your profile says you are 45, so you can't book it.' */
export function ageRangeRefusal(event: { ageRangeMin: number; ageRangeMax: number }, age: number | null) {
  return `This evening is for ages ${event.ageRangeMin}-${event.ageRangeMax}, and your profile says you are ${age ?? 'another age'}, so you can't book it.`;
}

/** Refuses (409, naming the range) a member whose age is outside the evening's range: before any seat is taken or held. */
export async function requireAgeFits(db: Db, event: { hostId: number | null; ageRangeMin: number; ageRangeMax: number }, viewer: Viewer) {
  const { fits, age } = await ageFits(db, event, viewer);
  if (!fits) throw conflict(ageRangeRefusal(event, age));
}

/** Where each venue is (street address, entrance coordinates), by venue id: the ticket, the calendar and the member's page show it. */
export async function venuePlaces(db: Db, venueIds: (number | null)[]): Promise<Map<number, VenuePlace>> {
  const ids = [...new Set(venueIds.filter((id): id is number => id !== null))];
  const rows = await q.venuePlaces(db, ids);
  return new Map(rows.map((r) => [r.id, { address: r.address, city: r.city, latitude: r.latitude, longitude: r.longitude }]));
}

export async function venuePlace(db: Db, venueId: number | null): Promise<VenuePlace | null> {
  if (venueId === null) return null;
  return (await venuePlaces(db, [venueId])).get(venueId) ?? null;
}

export async function eventDetail(db: Db, id: number, viewer: Viewer | null): Promise<EventDetail> {
  const row = await getEventRow(db, id);
  const [reg, place, age, access] = await Promise.all([
    viewer ? q.findRegistration(db, id, viewer.id) : null,
    venuePlace(db, row.venueId),
    viewer ? ageFits(db, row, viewer) : null,
    venues.venueAccess(db, row.venueId),
  ]);
  return {
    ...(viewer ? toEvent(row) : forVisitor(toEvent(row))),
    venuePlace: place,
    venueAccess: access,
    viewer: {
      registered: !!reg,
      checkedIn: !!reg?.checkedIn,
      checkedInAt: reg?.checkedIn && reg.checkedInAt ? reg.checkedInAt.toISOString() : null,
      isHost: isHostOf(viewer, row),
      selfCheckInOpensAt: new Date(row.date.getTime() - SELF_CHECK_IN_MINUTES * 60_000).toISOString(),
      refundable: row.date.getTime() - Date.now() >= REFUND_WINDOW_HOURS * 3_600_000,
      paid: !!reg?.paymentId,
      ticketCode: reg?.ticketCode ?? null,
      waitlist: viewer && !reg ? await myWaitlistPlace(db, id, viewer.id) : null,
      inAgeRange: age ? age.fits : null,
    },
  };
}

/** PATCH /api/events/{id}: the host of the evening (or an admin) changes what its price includes. */
export async function updateEvent(db: Db, viewer: Viewer, id: number, input: z.output<typeof updateEventBody>) {
  await requireHostOf(db, viewer, id, 'Only the host of this evening can change it');
  await q.updateEvent(db, id, { priceIncludes: input.priceIncludes });
  return getEvent(db, id);
}

/**
 * How a guest appears to the other guests of an evening: their first name, as docs/product.md
 * "Personal data" promises; its hosts and admins, who run the door and the desk, see the full name.
 */
const shownName = (name: string, asHost: boolean) => (asHost ? name : (firstName(name) ?? name));

/** The member's place on the evening's waitlist (docs/decisions/0016): waiting with their position, or offered a held seat. */
export async function myWaitlistPlace(db: Db, eventId: number, userId: number): Promise<MyWaitlistPlace | null> {
  const p = await q.waitlistPlace(db, eventId, userId);
  if (!p) return null;
  return p.status === 'offered'
    ? { status: 'offered', offerExpiresAt: p.offerExpiresAt.toISOString(), joinedAt: p.joinedAt.toISOString() }
    : { status: 'waiting', position: p.position, joinedAt: p.joinedAt.toISOString() };
}

/**
 * Whom the viewer does not see in the guest lists of this evening (the participants, the badges, the
 * match preview): while it is to come or under way, the people with a block between them and the
 * viewer, whoever blocked (docs/product.md "Blocks"). Once it is over, nobody: the two were in one
 * room, and its matches, missed connections and friend groups name them as before (docs/decisions/0062),
 * so every list of that evening tells the same.
 */
export async function hiddenFrom(db: Db, event: { status: 'upcoming' | 'completed' }, viewerId: number): Promise<Set<number>> {
  return new Set(event.status === 'completed' ? [] : await q.blockedWith(db, viewerId));
}

/**
 * Registered guests and hosts of the event see who is coming (age, bio, interests, image): guests see
 * each other's first names, hosts full names.
 */
export async function participants(db: Db, id: number, viewer: Viewer): Promise<Participant[]> {
  const event = await getEventRow(db, id);
  const asHost = isHostOf(viewer, event);
  if (!asHost && !(await q.findRegistration(db, id, viewer.id))) {
    throw forbidden('Only guests and hosts of this event can see who is coming');
  }
  const [rows, hidden] = await Promise.all([q.participants(db, id), hiddenFrom(db, event, viewer.id)]);
  return rows
    .filter((p) => !hidden.has(p.userId))
    .map((p) => ({
      id: p.id,
      userId: p.userId,
      checkedIn: p.checkedIn,
      user: { name: shownName(p.name, asHost), age: p.age, bio: p.bio, interests: p.interests, profileImage: p.profileImage },
    }));
}

const BADGE_TRAITS = ['creative', 'adventurous', 'social', 'analytical'] as const;

/** The four matching traits a member gave (0-10 each), or null when none was given: never made up. */
function badgeTraits(raw: Record<string, unknown> | null): NonNullable<BadgesResponse['badges'][number]['personality']> | null {
  const read = (k: (typeof BADGE_TRAITS)[number]) => {
    const v = raw?.[k];
    return typeof v === 'number' && Number.isFinite(v) ? Math.max(0, Math.min(10, v)) : null;
  };
  const t = { creative: read('creative'), adventurous: read('adventurous'), social: read('social'), analytical: read('analytical') };
  return BADGE_TRAITS.some((k) => t[k] !== null) ? t : null;
}

/**
 * /badges (docs/spec/organiser-tools.md §2.8): the other guests of the evening as badges, for its
 * guests and hosts only (as the participant list); first names (full names for its hosts), ages, bios, interests and traits, never
 * e-mail or phone (docs/product.md, "Personal data").
 */
export async function badges(db: Db, id: number, viewer: Viewer): Promise<BadgesResponse> {
  const event = await getEventRow(db, id);
  const isHost = isHostOf(viewer, event);
  if (!isHost && !(await q.findRegistration(db, id, viewer.id))) {
    throw forbidden('Only guests and hosts of this event can see the badges');
  }
  // A blocked pair never sees each other's badge at an evening to come, whoever blocked (docs/decisions/0041, 0062).
  const [rows, hidden] = await Promise.all([q.participants(db, id), hiddenFrom(db, event, viewer.id)]);
  const own = rows.find((p) => p.userId === viewer.id);
  return {
    viewer: { userId: viewer.id, isGuest: !!own, isHost, interests: own ? own.interests : await q.interestsOf(db, viewer.id) },
    badges: rows
      .filter((p) => p.userId !== viewer.id && !hidden.has(p.userId))
      .map((p) => ({
        id: p.id,
        userId: p.userId,
        checkedIn: p.checkedIn,
        user: { name: shownName(p.name, isHost), age: p.age, bio: p.bio, interests: p.interests, profileImage: p.profileImage },
        personality: badgeTraits(p.personalityTraits),
      })),
  };
}

export async function findRegistration(db: Db, eventId: number, userId: number) {
  return q.findRegistration(db, eventId, userId);
}

/** Create an evening at a venue; the host is the viewer (an admin may name another host). `now` is the app's clock. */
export async function createEvent(db: Db, viewer: Viewer, input: z.output<typeof createEventBody>, now: Date = new Date()) {
  refuseUnlessCreatesFor(viewer, input.hostId);
  const day = toLondonDay(input.date);
  if (!day) throw new AppError('bad_request', 'Please select a date', [{ path: 'date', message: 'Please select a date' }]);
  const start = londonInstant(day, input.startTime);
  const end = londonInstant(day, input.endTime);
  if (start.getTime() <= now.getTime()) {
    throw new AppError('bad_request', 'The event must start in the future', [{ path: 'date', message: 'The event must start in the future' }]);
  }
  // One booking of a venue at a time: lock the venue's row, then check for an overlapping
  // evening and insert in the same transaction (two hosts racing for one hour: one wins).
  const id = await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    await q.lockVenue(t, input.venueId);
    const venue = await venues.bookableVenue(t, viewer, input.venueId, { day, startTime: input.startTime, endTime: input.endTime });
    const clash = await q.overlappingEvent(t, venue.id, start, end);
    if (clash) throw conflict(overlapMessage(venue.name, clash));
    return q.insertEvent(t, {
      title: input.title,
      description: input.description,
      date: start,
      endsAt: end,
      startTime: input.startTime,
      endTime: input.endTime,
      venue: venue.name,
      venueId: venue.id,
      ageRangeMin: input.ageRangeMin,
      ageRangeMax: input.ageRangeMax,
      maxParticipants: input.maxParticipants,
      price: input.price,
      status: 'upcoming',
      roundDuration: input.roundDuration,
      priceIncludes: input.priceIncludes,
      hostId: input.hostId ?? viewer.id,
    });
  });
  return getEvent(db, id);
}

/** 'The Wine Bar is already booked 12:15-14:15 on Wed 14 May for “Spring Social”. Pick a time that does not overlap it.' */
function overlapMessage(venue: string, clash: { title: string; date: Date; startTime: string; endTime: string }) {
  const day = new Intl.DateTimeFormat('en-GB', { timeZone: TIME_ZONE, weekday: 'short', day: 'numeric', month: 'short' }).format(clash.date);
  return `${venue} is already booked ${clash.startTime}-${clash.endTime} on ${day} for “${clash.title}”. Pick a time that does not overlap it, or another venue.`;
}

export async function userEvents(db: Db, userId: number) {
  return (await q.userEvents(db, userId)).map((r) => ({ ...toEvent(r), checkedIn: r.checkedIn, registeredAt: r.registeredAt.toISOString() }));
}

export async function eventsAtVenue(db: Db, venueId: number) {
  return (await q.eventsAtVenue(db, venueId)).map(toEvent);
}

export async function calendarTokenOwner(db: Db, token: string) {
  return q.calendarTokenOwner(db, token);
}

export async function calendarToken(db: Db, userId: number) {
  return q.calendarToken(db, userId);
}

export async function contactOf(db: Db, userId: number) {
  return q.contactOf(db, userId);
}
