import type { ProgressRow } from '@shared/schemas/matching';
import type { Db } from '../../db/client';
import type { Viewer } from '../auth/service';
import * as events from '../events/service';
import * as q from './queries';

/** Host console: who has rated their partner of this round. */
export async function progress(db: Db, viewer: Viewer, eventId: number, round: number): Promise<ProgressRow[]> {
  await events.requireHostOf(db, viewer, eventId, 'Only hosts of this event can see progress');
  return (await progressOfRounds(db, eventId, [round])).get(round)!;
}

/**
 * The progress of each of `rounds` (or of the rounds a read under way will name), from one read of the
 * guests, the rotation and who rated whom whatever the number of rounds (the round history counts every round's on each host's read: docs/decisions/0131).
 * The caller has checked that the viewer hosts the evening.
 */
export async function progressOfRounds(db: Db, eventId: number, rounds: number[] | Promise<number[]>): Promise<Map<number, ProgressRow[]>> {
  // Three prepared reads at once, beside the caller's read of the rounds (docs/decisions/0148).
  const [guests, rotation, all, which] = await Promise.all([q.checkedIn(db, eventId), q.rotationOf(db, eventId), q.ratedPairs(db, eventId), rounds]);
  const rated = new Set(all.map((r) => `${r.raterId}>${r.ratedId}`));
  const byRound = new Map<number, ProgressRow[]>();
  for (const round of which) {
    const pairs = rotation.filter((r) => r.round === round);
    byRound.set(
      round,
      guests.map((g) => {
        const pair = pairs.find((r) => r.a === g.userId || r.b === g.userId);
        const partner = pair ? (pair.a === g.userId ? pair.b : pair.a) : null;
        return {
          id: g.userId,
          name: g.name,
          partnerId: partner,
          hasSubmitted: partner !== null && rated.has(`${g.userId}>${partner}`),
          sittingOut: !!pair && partner === null,
        };
      }),
    );
  }
  return byRound;
}
