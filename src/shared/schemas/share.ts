import { z } from 'zod';
import { SHARE_ACTIONS, SHARE_PLATFORMS, SHARE_TEMPLATE_KEYS } from '../domain/share-templates';
import { idField } from './common';

/**
 * The share generator (/share, docs/spec/organiser-tools.md §2.1 and §2.29): every Copy and Share
 * is recorded, and hosts and admins read the figures (docs/product.md "Organiser tools are real").
 */

const platformMessage = `Platform must be one of: ${SHARE_PLATFORMS.join(', ')}`;
export const sharePlatform = z.enum(SHARE_PLATFORMS, { error: platformMessage });

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
export type SharePlatformRow = z.infer<typeof sharePlatformRow>;

/** GET /api/share/analytics (hosts and admins). */
export const shareAnalytics = z.object({
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
