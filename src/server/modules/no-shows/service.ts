import { noShowPause, noShowPauseMessage, type NoShowRule } from '@shared/domain/no-shows';
import type { AdminNoShow, EveningNoShows, MyNoShows, NoShowPauseView } from '@shared/schemas/no-shows';
import type { Db } from '../../db/client';
import { conflict, notFound } from '../../errors';
import type { Viewer } from '../auth/service';
import { refuseUnlessCountsReader, refuseUnlessNoShowAdmin } from './policies';
import * as q from './queries';

/**
 * No-shows have a cost (GitHub issue 35, docs/decisions/0076-no-shows-have-a-cost.md): a booked guest
 * not checked in by the end of the evening is recorded once (the sweep below); `limit` of them within
 * `windowDays` pause the member's free bookings and waitlist places for `pauseDays` from the latest;
 * an admin may clear one with a reason.
 */

const DAY = 86_400_000;

export { ADMINS_ONLY, HOSTS_ONLY } from './policies';
export const ALREADY_CLEARED = 'This no-show has already been cleared';
export const NO_SUCH_NO_SHOW = 'No-show not found';

/** How long a no-show is kept: while it can still count towards a pause (a window, then a pause from its end). */
export const keptDays = (rule: NoShowRule) => rule.windowDays + rule.pauseDays;

/** The member's current pause, or null. */
export async function pauseOf(db: Db, userId: number, now: Date, rule: NoShowRule): Promise<NoShowPauseView | null> {
  const missed = await q.missedSince(db, userId, new Date(now.getTime() - keptDays(rule) * DAY));
  const pause = noShowPause(missed, now, rule);
  return pause ? { until: pause.until.toISOString(), count: pause.count, message: noShowPauseMessage(pause, rule) } : null;
}

/**
 * The booking rule: refuses (409, saying why and until when) a member whose free bookings and
 * waitlist places are paused. Called by tickets for a free evening's booking and any waitlist join.
 */
export async function refuseIfPaused(db: Db, userId: number, now: Date, rule: NoShowRule) {
  const pause = await pauseOf(db, userId, now, rule);
  if (pause) throw conflict(pause.message);
}

/** GET /api/no-shows/mine: the member's own record (cleared ones with their reason) and their pause. */
export async function mine(db: Db, viewer: Viewer, now: Date, rule: NoShowRule): Promise<MyNoShows> {
  const rows = await q.mine(db, viewer.id);
  return {
    noShows: rows.map((r) => ({
      id: r.id,
      eventId: r.eventId,
      eventTitle: r.eventTitle,
      venue: r.venue,
      eveningAt: r.eveningAt.toISOString(),
      cleared: r.clearedAt ? { at: r.clearedAt.toISOString(), reason: r.clearReason ?? '' } : null,
    })),
    pause: await pauseOf(db, viewer.id, now, rule),
    rule,
  };
}

/** GET /api/no-shows/evenings: a host's evenings over, with counts only (never who); admins see every evening. */
export async function eveningCounts(db: Db, viewer: Viewer, now: Date, rule: NoShowRule): Promise<EveningNoShows[]> {
  const { admin } = refuseUnlessCountsReader(viewer);
  const rows = await q.eveningCounts(db, admin ? null : viewer.id, new Date(now.getTime() - keptDays(rule) * DAY));
  return rows.map((r) => ({ ...r, date: new Date(r.date).toISOString() }));
}

/** GET /api/admin/no-shows: every no-show kept, with the member, whether they are paused now, and who cleared which. */
export async function forAdmin(db: Db, viewer: Viewer, now: Date, rule: NoShowRule): Promise<AdminNoShow[]> {
  refuseUnlessNoShowAdmin(viewer);
  const rows = await q.all(db);
  const missedBy = new Map<number, Date[]>();
  for (const r of rows) if (!r.clearedAt) missedBy.set(r.userId, [...(missedBy.get(r.userId) ?? []), r.eveningAt]);
  const pausedUntil = new Map([...missedBy].map(([userId, missed]) => [userId, noShowPause(missed, now, rule)?.until.toISOString() ?? null]));
  return rows.map((r) => ({
    id: r.id,
    eventId: r.eventId,
    eventTitle: r.eventTitle,
    venue: r.venue,
    eveningAt: r.eveningAt.toISOString(),
    userId: r.userId,
    name: r.name,
    email: r.email,
    cleared: r.clearedAt ? { at: r.clearedAt.toISOString(), reason: r.clearReason ?? '', byName: r.clearedByName } : null,
    pausedUntil: pausedUntil.get(r.userId) ?? null,
  }));
}

/** POST /api/admin/no-shows/{id}/clear: an admin clears one on request (e.g. illness), with a reason; kept with who and when. */
export async function clear(db: Db, viewer: Viewer, id: number, reason: string, now: Date, rule: NoShowRule): Promise<AdminNoShow> {
  refuseUnlessNoShowAdmin(viewer);
  const done = await q.clear(db, id, viewer.id, reason, now);
  if (!done) {
    const existing = await q.find(db, id);
    throw existing ? conflict(ALREADY_CLEARED) : notFound(NO_SUCH_NO_SHOW);
  }
  return (await forAdmin(db, viewer, now, rule)).find((r) => r.id === id)!;
}

export interface SweepResult {
  /** The evenings this sweep recorded, with how many no-shows each (each evening is recorded by exactly one sweep). */
  evenings: { eventId: number; recorded: number }[];
  /** No-shows deleted because they can no longer count. */
  deleted: number;
}

/**
 * The no-shows of one evening its host has just ended, recorded at once rather than at the next
 * sweep (which would find it claimed and leave it). Returns how many were recorded (0 when the
 * evening was recorded before, or lies outside the window).
 */
export async function recordEnded(db: Db, eventId: number, now: Date, rule: NoShowRule): Promise<number> {
  const [row] = await q.recordDue(db, now, keptDays(rule), { eventId });
  return row?.recorded ?? 0;
}

/** One sweep by `now`: record the no-shows of every evening over, then delete those too old to count. */
export async function sweep(db: Db, now: Date, rule: NoShowRule): Promise<SweepResult> {
  const evenings: SweepResult['evenings'] = [];
  for (;;) {
    const batch = await q.recordDue(db, now, keptDays(rule));
    evenings.push(...batch);
    if (batch.length < 50) break;
  }
  const deleted = await q.deleteOlderThan(db, new Date(now.getTime() - keptDays(rule) * DAY));
  return { evenings, deleted };
}
