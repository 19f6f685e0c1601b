import { and, eq } from 'drizzle-orm';
import type { GuideQuestion, GuideSetting } from '@shared/domain/conversation-guide';
import type { Db } from '../../db/client';
import { runPrepared, type PreparedStatement } from '../../db/prepared';
import { conversationQuestions, events } from '../../db/schema/index';

export interface GuideState {
  hostId: number | null;
  setting: GuideSetting;
  phase: string | null;
  round: number;
  registered: boolean;
  checkedIn: boolean;
  /** The viewer's partner in the round under way (null on a bye, between rounds or without a place). */
  partnerId: number | null;
  /** The viewer's latest question this round, if any. */
  position: number | null;
  text: string | null;
  followUp: string | null;
  topic: string | null;
}

/**
 * Everything a guest's question depends on, in one statement (docs/decisions/0081): the evening's
 * setting and host, the timer, the viewer's booking, their place in the round under way and their
 * latest question of it; no row when there is no such event. $1 the evening, $2 the viewer. Every
 * phone with a partner asks right after each bell, so it is prepared once per connection and, on the
 * embedded database, goes with the others of its turn (docs/decisions/0102, 0135 and 0145).
 */
const GUIDE_STATE: PreparedStatement = {
  name: 'guide_state',
  together: true,
  text: `
    SELECT e.host_id, e.guide, t.phase, t.current_round AS round,
           (r.id IS NOT NULL) AS registered, r.checked_in,
           CASE WHEN rot.user_a = $2::int THEN rot.user_b ELSE rot.user_a END AS partner_id,
           q.position, q.question, q.follow_up, q.topic
      FROM events e
      LEFT JOIN event_timers t ON t.event_id = e.id
      LEFT JOIN registrations r ON r.event_id = e.id AND r.user_id = $2::int
      LEFT JOIN rotations rot ON rot.event_id = e.id AND rot.round = t.current_round AND t.phase IN ('active', 'paused')
                              AND (rot.user_a = $2::int OR rot.user_b = $2::int)
      LEFT JOIN LATERAL (
        SELECT position, question, follow_up, topic FROM conversation_questions c
         WHERE c.event_id = e.id AND c.user_id = $2::int AND c.round = t.current_round
         ORDER BY position DESC LIMIT 1
      ) q ON true
     WHERE e.id = $1::int`,
};

export async function guideState(db: Db, eventId: number, userId: number): Promise<GuideState | null> {
  type Row = {
    host_id: number | null;
    guide: GuideSetting;
    phase: string | null;
    round: number | null;
    registered: boolean;
    checked_in: boolean | null;
    partner_id: number | null;
    position: number | null;
    question: string | null;
    follow_up: string | null;
    topic: string | null;
  };
  const [row] = await runPrepared<Row>(db, GUIDE_STATE, [eventId, userId]);
  if (!row) return null;
  return {
    hostId: row.host_id === null ? null : Number(row.host_id),
    setting: row.guide,
    phase: row.phase,
    round: Number(row.round ?? 0),
    registered: !!row.registered,
    checkedIn: !!row.checked_in,
    partnerId: row.partner_id === null ? null : Number(row.partner_id),
    position: row.position === null ? null : Number(row.position),
    text: row.question,
    followUp: row.follow_up,
    topic: row.topic,
  };
}

/** $1 the evening, $2 the viewer, $3 the round, $4 the place. */
const QUESTION_AT: PreparedStatement = {
  name: 'guide_question_at',
  together: true,
  text: `
    SELECT position, question, follow_up, topic FROM conversation_questions
     WHERE event_id = $1::int AND user_id = $2::int AND round = $3::int AND position = $4::int`,
};

/** The question at one place of the viewer's round, if it was given. */
export async function questionAt(db: Db, eventId: number, userId: number, round: number, position: number) {
  type Row = { position: number; question: string; follow_up: string; topic: string | null };
  const [row] = await runPrepared<Row>(db, QUESTION_AT, [eventId, userId, round, position]);
  return row ? { position: Number(row.position), text: row.question, followUp: row.follow_up, topic: row.topic } : null;
}

/** $1 the evening, $2 and $3 the pair: each one's interests and motivations, and every question either has had this evening. */
const PAIR_CONTEXT: PreparedStatement = {
  name: 'guide_pair_context',
  together: true,
  text: `
    SELECT u.id, u.interests, p.motivations,
           (SELECT array_agg(c.question_key) FROM conversation_questions c
             WHERE c.event_id = $1::int AND c.user_id IN ($2::int, $3::int)) AS asked
      FROM users u
      LEFT JOIN profile_answers p ON p.user_id = u.id
     WHERE u.id IN ($2::int, $3::int)`,
};

/**
 * What the two share, as the profile and the registration wizard keep it, and every question either has
 * had this evening: one statement (docs/decisions/0145), read on a pair's first ask of a place.
 */
export async function pairContext(db: Db, eventId: number, a: number, b: number) {
  type Row = { id: number; interests: string[] | null; motivations: string[] | null; asked: string[] | null };
  const rows = await runPrepared<Row>(db, PAIR_CONTEXT, [eventId, a, b]);
  const of = (id: number) => {
    const p = rows.find((x) => Number(x.id) === id);
    return { interests: p?.interests ?? [], motivations: p?.motivations ?? [] };
  };
  return { a: of(a), b: of(b), asked: new Set(rows[0]?.asked ?? []) };
}

/**
 * Every pair of round $2 of evening $1 with a guest in $3 (the guests watching on one instance, as
 * `'{1,2}'`), both checked in, while the round is under way: the evening's setting, what each of the
 * two shares (as PAIR_CONTEXT reads it), each one's latest question of the round, and every question
 * either has had this evening. One statement per evening at the bell (docs/decisions/0147).
 */
const ROUND_OPENINGS: PreparedStatement = {
  name: 'guide_round_openings',
  together: true,
  text: `
    SELECT e.guide, rot.user_a AS a, rot.user_b AS b,
           ua.interests AS a_interests, pa.motivations AS a_motivations,
           ub.interests AS b_interests, pb.motivations AS b_motivations,
           qa.position AS a_position, qa.question AS a_question, qa.follow_up AS a_follow_up, qa.topic AS a_topic,
           qb.position AS b_position, qb.question AS b_question, qb.follow_up AS b_follow_up, qb.topic AS b_topic,
           (SELECT array_agg(c.question_key) FROM conversation_questions c
             WHERE c.event_id = e.id AND c.user_id IN (rot.user_a, rot.user_b)) AS asked
      FROM events e
      JOIN event_timers t ON t.event_id = e.id AND t.current_round = $2::int AND t.phase IN ('active', 'paused')
      JOIN rotations rot ON rot.event_id = e.id AND rot.round = $2::int AND rot.user_b IS NOT NULL
      JOIN registrations ra ON ra.event_id = e.id AND ra.user_id = rot.user_a AND ra.checked_in
      JOIN registrations rb ON rb.event_id = e.id AND rb.user_id = rot.user_b AND rb.checked_in
      JOIN users ua ON ua.id = rot.user_a
      JOIN users ub ON ub.id = rot.user_b
      LEFT JOIN profile_answers pa ON pa.user_id = rot.user_a
      LEFT JOIN profile_answers pb ON pb.user_id = rot.user_b
      LEFT JOIN LATERAL (
        SELECT position, question, follow_up, topic FROM conversation_questions c
         WHERE c.event_id = e.id AND c.user_id = rot.user_a AND c.round = $2::int ORDER BY position DESC LIMIT 1
      ) qa ON true
      LEFT JOIN LATERAL (
        SELECT position, question, follow_up, topic FROM conversation_questions c
         WHERE c.event_id = e.id AND c.user_id = rot.user_b AND c.round = $2::int ORDER BY position DESC LIMIT 1
      ) qb ON true
     WHERE e.id = $1::int AND (rot.user_a = ANY($3::int[]) OR rot.user_b = ANY($3::int[]))`,
};

export interface StandingQuestion {
  position: number;
  text: string;
  followUp: string;
  topic: string | null;
}
export interface RoundPair {
  setting: GuideSetting;
  /** Each of the two: their id, what they share, their latest question of the round (null: none yet). */
  a: { id: number; interests: string[]; motivations: string[]; latest: StandingQuestion | null };
  b: { id: number; interests: string[]; motivations: string[]; latest: StandingQuestion | null };
  asked: Set<string>;
}

/** The pairs of a round under way with a guest among `guestIds` (ROUND_OPENINGS); none when the round is not under way. */
export async function roundPairs(db: Db, eventId: number, round: number, guestIds: readonly number[]): Promise<RoundPair[]> {
  if (!guestIds.length) return [];
  type Side = 'a' | 'b';
  type Row = { guide: GuideSetting; asked: string[] | null } & Record<`${Side}`, number> &
    Record<`${Side}_interests` | `${Side}_motivations`, string[] | null> &
    Record<`${Side}_position`, number | null> &
    Record<`${Side}_question` | `${Side}_follow_up` | `${Side}_topic`, string | null>;
  const ids = `{${guestIds.map((id) => String(Math.trunc(id))).join(',')}}`;
  const rows = await runPrepared<Row>(db, ROUND_OPENINGS, [eventId, round, ids]);
  const side = (r: Row, s: Side) => {
    const position = r[`${s}_position`];
    const text = r[`${s}_question`];
    const followUp = r[`${s}_follow_up`];
    return {
      id: Number(r[s]),
      interests: r[`${s}_interests`] ?? [],
      motivations: r[`${s}_motivations`] ?? [],
      latest: position === null || text === null || followUp === null ? null : { position: Number(position), text, followUp, topic: r[`${s}_topic`] },
    };
  };
  return rows.map((r) => ({ setting: r.guide, a: side(r, 'a'), b: side(r, 'b'), asked: new Set(r.asked ?? []) }));
}

export interface GivenQuestion {
  round: number;
  position: number;
  key: string;
  text: string;
  followUp: string;
  topic: string | null;
}

/**
 * $1 the evening, $2 and $3 the pair, $4 the round, $5 the place, then the question: its key, text,
 * follow-up and topic. Both rows, unless either guest holds that place or that question already; a
 * row the unique indexes still refuse (a request for the same pair that wrote since) is skipped.
 * The rows go in the order of their guest's id: on PostgreSQL a write that meets another's row not yet
 * committed waits for it, and two writes for the same pair taking the two rows in opposite orders (one
 * from each phone) would wait for each other, a deadlock that one of them answers with an error
 * (docs/decisions/0149).
 */
const GIVE: PreparedStatement = {
  name: 'guide_give',
  together: true,
  text: `
    INSERT INTO conversation_questions (event_id, user_id, round, position, partner_id, question_key, question, follow_up, topic)
    SELECT $1::int, v.u, $4::int, $5::int, v.p, $6::text, $7::text, $8::text, $9::text
      FROM (VALUES ($2::int, $3::int), ($3::int, $2::int)) v(u, p)
     WHERE NOT EXISTS (
       SELECT 1 FROM conversation_questions c
        WHERE c.event_id = $1::int AND c.user_id IN ($2::int, $3::int)
          AND ((c.round = $4::int AND c.position = $5::int) OR c.question_key = $6::text))
     ORDER BY v.u
    ON CONFLICT DO NOTHING
    RETURNING user_id`,
};

/**
 * Give a question to both guests of a pair: two rows or none (docs/decisions/0145). The unique indexes
 * are the rules (the place was taken by the partner's request a moment ago, or one of them had the
 * question): then nothing is written and false comes back, and the caller reads what stands. The
 * statement never fails on them, so it can go with the others of its turn on the embedded database.
 * Should a concurrent write on PostgreSQL leave one row of the two, that row goes again at once.
 */
export async function give(db: Db, eventId: number, a: number, b: number, q: GivenQuestion): Promise<boolean> {
  const written = await runPrepared<{ user_id: number }>(db, GIVE, [eventId, a, b, q.round, q.position, q.key, q.text, q.followUp, q.topic]);
  if (written.length === 2) return true;
  for (const w of written) await dropLone(db, eventId, Number(w.user_id), q.round, q.position);
  return false;
}

/** A row written without its partner's (a concurrent write took the other's place): it goes. */
async function dropLone(db: Db, eventId: number, userId: number, round: number, position: number) {
  await db
    .delete(conversationQuestions)
    .where(
      and(
        eq(conversationQuestions.eventId, eventId),
        eq(conversationQuestions.userId, userId),
        eq(conversationQuestions.round, round),
        eq(conversationQuestions.position, position),
      ),
    );
}

/**
 * $1 the evening, $2 the round, $3 the pairs' opening questions as JSON, two entries a pair (u the
 * guest, p the partner, k the key, q the text, f the follow-up, t the topic): every row at place 0 of
 * the round, unless either of the pair holds that place or that question already; a row the unique
 * indexes still refuse (another instance at the same bell) is skipped. One statement for the evening's
 * pairs at the bell (docs/decisions/0147), its rows in the order of their guest's id, as GIVE's
 * (docs/decisions/0149).
 */
const GIVE_OPENINGS: PreparedStatement = {
  name: 'guide_give_openings',
  together: true,
  text: `
    INSERT INTO conversation_questions (event_id, user_id, round, position, partner_id, question_key, question, follow_up, topic)
    SELECT $1::int, v.u, $2::int, 0, v.p, v.k, v.q, v.f, v.t
      FROM jsonb_to_recordset($3::jsonb) AS v(u int, p int, k text, q text, f text, t text)
     WHERE NOT EXISTS (
       SELECT 1 FROM conversation_questions c
        WHERE c.event_id = $1::int AND c.user_id IN (v.u, v.p)
          AND ((c.round = $2::int AND c.position = 0) OR c.question_key = v.k))
     ORDER BY v.u
    ON CONFLICT DO NOTHING
    RETURNING user_id`,
};

/**
 * The opening questions of several pairs of a round in one statement: the guests whose row was written
 * (a pair's two, or neither). Should a concurrent write leave one row of a pair, that row goes again at
 * once and neither counts, so the caller gives that pair on its own, as an ask would.
 */
export async function giveOpenings(db: Db, eventId: number, round: number, pairs: { a: number; b: number; question: GuideQuestion }[]) {
  const entries = pairs.flatMap(({ a, b, question: g }) =>
    [
      [a, b],
      [b, a],
    ].map(([u, p]) => ({ u, p, k: g.key, q: g.text, f: g.followUp, t: g.topic })),
  );
  const written = new Set((await runPrepared<{ user_id: number }>(db, GIVE_OPENINGS, [eventId, round, JSON.stringify(entries)])).map((r) => Number(r.user_id)));
  for (const { a, b } of pairs) {
    if (written.has(a) === written.has(b)) continue;
    const lone = written.has(a) ? a : b;
    written.delete(lone);
    await dropLone(db, eventId, lone, round, 0);
  }
  return written;
}

export async function setSetting(db: Db, eventId: number, setting: GuideSetting) {
  await db.update(events).set({ guide: setting }).where(eq(events.id, eventId));
}

/** A member's questions, for their data export. */
export async function questionsOf(db: Db, userId: number) {
  return db
    .select({
      eventId: conversationQuestions.eventId,
      round: conversationQuestions.round,
      position: conversationQuestions.position,
      question: conversationQuestions.question,
      followUp: conversationQuestions.followUp,
      topic: conversationQuestions.topic,
      askedAt: conversationQuestions.askedAt,
    })
    .from(conversationQuestions)
    .where(eq(conversationQuestions.userId, userId))
    .orderBy(conversationQuestions.eventId, conversationQuestions.round, conversationQuestions.position);
}

/** The retention sweep: an evening's questions go with its other personal data. */
export async function deleteForEvent(db: Db, eventId: number) {
  await db.delete(conversationQuestions).where(eq(conversationQuestions.eventId, eventId));
}
