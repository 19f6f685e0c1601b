import { AUTO_RELEASE_HOURS } from '@shared/domain/constants';
import type { PrivacyFacts } from '@shared/schemas/privacy';
import type { Db } from '../../db/client';
import * as matching from '../matching/service';
import * as q from './queries';

const DAY_MS = 86_400_000;

/** What the public /privacy page states, from the server's configuration. */
export function facts(config: { retentionDays: number; sessionDays: number }): PrivacyFacts {
  return { retentionDays: config.retentionDays, sessionDays: config.sessionDays, autoReleaseHours: AUTO_RELEASE_HOURS };
}

export interface SweepResult {
  /** The evenings this sweep claimed (each is claimed by exactly one sweep, on any instance). */
  events: number[];
  ratings: number;
  arrivalReports: number;
}

/**
 * The retention sweep (docs/decisions/0044): for every evening that ended `days` or more before
 * `now` and was not swept yet, delete its ratings and its guests' arrival reports (distance and
 * accuracy from /arrival). Matches are rows of their own with their sharing flags, so they stay
 * while both members exist; an evening whose contacts were never released has its matches
 * calculated from the ratings first, in the same transaction, and after the sweep they are no
 * longer recalculated. Claim and deletion are one transaction: a failure leaves the evening to
 * the next sweep, and two instances sweeping at once never both claim an evening.
 */
export async function sweep(db: Db, now: Date, days: number): Promise<SweepResult> {
  const cutoff = new Date(now.getTime() - days * DAY_MS);
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const claimed = await q.claimDue(t, cutoff, now);
    const ids = claimed.map((e) => e.id);
    // Released evenings took no ratings since their release, which calculated their matches.
    for (const e of claimed) if (!e.releasedAt) await matching.calculateFromRatings(t, e.id, 'balanced');
    const ratings = await q.deleteRatings(t, ids);
    const arrivalReports = (await q.deleteArrivalReports(t, ids)) + (await q.deleteLateArrivalReports(t));
    return { events: ids, ratings, arrivalReports };
  });
}
