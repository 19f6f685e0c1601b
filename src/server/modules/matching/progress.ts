import type { ProgressRow } from '@shared/schemas/matching';
import type { Db } from '../../db/client';
import type { Viewer } from '../auth/service';
import * as events from '../events/service';
import * as q from './queries';

/** Host console: who has rated their partner of this round. */
export async function progress(db: Db, viewer: Viewer, eventId: number, round: number): Promise<ProgressRow[]> {
  await events.requireHostOf(db, viewer, eventId, 'Only hosts of this event can see progress');
  const guests = await q.checkedIn(db, eventId);
  const rotation = (await q.rotationOf(db, eventId)).filter((r) => r.round === round);
  const all = await q.allRatings(db, eventId);
  const rated = new Set(all.map((r) => `${r.raterId}>${r.ratedId}`));
  return guests.map((g) => {
    const pair = rotation.find((r) => r.a === g.userId || r.b === g.userId);
    const partner = pair ? (pair.a === g.userId ? pair.b : pair.a) : null;
    return {
      id: g.userId,
      name: g.name,
      partnerId: partner,
      hasSubmitted: partner !== null && rated.has(`${g.userId}>${partner}`),
      sittingOut: !!pair && partner === null,
    };
  });
}
