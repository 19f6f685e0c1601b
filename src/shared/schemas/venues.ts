import { z } from 'zod';
import { TIME_RE } from '../domain/time';
import { dayField, storedText } from './common';
import { emailField } from './users';
import { venueAccessInput, venueAccessSchema } from './venue-access';

export const AMENITIES = ['wifi', 'coffee', 'parking', 'music', 'bar', 'catering', 'outdoor'] as const;

/** A venue's fields, without defaults (PATCH must not reset what it does not mention). */
const venueFields = {
  name: storedText({ error: 'Venue name is required' }).trim().min(1, 'Venue name is required').max(120, 'Venue name must be at most 120 characters'),
  address: storedText().trim().max(200, 'Address must be at most 200 characters'),
  city: storedText({ error: 'City is required' }).trim().min(1, 'City is required').max(80, 'City must be at most 80 characters'),
  capacity: z
    .number({ error: 'Capacity must be a number' })
    .int('Capacity must be a whole number')
    .min(1, 'Capacity must be at least 1')
    .max(2000, 'Capacity must be at most 2000'),
  amenities: z
    .array(z.enum(AMENITIES, { error: 'Unknown amenity' }))
    .max(AMENITIES.length)
    .transform((a) => [...new Set(a)]),
  contactInfo: storedText()
    .trim()
    .max(120, 'Contact must be at most 120 characters')
    .nullable()
    .optional()
    .transform((v) => v || null),
  pricePerHour: z
    .number({ error: 'Price per hour must be a number' })
    .int('Price per hour must be whole pence')
    .min(0, 'Price per hour cannot be negative')
    .max(10_000_000),
  isActive: z.boolean(),
  latitude: z.number().min(-90).max(90).nullable().optional(),
  longitude: z.number().min(-180).max(180).nullable().optional(),
  /** How to get in (docs/decisions/0077-venues-say-how-to-get-in.md): the whole set, replaced at once. */
  access: venueAccessInput,
};

/** POST /api/venues. */
export const venueBody = z.object({
  ...venueFields,
  address: venueFields.address.optional().default(''),
  capacity: venueFields.capacity.optional().default(40),
  amenities: venueFields.amenities.optional().default([]),
  pricePerHour: venueFields.pricePerHour.optional().default(5000),
  isActive: venueFields.isActive.optional().default(true),
  access: venueFields.access.optional(),
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
  /** How to get in: each fact null until told. */
  access: venueAccessSchema,
  activeEventCount: z.number(),
  nextEvent: z.string(),
  calendarUrl: z.string(),
  /** Whether the viewer may edit the venue, its slots and blocks (its owner, co-hosts, admins). */
  canEdit: z.boolean(),
  /** The viewer may add and remove co-hosts (the owner and admins). */
  canManageHosts: z.boolean(),
  /** The owner's name (whom to ask to be made a co-host); null when the owner's account is gone. */
  ownerName: z.string().nullable(),
});
export type Venue = z.infer<typeof venueSchema>;

/** POST /api/venues/{id}/hosts: the owner adds a host as a co-host, by e-mail. */
export const venueHostBody = z.object({
  email: emailField,
});

export const venueHostSchema = z.object({ id: z.number(), name: z.string(), email: z.string() });

export const BLOCK_REASONS = ['maintenance', 'private_event', 'staff_training', 'holiday', 'other'] as const;

export const slotBody = z
  .object({
    day: dayField('Pick a day'),
    startTime: z.string().regex(TIME_RE, 'Start time is required'),
    endTime: z.string().regex(TIME_RE, 'End time is required'),
    kind: z.enum(['available', 'blocked']),
    maxCapacity: z
      .number({ error: 'Capacity must be a number' })
      .int()
      .min(1, 'Capacity must be between 1 and 100')
      .max(100, 'Capacity must be between 1 and 100')
      .optional()
      .default(45),
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
