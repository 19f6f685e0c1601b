/**
 * The door: the host's check-in desk (/check-in, docs/spec/organiser-tools.md §2.19). Request
 * bodies and answers, shared by server routes and client forms; the guest's /arrival is ./arrival.ts.
 */
import { z } from 'zod';
import { RECENT_CHECK_INS } from '../domain/arrival';
import { DOOR_SYNC_MAX_ITEMS } from '../domain/door';
import { idField, idParam, storedText } from './common';

/**
 * How a guest got in, as it happened (issue 22): at the door the host's camera read the ticket
 * ('scan'), the host typed its code ('code') or found the guest by name ('search'); the guest
 * checked in on their own phone ('self'), or on /arrival with a position at the venue ('location').
 * docs/decisions/0049-how-a-guest-got-in.md.
 */
export const CHECK_IN_METHODS = ['scan', 'code', 'search', 'self', 'location'] as const;

export type CheckInMethod = (typeof CHECK_IN_METHODS)[number];

/** The desk's two ways of reading a ticket: the camera, or the code typed by hand. */
export const SCAN_METHODS = ['scan', 'code'] as const;

export type ScanMethod = (typeof SCAN_METHODS)[number];

/** What a ticket's QR code holds: `SFTICKET:` and the ticket code. */
export const TICKET_QR_PREFIX = 'SFTICKET:';

export const ticketQrText = (ticketCode: string) => `${TICKET_QR_PREFIX}${ticketCode}`;

/**
 * The ticket code in what the camera read (`SFTICKET:CODE`, the ticket QR) or what the host typed
 * (the bare code). New codes are capitals and digits (modules/tickets); older ones are base64url,
 * whose case matters (the door accepts a case slip when it points at one guest).
 */
export function ticketCodeOf(text: string): string {
  const t = text.trim();
  return (t.toUpperCase().startsWith(TICKET_QR_PREFIX) ? t.slice(TICKET_QR_PREFIX.length) : t).trim();
}

/** One guest at the door, as the host sees them (no e-mail or phone: those are only in the attendance export). */
export const doorGuestSchema = z.object({
  userId: z.number(),
  name: z.string(),
  ticketCode: z.string(),
  checkedIn: z.boolean(),
  checkedInAt: z.string().nullable(),
  method: z.enum(CHECK_IN_METHODS).nullable(),
  /** What would help them on the night, in their words (docs/decisions/0086); null when they said nothing. */
  accessNeeds: z.string().nullable(),
});
export type DoorGuest = z.infer<typeof doorGuestSchema>;

export const doorCountsSchema = z.object({ registered: z.number(), checkedIn: z.number(), toCome: z.number() });
export type DoorCounts = z.infer<typeof doorCountsSchema>;

/**
 * A guest's check-in as a change left it (ISO instant and how; both null: not checked in). The
 * check-in news carries it to the evening's hosts, whose desks apply it to the door they show instead
 * of reading every guest again (docs/decisions/0142).
 */
export const checkInChangeSchema = z.object({ userId: z.number(), checkedInAt: z.string().nullable(), method: z.enum(CHECK_IN_METHODS).nullable() });
export type CheckInChange = z.infer<typeof checkInChangeSchema>;

/** GET /api/events/{id}/door: counts, the 5 most recent check-ins, and every registered guest (by name). */
export const doorSchema = z.object({
  eventId: z.number(),
  counts: doorCountsSchema,
  recent: z.array(doorGuestSchema),
  guests: z.array(doorGuestSchema),
  /** Send Reminders: when a host last reminded the guests, and from when the next may go (one an hour; ISO instants, null before the first). */
  reminders: z.object({ lastSentAt: z.string().nullable(), nextAt: z.string().nullable() }),
});
export type Door = z.infer<typeof doorSchema>;

/**
 * The door's counts and its RECENT_CHECK_INS latest check-ins (newest first; equal times in the list's
 * order), from every guest: the server's GET /door and a desk applying check-in news count alike.
 */
export function doorSummary(guests: DoorGuest[]): Pick<Door, 'counts' | 'recent'> {
  const checkedIn = guests.filter((g) => g.checkedIn);
  const at = (g: DoorGuest) => (g.checkedInAt ? Date.parse(g.checkedInAt) : 0);
  return {
    counts: { registered: guests.length, checkedIn: checkedIn.length, toCome: guests.length - checkedIn.length },
    recent: [...checkedIn].sort((a, b) => at(b) - at(a)).slice(0, RECENT_CHECK_INS),
  };
}

/**
 * The door after check-in changes (docs/decisions/0142): each guest named takes their check-in as it
 * now stands, and the counts and latest check-ins follow. Null when a change names someone the door
 * does not list (registered since it was read): only a read of the list can show them.
 */
export function withCheckIns(door: Door, changes: CheckInChange[]): Door | null {
  const listed = new Set(door.guests.map((g) => g.userId));
  if (changes.some((c) => !listed.has(c.userId))) return null;
  const byId = new Map(changes.map((c) => [c.userId, c]));
  const guests = door.guests.map((g) => {
    const c = byId.get(g.userId);
    return c ? { ...g, checkedIn: c.checkedInAt !== null, checkedInAt: c.checkedInAt, method: c.method } : g;
  });
  return { ...door, ...doorSummary(guests), guests };
}

/**
 * POST /api/events/{id}/door/scan: the text the camera read (the QR's `SFTICKET:CODE`) or a typed
 * code, and which of the two it was. Without `method` (a desk from before issue 22, or a scan it
 * queued offline) the server goes by the text: the QR's prefix means the camera, a bare code was typed.
 */
export const scanBody = z.object({
  code: storedText({ error: 'Scan a ticket or type its code' }).trim().min(1, 'Scan a ticket or type its code').max(200, 'That is not a ticket code'),
  method: z.enum(SCAN_METHODS, { error: "Method must be 'scan' or 'code'" }).optional(),
});

/** POST /api/events/{id}/door/check-in: the host found the guest by search. */
export const doorCheckInBody = z.object({ userId: idField() });

/** A check-in at the door: done now, or it already was (scanning twice is harmless). */
export const doorCheckInResult = z.object({
  outcome: z.enum(['checked_in', 'already_checked_in']),
  guest: doorGuestSchema,
  counts: doorCountsSchema,
});
export type DoorCheckInResult = z.infer<typeof doorCheckInResult>;

/** DELETE /api/events/{id}/door/check-in/{userId}: a mistaken check-in undone. */
export const doorUndoResult = z.object({ guest: doorGuestSchema, counts: doorCountsSchema });
export type DoorUndoResult = z.infer<typeof doorUndoResult>;

/** POST /api/events/{id}/reminders: e-mail and in-app message to the registered guests not yet checked in. */
export const remindersResult = z.object({ sent: z.number() });

// ---- the door offline (docs/decisions/0052-the-door-offline.md) ----

/** How a desk checks a guest in, online or offline: their ticket scanned, its code typed, or found by name. */
export const DOOR_DESK_METHODS = ['scan', 'code', 'search'] as const satisfies readonly CheckInMethod[];

export type DoorDeskMethod = (typeof DOOR_DESK_METHODS)[number];

/** /api/events/{id}/door/desks/{deskId}: a desk is a device running the door, named by a UUID it makes once. */
export const deskParams = z.object({ id: idParam, deskId: z.uuid({ error: 'A desk id is a UUID' }) });

/** One guest in the desk's offline pack: what a scan needs to recognise them, and no ticket code. */
export const doorPackGuestSchema = z.object({
  userId: z.number(),
  name: z.string(),
  /** SHA-256 (hex) of ticketHashInput(eventId, code) (@shared/domain/door). */
  codeHash: z.string(),
  /** SHA-256 (hex) of looseTicketHashInput(eventId, code): a typed code with its case wrong. */
  looseHash: z.string(),
  checkedIn: z.boolean(),
  checkedInAt: z.string().nullable(),
  method: z.enum(CHECK_IN_METHODS).nullable(),
  /** The key of the offline check-in that stands (null for one made online): a desk sees whether its own still does. */
  checkInKey: z.string().nullable(),
  /** As DoorGuest's: the desk shows it offline too. */
  accessNeeds: z.string().nullable(),
});
export type DoorPackGuest = z.infer<typeof doorPackGuestSchema>;

/** PUT /api/events/{id}/door/desks/{deskId}: the desk's offline pack (hosts of the event only). */
export const doorPackSchema = z.object({
  eventId: z.number(),
  deskId: z.string(),
  /** When this desk first loaded the list: an offline check-in cannot count from before. */
  deskSince: z.string(),
  /** Until when a desk that was offline may still send its check-ins (some hours after the end). */
  syncUntil: z.string(),
  event: z.object({ title: z.string(), venue: z.string(), startsAt: z.string(), endsAt: z.string() }),
  guests: z.array(doorPackGuestSchema),
});
export type DoorPack = z.infer<typeof doorPackSchema>;

/** One check-in the desk made offline: its idempotency key, who, how and when (the desk's clock). */
export const doorSyncItem = z.object({
  key: z.uuid({ error: 'Each check-in needs a UUID key' }),
  userId: idField(),
  method: z.enum(DOOR_DESK_METHODS, { error: 'A desk checks in by scan, code or search' }),
  at: z.iso.datetime({ offset: true, error: 'When the check-in happened, as an ISO date and time' }),
});
export type DoorSyncItem = z.infer<typeof doorSyncItem>;

/** POST /api/events/{id}/door/desks/{deskId}/sync: what the desk checked in while offline. */
export const doorSyncBody = z.object({
  items: z
    .array(doorSyncItem)
    .min(1, 'Nothing to send')
    .max(DOOR_SYNC_MAX_ITEMS, `At most ${DOOR_SYNC_MAX_ITEMS} check-ins at once`)
    .refine((items) => new Set(items.map((i) => i.key)).size === items.length, 'Each check-in is sent once (keys repeat)'),
});

/**
 * What became of one offline check-in: it stands ('checked_in', at `checkedInAt`), the guest was
 * already in earlier ('already_checked_in', since `checkedInAt`, by this desk, another, or on their
 * own phone), or it could not count ('refused', `message` says why).
 */
export const doorSyncOutcome = z.object({
  key: z.string(),
  userId: z.number(),
  outcome: z.enum(['checked_in', 'already_checked_in', 'refused']),
  checkedInAt: z.string().nullable(),
  by: z.enum(['this_desk', 'other_desk', 'guest']).nullable(),
  message: z.string().nullable(),
});
export type DoorSyncOutcome = z.infer<typeof doorSyncOutcome>;

export const doorSyncResult = z.object({ results: z.array(doorSyncOutcome), counts: doorCountsSchema });
export type DoorSyncResult = z.infer<typeof doorSyncResult>;
