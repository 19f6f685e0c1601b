import { MIN_MATCH_RATING } from '@shared/domain/constants';
import type { ConnectionsState } from '@shared/schemas/matching';
import type { Db } from '../../db/client';
import { AppError, conflict, forbidden, notFound } from '../../errors';
import type { Viewer } from '../auth/service';
import * as events from '../events/service';
import * as tickets from '../tickets/service';
import * as cq from './connections-queries';
import * as q from './queries';
import { decideInOneStatement } from './rating-statements';
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
  /** The round under way, read only off the fast path (the live runtime's, given by the route). */
  roundUnderWay: () => Promise<{ round: number | null; active: boolean }>,
): Promise<{ state: ConnectionsState; ratedEveryone: boolean }> {
  // The quick yes/no during a round (issue 37): one statement reads the round under way, keeps every
  // rule a decision needs (both checked in, the two sat together in a round that started, ratings
  // open) and writes the rating and the log if it was not there (DECIDE_IN_ONE_STATEMENT); the state
  // is read in one more. Only a refusal, or a decision outside a running round, takes the reads
  // below, which say which rule it broke (docs/decisions/0130).
  const otherGiven = input.code ? undefined : input.ratedId;
  if (input.decision && otherGiven && otherGiven !== viewer.id) {
    const rating = input.decision === 'yes' ? MIN_MATCH_RATING : 1;
    if (await decideInOneStatement(db, { eventId, raterId: viewer.id, ratedId: otherGiven, rating, method: input.method }))
      return afterDecision(db, viewer, eventId);
  }
  const live = await roundUnderWay();
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
  // Friends who booked together make no match (docs/decisions/0075): as on the rating card.
  if (input.decision) await tickets.refuseRatingBetweenFriends(db, eventId, viewer.id, otherId);
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
  if (input.decision) return afterDecision(db, viewer, eventId);
  return { state: await connections(db, viewer, eventId), ratedEveryone: false };
}

/**
 * The state after a decision was stored, and whether the guest has now decided about (or rated)
 * everyone they sat with, read from the same statement: then the route calculates the matches, as
 * after the card's last rating (docs/decisions/0093).
 */
async function afterDecision(db: Db, viewer: Viewer, eventId: number) {
  const row = await stateRow(db, viewer, eventId);
  const rated = new Set(row.mine.map(([id]) => id));
  return { state: stateOf(row), ratedEveryone: row.talked.every((id) => rated.has(id)) };
}

/** What /live-event shows the guest, read in one statement (connections-queries.ts). */
export async function connections(db: Db, viewer: Viewer, eventId: number): Promise<ConnectionsState> {
  return stateOf(await stateRow(db, viewer, eventId));
}

async function stateRow(db: Db, viewer: Viewer, eventId: number) {
  const state = await cq.connectionsState(db, eventId, viewer.id);
  if (!state) {
    await events.getEventRow(db, eventId); // an unknown evening is 404 (docs/product.md "Bad input")
    throw forbidden(ONLY_GUESTS);
  }
  return state;
}

function stateOf(state: cq.ConnectionsRow): ConnectionsState {
  const mine = new Map(state.mine);
  const talkedTo = new Set(state.talked);
  return {
    personalCode: state.code,
    connections: state.logs.map((l) => {
      const r = mine.get(l.otherId);
      return {
        participantId: l.otherId,
        participantName: l.name,
        timestamp: new Date(l.createdMs).toISOString(),
        method: l.method,
        round: l.round,
        response: r === undefined ? null : r >= MIN_MATCH_RATING ? 'yes' : 'no',
        canDecide: talkedTo.has(l.otherId),
      };
    }),
    attendees: state.attendees,
  };
}
