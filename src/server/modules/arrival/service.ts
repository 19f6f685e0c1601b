/**
 * The guest's arrival (docs/spec/organiser-tools.md §2.20-2.21; docs/product.md "Events, payment,
 * capacity": a guest may check in themself only at the venue (the arrival geofence) or from 60
 * minutes before the start). The check-in itself is the door's (modules/door).
 */
import { SELF_CHECK_IN_MINUTES } from '@shared/domain/constants';
import { ARRIVAL_RADIUS_M, distanceMetres, formatDistance, isAtVenue, MAX_POSITION_ACCURACY_M } from '@shared/domain/arrival';
import type { Arrival, ArrivalReportBody, Position } from '@shared/schemas/arrival';
import type { Db } from '../../db/client';
import { conflict, forbidden } from '../../errors';
import type { Viewer } from '../auth/service';
import * as door from '../door/service';
import * as events from '../events/service';
import * as q from './queries';

export const ARRIVAL_GUESTS_ONLY = 'Only guests of this event can use its arrival page.';

/** What a guest's arrival needs: the database, the app's clock, and a way to tell the host's door (as modules/door). */
export type ArrivalDeps = door.DoorDeps;

type Venue = { name: string; address: string; city: string | null; latitude: number | null; longitude: number | null };
type State = { permission: 'granted' | 'denied'; distanceM: number | null; accuracyM: number | null; updatedAt: Date } | null;

/** The evening and everything the guest's arrival reads (two statements: the event read, then q.arrivalOf). */
async function guestEvent(db: Db, viewer: Viewer, eventId: number) {
  const event = await events.getEventRow(db, eventId);
  const found = await q.arrivalOf(db, eventId, viewer.id);
  if (!found) throw forbidden(ARRIVAL_GUESTS_ONLY);
  return { event, guest: found.guest, venue: venueOf(event, found.venue), state: found.state };
}

/** Where the evening happens: the venue's row when the event names one, else the event's venue text. */
function venueOf(event: door.EventRow, v: { [K in keyof Venue]: Venue[K] | null }): Venue {
  if (v.name) return { name: v.name, address: v.address ?? '', city: v.city ?? null, latitude: v.latitude ?? null, longitude: v.longitude ?? null };
  return { name: event.venue, address: '', city: null, latitude: null, longitude: null };
}

const coordinatesOf = (venue: Venue) => (venue.latitude !== null && venue.longitude !== null ? { latitude: venue.latitude, longitude: venue.longitude } : null);

/** At the venue by a stored report: granted, a distance (the venue has coordinates), close and precise enough. */
function atVenueBy(state: State) {
  return !!state && state.permission === 'granted' && state.distanceM !== null && isAtVenue(state.distanceM, state.accuracyM ?? Infinity);
}

function arrivalOut(event: door.EventRow, venue: Venue, guest: door.GuestRow, state: State): Arrival {
  return {
    event: {
      id: event.id,
      title: event.title,
      date: event.date.toISOString(),
      startTime: event.startTime,
      endTime: event.endTime,
      endsAt: event.endsAt.toISOString(),
      expected: event.participantCount,
    },
    venue,
    checkedIn: guest.checkedIn,
    checkedInAt: guest.checkedInAt?.toISOString() ?? null,
    selfCheckInOpensAt: door.selfCheckInOpensAt(event).toISOString(),
    ticketCode: guest.ticketCode,
    last: state ? { permission: state.permission, distanceM: state.distanceM, atVenue: atVenueBy(state), updatedAt: state.updatedAt.toISOString() } : null,
  };
}

/** GET /api/events/{id}/arrival: what the guest's /arrival screen shows. */
export async function arrival(db: Db, viewer: Viewer, eventId: number): Promise<Arrival> {
  const { event, guest, venue, state } = await guestEvent(db, viewer, eventId);
  return arrivalOut(event, venue, guest, state);
}

/** Where a position puts the guest: metres from the venue (null when the venue has no coordinates). */
function distanceFrom(venue: Venue, position: Position) {
  const at = coordinatesOf(venue);
  return at ? distanceMetres(position, at) : null;
}

/**
 * POST /api/events/{id}/arrival: the guest's location permission and, when granted, how far they
 * are (worked out here, from the venue's coordinates). The host's door hears of it only when the
 * guest's state changes (permission, or at the venue vs on the way), not on every position.
 */
export async function reportArrival(d: ArrivalDeps, viewer: Viewer, eventId: number, report: ArrivalReportBody): Promise<Arrival> {
  const { event, guest, venue, state: before } = await guestEvent(d.db, viewer, eventId);
  const next =
    report.permission === 'granted'
      ? { permission: 'granted' as const, distanceM: distanceFrom(venue, report.position), accuracyM: report.position.accuracy, updatedAt: d.now() }
      : { permission: 'denied' as const, distanceM: null, accuracyM: null, updatedAt: d.now() };
  await q.saveArrivalState(d.db, { eventId, userId: viewer.id, ...next });
  if (!before || before.permission !== next.permission || atVenueBy(before) !== atVenueBy(next)) await d.publishCheckins(eventId, [viewer.id]);
  // The report just stored is the guest's state; nothing else of theirs changed.
  return arrivalOut(event, venue, guest, next);
}

/**
 * POST /api/events/{id}/arrival/check-in ("Yes, Check Me In"). The server decides from its own
 * clock: a guest checks in themself from SELF_CHECK_IN_MINUTES before the start until the evening
 * has finished, whatever the position says (a position is the guest's word: the venue's coordinates
 * are public, so a spoofed one must gain nothing, docs/decisions/0014-the-door-and-the-room.md).
 * The position, when sent, is kept for the host's view of where guests are.
 */
export async function arrivalCheckIn(d: ArrivalDeps, viewer: Viewer, eventId: number, position: Position | undefined): Promise<Arrival> {
  const { event, guest, venue, state } = await guestEvent(d.db, viewer, eventId);
  if (guest.checkedIn) return arrivalOut(event, venue, guest, state);

  const now = d.now();
  if (door.hasFinished(event, now)) throw conflict(door.DOOR_CLOSED);
  const opensAt = door.selfCheckInOpensAt(event);
  const distanceM = position ? distanceFrom(venue, position) : null;
  if (now.getTime() < opensAt.getTime()) throw conflict(refusal(venue, position, distanceM, door.timeFrom(opensAt, now)));

  const reported = position ? { permission: 'granted' as const, distanceM, accuracyM: position.accuracy, updatedAt: now } : null;
  if (reported) await q.saveArrivalState(d.db, { eventId, userId: viewer.id, ...reported });
  // 'location' when the position put the guest at the venue, else 'self' (in the window, from anywhere).
  const method = position && distanceM !== null && isAtVenue(distanceM, position.accuracy) ? 'location' : 'self';
  // The same conditional flip as the door: a scan at the same moment leaves one check-in, the first.
  if (await door.recordCheckIn(d.db, { eventId, userId: viewer.id, at: now, method, by: null })) {
    await d.publishCheckins(eventId, [viewer.id], [{ userId: viewer.id, checkedInAt: now.toISOString(), method }]);
    // Checked in by this flip: the answer is known without reading it back (issue 37).
    return arrivalOut(event, venue, { ...guest, checkedIn: true, checkedInAt: now, method }, reported ?? state);
  }
  // Not flipped: a scan at the same moment won (its check-in stands), or the host removed the guest. Read what is stored.
  const stored = await q.arrivalOf(d.db, eventId, viewer.id);
  if (!stored) throw forbidden(ARRIVAL_GUESTS_ONLY);
  return arrivalOut(event, venue, stored.guest, stored.state);
}

/**
 * Why "Yes, Check Me In" is refused before the window opens: from when it is allowed, and what the
 * position (if any) said, so a guest at the door early knows it is the clock and not the phone.
 */
function refusal(venue: Venue, position: Position | undefined, distanceM: number | null, opens: string) {
  const when = `You can check yourself in from ${opens}, ${SELF_CHECK_IN_MINUTES} minutes before the start, until the evening ends.`;
  if (!position || distanceM === null) return when;
  if (position.accuracy > MAX_POSITION_ACCURACY_M) {
    return `${when} Your location is only accurate to within ${formatDistance(position.accuracy)}, wider than the ${ARRIVAL_RADIUS_M} m around ${venue.name}, so it does not count.`;
  }
  if (isAtVenue(distanceM, position.accuracy)) return `${when} You're at ${venue.name} early: the host can let you in at the door.`;
  return `${when} You're ${formatDistance(distanceM)} from ${venue.name}.`;
}
