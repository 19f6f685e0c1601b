import { AUTO_RELEASE_HOURS } from '@shared/domain/constants';
import type { NoShowRule } from '@shared/domain/no-shows';
import type { PrivacyFacts } from '@shared/schemas/privacy';
import type { Db } from '../../db/client';
import * as accessNeeds from '../access-needs/service';
import * as matching from '../matching/service';
import * as meetups from '../meetups/service';
import * as metAgain from '../met-again/service';
import * as report from '../report/service';
import * as q from './queries';

export { exportData } from './export';

const DAY_MS = 86_400_000;

/** What the public /privacy page states, from the server's configuration. */
export function facts(config: { retentionDays: number; sessionDays: number; noShows: NoShowRule }): PrivacyFacts {
  const { limit, windowDays, pauseDays } = config.noShows;
  return {
    retentionDays: config.retentionDays,
    sessionDays: config.sessionDays,
    autoReleaseHours: AUTO_RELEASE_HOURS,
    // A no-show is kept while it can count towards a pause (docs/decisions/0076).
    noShows: { limit, windowDays, pauseDays, keptDays: windowDays + pauseDays },
  };
}

export interface SweepResult {
  /** The evenings this sweep claimed (each is claimed by exactly one sweep, on any instance). */
  events: number[];
  ratings: number;
  arrivalReports: number;
  /** Guests' notes of what would help them on the night (docs/decisions/0086). */
  accessNeeds: number;
  /** Conversation guide questions (docs/decisions/0081). */
  guideQuestions: number;
  /** Meet-up polls over for `days` (docs/decisions/0082). */
  meetups: number;
  /** "Did you meet NAME again?" questions deleted (unanswered) or stripped of the people's ids (answered). */
  metAgain: number;
}

/**
 * The retention sweep (docs/decisions/0044): for every evening that ended `days` or more before
 * `now` and was not swept yet, delete its ratings, its guests' arrival reports (distance and
 * accuracy from /arrival), what its guests said would help them on the night (docs/decisions/0086)
 * and its conversation guide questions (docs/decisions/0081). and "met again" questions asked `days` or more
 * before `now` lose who was asked about whom (docs/decisions/0083). Matches are rows of their own with their sharing flags, so they stay
 * while both members exist; an evening whose contacts were never released has its matches
 * calculated from the ratings first, in the same transaction, and after the sweep they are no
 * longer recalculated. How many guests rated and the ratings per round are kept first, as counts, for
 * the host's evening report. Meet-up polls whose latest time and closing are `days` old go too
 * (docs/decisions/0082). Claim and deletion are one transaction: a failure leaves the evening to
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
    // The host's report keeps what it reads of the ratings, as counts (docs/decisions/0084).
    for (const id of ids) await report.keepRatingCounts(t, id, now);
    const ratings = await q.deleteRatings(t, ids);
    const arrivalReports = (await q.deleteArrivalReports(t, ids)) + (await q.deleteLateArrivalReports(t));
    const notes = await accessNeeds.deleteForEvenings(t, ids);
    const guideQuestions = await q.deleteGuideQuestions(t, ids);
    const oldMeetups = await meetups.forgetOld(t, now, days);
    // "Met again" questions asked RETENTION_DAYS ago: answers stay for the host's report without the people (docs/decisions/0083-met-again.md).
    const metAgainRows = await metAgain.forgetPeople(t, cutoff);
    return { events: ids, ratings, arrivalReports, accessNeeds: notes, guideQuestions, meetups: oldMeetups, metAgain: metAgainRows };
  });
}
