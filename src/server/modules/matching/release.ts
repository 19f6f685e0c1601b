import { AUTO_RELEASE_HOURS } from '@shared/domain/constants';
import type { MyMatches, ReleaseResult } from '@shared/schemas/matching';
import type { Db } from '../../db/client';
import type { Viewer } from '../auth/service';
import * as events from '../events/service';
import { audienceOf, calculate, present } from './matches';
import * as q from './queries';

/**
 * The host releases contacts of every match of the event: the matches as calculated last, brought up
 * to date first if a rating or a round came since (docs/decisions/0107), with the algorithm the host
 * chose last.
 */
export async function release(db: Db, viewer: Viewer, eventId: number): Promise<ReleaseResult> {
  await events.requireHostOf(db, viewer, eventId, 'Only hosts of this event can release contacts');
  const { matches } = await calculate(db, eventId);
  await q.release(db, eventId);
  return { released: true, matches };
}

/**
 * /my-matches: the viewer's matches from events whose contacts were released, and the evenings
 * that are over but not released yet, with the latest time they will be (AUTO_RELEASE_HOURS
 * after the end). `now` is the app's clock.
 */
export async function myReleasedMatches(db: Db, viewer: Viewer, now: Date = new Date()): Promise<MyMatches> {
  // Tonight's evening first, then older ones (issue 32): /my-matches shows them grouped by evening in this order.
  const released = (await q.releasedEventsOf(db, viewer.id)).sort((x, y) => y.date.getTime() - x.date.getTime() || y.id - x.id);
  const out: MyMatches['matches'] = [];
  for (const e of released) {
    for (const m of await present(db, e.id, await q.matchesOfUser(db, viewer.id, e.id), audienceOf(viewer)))
      out.push({ ...m, eventTitle: e.title, eventDate: e.date.toISOString() });
  }
  const pending = (await q.unreleasedEndedOf(db, viewer.id, now)).map((e) => ({
    eventId: e.id,
    eventTitle: e.title,
    endsAt: e.endsAt.toISOString(),
    releaseBy: new Date(e.endsAt.getTime() + AUTO_RELEASE_HOURS * 3_600_000).toISOString(),
  }));
  const seeAgain = (await q.seeAgainOf(db, viewer.id)).map((s) => ({ ...s, eventDate: s.eventDate.toISOString() }));
  return { released: released.length > 0, matches: out, pending, seeAgain };
}

/**
 * Release the contacts of every evening that ended AUTO_RELEASE_HOURS (24) or more before `now`
 * and was never released, as the host's release would (matches calculated, then released).
 * One conditional UPDATE claims them, so with several instances sweeping at once each evening
 * is released by exactly one; the ids it released are returned (for the notifications).
 */
export async function releaseDue(db: Db, now: Date): Promise<number[]> {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const ids = (await q.releaseDue(t, now, AUTO_RELEASE_HOURS)).map((r) => r.id);
    for (const id of ids) await calculate(t, id);
    return ids;
  });
}
