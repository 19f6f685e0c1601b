import { z } from 'zod';
import { SHARE_ACTIONS, SHARE_PLATFORMS, SHARE_TEMPLATE_KEYS } from '../domain/share-templates';
import { readShareSource, SHARE_SOURCES, type ShareSource } from '../domain/share-sources';
import { idField, idParam } from './common';

/**
 * The share generator (/share, docs/spec/organiser-tools.md §2.1 and §2.29): every Copy and Share
 * is recorded, and hosts and admins read the figures (docs/product.md "Organiser tools are real").
 */

const platformMessage = `Platform must be one of: ${SHARE_PLATFORMS.join(', ')}`;
export const sharePlatform = z.enum(SHARE_PLATFORMS, { error: platformMessage });

const sourceMessage = `Source must be one of: ${SHARE_SOURCES.join(', ')}`;
/** A link's `?source=`: one of ours ('flyer-qr', 'instagram-post'), or a bare platform from an older link, read as its post. */
export const shareSource = z
  .string({ error: sourceMessage })
  .max(40, sourceMessage)
  .transform((v, ctx): ShareSource => {
    const source = readShareSource(v);
    if (source) return source;
    ctx.addIssue({ code: 'custom', message: sourceMessage });
    return z.NEVER;
  });

/**
 * POST /api/share/visits: a browser opened an evening's page through one of our links. The session
 * id is a random UUID the tab keeps; a visit counts once per session per evening (docs/decisions/0047).
 */
export const visitBody = z.object({
  eventId: idField('Expected a numeric event id'),
  source: shareSource,
  sessionId: z.uuid({ error: 'Session id must be a UUID' }),
});
export const visitRecorded = z.object({
  /** False when this session had already counted a visit to this evening. */
  counted: z.boolean(),
});

/** POST /api/share/events: one Copy or Share of a template (anyone, visitors too). */
export const shareEventBody = z
  .object({
    platform: sharePlatform,
    action: z.enum(SHARE_ACTIONS, { error: 'Action must be copy or share' }),
    template: z.enum(SHARE_TEMPLATE_KEYS, { error: `Template must be one of: ${SHARE_TEMPLATE_KEYS.join(', ')}` }),
    eventId: idField('Expected a numeric event id').optional(),
  })
  // A platform's template is shared on that platform; only the custom post goes anywhere.
  .refine((b) => b.template === 'custom' || b.template === b.platform, { message: 'The template does not belong to this platform', path: ['template'] });
export type ShareEventBody = z.input<typeof shareEventBody>;

export const shareEventRecorded = z.object({
  id: z.number(),
  platform: sharePlatform,
  action: z.enum(SHARE_ACTIONS),
  template: z.enum(SHARE_TEMPLATE_KEYS),
  eventId: z.number().nullable(),
  createdAt: z.string(),
});
export type ShareEventRecorded = z.infer<typeof shareEventRecorded>;

/** One platform's row of the Share Analytics tab. */
export const sharePlatformRow = z.object({
  platform: sharePlatform,
  copies: z.number(),
  shares: z.number(),
  /** New members who arrived through a link carrying this platform's `source`. */
  signups: z.number(),
});

/** One source's row: the loop from a link to a seat (docs/decisions/0047). */
export const shareSourceRow = z.object({
  source: z.enum(SHARE_SOURCES),
  /** Browser sessions that opened an evening's page through this source (reported by browsers). */
  visits: z.number(),
  /** New members whose first source this was. */
  signups: z.number(),
  /** Booked seats (paid or confirmed, not cancelled) of those members. */
  seats: z.number(),
});
export type ShareSourceRow = z.infer<typeof shareSourceRow>;

/** GET /api/share/analytics?eventId=: the figures for one evening, or for all. */
export const shareAnalyticsQuery = z.object({ eventId: idParam.optional() });

/** GET /api/share/analytics (hosts and admins). */
export const shareAnalytics = z.object({
  /** The evening the sources are counted for, or null for every evening. */
  eventId: z.number().nullable(),
  /** Every source, the busiest first: visits, signups, seats. */
  sources: z.array(shareSourceRow),
  /** Distinct templates copied or shared. */
  templatesUsed: z.number(),
  /** Every copy and share. */
  timesShared: z.number(),
  /** Distinct platforms copied or shared to. */
  platformsReached: z.number(),
  /** All six platforms, the busiest first. */
  platforms: z.array(sharePlatformRow),
});
export type ShareAnalytics = z.infer<typeof shareAnalytics>;

/** GET /api/share/links: the site's public address (PUBLIC_URL) that every handed-out link starts with. */
export const shareLinks = z.object({ publicUrl: z.string() });
