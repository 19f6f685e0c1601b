/**
 * The door: the host's check-in desk (/check-in, docs/spec/organiser-tools.md §2.19) and the guest's
 * arrival (/arrival, §2.20-2.21). Request bodies and answers, shared by server routes and client forms.
 */
import { z } from 'zod';
import { idField, storedText } from './common';

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

/** One guest at the door, as the host sees them (no e-mail or phone: those are only in the attendance export). */
export const doorGuestSchema = z.object({
  userId: z.number(),
  name: z.string(),
  ticketCode: z.string(),
  checkedIn: z.boolean(),
  checkedInAt: z.string().nullable(),
  method: z.enum(CHECK_IN_METHODS).nullable(),
});
export type DoorGuest = z.infer<typeof doorGuestSchema>;

export const doorCountsSchema = z.object({ registered: z.number(), checkedIn: z.number(), toCome: z.number() });
export type DoorCounts = z.infer<typeof doorCountsSchema>;

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
 * POST /api/events/{id}/door/scan: the text the camera read (the QR's `SFTICKET:CODE`) or a typed
 * code, and which of the two it was. Without `method` (a desk from before issue 22, or a scan it
 * queued offline) the server goes by the text: the QR's prefix means the camera, a bare code was typed.
 */
export const scanBody = z.object({
  code: storedText({ error: 'Scan a ticket or type its code' }).trim().min(1, 'Scan a ticket or type its code').max(200, 'That is not a ticket code'),
  method: z.enum(SCAN_METHODS, { error: "Method must be 'scan' or 'code'" }).optional(),
});
export type ScanBody = z.input<typeof scanBody>;

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
export type RemindersResult = z.infer<typeof remindersResult>;

// ---- /arrival ----

const latitude = z.number({ error: 'Latitude must be a number' }).min(-90, 'Latitude must be between -90 and 90').max(90, 'Latitude must be between -90 and 90');
const longitude = z.number({ error: 'Longitude must be a number' }).min(-180, 'Longitude must be between -180 and 180').max(180, 'Longitude must be between -180 and 180');
const accuracy = z.number({ error: 'Accuracy must be a number' }).min(0, 'Accuracy cannot be negative').max(100_000, 'Accuracy must be at most 100 km');

export const positionSchema = z.object({ latitude, longitude, accuracy });
export type Position = z.infer<typeof positionSchema>;

/** POST /api/events/{id}/arrival: the guest's location permission and, when granted, where they are. */
export const arrivalReportBody = z.discriminatedUnion('permission', [
  z.object({ permission: z.literal('granted'), position: positionSchema }),
  z.object({ permission: z.literal('denied') }),
]);
export type ArrivalReportBody = z.infer<typeof arrivalReportBody>;

/** POST /api/events/{id}/arrival/check-in: "Yes, Check Me In", with the position that puts the guest at the door (if any). */
export const arrivalCheckInBody = z.object({ position: positionSchema.optional() });
export type ArrivalCheckInBody = z.infer<typeof arrivalCheckInBody>;

/** GET /api/events/{id}/arrival (and the answer to a report): what /arrival shows. */
export const arrivalSchema = z.object({
  event: z.object({
    id: z.number(),
    title: z.string(),
    date: z.string(),
    startTime: z.string(),
    endTime: z.string(),
    /** When the evening ends: check-in closes then. */
    endsAt: z.string(),
    /** Guests expected (registered). */
    expected: z.number(),
  }),
  venue: z.object({
    name: z.string(),
    address: z.string(),
    city: z.string().nullable(),
    latitude: z.number().nullable(),
    longitude: z.number().nullable(),
  }),
  checkedIn: z.boolean(),
  checkedInAt: z.string().nullable(),
  /** From when the guest may check in wherever they are (60 minutes before the start). */
  selfCheckInOpensAt: z.string(),
  ticketCode: z.string(),
  /** The last report: null before any. */
  last: z
    .object({
      permission: z.enum(['granted', 'denied']),
      distanceM: z.number().nullable(),
      atVenue: z.boolean(),
      updatedAt: z.string(),
    })
    .nullable(),
});
export type Arrival = z.infer<typeof arrivalSchema>;
