import type { PublicEvening, PublicEveningState } from '@shared/schemas/public-evening';
import { eveningCardPath, eveningPath, firstName } from '@shared/domain/public-evening';
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

function toPublic(row: q.PublicEveningRow, publicUrl: string, now: Date): PublicEveningWithDates {
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
    venue: {
      name: row.venueName,
      address: row.venueAddress ?? '',
      city: row.venueCity,
      latitude: row.latitude,
      longitude: row.longitude,
    },
    hostFirstName: firstName(row.hostName),
    url: `${publicUrl}${eveningPath(row.id)}`,
    image: `${publicUrl}${eveningCardPath(row.id)}`,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The evening as a visitor may see it, or null when there is no such evening. */
export async function findPublicEvening(db: Db, id: number, publicUrl: string, now: Date): Promise<PublicEveningWithDates | null> {
  const row = await q.findPublicEvening(db, id);
  return row ? toPublic(row, publicUrl, now) : null;
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
