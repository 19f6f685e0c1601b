/**
 * The door (docs/spec/organiser-tools.md §2.19; docs/product.md "Events, payment, capacity": hosts
 * check guests in by QR scan, code or search). A guest's own check-in on /arrival is modules/arrival.
 */
import { createHash } from 'node:crypto';
import { stringify } from 'csv-stringify/sync';
import { SELF_CHECK_IN_MINUTES } from '@shared/domain/constants';
import { boundClaim, DOOR_SYNC_GRACE_HOURS, looseTicketHashInput, ticketHashInput } from '@shared/domain/door';
import { londonDay, TIME_ZONE } from '@shared/domain/time';
import {
  TICKET_QR_PREFIX,
  ticketCodeOf,
  doorSummary,
  type CheckInChange,
  type CheckInMethod,
  type Door,
  type DoorCheckInResult,
  type DoorGuest,
  type DoorPack,
  type DoorSyncItem,
  type DoorSyncOutcome,
  type DoorSyncResult,
  type DoorUndoResult,
  type ScanMethod,
} from '@shared/schemas/door';
import type { Db } from '../../db/client';
import { AppError, conflict, notFound } from '../../errors';
import type { Viewer } from '../auth/service';
import * as events from '../events/service';
import * as messages from '../messages/service';
import * as q from './queries';

export const NOT_REGISTERED = 'Not registered for this event';
export const DOOR_HOSTS_ONLY = 'Only hosts of this event can run its door.';
export const EXPORT_HOSTS_ONLY = 'Only hosts of this event can export its attendance.';
export const DOOR_CLOSED = 'This evening has finished, so check-in is closed.';

export interface DoorDeps {
  db: Db;
  /** The app's clock (src/server/plugins/clock.ts): tests place "now" relative to the start. */
  now: () => Date;
  /**
   * Tell the host's door and these guests' pages that check-ins changed (app.live.publishRoom, every
   * instance); `states`, each named guest's check-in as it now stands, when known (docs/decisions/0139).
   */
  publishCheckins(eventId: number, userIds: number[], states?: CheckInChange[]): Promise<void>;
}

export type EventRow = Awaited<ReturnType<typeof events.getEventRow>>;

/**
 * What the door's row says of a guest's check-in, as the news carries it: for their phone (when,
 * docs/decisions/0139) and the hosts' desks (when and how, 0142); both null when not checked in.
 */
const checkInState = (g: { userId: number; checkedIn: boolean; checkedInAt: Date | null; method: CheckInMethod | null }): CheckInChange =>
  g.checkedIn && g.checkedInAt
    ? { userId: g.userId, checkedInAt: g.checkedInAt.toISOString(), method: g.method }
    : { userId: g.userId, checkedInAt: null, method: null };

/* ------------------------------------------------------------ time and text */

const hhmmFormat = new Intl.DateTimeFormat('en-GB', { timeZone: TIME_ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
const dayFormat = new Intl.DateTimeFormat('en-GB', { timeZone: TIME_ZONE, weekday: 'short', day: 'numeric', month: 'short' });

/** London wall-clock time, '18:00'. */
const londonTime = (d: Date) => hhmmFormat.format(d);
/** 'Wed 14 May' in London. */
const londonDayLabel = (d: Date) => dayFormat.format(d);
/** '18:00', or '18:00 on Wed 14 May' when that is not today (London). */
export function timeFrom(at: Date, now: Date) {
  return londonDay(at) === londonDay(now) ? londonTime(at) : `${londonTime(at)} on ${londonDayLabel(at)}`;
}

export const selfCheckInOpensAt = (event: EventRow) => new Date(event.date.getTime() - SELF_CHECK_IN_MINUTES * 60_000);

/** Ended by the host, or past its end time: nobody is checked in any more. */
export function hasFinished(event: EventRow, now: Date) {
  return event.status === 'completed' || now.getTime() >= event.endsAt.getTime();
}

/**
 * Guests by name as an English reader sorts them (ignoring case and accents), done here rather
 * than in SQL so the order is the same on every database, whatever its collation.
 */
const nameOrder = new Intl.Collator('en-GB', { sensitivity: 'base', numeric: true });
const byName = <T extends { name: string }>(rows: T[]) => [...rows].sort((a, b) => nameOrder.compare(a.name, b.name));

/* ------------------------------------------------------------ who may */

async function hostEvent(db: Db, viewer: Viewer, eventId: number, refusal: string) {
  const event = await events.requireHostOf(db, viewer, eventId, refusal);
  return event;
}

/** A registered guest of the evening as the door sees them. */
export type GuestRow = q.GuestRow;
/** The door's columns of a guest and the join of their note, for a module that reads a guest with more (modules/arrival). */
export const guestColumns = q.guestColumns;
export const guestNoteJoin = q.withNote;

/**
 * The conditional flip every check-in goes through (the door's, and a guest's own on /arrival): true
 * when this call checked the guest in, false when they already were (the first check-in stands).
 */
export const recordCheckIn = (db: Db, p: Parameters<typeof q.checkIn>[1]) => q.checkIn(db, p);

/* ------------------------------------------------------------ the door (/check-in) */

function guestOut(g: q.GuestRow): DoorGuest {
  return {
    userId: g.userId,
    name: g.name,
    ticketCode: g.ticketCode,
    checkedIn: g.checkedIn,
    checkedInAt: g.checkedInAt?.toISOString() ?? null,
    method: g.method,
    accessNeeds: g.accessNeeds,
  };
}

/** GET /api/events/{id}/door: counts, the RECENT_CHECK_INS (5) latest check-ins (newest first), every guest by name. */
export async function door(db: Db, viewer: Viewer, eventId: number): Promise<Door> {
  await hostEvent(db, viewer, eventId, DOOR_HOSTS_ONLY);
  const guests = byName(await q.guests(db, eventId)).map(guestOut);
  return { eventId, ...doorSummary(guests), guests, reminders: await messages.reminderWindow(db, eventId) };
}

export { ticketCodeOf };

async function checkInAtDoor(d: DoorDeps, viewer: Viewer, event: EventRow, userId: number, method: CheckInMethod): Promise<DoorCheckInResult> {
  const done = await q.checkIn(d.db, { eventId: event.id, userId, at: d.now(), method, by: viewer.id });
  const guest = await q.guest(d.db, event.id, userId);
  if (!guest) throw notFound(NOT_REGISTERED);
  if (done) await d.publishCheckins(event.id, [userId], [checkInState(guest)]);
  return { outcome: done ? 'checked_in' : 'already_checked_in', guest: guestOut(guest), counts: await q.counts(d.db, event.id) };
}

/**
 * POST /api/events/{id}/door/scan. A ticket of another evening, a cancelled ticket or an unknown
 * code is refused with a message saying which; scanning twice is harmless (the first time is kept).
 */
export async function scan(d: DoorDeps, viewer: Viewer, eventId: number, text: string, sent?: ScanMethod): Promise<DoorCheckInResult> {
  const code = ticketCodeOf(text);
  // As the desk says it happened; a desk that does not say goes by the QR's prefix (shared/schemas/door.ts scanBody).
  const method: ScanMethod = sent ?? (text.trim().toUpperCase().startsWith(TICKET_QR_PREFIX) ? 'scan' : 'code');

  // The usual scan, a host's ticket of their evening checking its guest in while the door is open:
  // who may, the flip, the guest and the counts in one statement (issue 37: a rush at the door,
  // docs/decisions/0137). Anything else (a second scan, whose statement may have read the guest
  // before a scan at the same moment made them in; another evening's ticket; a code of no ticket;
  // a viewer who may not; a closed door) is answered below, reading what it says afresh.
  const may = events.hostToMatch(viewer);
  if (code && may) {
    const atOnce = await q.checkInByTicket(d.db, { eventId, code, at: d.now(), method, by: viewer.id, hostToMatch: may.hostId });
    if (atOnce?.done) {
      await d.publishCheckins(eventId, [atOnce.guest.userId], [checkInState(atOnce.guest)]);
      return { outcome: 'checked_in', guest: guestOut(atOnce.guest), counts: atOnce.counts };
    }
  }
  const event = await hostEvent(d.db, viewer, eventId, DOOR_HOSTS_ONLY);
  if (!code) throw new AppError('bad_request', 'Scan a ticket or type its code', [{ path: 'code', message: 'Scan a ticket or type its code' }]);
  if (hasFinished(event, d.now())) throw conflict(DOOR_CLOSED);
  const ticket = await q.ticketByCode(d.db, code);
  if (ticket) {
    if (ticket.eventId !== eventId) throw conflict(`This ticket is for “${ticket.title}” on ${londonDayLabel(ticket.date)}, not for this evening.`);
    return checkInAtDoor(d, viewer, event, ticket.userId, method);
  }
  const cancelled = await q.cancelledTicket(d.db, code);
  if (cancelled) {
    const which = cancelled.eventId === eventId ? '' : ` (for “${cancelled.title}” on ${londonDayLabel(cancelled.date)})`;
    if (cancelled.givenAway)
      throw conflict(
        `This ticket${which} was given to a friend on ${londonDayLabel(cancelled.cancelledAt)}, so it no longer gets anyone in. The friend has a new ticket with another code.`,
      );
    throw conflict(
      `This ticket${which} was cancelled on ${londonDayLabel(cancelled.cancelledAt)}, so it no longer gets anyone in. A guest who registered again has a new ticket with another code.`,
    );
  }
  // Typed by hand with a letter's case wrong: accepted only when it points at exactly one guest of this evening.
  const loose = await q.ticketsOfEventIgnoringCase(d.db, eventId, code);
  if (loose.length === 1) return checkInAtDoor(d, viewer, event, loose[0]!.userId, method);
  throw notFound(`Unknown ticket code: ${code}`);
}

/** POST /api/events/{id}/door/check-in: the host found the guest by name. */
export async function checkInBySearch(d: DoorDeps, viewer: Viewer, eventId: number, userId: number): Promise<DoorCheckInResult> {
  const event = await hostEvent(d.db, viewer, eventId, DOOR_HOSTS_ONLY);
  if (!(await q.guest(d.db, eventId, userId))) throw notFound(NOT_REGISTERED);
  if (hasFinished(event, d.now())) throw conflict(DOOR_CLOSED);
  return checkInAtDoor(d, viewer, event, userId, 'search');
}

/** DELETE /api/events/{id}/door/check-in/{userId}: a mistaken check-in undone. */
export async function undoCheckIn(d: DoorDeps, viewer: Viewer, eventId: number, userId: number): Promise<DoorUndoResult> {
  await hostEvent(d.db, viewer, eventId, DOOR_HOSTS_ONLY);
  const before = await q.guest(d.db, eventId, userId);
  if (!before) throw notFound(NOT_REGISTERED);
  if (!(await q.undoCheckIn(d.db, eventId, userId))) throw conflict(`${before.name} is not checked in`);
  await d.publishCheckins(eventId, [userId], [{ userId, checkedInAt: null, method: null }]);
  const guest = await q.guest(d.db, eventId, userId);
  if (!guest) throw notFound(NOT_REGISTERED);
  return { guest: guestOut(guest), counts: await q.counts(d.db, eventId) };
}

/* ------------------------------------------------------------ the door offline (docs/decisions/0052) */

export const DESK_UNKNOWN = 'This desk has not loaded tonight’s guest list. Open the check-in desk once while online, then try again.';
export const SYNC_TOO_LATE = `Check-ins made offline can be sent until ${DOOR_SYNC_GRACE_HOURS} hours after the evening ends, and that time has passed.`;
export const SYNC_NOT_REGISTERED = 'is not registered for this evening (their ticket may have been cancelled), so they were not checked in.';
export const SYNC_REMOVED = 'was removed from tonight by a host, so they were not checked in.';
export const SYNC_AFTER_END = 'was checked in after the evening finished, when the door was closed, so it does not count.';
export const SYNC_UNDONE = 'was checked in by this desk, but that check-in has been undone since.';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const syncUntil = (event: EventRow) => new Date(event.endsAt.getTime() + DOOR_SYNC_GRACE_HOURS * 3_600_000);

/**
 * PUT /api/events/{id}/door/desks/{deskId}: the desk's offline pack, and the desk noted (from the
 * first time). Names for the list and search, ticket codes only as SHA-256 hashes (enough to
 * recognise a scanned or typed code, no use as a ticket), who is in and by which offline check-in.
 */
export async function deskPack(d: DoorDeps, viewer: Viewer, eventId: number, deskId: string): Promise<DoorPack> {
  const event = await hostEvent(d.db, viewer, eventId, DOOR_HOSTS_ONLY);
  const since = await q.registerDesk(d.db, { eventId, deskId, now: d.now() });
  const rows = byName(await q.packGuests(d.db, eventId));
  return {
    eventId,
    deskId,
    deskSince: since.toISOString(),
    syncUntil: syncUntil(event).toISOString(),
    event: { title: event.title, venue: event.venue, startsAt: event.date.toISOString(), endsAt: event.endsAt.toISOString() },
    guests: rows.map((g) => ({
      userId: g.userId,
      name: g.name,
      codeHash: sha256(ticketHashInput(eventId, g.ticketCode)),
      looseHash: sha256(looseTicketHashInput(eventId, g.ticketCode)),
      checkedIn: g.checkedIn,
      checkedInAt: g.checkedInAt?.toISOString() ?? null,
      method: g.method,
      checkInKey: g.checkInKey,
      accessNeeds: g.accessNeeds,
    })),
  };
}

type Judged = Omit<DoorSyncOutcome, 'key' | 'userId'> & { write?: Date };

/** Who made the check-in that stands, as the desk is told: itself, another desk, or the guest on their phone. */
function standingBy(r: q.LockedGuest, deskId: string): DoorSyncOutcome['by'] {
  if (r.method === 'self' || r.method === 'location') return 'guest';
  return r.checkInDesk === deskId ? 'this_desk' : 'other_desk';
}

const refused = (message: string): Judged => ({ outcome: 'refused', checkedInAt: null, by: null, message });

/**
 * One offline check-in against the guest's registration (locked): the first check-in by time
 * stands, so one made earlier than the guest's current check-in replaces it, and one made later is
 * told who was first. `fresh` is false for a key already received: it is answered, never applied twice.
 */
function judge(
  item: DoorSyncItem,
  r: q.LockedGuest | undefined,
  removed: boolean,
  claim: ReturnType<typeof boundClaim>,
  deskId: string,
  fresh: boolean,
): Judged {
  if (r && r.checkInKey === item.key) return { outcome: 'checked_in', checkedInAt: r.checkedInAt?.toISOString() ?? null, by: 'this_desk', message: null };
  if (!r) return refused(SYNC_NOT_REGISTERED);
  if (removed) return refused(SYNC_REMOVED);
  if ('refused' in claim) return refused(SYNC_AFTER_END);
  if (r.checkedIn && r.checkedInAt && r.checkedInAt.getTime() <= claim.at.getTime()) {
    return { outcome: 'already_checked_in', checkedInAt: r.checkedInAt.toISOString(), by: standingBy(r, deskId), message: null };
  }
  if (!fresh)
    return r.checkedIn
      ? { outcome: 'already_checked_in', checkedInAt: r.checkedInAt?.toISOString() ?? null, by: standingBy(r, deskId), message: null }
      : refused(SYNC_UNDONE);
  return { outcome: 'checked_in', checkedInAt: claim.at.toISOString(), by: 'this_desk', message: null, write: claim.at };
}

/**
 * POST /api/events/{id}/door/desks/{deskId}/sync: the check-ins a desk made offline, each with its
 * idempotency key and the time the desk scanned it. Hosts of the evening only, from a desk that
 * loaded the pack; each time is bounded (@shared/domain/door boundClaim) and applied in time order,
 * in one transaction; a guest removed, not registered or scanned after the end is refused, and
 * said so. Sending the same sync again changes nothing.
 */
export async function syncDesk(d: DoorDeps, viewer: Viewer, eventId: number, deskId: string, items: DoorSyncItem[]): Promise<DoorSyncResult> {
  const event = await hostEvent(d.db, viewer, eventId, DOOR_HOSTS_ONLY);
  const now = d.now();
  const since = await q.deskSince(d.db, eventId, deskId);
  if (!since) throw conflict(DESK_UNKNOWN);
  if (now.getTime() >= syncUntil(event).getTime()) throw conflict(SYNC_TOO_LATE);

  const ordered = [...items].sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
  const userIds = [...new Set(items.map((i) => i.userId))];
  const changed = new Set<number>();
  const judged = await d.db.transaction(async (tx) => {
    const regs = new Map((await q.lockGuests(tx, eventId, userIds)).map((r) => [r.userId, r]));
    const removed = await q.removedAmong(tx, eventId, userIds);
    const logged = ordered.filter((i) => regs.has(i.userId));
    const fresh = await q.logDeskCheckIns(
      tx,
      logged.map((i) => ({ eventId, key: i.key, deskId, claimedAt: new Date(i.at), receivedAt: now })),
    );
    const out = new Map<string, Judged>();
    for (const item of ordered) {
      const r = regs.get(item.userId);
      const claim = boundClaim(new Date(item.at), { deskSince: since, endsAt: event.endsAt, now });
      const j = judge(item, r, removed.has(item.userId), claim, deskId, fresh.has(item.key));
      if (j.write && r) {
        await q.checkInFromDesk(tx, { registrationId: r.id, at: j.write, method: item.method, by: viewer.id, deskId, key: item.key });
        // The next item for this guest in the same sync sees this check-in.
        regs.set(item.userId, { ...r, checkedIn: true, checkedInAt: j.write, method: item.method, checkInDesk: deskId, checkInKey: item.key });
        changed.add(item.userId);
      }
      out.set(item.key, j);
    }
    return out;
  });
  if (changed.size > 0) await d.publishCheckins(eventId, [...changed]);
  return {
    results: items.map((i) => {
      const { write: _write, ...j } = judged.get(i.key)!;
      return { key: i.key, userId: i.userId, ...j };
    }),
    counts: await q.counts(d.db, eventId),
  };
}

/* ------------------------------------------------------------ the attendance export */

export const ATTENDANCE_COLUMNS = ['Name', 'Ticket code', 'Checked in', 'Time', 'How'] as const;

/**
 * A cell a spreadsheet would run as a formula (=, +, -, @, or a leading tab or carriage return)
 * gets a leading single quote, so it shows as text (OWASP "CSV injection").
 */
export function safeCell(value: string) {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** 'YYYY-MM-DD HH:mm', London local time. */
const londonMinute = (d: Date) => `${londonDay(d)} ${londonTime(d)}`;

/**
 * GET /api/events/{id}/attendance.csv, for the hosts of the event (and admins): what the door needs
 * and shows, each guest's name, ticket code, whether and when they were checked in and how. No
 * e-mail address or phone number: those go only to the person, admins and their matches
 * (docs/product.md "Personal data", and what /privacy says; docs/decisions/0062).
 */
export async function attendanceCsv(db: Db, viewer: Viewer, eventId: number): Promise<string> {
  await hostEvent(db, viewer, eventId, EXPORT_HOSTS_ONLY);
  const rows = byName(await q.attendance(db, eventId)).map((g) =>
    [g.name, g.ticketCode, g.checkedIn ? 'yes' : 'no', g.checkedInAt ? londonMinute(g.checkedInAt) : '', g.method ?? ''].map(safeCell),
  );
  // RFC 4180 (CRLF between records); csv-stringify quotes a cell with a comma, a quote or CRLF, and
  // quoted_match makes it quote a lone LF or CR too (a spreadsheet would break the row there).
  // The BOM tells Excel the file is UTF-8 (names with accents).
  return stringify(rows, { header: true, columns: [...ATTENDANCE_COLUMNS], record_delimiter: 'windows', quoted_match: /[\r\n]/, bom: true });
}
