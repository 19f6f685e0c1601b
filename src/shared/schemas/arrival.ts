/**
 * The guest's arrival (/arrival, docs/spec/organiser-tools.md §2.20-2.21): where they say they are
 * and "Yes, Check Me In". Request bodies and answers, shared by server routes and client forms.
 */
import { z } from 'zod';

const latitude = z
  .number({ error: 'Latitude must be a number' })
  .min(-90, 'Latitude must be between -90 and 90')
  .max(90, 'Latitude must be between -90 and 90');
const longitude = z
  .number({ error: 'Longitude must be a number' })
  .min(-180, 'Longitude must be between -180 and 180')
  .max(180, 'Longitude must be between -180 and 180');
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
