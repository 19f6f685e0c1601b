import { z } from 'zod';
import { venueAccessSchema } from './venue-access';

/**
 * Where an evening stands for someone who is not signed in: open for booking, full (the waitlist
 * is open), started (doors closed, no booking), ended (completed or past its end).
 */
export const PUBLIC_EVENING_STATES = ['open', 'full', 'started', 'ended'] as const;
export type PublicEveningState = (typeof PUBLIC_EVENING_STATES)[number];

/**
 * GET /api/events/{id}/public: what anyone may know about an evening, without an account
 * (docs/decisions/0045). Everything here is printed on the flyer or the venue's door anyway; no
 * guest, no rating, no host tool, no e-mail, no user id.
 */
export const publicEveningSchema = z.object({
  id: z.number(),
  title: z.string(),
  description: z.string().nullable(),
  /** Start and end as instants (ISO, UTC). */
  date: z.string(),
  endsAt: z.string(),
  /** London wall-clock times, 'HH:MM'. */
  startTime: z.string(),
  endTime: z.string(),
  /** Pence; 0 is free. */
  price: z.number(),
  state: z.enum(PUBLIC_EVENING_STATES),
  spotsLeft: z.number(),
  maxParticipants: z.number(),
  ageRangeMin: z.number(),
  ageRangeMax: z.number(),
  roundDuration: z.number(),
  /** What the price includes, in the host's words; null when the host said nothing (then nothing is promised). */
  priceIncludes: z.string().nullable().optional(),
  venue: z.object({
    name: z.string(),
    address: z.string(),
    city: z.string().nullable(),
    latitude: z.number().nullable(),
    longitude: z.number().nullable(),
    /** How to get in, as its host told it (docs/decisions/0077); null when the evening has no venue row. */
    access: venueAccessSchema.nullable().optional(),
  }),
  /** The host's first name only ('Hosted by Hannah'). */
  hostFirstName: z.string().nullable(),
  /**
   * What the host's own profile shows others (first name above, a short bio, the photo), and the
   * host's other evenings open to visitors. No surname, age, e-mail or user id.
   */
  host: z.object({
    bio: z.string().nullable(),
    image: z.string().nullable(),
    moreEvenings: z.array(z.object({ id: z.number(), title: z.string(), date: z.string() })),
  }),
  /** How many have a place (registrations): a number, never who. */
  going: z.number(),
  /** The public page's address and its link-preview image (absolute, from PUBLIC_URL). */
  url: z.string(),
  image: z.string(),
});
export type PublicEvening = z.infer<typeof publicEveningSchema>;

/** GET /api/events/{id}/card.png: the link-preview card's bytes (1200x630 PNG). */
export const cardPng = z.custom<Uint8Array<ArrayBufferLike>>((v) => v instanceof Uint8Array, 'Expected PNG bytes').describe('image/png');

/** 304 Not Modified: no body. */
export const notModified = z.undefined();

/** /robots.txt and /sitemap.xml: text the server writes. */
export const textFile = z.string();
