import { z } from 'zod';

/**
 * Match preview (docs/spec/organiser-tools.md §2.25, §3 "Match profile (preview)", §9 "Matching"):
 * before an evening, a guest sees how compatible they are with the other guests. Guests of the
 * evening only; another guest is shown by first name, age, traits and interests (docs/product.md,
 * "Personal data"), never e-mail, phone or surname. A member may opt out of appearing in others' previews.
 */

/** The four matching traits, 0-100 each (the stored 0-10 times 10); null for a trait not given. */
export const previewPersonality = z.object({
  creative: z.number().int().min(0).max(100).nullable(),
  adventurous: z.number().int().min(0).max(100).nullable(),
  social: z.number().int().min(0).max(100).nullable(),
  analytical: z.number().int().min(0).max(100).nullable(),
});
export type PreviewPersonality = z.infer<typeof previewPersonality>;

/** §3 Match profile (preview). `id` is the member's user id. */
export const previewProfile = z.object({
  id: z.number().int(),
  firstName: z.string(),
  age: z.number().int(),
  /** Null when they have not answered the personality questions. */
  personality: previewPersonality.nullable(),
  /** Up to 3: interests shared with the viewer first. */
  topInterests: z.array(z.string()).max(3),
  compatibilityScore: z.number().int().min(0).max(100),
  sharedInterests: z.array(z.string()),
  personalityInsight: z.string(),
  connectionPotential: z.enum(['high', 'good']),
});
export type PreviewProfile = z.infer<typeof previewProfile>;

export const previewVenue = z.object({
  name: z.string(),
  address: z.string(),
  city: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  /** A plain map link (OpenStreetMap directions to the venue, or a search for its address). */
  directionsUrl: z.string(),
});

/** GET /api/events/{id}/preview. */
export const previewResponse = z.object({
  event: z.object({
    id: z.number().int(),
    title: z.string(),
    /** ISO instants. */
    date: z.string(),
    endsAt: z.string(),
    startTime: z.string(),
    endTime: z.string(),
    /** The evening is over: the preview still shows, and says so. */
    hasEnded: z.boolean(),
    /** "Add to calendar": the evening's .ics download. */
    calendarUrl: z.string(),
  }),
  venue: previewVenue,
  viewer: z.object({
    /** The viewer's own traits (0-100), or null: complete /register to add them. */
    personality: previewPersonality.nullable(),
    interests: z.array(z.string()),
    /** False when the viewer opted out: others don't see them in their previews. */
    visible: z.boolean(),
  }),
  /** Registered guests of the evening (everyone, the viewer included). */
  expectedGuests: z.number().int().min(0),
  /** The mean compatibility with the guests in the preview; null when there is nobody to preview. */
  averageCompatibility: z.number().int().min(0).max(100).nullable(),
  /** Guests scoring 75 or more (§9). */
  highMatches: z.number().int().min(0),
  /** Each interest of the viewer that other guests share, with how many share it (most first). */
  sharedInterestTotals: z.array(z.object({ interest: z.string(), count: z.number().int().min(1) })),
  /** Every other guest in the preview, best match first; the screen shows the first PREVIEW_SIZE. */
  profiles: z.array(previewProfile),
  conversationStarters: z.array(z.string()),
  tips: z.array(z.string()),
});
export type PreviewResponse = z.infer<typeof previewResponse>;

/** GET/PUT /api/me/preview-visibility: whether the member appears in other guests' previews. */
export const previewVisibility = z.strictObject({ visible: z.boolean({ error: 'visible must be true or false' }) });
export type PreviewVisibility = z.infer<typeof previewVisibility>;

/** POST /api/events/{id}/reminder: the reminder e-mail went to the guest's own address. */
export const previewReminderResponse = z.object({ message: z.string(), sentTo: z.string() });
export type PreviewReminderResponse = z.infer<typeof previewReminderResponse>;

/** A map link for the venue: OpenStreetMap directions to its coordinates, else a search for its address. */
export function directionsUrl(v: { latitude: number | null; longitude: number | null; name: string; address: string; city: string | null }): string {
  if (v.latitude !== null && v.longitude !== null) return `https://www.openstreetmap.org/directions?to=${v.latitude},${v.longitude}`;
  const q = [v.name, v.address, v.city].filter((s) => s && s.trim()).join(', ');
  return `https://www.openstreetmap.org/search?query=${encodeURIComponent(q)}`;
}
