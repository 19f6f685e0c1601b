import { z } from 'zod';
import { storedText } from './common';

/**
 * How to get into a venue (issue 39, docs/decisions/0077-venues-say-how-to-get-in.md): facts its
 * owner, co-hosts or an admin tell on the venue's card, shown to guests on the evening's pages and
 * in its JSON-LD. Every fact may be "not told yet" (null), which is not the same as "no".
 */

export const STEP_FREE = ['yes', 'with_help', 'no'] as const;
export const SEATING = ['chairs', 'stools', 'standing'] as const;
export const LIGHTING = ['bright', 'soft', 'dim'] as const;
export const NOISE = ['quiet', 'lively', 'loud'] as const;

/** Parking and public transport: a line each. */
export const ACCESS_LINE_MAX = 200;
/** Anything else a guest should know about getting in: a short paragraph. */
export const ACCESS_NOTES_MAX = 500;

/** The facts as stored and answered: every key present, null when not told yet. */
export const venueAccessSchema = z.object({
  stepFree: z.enum(STEP_FREE).nullable(),
  accessibleToilet: z.boolean().nullable(),
  hearingLoop: z.boolean().nullable(),
  quietSpace: z.boolean().nullable(),
  /** One or more, in the order of SEATING. */
  seating: z.array(z.enum(SEATING)).nullable(),
  lighting: z.enum(LIGHTING).nullable(),
  noise: z.enum(NOISE).nullable(),
  parking: z.string().nullable(),
  transport: z.string().nullable(),
  notes: z.string().nullable(),
});
export type VenueAccess = z.infer<typeof venueAccessSchema>;

export const NO_ACCESS_FACTS: VenueAccess = {
  stepFree: null,
  accessibleToilet: null,
  hearingLoop: null,
  quietSpace: null,
  seating: null,
  lighting: null,
  noise: null,
  parking: null,
  transport: null,
  notes: null,
};

const yesNo = (what: string) =>
  z
    .boolean({ error: `${what}: choose yes, no or not told yet` })
    .nullable()
    .optional();
const line = (what: string, max: number) =>
  storedText({ error: `${what} must be text` })
    .trim()
    .max(max, `${what} must be at most ${max} characters`)
    .nullable()
    .optional();

/**
 * PATCH /api/venues/{id} { access }: the whole set of facts, as the form sends it. A fact left out,
 * null, empty text or no seating chosen is "not told yet"; an unknown fact or value is refused.
 */
export const venueAccessInput = z
  .strictObject(
    {
      stepFree: z.enum(STEP_FREE, { error: 'Step-free entrance: choose yes, with help, no or not told yet' }).nullable().optional(),
      accessibleToilet: yesNo('Accessible toilet'),
      hearingLoop: yesNo('Hearing loop'),
      quietSpace: yesNo('Quiet space'),
      seating: z
        .array(z.enum(SEATING, { error: 'Seating: choose chairs, stools or standing' }), { error: 'Seating: choose chairs, stools or standing' })
        .max(SEATING.length, 'Seating: choose chairs, stools or standing')
        .nullable()
        .optional(),
      lighting: z.enum(LIGHTING, { error: 'Lighting: choose bright, soft, dim or not told yet' }).nullable().optional(),
      noise: z.enum(NOISE, { error: 'Noise: choose quiet, lively, loud or not told yet' }).nullable().optional(),
      parking: line('Accessible parking', ACCESS_LINE_MAX),
      transport: line('Public transport', ACCESS_LINE_MAX),
      notes: line('More about getting in', ACCESS_NOTES_MAX),
    },
    { error: (issue) => (issue.code === 'unrecognized_keys' ? `Unknown access fact: ${issue.keys.join(', ')}` : 'Access facts must be an object') },
  )
  .transform((a): VenueAccess => ({
    stepFree: a.stepFree ?? null,
    accessibleToilet: a.accessibleToilet ?? null,
    hearingLoop: a.hearingLoop ?? null,
    quietSpace: a.quietSpace ?? null,
    seating: a.seating?.length ? SEATING.filter((s) => a.seating!.includes(s)) : null,
    lighting: a.lighting ?? null,
    noise: a.noise ?? null,
    parking: a.parking || null,
    transport: a.transport || null,
    notes: a.notes || null,
  }));
export type VenueAccessInput = z.input<typeof venueAccessInput>;
