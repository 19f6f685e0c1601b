import type { PublicEvening, PublicEveningState } from '@shared/schemas/public-evening';
import { eveningCardPath, eveningPath, firstName } from '@shared/domain/public-evening';
import { readAccess } from '@shared/domain/venue-access';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../errors';
import { hitRateLimit } from '../../plugins/rate-limit-store';
import * as q from './queries';

export const EVENT_NOT_FOUND = 'Event not found';

/** The sitemap lists at most this many evenings (a sitemap file holds 50,000 addresses). */
export const SITEMAP_EVENINGS = 5000;

export function eveningState(row: Pick<q.PublicEveningRow, 'ended' | 'date' | 'spotsLeft'>, now: Date): PublicEveningState {
  if (row.ended) return 'ended';
  if (row.date.getTime() <= now.getTime()) return 'started';
  return row.spotsLeft > 0 ? 'open' : 'full';
}

export interface PublicEveningWithDates extends PublicEvening {
  /** When the evening was put on sale (schema.org's offers.validFrom). */
  createdAt: string;
}

/** The public page links at most this many other evenings of the host ('More evenings by Hannah'). */
export const MORE_BY_HOST = 3;

/** A host's bio on the page is short: the profile's first BIO_MAX characters, cut at a word. */
export const BIO_MAX = 280;

function shortBio(bio: string | null): string | null {
  const text = bio?.trim();
  if (!text) return null;
  if (text.length <= BIO_MAX) return text;
  const cut = text.slice(0, BIO_MAX);
  return `${cut.slice(0, cut.lastIndexOf(' ') > 200 ? cut.lastIndexOf(' ') : BIO_MAX).trimEnd()}…`;
}

type MoreEvenings = Awaited<ReturnType<typeof q.hostOpenEvenings>>;

function toPublic(row: q.PublicEveningRow, more: MoreEvenings, publicUrl: string, now: Date): PublicEveningWithDates {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    date: row.date.toISOString(),
    endsAt: row.endsAt.toISOString(),
    startTime: row.startTime,
    endTime: row.endTime,
    price: row.price,
    state: eveningState(row, now),
    spotsLeft: Math.max(0, row.spotsLeft),
    maxParticipants: row.maxParticipants,
    ageRangeMin: row.ageRangeMin,
    ageRangeMax: row.ageRangeMax,
    roundDuration: row.roundDuration,
    priceIncludes: row.priceIncludes,
    venue: {
      name: row.venueName,
      address: row.venueAddress ?? '',
      city: row.venueCity,
      latitude: row.latitude,
      longitude: row.longitude,
      // No venue row (left join): nothing to tell, rather than "nothing told".
      access: row.venueAccess === null ? null : readAccess(row.venueAccess),
    },
    hostFirstName: firstName(row.hostName),
    host: {
      bio: shortBio(row.hostBio),
      image: row.hostImage?.trim() || null,
      moreEvenings: more.map((m) => ({ id: m.id, title: m.title, date: m.date.toISOString() })),
    },
    going: Math.max(0, row.going),
    url: `${publicUrl}${eveningPath(row.id)}`,
    image: `${publicUrl}${eveningCardPath(row.id)}`,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The evening as a visitor may see it, or null when there is no such evening. */
export async function findPublicEvening(db: Db, id: number, publicUrl: string, now: Date): Promise<PublicEveningWithDates | null> {
  const row = await q.findPublicEvening(db, id);
  if (!row) return null;
  const more = row.hostId === null ? [] : await q.hostOpenEvenings(db, row.hostId, row.id, MORE_BY_HOST);
  return toPublic(row, more, publicUrl, now);
}

/** GET /api/events/{id}/public: 404 'Event not found' for an unknown id. */
export async function publicEvening(db: Db, id: number, publicUrl: string, now: Date): Promise<PublicEveningWithDates> {
  const evening = await findPublicEvening(db, id, publicUrl, now);
  if (!evening) throw notFound(EVENT_NOT_FOUND);
  return evening;
}

export async function openEvenings(db: Db) {
  return q.listOpenEvenings(db, SITEMAP_EVENINGS);
}

/**
 * Cards not drawn yet that one address may ask for per minute (docs/decisions/0066): a messenger
 * asks for one card per shared link, so a person sharing evenings never comes near it; a loop over
 * evening ids does at once. Drawn cards cost nothing and are not counted.
 */
export const CARD_DRAWINGS_PER_MINUTE = 10;
export const CARD_DRAWINGS_MESSAGE = 'Lots of new cards have been asked for from here. Please try again in a minute.';

/** Count a drawing for this address (shared across instances); a 429 past the limit. */
export async function countCardDrawing(db: Db, ip: string): Promise<void> {
  const hit = await hitRateLimit(db, `card-drawing:ip:${ip}`, 60_000);
  if (hit.current > CARD_DRAWINGS_PER_MINUTE) throw new AppError('rate_limited', CARD_DRAWINGS_MESSAGE);
}
