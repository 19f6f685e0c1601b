import { aliasedTable, and, eq, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { blocks, events, matches, metAgain, users } from '../../db/schema/index';
import type { MetAgainAnswer } from '../../db/schema/met-again';

/** "Did you meet NAME again?" data access (docs/decisions/0083-met-again.md). */

const iso = (d: Date) => d.toISOString();

/**
 * Claim the questions now due: for each released, not yet swept evening whose end is `stage` days or
 * more before `at` (and less than `windowDays` after that, so an old evening is never asked about
 * late), each side of each match, unless the two blocked each other. One INSERT … SELECT … ON
 * CONFLICT DO NOTHING: sweeps running at once claim each question once. Returns how many it claimed.
 */
export async function claimDue(db: Db, at: Date, stage: 7 | 21, windowDays: number) {
  const t = sql`${iso(at)}::timestamptz`;
  const r = await db.execute(sql`
    INSERT INTO ${metAgain} (event_id, user_id, other_id, stage, asked_at)
    SELECT m.event_id, s.user_id, s.other_id, ${stage}, ${t}
    FROM ${matches} m
    JOIN ${events} e ON e.id = m.event_id
    CROSS JOIN LATERAL (VALUES (m.user1_id, m.user2_id), (m.user2_id, m.user1_id)) AS s(user_id, other_id)
    WHERE e.contacts_released_at IS NOT NULL AND e.personal_data_purged_at IS NULL
      AND e.ends_at <= ${t} - make_interval(days => ${stage}::int)
      AND e.ends_at > ${t} - make_interval(days => ${stage + windowDays}::int)
      AND NOT EXISTS (SELECT 1 FROM ${blocks} b WHERE (b.blocker_id = s.user_id AND b.blocked_id = s.other_id)
        OR (b.blocker_id = s.other_id AND b.blocked_id = s.user_id))
    ON CONFLICT (event_id, user_id, other_id, stage) DO NOTHING
    RETURNING id`);
  return (r as { rows: unknown[] }).rows.length;
}

/**
 * Claim the e-mail of questions not yet mailed: lock up to `limit` of them (SKIP LOCKED: another
 * instance takes others), give each its token's hash, and return them; the caller mails after the
 * commit. A question whose e-mail was claimed is never mailed again.
 */
export async function claimUnmailed(db: Db, at: Date, newToken: () => { token: string; hash: string }, limit = 200) {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const r = await t.execute(sql`
      SELECT id FROM ${metAgain} WHERE token_hash IS NULL AND mailed_at IS NULL AND user_id IS NOT NULL
      ORDER BY user_id, event_id, stage, id LIMIT ${limit} FOR UPDATE SKIP LOCKED`);
    const ids = (r as { rows: { id: number }[] }).rows.map((x) => Number(x.id));
    const out: { id: number; token: string }[] = [];
    for (const id of ids) {
      const { token, hash } = newToken();
      await t.update(metAgain).set({ tokenHash: hash, mailedAt: at }).where(eq(metAgain.id, id));
      out.push({ id, token });
    }
    return out;
  });
}

export interface QuestionRow {
  id: number;
  eventId: number;
  userId: number;
  otherId: number;
  stage: number;
  answer: MetAgainAnswer | null;
  answeredAt: Date | null;
  eventTitle: string;
  eventDate: Date;
  name: string;
  email: string;
  otherName: string;
}

const other = aliasedTable(users, 'other');

function questionsQuery(db: Db) {
  return db
    .select({
      id: metAgain.id,
      eventId: metAgain.eventId,
      userId: metAgain.userId,
      otherId: metAgain.otherId,
      stage: metAgain.stage,
      answer: metAgain.answer,
      answeredAt: metAgain.answeredAt,
      eventTitle: events.title,
      eventDate: events.date,
      name: users.name,
      email: users.email,
      otherName: other.name,
    })
    .from(metAgain)
    .innerJoin(events, eq(events.id, metAgain.eventId))
    .innerJoin(users, eq(users.id, metAgain.userId))
    .innerJoin(other, eq(other.id, metAgain.otherId));
}

const toRow = (r: Awaited<ReturnType<ReturnType<typeof questionsQuery>['execute']>>[number]): QuestionRow => ({
  ...r,
  userId: r.userId!,
  otherId: r.otherId!,
});

export async function questionsByIds(db: Db, ids: number[]) {
  if (!ids.length) return [];
  return (await questionsQuery(db).where(inArray(metAgain.id, ids)).orderBy(metAgain.userId, metAgain.eventId, metAgain.stage, metAgain.id)).map(toRow);
}

export async function questionByTokenHash(db: Db, tokenHash: string) {
  const [row] = await questionsQuery(db).where(eq(metAgain.tokenHash, tokenHash)).limit(1);
  return row ? toRow(row) : null;
}

export async function questionOf(db: Db, id: number, userId: number) {
  const [row] = await questionsQuery(db)
    .where(and(eq(metAgain.id, id), eq(metAgain.userId, userId)))
    .limit(1);
  return row ? toRow(row) : null;
}

/** The guest's unanswered questions, each pair's latest only (the 21-day question replaces an unanswered 7-day one). */
export async function openQuestionsOf(db: Db, userId: number) {
  const rows = await questionsQuery(db)
    .where(
      and(
        eq(metAgain.userId, userId),
        isNull(metAgain.answer),
        sql`NOT EXISTS (SELECT 1 FROM ${metAgain} later WHERE later.event_id = ${metAgain.eventId} AND later.user_id = ${metAgain.userId}
          AND later.other_id = ${metAgain.otherId} AND later.stage > ${metAgain.stage})`,
      ),
    )
    .orderBy(sql`${events.date} desc`, metAgain.id);
  return rows.map(toRow);
}

/** Record the answer, once: false when it was already answered. */
export async function answer(db: Db, id: number, value: MetAgainAnswer, at: Date) {
  const rows = await db
    .update(metAgain)
    .set({ answer: value, answeredAt: at })
    .where(and(eq(metAgain.id, id), isNull(metAgain.answer)))
    .returning({ id: metAgain.id });
  return rows.length > 0;
}

/**
 * The retention sweep's part (docs/decisions/0083-met-again.md): a question asked at or before
 * `cutoff` (RETENTION_DAYS ago) is deleted when unanswered; an answered one keeps only the evening,
 * stage and answer (for the host's report), without the people's ids or the token.
 */
export async function forgetPeople(db: Db, cutoff: Date) {
  const old = and(lte(metAgain.askedAt, cutoff), isNotNull(metAgain.userId));
  const deleted = await db
    .delete(metAgain)
    .where(and(old, isNull(metAgain.answer)))
    .returning({ id: metAgain.id });
  const kept = await db.update(metAgain).set({ userId: null, otherId: null, tokenHash: null }).where(old).returning({ id: metAgain.id });
  return deleted.length + kept.length;
}
