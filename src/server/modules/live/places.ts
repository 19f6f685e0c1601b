import type { Db } from '../../db/client';
import * as live from './service';

/**
 * Each guest's place in every round of the evening, per event watched here: read once (one
 * query) and reused for every state message until the rotation is rewritten, which the round
 * start that wrote it says on the bus (docs/decisions/0017, 0025).
 */
export function createPlaces(db: Db) {
  const evenings = new Map<number, Promise<Map<number, live.RoundPlaces>>>();
  const placesFor = async (eventId: number, round: number) => {
    let evening = evenings.get(eventId);
    if (!evening) {
      const reading = live.eveningPlaces(db, eventId);
      evenings.set(eventId, (evening = reading));
      // A failed read is not kept: the next message tries again.
      reading.catch(() => {
        if (evenings.get(eventId) === reading) evenings.delete(eventId);
      });
    }
    const rounds = await evening;
    return { now: rounds.get(round) ?? new Map(), next: rounds.get(round + 1) ?? new Map() };
  };
  return {
    /** This round's places and the next's, read once per plan. */
    placesFor,
    /** Read the evening's places now, if not kept yet, so that round 1's start finds them here (a failed read is retried when needed). */
    readAhead: (eventId: number) => void placesFor(eventId, 1).catch(() => undefined),
    /** The rotation was rewritten (or may have been): the next message reads the places again. */
    forget: (eventId: number) => void evenings.delete(eventId),
    /** Forget every evening (after the bus was away). */
    clear: () => evenings.clear(),
  };
}
export type Places = ReturnType<typeof createPlaces>;
