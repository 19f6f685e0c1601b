import { z } from 'zod';
import { ROUND_DURATION_SECONDS } from '../domain/constants';
import { storedText } from './common';
import { createEventBody, priceIncludesInput, type CreateEventBody } from './events';
import { venueBody, type VenueBody } from './venues';

/** Create-event defaults (docs/spec/organiser-tools.md §9). */
export const CREATE_EVENT_DEFAULTS = {
  startTime: '19:00',
  endTime: '22:00',
  ageRangeMin: 25,
  ageRangeMax: 40,
  maxParticipants: 30,
  /** Pounds; sent as pence (× 100, rounded). */
  price: 15,
  roundDuration: ROUND_DURATION_SECONDS,
} as const;

/** A venue typed on the create-event form that is not known yet gets this much room beyond the guests. */
export const NEW_VENUE_EXTRA_CAPACITY = 20;
export const NEW_VENUE_PRICE_PER_HOUR = 5000;

/** Shown when the form is submitted with no day picked (docs/spec/organiser-tools.md §5). */
export const DATE_NOT_PICKED = 'Please select a date';

const e = createEventBody.shape;
const v = venueBody.shape;
const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The create-event form (docs/spec/organiser-tools.md §2.14 and §5): the server's own field schemas and
 * messages, plus the venue fields the form shows and the price in pounds.
 * Number inputs are registered with `valueAsNumber`, so an empty box is NaN and gets the message.
 */
export const createEventForm = z
  .object({
    title: e.title,
    description: storedText().trim().max(2000, 'Description must be at most 2000 characters'),
    venueName: v.name,
    venueAddress: storedText({ error: 'Venue address is required' })
      .trim()
      .min(1, 'Venue address is required')
      .max(200, 'Address must be at most 200 characters'),
    venueCity: v.city,
    /** The picked London day, YYYY-MM-DD, or '' while none is picked. */
    date: z.string({ error: 'Event date is required' }).regex(DAY_RE, 'Event date is required'),
    startTime: e.startTime,
    endTime: e.endTime,
    ageRangeMin: e.ageRangeMin,
    ageRangeMax: e.ageRangeMax,
    maxParticipants: e.maxParticipants,
    /** Pounds. */
    price: z.number({ error: 'Price cannot be negative' }).min(0, 'Price cannot be negative').max(1000, 'Price must be at most £1000'),
    /** What the price includes (optional): '' promises nothing. */
    priceIncludes: priceIncludesInput,
  })
  .refine((f) => f.ageRangeMin <= f.ageRangeMax, { path: ['ageRangeMax'], message: 'Maximum age must be at least the minimum age' })
  .refine((f) => f.endTime > f.startTime, { path: ['endTime'], message: 'End time must be after the start time' });

export type CreateEventFormInput = z.input<typeof createEventForm>;
export type CreateEventFormValues = z.output<typeof createEventForm>;

/** Pounds as typed → whole pence. */
export const poundsToPence = (pounds: number) => Math.round(pounds * 100);

/** The POST /api/events payload for a checked form, its venue and the signed-in host. */
export function toCreateEventPayload(f: CreateEventFormValues, venueId: number, hostId: number): CreateEventBody {
  return {
    title: f.title,
    description: f.description || null,
    date: f.date,
    startTime: f.startTime,
    endTime: f.endTime,
    venueId,
    ageRangeMin: f.ageRangeMin,
    ageRangeMax: f.ageRangeMax,
    maxParticipants: f.maxParticipants,
    status: 'upcoming',
    roundDuration: CREATE_EVENT_DEFAULTS.roundDuration,
    price: poundsToPence(f.price),
    priceIncludes: f.priceIncludes || null,
    hostId,
  };
}

/** The POST /api/venues payload for a venue typed on the form that is not known yet (docs/spec/organiser-tools.md §7, §9). */
export function toNewVenuePayload(f: CreateEventFormValues): VenueBody {
  return {
    name: f.venueName,
    address: f.venueAddress,
    city: f.venueCity,
    capacity: f.maxParticipants + NEW_VENUE_EXTRA_CAPACITY,
    amenities: [],
    contactInfo: null,
    pricePerHour: NEW_VENUE_PRICE_PER_HOUR,
    isActive: true,
  };
}

/** Server field paths of POST /api/events and POST /api/venues → form fields. */
export const SERVER_FIELD_TO_FORM: Record<string, keyof CreateEventFormInput> = {
  title: 'title',
  description: 'description',
  date: 'date',
  startTime: 'startTime',
  endTime: 'endTime',
  venueId: 'venueName',
  ageRangeMin: 'ageRangeMin',
  ageRangeMax: 'ageRangeMax',
  maxParticipants: 'maxParticipants',
  price: 'price',
  priceIncludes: 'priceIncludes',
};
export const VENUE_FIELD_TO_FORM: Record<string, keyof CreateEventFormInput> = {
  name: 'venueName',
  address: 'venueAddress',
  city: 'venueCity',
  capacity: 'maxParticipants',
};
