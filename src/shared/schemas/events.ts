import { z } from 'zod';
import { ROUND_DURATION_SECONDS } from '../domain/constants';
import { TIME_RE, toLondonDay } from '../domain/time';
import { idField, isCalendarDay, storedText } from './common';
import { venueAccessSchema } from './venue-access';

export const EVENT_STATUSES = ['upcoming', 'completed'] as const;

/** Round durations the host may choose (seconds): 5, 7, 10, 15, 30 minutes, 1 hour, 1.5 hours. */
export const ROUND_DURATIONS = [300, 420, 600, 900, 1800, 3600, 5400] as const;

export const eventSchema = z.object({
  id: z.number(),
  title: z.string(),
  description: z.string().nullable(),
  date: z.string(),
  endsAt: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  venue: z.string(),
  venueId: z.number().nullable(),
  price: z.number(),
  status: z.enum(EVENT_STATUSES),
  maxParticipants: z.number(),
  participantCount: z.number(),
  /** Seats left for sale right now (registrations and unexpired payment holds count). */
  spotsLeft: z.number(),
  /** Of the seats not for sale, those held for the first in line on the waitlist (offered, not yet booked). */
  seatsHeldForWaitlist: z.number(),
  ageRangeMin: z.number(),
  ageRangeMax: z.number(),
  roundDuration: z.number(),
  /**
   * What the price includes, in the host's words; null when the host said nothing (then nothing is
   * promised). Absent from answers a phone kept from before hosts could say it (docs/decisions/0065).
   */
  priceIncludes: z.string().nullable().optional(),
  /** The host's user id: for signed-in members only; a visitor gets what the public page shows, no user id (issue 33). */
  hostId: z.number().nullable().optional(),
});
export type Event = z.infer<typeof eventSchema>;

/** GET /api/events and GET /api/events/upcoming: evenings, soonest first. */
export const eventListSchema = z.array(eventSchema);

/** The viewer's place on a full evening's waitlist: in line, or offered a seat held until `offerExpiresAt`. */
export const myWaitlistPlace = z.discriminatedUnion('status', [
  z.object({ status: z.literal('waiting'), position: z.number(), joinedAt: z.string() }),
  z.object({ status: z.literal('offered'), offerExpiresAt: z.string(), joinedAt: z.string() }),
]);
export type MyWaitlistPlace = z.infer<typeof myWaitlistPlace>;

/** Where an evening's venue is: its street address and, when known, its entrance's coordinates (for the map link). */
export const venuePlaceSchema = z.object({
  address: z.string(),
  city: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
});
export type VenuePlace = z.infer<typeof venuePlaceSchema>;

/** An event as the viewer sees it: whether they are registered, checked in, or host it. */
export const eventDetailSchema = eventSchema.extend({
  /** The venue's street address and map position; null when the evening has no venue row any more. */
  venuePlace: venuePlaceSchema.nullable().optional(),
  /** How to get into the venue, as its host told it (docs/decisions/0077-venues-say-how-to-get-in.md); null without a venue row. */
  venueAccess: venueAccessSchema.nullable().optional(),
  viewer: z.object({
    registered: z.boolean(),
    checkedIn: z.boolean(),
    /** When the viewer was checked in (ISO instant), once they are. */
    checkedInAt: z.string().nullable(),
    isHost: z.boolean(),
    /** When the viewer may check themself in (60 minutes before the start). */
    selfCheckInOpensAt: z.string(),
    /** Cancelling now refunds in full (24 hours or more before the start). */
    refundable: z.boolean(),
    paid: z.boolean(),
    /** The viewer's own ticket code (shown as the ticket's QR code at the door), when registered. */
    ticketCode: z.string().nullable(),
    /** The viewer's place on this evening's waitlist: waiting (with their position) or offered a held seat. */
    waitlist: myWaitlistPlace.nullable(),
    /**
     * Whether the viewer's age (from their profile) is in the evening's age range: false means they
     * cannot book it; null for a visitor, whose age is not known (absent from answers kept from before it).
     */
    inAgeRange: z.boolean().nullable().optional(),
  }),
});
export type EventDetail = z.infer<typeof eventDetailSchema>;

/** GET /api/users/{id}/events: the member's registrations with their events. */
export const userEventSchema = eventSchema.extend({ checkedIn: z.boolean(), registeredAt: z.string() });
export type UserEvent = z.infer<typeof userEventSchema>;

export const participantSchema = z.object({
  id: z.number(),
  userId: z.number(),
  user: z.object({
    name: z.string(),
    age: z.number(),
    bio: z.string().nullable(),
    interests: z.array(z.string()),
    profileImage: z.string().nullable(),
  }),
  checkedIn: z.boolean(),
});
export type Participant = z.infer<typeof participantSchema>;

/**
 * One guest's badge on /badges (docs/spec/organiser-tools.md §2.8, §3 "Badge participant"): what
 * guests of the evening already see of each other, plus the personality traits the registration
 * wizard saved (0-10 each, as stored; null when that trait was never given). Never e-mail or phone.
 */
export const badgeSchema = participantSchema.extend({
  personality: z
    .object({ creative: z.number().nullable(), adventurous: z.number().nullable(), social: z.number().nullable(), analytical: z.number().nullable() })
    .nullable(),
});
export type Badge = z.infer<typeof badgeSchema>;

/** GET /api/events/{id}/badges: the other guests' badges and the viewer's own interests (for ice breakers). */
export const badgesResponse = z.object({
  viewer: z.object({ userId: z.number(), isGuest: z.boolean(), isHost: z.boolean(), interests: z.array(z.string()) }),
  badges: z.array(badgeSchema),
});
export type BadgesResponse = z.infer<typeof badgesResponse>;

/** The longest 'What the price includes' a host may write: a line or two on the booking card. */
export const PRICE_INCLUDES_MAX = 200;

/** 'What the price includes' as a form types it: the host's words; empty text means nothing is promised. */
export const priceIncludesInput = storedText().trim().max(PRICE_INCLUDES_MAX, `What the price includes must be at most ${PRICE_INCLUDES_MAX} characters`);
const priceIncludesText = priceIncludesInput.nullable();
const priceIncludesField = priceIncludesText.optional().transform((v) => v || null);

const nonNegInt = (msg: string) => z.number({ error: msg }).int(msg);

/** The London day of an event's `date` is a real calendar day with a 4-digit year. */
function isEventDay(s: string) {
  const day = toLondonDay(s);
  return day !== null && isCalendarDay(day);
}

/** POST /api/events: the create-event payload (docs/spec/organiser-tools.md §3, rules §5 and defaults §9). */
export const createEventBody = z
  .object({
    title: storedText({ error: 'Event title is required' }).trim().min(1, 'Event title is required').max(120, 'Title must be at most 120 characters'),
    description: storedText()
      .trim()
      .max(2000, 'Description must be at most 2000 characters')
      .nullable()
      .optional()
      .transform((v) => v || null),
    // A real calendar day with a 4-digit year (YYYY-MM-DD, or an instant read as its London day).
    date: storedText({ error: 'Event date is required' })
      .min(1, 'Event date is required')
      .max(40, 'Event date is required')
      // The spec's message for a date that is not a day (docs/spec/organiser-tools.md §5).
      .refine((s) => isEventDay(s), 'Please select a date'),
    startTime: z.string({ error: 'Start time is required' }).regex(TIME_RE, 'Start time is required'),
    endTime: z.string({ error: 'End time is required' }).regex(TIME_RE, 'End time is required'),
    venueId: idField('Venue name is required'),
    ageRangeMin: nonNegInt('Minimum age must be at least 18').min(18, 'Minimum age must be at least 18').max(65, 'Maximum age cannot exceed 65'),
    ageRangeMax: nonNegInt('Maximum age cannot exceed 65').min(18, 'Minimum age must be at least 18').max(65, 'Maximum age cannot exceed 65'),
    maxParticipants: nonNegInt('Must allow at least 6 participants').min(6, 'Must allow at least 6 participants').max(100, 'Cannot exceed 100 participants'),
    status: z.literal('upcoming', { error: 'A new event is always upcoming' }).optional().default('upcoming'),
    roundDuration: z
      .number()
      .refine((v) => (ROUND_DURATIONS as readonly number[]).includes(v), 'Round duration must be 5, 7, 10, 15 or 30 minutes, 1 hour or 1.5 hours')
      .optional()
      .default(ROUND_DURATION_SECONDS),
    price: nonNegInt('Price cannot be negative').min(0, 'Price cannot be negative').max(100_000, 'Price must be at most £1000'),
    hostId: idField().optional().nullable(),
    priceIncludes: priceIncludesField,
  })
  .refine((e) => e.ageRangeMin <= e.ageRangeMax, { path: ['ageRangeMax'], message: 'Maximum age must be at least the minimum age' })
  .refine((e) => e.endTime > e.startTime, { path: ['endTime'], message: 'End time must be after the start time' });
export type CreateEventBody = z.input<typeof createEventBody>;

/** PATCH /api/events/{id}: what the host of an evening may change once it is on sale. */
export const updateEventBody = z.object({ priceIncludes: priceIncludesText.transform((v) => v || null) }).strict();
export type UpdateEventBody = z.input<typeof updateEventBody>;
