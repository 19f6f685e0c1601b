/**
 * The six platforms a promotion is shared on (docs/spec/organiser-tools.md §2.1), on their own so the
 * first page of a visit can read a link's `?source=` without loading the share templates.
 */
export const SHARE_PLATFORMS = ['facebook', 'instagram', 'twitter', 'whatsapp', 'linkedin', 'local'] as const;
export type SharePlatform = (typeof SHARE_PLATFORMS)[number];

export const isSharePlatform = (s: unknown): s is SharePlatform => typeof s === 'string' && (SHARE_PLATFORMS as readonly string[]).includes(s);
