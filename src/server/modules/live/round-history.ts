/**
 * The round history the hosts' desks show, with each round's progress: for GET /rounds and for the
 * ratings news to the hosts' sockets (docs/decisions/0131, 0133).
 */
import type { RoundRecord } from '@shared/schemas/live';
import type { ProgressRow } from '@shared/schemas/matching';
import type { Db } from '../../db/client';
import type { Viewer } from '../auth/service';
import * as events from '../events/service';
import * as matching from '../matching/service';
import * as q from './queries';
import { TIMER_HOSTS_ONLY } from './service';

export async function roundHistory(db: Db, viewer: Viewer, eventId: number): Promise<RoundRecord[]> {
  await events.requireHostOf(db, viewer, eventId, TIMER_HOSTS_ONLY);
  return (await historyWithProgress(db, eventId)).rounds;
}

/**
 * What the hosts' desks show of the ratings, for the news that goes to their sockets only
 * (docs/decisions/0133): the round history, and the progress of the latest round held (the round
 * the console shows, during the evening and after its end); null before the first round.
 */
export async function ratingsNews(db: Db, eventId: number): Promise<{ rounds: RoundRecord[]; progress: { round: number; rows: ProgressRow[] } | null }> {
  const { rounds, progress } = await historyWithProgress(db, eventId);
  const latest = rounds.reduce((max, r) => Math.max(max, r.round), 0);
  return { rounds, progress: latest > 0 ? { round: latest, rows: progress.get(latest) ?? [] } : null };
}

/** The round history with each round's progress, read once for every round (docs/decisions/0131); the caller has checked who may see it. */
async function historyWithProgress(db: Db, eventId: number) {
  // The rounds and the progress's reads go to the database at once (docs/decisions/0148).
  const records = q.roundRecords(db, eventId);
  // The same count as the host's submission progress: of the guests paired that round (a guest
  // sitting out has nobody to rate), how many rated that round's partner.
  const progress = await matching.progressOfRounds(
    db,
    eventId,
    records.then((rs) => rs.map((r) => r.round)),
  );
  const rows = await records;
  const counts = new Map<number, { submitted: number; total: number }>();
  for (const [round, rowsOfRound] of progress)
    counts.set(round, { submitted: rowsOfRound.filter((p) => p.hasSubmitted).length, total: rowsOfRound.filter((p) => p.partnerId !== null).length });
  const rounds = rows.map((r) => ({
    round: r.round,
    startTime: r.startedAt.toISOString(),
    endTime: r.endedAt ? r.endedAt.toISOString() : null,
    duration: r.duration,
    participantsSubmitted: counts.get(r.round)?.submitted ?? 0,
    totalParticipants: counts.get(r.round)?.total ?? 0,
    status: r.status,
  }));
  return { rounds, progress };
}
