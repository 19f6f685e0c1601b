import type { z } from 'zod';
import type { Slot, slotBody, Venue, venueBody, venuePatchBody } from '@shared/schemas/venues';
import type { VenueAccess } from '@shared/schemas/venue-access';
import { londonDay, minutesOf } from '@shared/domain/time';
import { readAccess } from '@shared/domain/venue-access';
import type { Db } from '../../db/client';
import { AppError, conflict, forbidden, notFound } from '../../errors';
import type { Viewer } from '../auth/service';
import * as q from './queries';

export const VENUE_NOT_FOUND = 'Venue not found';

const REASON_LABEL: Record<string, string> = {
  maintenance: 'maintenance',
  private_event: 'a private event',
  staff_training: 'staff training',
  holiday: 'a holiday',
  other: 'another reason',
};

export const NOT_YOUR_VENUE = "Only this venue's owner, its co-hosts and admins can change it. Ask its owner to add you as a co-host.";
/** Why another host may not book this venue, naming whom to ask (docs/decisions/0012-venue-bookings-and-automatic-release.md). */
export function notYourVenueToBook(venueName: string, ownerName: string | null) {
  return ownerName
    ? `${venueName} belongs to ${ownerName}. Only its owner, its co-hosts and admins can book it: ask ${ownerName} to add you as a co-host.`
    : `${venueName} has no owner any more, so only admins can book it. Ask an admin to book it for you or to give it an owner.`;
}
export const ONLY_OWNER_ADDS_HOSTS = "Only this venue's owner and admins can change who hosts it.";

const isAdmin = (viewer: Viewer) => viewer.roles.includes('admin');

/** Who may edit: the owner, a co-host, an admin. */
function mayEdit(venue: Pick<q.VenueRow, 'id' | 'ownerId'>, viewer: Viewer | null, coHosted: Set<number>) {
  return !!viewer && (isAdmin(viewer) || venue.ownerId === viewer.id || coHosted.has(venue.id));
}

/** Who may change who hosts it: the owner and admins. */
const mayManageHosts = (venue: Pick<q.VenueRow, 'ownerId'>, viewer: Viewer | null) => !!viewer && (isAdmin(viewer) || venue.ownerId === viewer.id);

function toVenue(r: q.VenueRow, publicUrl: string, canEdit = false, canManageHosts = false): Venue {
  const { nextEventTitle, nextEventDate, ownerId: _ownerId, access, ...rest } = r;
  return {
    ...rest,
    access: readAccess(access),
    canEdit,
    canManageHosts,
    nextEvent: nextEventTitle && nextEventDate ? `${nextEventTitle} · ${nextEventDate.replace('T', ' ')}` : 'Not scheduled',
    calendarUrl: `${publicUrl}/api/calendar/venues/${r.id}.ics`,
  };
}

/** Every venue, each saying whether the viewer may edit it. */
export async function listVenues(db: Db, publicUrl: string, viewer: Viewer | null = null) {
  const coHosted = viewer ? await q.coHostedVenueIds(db, viewer.id) : new Set<number>();
  return (await q.listVenues(db)).map((r) => toVenue(r, publicUrl, mayEdit(r, viewer, coHosted), mayManageHosts(r, viewer)));
}

export async function getVenue(db: Db, id: number, publicUrl: string, viewer: Viewer | null = null) {
  const row = await q.findVenue(db, id);
  if (!row) throw notFound(VENUE_NOT_FOUND);
  const coHosted = viewer && (await q.isCoHost(db, id, viewer.id)) ? new Set([id]) : new Set<number>();
  return toVenue(row, publicUrl, mayEdit(row, viewer, coHosted), mayManageHosts(row, viewer));
}

/** How to get into the venue (docs/decisions/0077-venues-say-how-to-get-in.md): the evening's pages show it; null without a venue row. */
export async function venueAccess(db: Db, id: number | null): Promise<VenueAccess | null> {
  if (id === null) return null;
  const stored = await q.accessOf(db, id);
  return stored === undefined ? null : readAccess(stored);
}

/** The venue exists (else 404) and the viewer may edit it (else 403 with a clear message). */
export async function requireVenueEditor(db: Db, id: number, viewer: Viewer) {
  const row = await q.findVenue(db, id);
  if (!row) throw notFound(VENUE_NOT_FOUND);
  if (isAdmin(viewer) || row.ownerId === viewer.id || (await q.isCoHost(db, id, viewer.id))) return row;
  throw forbidden(NOT_YOUR_VENUE);
}

export async function createVenue(db: Db, viewer: Viewer, input: z.output<typeof venueBody>, publicUrl: string) {
  const id = await q.insertVenue(db, { ...input, latitude: input.latitude ?? null, longitude: input.longitude ?? null, createdBy: viewer.id });
  return getVenue(db, id, publicUrl, viewer);
}

export async function updateVenue(db: Db, viewer: Viewer, id: number, input: z.output<typeof venuePatchBody>, publicUrl: string) {
  await requireVenueEditor(db, id, viewer);
  const values = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
  if (Object.keys(values).length === 0) throw new AppError('bad_request', 'Nothing to change');
  if (!(await q.updateVenue(db, id, values))) throw notFound(VENUE_NOT_FOUND);
  return getVenue(db, id, publicUrl, viewer);
}

/** The venue's co-hosts (owner and admins only). */
export async function coHosts(db: Db, viewer: Viewer, venueId: number) {
  await requireVenueOwner(db, venueId, viewer);
  return q.listCoHosts(db, venueId);
}

async function requireVenueOwner(db: Db, venueId: number, viewer: Viewer) {
  const row = await q.findVenue(db, venueId);
  if (!row) throw notFound(VENUE_NOT_FOUND);
  if (!isAdmin(viewer) && row.ownerId !== viewer.id) throw forbidden(ONLY_OWNER_ADDS_HOSTS);
  return row;
}

/** The owner (or an admin) adds a host as a co-host of the venue, by e-mail. */
export async function addCoHost(db: Db, viewer: Viewer, venueId: number, email: string) {
  const venue = await requireVenueOwner(db, venueId, viewer);
  const user = await q.findUserWithRoles(db, email);
  if (!user) throw new AppError('not_found', 'User not found');
  if (!user.roles.includes('host') && !user.roles.includes('admin')) throw conflict(`${user.name} is not a host yet. Only hosts can co-host a venue.`);
  if (user.id !== venue.ownerId) await q.addCoHost(db, venueId, user.id);
  return q.listCoHosts(db, venueId);
}

export async function removeCoHost(db: Db, viewer: Viewer, venueId: number, userId: number) {
  await requireVenueOwner(db, venueId, viewer);
  if (!(await q.removeCoHost(db, venueId, userId))) throw notFound('That host does not co-host this venue');
}

/**
 * A venue an event may be booked at by this viewer: it exists, the viewer is its owner, a co-host
 * or an admin (issue 21: booking is not for any host), it is active, and not blocked at that time.
 */
export async function bookableVenue(db: Db, viewer: Viewer, id: number, at: { day: string; startTime: string; endTime: string }) {
  const venue = await q.findVenue(db, id);
  if (!venue) throw new AppError('bad_request', VENUE_NOT_FOUND, [{ path: 'venueId', message: VENUE_NOT_FOUND }]);
  if (!isAdmin(viewer) && venue.ownerId !== viewer.id && !(await q.isCoHost(db, id, viewer.id))) {
    throw forbidden(notYourVenueToBook(venue.name, venue.ownerName));
  }
  if (!venue.isActive) throw conflict(`${venue.name} is not active. Activate it on the venues page first.`);
  const block = (await q.overlappingSlots(db, id, at.day, at.startTime, at.endTime)).find((s) => s.kind === 'blocked');
  if (block) throw conflict(`${venue.name} is blocked ${block.startTime}-${block.endTime} that day for ${REASON_LABEL[block.reason ?? 'other']}.`);
  return { id: venue.id, name: venue.name };
}

/** Slots, blocks and live bookings (from real events and registrations) between two days. */
export async function slots(db: Db, venueId: number, from: string, to: string): Promise<Slot[]> {
  if (!(await q.findVenue(db, venueId))) throw notFound(VENUE_NOT_FOUND);
  const stored = (await q.slotsBetween(db, venueId, from, to)).map<Slot>((s) => ({
    id: s.id,
    venueId: s.venueId,
    day: s.day,
    startTime: s.startTime,
    endTime: s.endTime,
    kind: s.kind,
    maxCapacity: s.maxCapacity,
    reason: s.reason,
    notes: s.notes,
    eventId: null,
    eventTitle: null,
    registrations: null,
  }));
  const booked = (await q.bookingsBetween(db, venueId, from, to)).map<Slot>((b) => ({
    id: -b.eventId,
    venueId,
    day: b.day,
    startTime: b.startTime,
    endTime: b.endTime,
    kind: 'booked',
    maxCapacity: b.maxParticipants,
    reason: null,
    notes: null,
    eventId: b.eventId,
    eventTitle: b.title,
    registrations: b.registrations,
  }));
  return [...stored, ...booked].sort((a, b) => (a.day + a.startTime).localeCompare(b.day + b.startTime));
}

export async function addSlot(db: Db, viewer: Viewer, venueId: number, input: z.output<typeof slotBody>) {
  await requireVenueEditor(db, venueId, viewer);
  if (input.day < londonDay(new Date()))
    throw new AppError('bad_request', 'Pick today or a later day', [{ path: 'day', message: 'Pick today or a later day' }]);
  const overlapping = await q.overlappingSlots(db, venueId, input.day, input.startTime, input.endTime);
  if (input.kind === 'blocked') {
    const bookings = (await q.bookingsBetween(db, venueId, input.day, input.day)).filter(
      (b) => minutesOf(b.startTime) < minutesOf(input.endTime) && minutesOf(b.endTime) > minutesOf(input.startTime),
    );
    if (bookings.length) throw conflict(`“${bookings[0]!.title}” is booked at that time. Move or cancel it before blocking the venue.`);
    if (overlapping.some((s) => s.kind === 'blocked')) throw conflict('That time is already blocked.');
  } else {
    if (overlapping.some((s) => s.kind === 'blocked')) throw conflict('That time is blocked. Remove the block first.');
    if (overlapping.some((s) => s.kind === 'available')) throw conflict('That time overlaps another available slot.');
  }
  const row = await q.insertSlot(db, {
    venueId,
    day: input.day,
    startTime: input.startTime,
    endTime: input.endTime,
    kind: input.kind,
    maxCapacity: input.kind === 'available' ? input.maxCapacity : null,
    reason: input.kind === 'blocked' ? (input.reason ?? 'other') : null,
    notes: input.notes ?? null,
  });
  return { ...row, eventId: null, eventTitle: null, registrations: null } satisfies Slot;
}

export async function removeSlot(db: Db, viewer: Viewer, venueId: number, slotId: number) {
  await requireVenueEditor(db, venueId, viewer);
  if (!(await q.deleteSlot(db, venueId, slotId))) throw notFound('Slot not found');
}
