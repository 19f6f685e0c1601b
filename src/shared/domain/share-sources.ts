/**
 * Where a visitor came from: every link we hand out (share posts, flyer QR codes, Copy Link) opens
 * the evening's public page with `?source=<channel>-<medium>` (docs/decisions/0047). The list is
 * closed, so the analytics count only what we hand out, and anything else is ignored. Links shared
 * before sources had a medium carry the bare platform (`?source=facebook`): they read as its post.
 * On its own, with no imports but the platforms, so the first page of a visit can read it cheaply.
 */
import { isSharePlatform, SHARE_PLATFORMS, type SharePlatform } from './share-platforms';

/**
 * A share post (ready template or custom post) on each platform, then the flyers' QR code and their
 * Copy Link, then Share / Copy link on the evening's page itself (issue 34).
 */
export const SHARE_SOURCES = [...SHARE_PLATFORMS.map((p) => `${p}-post` as const), 'flyer-qr', 'flyer-link', 'page-link'] as const;
export type ShareSource = (typeof SHARE_SOURCES)[number];

export const isShareSource = (s: unknown): s is ShareSource => typeof s === 'string' && (SHARE_SOURCES as readonly string[]).includes(s);

/** A `?source=` value as one of ours: a source, or a bare platform from an older link; null for anything else. */
export function readShareSource(value: unknown): ShareSource | null {
  if (isShareSource(value)) return value;
  if (isSharePlatform(value)) return `${value}-post`;
  return null;
}

/** The platform a source was shared on, or null for the flyers. */
export function sourcePlatform(source: ShareSource): SharePlatform | null {
  const channel = source.slice(0, source.indexOf('-'));
  return isSharePlatform(channel) ? channel : null;
}

/** How a source reads in the analytics. */
export const SOURCE_LABELS: Record<ShareSource, string> = {
  'facebook-post': 'Facebook post',
  'instagram-post': 'Instagram post',
  'twitter-post': 'Twitter post',
  'whatsapp-post': 'WhatsApp message',
  'linkedin-post': 'LinkedIn post',
  'local-post': 'Local community post',
  'flyer-qr': 'Flyer QR code',
  'flyer-link': 'Flyer link (Copy Link)',
  'page-link': 'Share or Copy link on the evening page',
};

/** The evening's public page, opened from `source`, on the site's public address (PUBLIC_URL). */
export const eventLink = (publicUrl: string, eventId: number, source: ShareSource) => `${publicUrl.replace(/\/+$/, '')}/events/${eventId}?source=${source}`;

/** `/events/12` (with or without a query) → 12: the evening page a visit landed on, or null. */
export function eventIdOfPath(pathname: string): number | null {
  const m = /^\/events\/([1-9]\d{0,9})\/?$/.exec(pathname);
  const id = m ? Number(m[1]) : NaN;
  return Number.isSafeInteger(id) && id <= 2_147_483_647 ? id : null;
}
