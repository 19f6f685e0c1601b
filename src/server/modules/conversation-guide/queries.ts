import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { GuideSetting } from '@shared/domain/conversation-guide';
import type { Db } from '../../db/client';
import { conversationQuestions, events, profileAnswers, users } from '../../db/schema/index';

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
 * latest question of it. Null when there is no such event.
 */
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
  const res = await db.execute(sql`
    SELECT e.host_id, e.guide, t.phase, t.current_round AS round,
           (r.id IS NOT NULL) AS registered, r.checked_in,
           CASE WHEN rot.user_a = ${userId} THEN rot.user_b ELSE rot.user_a END AS partner_id,
           q.position, q.question, q.follow_up, q.topic
      FROM events e
      LEFT JOIN event_timers t ON t.event_id = e.id
      LEFT JOIN registrations r ON r.event_id = e.id AND r.user_id = ${userId}
      LEFT JOIN rotations rot ON rot.event_id = e.id AND rot.round = t.current_round AND t.phase IN ('active', 'paused')
                              AND (rot.user_a = ${userId} OR rot.user_b = ${userId})
      LEFT JOIN LATERAL (
        SELECT position, question, follow_up, topic FROM conversation_questions c
         WHERE c.event_id = e.id AND c.user_id = ${userId} AND c.round = t.current_round
         ORDER BY position DESC LIMIT 1
      ) q ON true
     WHERE e.id = ${eventId}
  `);
  const row = (res as unknown as { rows: Row[] }).rows[0];
  if (!row) return null;
  return {
    hostId: row.host_id,
    setting: row.guide,
    phase: row.phase,
    round: Number(row.round ?? 0),
    registered: !!row.registered,
    checkedIn: !!row.checked_in,
    partnerId: row.partner_id,
    position: row.position,
    text: row.question,
    followUp: row.follow_up,
    topic: row.topic,
  };
}

/** The question at one place of the viewer's round, if it was given. */
export async function questionAt(db: Db, eventId: number, userId: number, round: number, position: number) {
  const [row] = await db
    .select({
      position: conversationQuestions.position,
      text: conversationQuestions.question,
      followUp: conversationQuestions.followUp,
      topic: conversationQuestions.topic,
    })
    .from(conversationQuestions)
    .where(
      and(
        eq(conversationQuestions.eventId, eventId),
        eq(conversationQuestions.userId, userId),
        eq(conversationQuestions.round, round),
        eq(conversationQuestions.position, position),
      ),
    );
  return row ?? null;
}

/** What the two share, as the profile and the registration wizard keep it, and every question either has had this evening. */
export async function pairContext(db: Db, eventId: number, a: number, b: number) {
  const people = await db
    .select({ id: users.id, interests: users.interests, motivations: profileAnswers.motivations })
    .from(users)
    .leftJoin(profileAnswers, eq(profileAnswers.userId, users.id))
    .where(inArray(users.id, [a, b]));
  const asked = await db
    .select({ key: conversationQuestions.questionKey })
    .from(conversationQuestions)
    .where(and(eq(conversationQuestions.eventId, eventId), or(eq(conversationQuestions.userId, a), eq(conversationQuestions.userId, b))));
  const of = (id: number) => {
    const p = people.find((x) => x.id === id);
    return { interests: p?.interests ?? [], motivations: p?.motivations ?? [] };
  };
  return { a: of(a), b: of(b), asked: new Set(asked.map((r) => r.key)) };
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
 * Give a question to both guests of a pair: two rows or none. Either unique index may refuse a row
 * (the place was taken by the partner's request a moment ago, or one of them had the question);
 * then nothing is written and false comes back, and the caller reads what stands.
 */
export async function give(db: Db, eventId: number, a: number, b: number, q: GivenQuestion): Promise<boolean> {
  try {
    return await db.transaction(async (tx) => {
      const row = { eventId, round: q.round, position: q.position, questionKey: q.key, question: q.text, followUp: q.followUp, topic: q.topic };
      const written = await tx
        .insert(conversationQuestions)
        .values([
          { ...row, userId: a, partnerId: b },
          { ...row, userId: b, partnerId: a },
        ])
        .onConflictDoNothing()
        .returning({ userId: conversationQuestions.userId });
      if (written.length !== 2) throw new NotBoth();
      return true;
    });
  } catch (err) {
    if (err instanceof NotBoth) return false;
    throw err;
  }
}

class NotBoth extends Error {}

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
