import { z } from 'zod';
import { ROUND_DURATION_SECONDS } from '../domain/constants';
import { TIME_RE, toLondonDay } from '../domain/time';
import { dayField, idField, isCalendarDay, storedText } from './common';
import { emailField } from './users';

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
  hostId: z.number().nullable(),
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
/** DELETE /api/events/{id}/waitlist's answer. */
export const waitlistLeft = z.object({ left: z.literal(true) });

/** An event as the viewer sees it: whether they are registered, checked in, or host it. */
export const eventDetailSchema = eventSchema.extend({
  viewer: z.object({
    registered: z.boolean(),
    checkedIn: z.boolean(),
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
    description: storedText().trim().max(2000, 'Description must be at most 2000 characters').nullable().optional().transform((v) => v || null),
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
  })
  .refine((e) => e.ageRangeMin <= e.ageRangeMax, { path: ['ageRangeMax'], message: 'Maximum age must be at least the minimum age' })
  .refine((e) => e.endTime > e.startTime, { path: ['endTime'], message: 'End time must be after the start time' });
export type CreateEventBody = z.input<typeof createEventBody>;

export const AMENITIES = ['wifi', 'coffee', 'parking', 'music', 'bar', 'catering', 'outdoor'] as const;

/** A venue's fields, without defaults (PATCH must not reset what it does not mention). */
const venueFields = {
  name: storedText({ error: 'Venue name is required' }).trim().min(1, 'Venue name is required').max(120, 'Venue name must be at most 120 characters'),
  address: storedText().trim().max(200, 'Address must be at most 200 characters'),
  city: storedText({ error: 'City is required' }).trim().min(1, 'City is required').max(80, 'City must be at most 80 characters'),
  capacity: z.number({ error: 'Capacity must be a number' }).int('Capacity must be a whole number').min(1, 'Capacity must be at least 1').max(2000, 'Capacity must be at most 2000'),
  amenities: z.array(z.enum(AMENITIES, { error: 'Unknown amenity' })).max(AMENITIES.length).transform((a) => [...new Set(a)]),
  contactInfo: storedText().trim().max(120, 'Contact must be at most 120 characters').nullable().optional().transform((v) => v || null),
  pricePerHour: z.number({ error: 'Price per hour must be a number' }).int('Price per hour must be whole pence').min(0, 'Price per hour cannot be negative').max(10_000_000),
  isActive: z.boolean(),
  latitude: z.number().min(-90).max(90).nullable().optional(),
  longitude: z.number().min(-180).max(180).nullable().optional(),
};

/** POST /api/venues. */
export const venueBody = z.object({
  ...venueFields,
  address: venueFields.address.optional().default(''),
  capacity: venueFields.capacity.optional().default(40),
  amenities: venueFields.amenities.optional().default([]),
  pricePerHour: venueFields.pricePerHour.optional().default(5000),
  isActive: venueFields.isActive.optional().default(true),
});
export type VenueBody = z.input<typeof venueBody>;
/** PATCH /api/venues/{id}: only the fields sent change. */
export const venuePatchBody = z.object(venueFields).partial();

export const venueSchema = z.object({
  id: z.number(),
  name: z.string(),
  address: z.string(),
  city: z.string(),
  capacity: z.number(),
  amenities: z.array(z.string()),
  contactInfo: z.string().nullable(),
  pricePerHour: z.number(),
  isActive: z.boolean(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  activeEventCount: z.number(),
  nextEvent: z.string(),
  calendarUrl: z.string(),
  /** Whether the viewer may edit the venue, its slots and blocks (its owner, co-hosts, admins). */
  canEdit: z.boolean(),
  /** The viewer may add and remove co-hosts (the owner and admins). */
  canManageHosts: z.boolean(),
});
export type Venue = z.infer<typeof venueSchema>;

/** POST /api/venues/{id}/hosts: the owner adds a host as a co-host, by e-mail. */
export const venueHostBody = z.object({
  email: emailField,
});
export const venueHostSchema = z.object({ id: z.number(), name: z.string(), email: z.string() });
export type VenueHost = z.infer<typeof venueHostSchema>;

export const BLOCK_REASONS = ['maintenance', 'private_event', 'staff_training', 'holiday', 'other'] as const;

export const slotBody = z
  .object({
    day: dayField('Pick a day'),
    startTime: z.string().regex(TIME_RE, 'Start time is required'),
    endTime: z.string().regex(TIME_RE, 'End time is required'),
    kind: z.enum(['available', 'blocked']),
    maxCapacity: z.number({ error: 'Capacity must be a number' }).int().min(1, 'Capacity must be between 1 and 100').max(100, 'Capacity must be between 1 and 100').optional().default(45),
    reason: z.enum(BLOCK_REASONS).optional().nullable(),
    notes: storedText().trim().max(300).optional().nullable(),
  })
  .refine((s) => s.endTime > s.startTime, { path: ['endTime'], message: 'End time must be after the start time' })
  .refine((s) => s.kind === 'available' || !!s.reason, { path: ['reason'], message: 'Choose a reason for the block' });
export type SlotBody = z.input<typeof slotBody>;

export const slotSchema = z.object({
  id: z.number(),
  venueId: z.number(),
  day: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  kind: z.enum(['available', 'blocked', 'booked']),
  maxCapacity: z.number().nullable(),
  reason: z.string().nullable(),
  notes: z.string().nullable(),
  eventId: z.number().nullable(),
  eventTitle: z.string().nullable(),
  registrations: z.number().nullable(),
});
export type Slot = z.infer<typeof slotSchema>;

/* ---- registration, payment, check-in ---- */

export const registerBody = z.object({
  userId: idField('userId is required'),
  consentToShare: z.boolean().optional().default(true),
  paymentIntentId: storedText().max(200).optional(),
});

export const checkinBody = z.object({ userId: idField('userId is required') });

export const paymentIntentBody = z.object({
  eventId: idField('eventId is required'),
  userId: idField('userId is required'),
  /** Ignored: the server takes the amount from the event. */
  amount: z.number().optional(),
});

export const paymentIntentResponse = z.object({
  clientSecret: z.string(),
  paymentIntentId: z.string(),
  amount: z.number(),
  currency: z.string(),
  holdExpiresAt: z.string(),
  provider: z.enum(['test', 'stripe']),
  publishableKey: z.string().optional(),
});
export type PaymentIntentResponse = z.infer<typeof paymentIntentResponse>;
export type PaymentIntentBody = z.input<typeof paymentIntentBody>;

export const testConfirmBody = z.object({
  clientSecret: storedText().min(1).max(200),
  cardNumber: storedText().max(30),
  expMonth: z.number().int(),
  expYear: z.number().int(),
  cvc: storedText().max(10),
});
export type TestConfirmBody = z.input<typeof testConfirmBody>;

export const registrationSchema = z.object({
  id: z.number(),
  eventId: z.number(),
  userId: z.number(),
  checkedIn: z.boolean(),
  ticketCode: z.string(),
  createdAt: z.string(),
});
export type Registration = z.infer<typeof registrationSchema>;

export const cancelResponse = z.object({
  refunded: z.boolean(),
  amountRefunded: z.number(),
  message: z.string(),
});
export type CancelResponse = z.infer<typeof cancelResponse>;

/** What settling a succeeded payment did: registered the member, found it done already, refunded it, or knew nothing of it. */
export const SETTLE_OUTCOMES = ['unknown', 'done', 'mismatch', 'refund', 'registered'] as const;

/** POST /api/payments/test/confirm: the built-in test provider's card step succeeded. */
export const testConfirmResponse = z.object({
  status: z.literal('succeeded'),
  paymentIntentId: z.string(),
  outcome: z.enum(SETTLE_OUTCOMES),
});
export type TestConfirmResponse = z.infer<typeof testConfirmResponse>;

/** POST /api/webhooks/stripe: the event was received. */
export const webhookAck = z.object({ received: z.literal(true) });
export type WebhookAck = z.infer<typeof webhookAck>;

/* ---------------------------------------------------------------- event waitlist (docs/decisions/0016) */


/** GET /api/events/{id}/waitlist (the host of the event and admins): the line, first first. */
export const waitlistEntrySchema = z.object({
  userId: z.number(),
  name: z.string(),
  status: z.enum(['waiting', 'offered']),
  /** 1 for the first still waiting; null for someone holding an offer. */
  position: z.number().nullable(),
  joinedAt: z.string(),
  offerExpiresAt: z.string().nullable(),
});
export type WaitlistEntry = z.infer<typeof waitlistEntrySchema>;
export const hostWaitlistSchema = z.object({
  entries: z.array(waitlistEntrySchema),
  /** Offers that ran out unused and people who left, for the host's picture of demand. */
  expiredOffers: z.number(),
  left: z.number(),
});
export type HostWaitlist = z.infer<typeof hostWaitlistSchema>;
