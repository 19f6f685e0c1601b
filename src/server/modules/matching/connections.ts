import { MIN_MATCH_RATING } from '@shared/domain/constants';
import type { ConnectionsState } from '@shared/schemas/matching';
import type { Db } from '../../db/client';
import { AppError, conflict, forbidden, notFound } from '../../errors';
import type { Viewer } from '../auth/service';
import * as events from '../events/service';
import * as cq from './connections-queries';
import * as q from './queries';
import { RATINGS_DELETED, roundTalkedIn } from './ratings';

/** The connection log is for guests of the event (docs/product.md: /live-event, guest of the event). */
const ONLY_GUESTS = 'Only guests of this event';

/**
 * /live-event: log a conversation (QR, code or list) during an active round, and optionally the
 * yes/no decision (a quick rating: yes is MIN_MATCH_RATING, no is 1) — the decision may come after the round ends.
 * A refused request changes nothing.
 */
export async function logConnection(
  db: Db,
  viewer: Viewer,
  eventId: number,
  input: { ratedId?: number | undefined; code?: string | undefined; method: 'qr' | 'code' | 'list'; decision?: 'yes' | 'no' | undefined },
  live: { round: number | null; active: boolean },
): Promise<ConnectionsState> {
  const me = await q.registrationOf(db, eventId, viewer.id);
  if (!me) throw forbidden(ONLY_GUESTS);
  if (!me.checkedIn) throw conflict('Check in to this event first');
  let otherId = input.ratedId;
  if (input.code) {
    const other = await cq.registrationByCode(db, eventId, input.code.toUpperCase());
    if (!other) throw notFound('No guest of this event has that code');
    otherId = other.userId;
  }
  if (!otherId) throw new AppError('bad_request', 'Choose who you talked to');
  if (otherId === viewer.id) throw new AppError('bad_request', 'That is your own code');
  const other = await q.registrationOf(db, eventId, otherId);
  if (!other?.checkedIn) throw conflict('You can only log guests checked in to this event');
  const logged = (await cq.connectionsOf(db, eventId, viewer.id)).some((c) => c.otherId === otherId);
  if (!logged && !live.active) throw conflict('Conversations can be logged only while a round is running');
  if (input.decision && (await q.releasedAt(db, eventId))) throw conflict('Ratings are closed: the host has released the matches');
  if (input.decision && (await q.purgedAt(db, eventId))) throw conflict(RATINGS_DELETED);
  // A yes/no is a rating: only for someone the guest sat with in a round that started (docs/decisions/0063).
  const metRound = input.decision ? await roundTalkedIn(db, eventId, viewer.id, otherId) : null;
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    if (!logged) await cq.logConnection(t, { eventId, userId: viewer.id, otherId: otherId!, method: input.method, round: live.round });
    if (input.decision)
      await q.upsertRating(t, {
        eventId,
        raterId: viewer.id,
        ratedId: otherId!,
        rating: input.decision === 'yes' ? MIN_MATCH_RATING : 1,
        round: metRound,
        source: 'quick',
      });
  });
  return connections(db, viewer, eventId);
}

export async function connections(db: Db, viewer: Viewer, eventId: number): Promise<ConnectionsState> {
  const me = await q.registrationOf(db, eventId, viewer.id);
  if (!me) {
    await events.getEventRow(db, eventId); // an unknown evening is 404 (docs/product.md "Bad input")
    throw forbidden(ONLY_GUESTS);
  }
  const logs = await cq.connectionsOf(db, eventId, viewer.id);
  const mine = new Map((await q.ratingsBy(db, eventId, viewer.id)).map((r) => [r.ratedId, r.rating]));
  const talkedTo = new Set((await q.conversationsHeld(db, eventId)).flatMap((c) => (c.a === viewer.id ? [c.b] : c.b === viewer.id ? [c.a] : [])));
  return {
    personalCode: me.connectCode,
    connections: logs.map((l) => {
      const r = mine.get(l.otherId);
      return {
        participantId: l.otherId,
        participantName: l.name,
        timestamp: l.createdAt.toISOString(),
        method: l.method,
        round: l.round,
        response: r === undefined ? null : r >= MIN_MATCH_RATING ? 'yes' : 'no',
        canDecide: talkedTo.has(l.otherId),
      };
    }),
    attendees: (await q.checkedIn(db, eventId)).filter((a) => a.userId !== viewer.id).map((a) => ({ id: a.userId, name: a.name })),
  };
}
