/**
 * The whole night's database, before and after (bench/sections/night.ts): each guest's ticket code
 * read as the night is seeded, and what the night stored read back and checked against what was
 * sent.
 */
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openPglite, openPostgres, type Database } from '../../src/server/db/client';
import { registrations, users } from '../../src/server/db/schema/index';
import { seed } from '../lib/seed';

export type Kind = { lat: number[]; statuses: Record<string, number>; firstSent: number; lastDone: number; errors: string[] };

export interface Check {
  what: string;
  ok: boolean;
  detail: string;
}

/**
 * Seed as bench/lib/seed.ts does, and read each guest's ticket code (the desk scans it). `sameCodes`:
 * give the guests these codes instead of new ones (the floor's database, scanned with our codes).
 */
/**
 * The evenings and their hosts. `guests`: the guests too, registered with sessions (written before the
 * server starts); without, the guests sign up over HTTP (bench/lib/signup.ts). `same`: for the floor's
 * database, each guest's ticket code and evening as ours gave them (the floor's users are seeded with
 * the same ids as ours, written with them; the evenings and hosts are the same rows of a fresh database).
 */
export async function seedNight(
  target: { dataDir?: string; databaseUrl?: string },
  perEvent: number,
  events: number,
  opts: { guests: boolean; same?: Map<number, { code: string; eventId: number }> },
) {
  const database = await openDatabase(target);
  try {
    await database.migrate();
    const seeded = await seed(database.db, {
      tag: 'night',
      eventCount: events,
      guestsPerEvent: opts.guests ? perEvent : 0,
      maxParticipants: perEvent,
      checkedIn: false,
      tonight: true,
    });
    if (opts.same) {
      // Our guests' ids came from sign-ups (a sequence that skips): the floor's users are written with them.
      const same = [...opts.same];
      await database.db
        .insert(users)
        .values(
          same.map(([id]) => ({ id, username: `floor${id}`, name: `Guest ${id}`, email: `floor${id}@bench.test`, age: 30, interests: ['running', 'books'] })),
        );
      await database.db
        .insert(registrations)
        .values(same.map(([userId, g]) => ({ eventId: g.eventId, userId, consentToShare: true, checkedIn: false, ticketCode: g.code })));
    }
    const codes = await rows<{ user_id: number; ticket_code: string }>(database, sql`SELECT user_id, ticket_code FROM registrations`);
    const codeOf = new Map(codes.map((r) => [Number(r.user_id), r.ticket_code]));
    return { ...seeded, codeOf };
  } finally {
    await database.close();
  }
}

const openDatabase = async (target: { dataDir?: string; databaseUrl?: string }): Promise<Database> =>
  target.databaseUrl ? openPostgres(target.databaseUrl) : openPglite(path.join(target.dataDir!, 'pglite'));

async function rows<T>(database: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  const r = (await database.db.execute(query)) as unknown as { rows: T[] };
  return r.rows;
}

/** Every rating stored once with the value sent, every check-in once, every match the mutual pairs of 4 or more. */
export async function verify(
  target: { dataDir?: string; databaseUrl?: string },
  s: {
    sent: [number, number, number, number, number, 0 | 1][];
    how: Map<number, 'scan' | 'self'>;
    kinds: Map<string, Kind>;
    seenMatches: Map<string, number>;
    /** The questions the phones heard on the socket after each bell (decision 0147). */
    heard: { eventId: number; userId: number; round: number; text: string }[];
    /** Phone-rounds with a partner whose question the phone neither heard nor was given when it asked. */
    withoutQuestion: number;
    guests: number;
    eventIds: number[];
  },
): Promise<Check[]> {
  const database = await openDatabase(target);
  const checks: Check[] = [];
  // Only the bench's evenings: the server adds its demo evening to a fresh development database.
  const ours = sql.raw(s.eventIds.map(Number).join(', '));
  try {
    const ratings = await rows<{ event_id: number; rater_id: number; rated_id: number; rating: number; source: string; n: number }>(
      database,
      sql`SELECT event_id, rater_id, rated_id, max(rating) AS rating, max(source) AS source, count(*)::int AS n FROM ratings WHERE event_id IN (${ours}) GROUP BY 1, 2, 3`,
    );
    const key = (e: number, a: number, b: number) => `${e}:${a}:${b}`;
    const expected = new Map<string, { value: number; quick: boolean }>();
    const refused = new Set<string>();
    for (const [e, a, b, value, status, quick] of s.sent) {
      if (status >= 200 && status < 300) expected.set(key(e, a, b), { value, quick: quick === 1 });
      else refused.add(key(e, a, b));
    }
    const stored = new Map(ratings.map((r) => [key(Number(r.event_id), Number(r.rater_id), Number(r.rated_id)), r]));
    let missing = 0;
    let wrong = 0;
    let twice = 0;
    for (const [k, want] of expected) {
      const r = stored.get(k);
      if (!r) missing++;
      else if (Number(r.rating) !== want.value || r.source !== (want.quick ? 'quick' : 'card')) wrong++;
    }
    for (const r of ratings) if (Number(r.n) !== 1) twice++;
    const extra = [...stored.keys()].filter((k) => !expected.has(k)).length;
    checks.push({
      what: 'ratings',
      ok: missing === 0 && wrong === 0 && twice === 0 && extra === 0,
      detail: `${expected.size} answered 2xx, ${stored.size} stored; missing ${missing}, another value or source ${wrong}, stored twice ${twice}, stored but not answered 2xx ${extra} (of ${refused.size} refused)`,
    });

    const regs = await rows<{ event_id: number; user_id: number; checked_in: boolean; check_in_method: string | null; n: number }>(
      database,
      sql`SELECT event_id, user_id, bool_and(checked_in) AS checked_in, max(check_in_method) AS check_in_method, count(*)::int AS n FROM registrations WHERE event_id IN (${ours}) GROUP BY 1, 2`,
    );
    const doorOk = (kind: string) => {
      const k = s.kinds.get(kind);
      return k ? Object.entries(k.statuses).reduce((t, [c, n]) => t + (Number(c) >= 200 && Number(c) < 300 ? n : 0), 0) : 0;
    };
    let notIn = 0;
    let otherMethod = 0;
    let dupReg = 0;
    for (const r of regs) {
      if (Number(r.n) !== 1) dupReg++;
      if (!r.checked_in) notIn++;
      else if ((s.how.get(Number(r.user_id)) === 'self' ? 'self' : 'scan') !== r.check_in_method) otherMethod++;
    }
    checks.push({
      what: 'check-ins',
      ok: notIn === 0 && otherMethod === 0 && dupReg === 0 && regs.length === s.guests,
      detail: `${regs.length} registrations of ${s.guests} guests; scans answered 2xx ${doorOk('door scan')}, self check-ins ${doorOk('self check-in (arrival)')}; not checked in ${notIn}, another method than sent ${otherMethod}, a guest registered twice ${dupReg}`,
    });

    // Matches: exactly the mutual pairs both rated 4 or more (matching/matches.ts; every pair here sat together).
    const given = new Map(ratings.map((r) => [key(Number(r.event_id), Number(r.rater_id), Number(r.rated_id)), Number(r.rating)]));
    const want = new Set<string>();
    for (const r of ratings) {
      const [e, a, b] = [Number(r.event_id), Number(r.rater_id), Number(r.rated_id)];
      if (a < b && Number(r.rating) >= 4 && (given.get(key(e, b, a)) ?? 0) >= 4) want.add(key(e, a, b));
    }
    const matches = await rows<{ event_id: number; user1_id: number; user2_id: number; n: number }>(
      database,
      sql`SELECT event_id, least(user1_id, user2_id) AS user1_id, greatest(user1_id, user2_id) AS user2_id, count(*)::int AS n FROM matches WHERE event_id IN (${ours}) GROUP BY 1, 2, 3`,
    );
    const have = new Set(matches.map((m) => key(Number(m.event_id), Number(m.user1_id), Number(m.user2_id))));
    const lost = [...want].filter((k) => !have.has(k)).length;
    const more = [...have].filter((k) => !want.has(k)).length;
    const dupMatch = matches.filter((m) => Number(m.n) !== 1).length;
    // And what each phone was shown after the release: its own matches.
    const perUser = new Map<string, number>();
    for (const k of have) {
      const [e, a, b] = k.split(':');
      for (const u of [a, b]) perUser.set(`${e}:${u}`, (perUser.get(`${e}:${u}`) ?? 0) + 1);
    }
    let shownWrong = 0;
    for (const [k, n] of s.seenMatches) if (n >= 0 && n !== (perUser.get(k) ?? 0)) shownWrong++;
    checks.push({
      what: 'matches',
      ok: lost === 0 && more === 0 && dupMatch === 0 && shownWrong === 0,
      detail: `${want.size} mutual pairs rated 4+, ${have.size} matches stored; missing ${lost}, not mutual ${more}, stored twice ${dupMatch}; phones shown another count than stored ${shownWrong}`,
    });

    // The conversation guide: every pair of a round that started holds one opening question, the same
    // on both phones, and nothing else was written (docs/decisions/0081, 0145); every phone with a partner
    // heard it on the socket (0147) or asked for it, and what it heard is what is stored.
    const guide = await rows<{ pairs: number; same: number; missing: number; stored: number }>(
      database,
      sql`SELECT count(*)::int AS pairs,
                 count(*) FILTER (WHERE qa.question_key = qb.question_key)::int AS same,
                 count(*) FILTER (WHERE qa.question_key IS NULL OR qb.question_key IS NULL)::int AS missing,
                 (SELECT count(*)::int FROM conversation_questions c WHERE c.event_id IN (${ours})) AS stored
            FROM rotations r
            LEFT JOIN conversation_questions qa ON qa.event_id = r.event_id AND qa.user_id = r.user_a AND qa.round = r.round AND qa.position = 0
            LEFT JOIN conversation_questions qb ON qb.event_id = r.event_id AND qb.user_id = r.user_b AND qb.round = r.round AND qb.position = 0
           WHERE r.event_id IN (${ours}) AND r.user_b IS NOT NULL
             AND EXISTS (SELECT 1 FROM round_history h WHERE h.event_id = r.event_id AND h.round = r.round AND h.status IN ('active', 'completed'))`,
    );
    const g = guide[0]!;
    const guideOk = doorOk('conversation guide (at the bell)');
    const openers = await rows<{ event_id: number; user_id: number; round: number; question: string }>(
      database,
      sql`SELECT event_id, user_id, round, question FROM conversation_questions WHERE event_id IN (${ours}) AND position = 0`,
    );
    const storedText = new Map(openers.map((r) => [`${r.event_id}:${r.user_id}:${r.round}`, r.question]));
    const heardWrong = s.heard.filter((h) => storedText.get(`${h.eventId}:${h.userId}:${h.round}`) !== h.text).length;
    const heardOk = s.heard.length - heardWrong;
    checks.push({
      what: 'conversation questions',
      ok:
        Number(g.missing) === 0 &&
        Number(g.same) === Number(g.pairs) &&
        Number(g.stored) === 2 * Number(g.pairs) &&
        heardWrong === 0 &&
        s.withoutQuestion === 0,
      detail: `${g.pairs} pairs in the rounds held; ${heardOk} questions heard on the socket as stored (${heardWrong} not), ${guideOk} asks answered 2xx (a phone whose moment came before the socket brought it); a phone without its question in a round with a partner ${s.withoutQuestion}; a pair without its opening question ${g.missing}, with the same one on both phones ${g.same}; ${g.stored} rows stored`,
    });

    const reads = await rows<{ n: number }>(
      database,
      sql`SELECT count(*)::int AS n FROM message_recipients r JOIN event_messages m ON m.id = r.message_id WHERE m.event_id IN (${ours}) AND r.read_at IS NOT NULL`,
    );
    const readOk = doorOk('message read');
    checks.push({
      what: 'read receipts',
      ok: Number(reads[0]!.n) === readOk && readOk === s.guests,
      detail: `${readOk} answered 2xx, ${reads[0]!.n} stored read`,
    });
    const fb = await rows<{ n: number; d: number }>(
      database,
      sql`SELECT count(*)::int AS n, count(DISTINCT (event_id, user_id))::int AS d FROM event_feedback WHERE event_id IN (${ours})`,
    );
    const fbOk = doorOk('feedback form');
    checks.push({
      what: 'feedback forms',
      ok: Number(fb[0]!.n) === fbOk && Number(fb[0]!.d) === fbOk && fbOk === s.guests,
      detail: `${fbOk} answered 2xx, ${fb[0]!.n} stored (${fb[0]!.d} distinct guests)`,
    });
    // The rating cards and forms carried the Idempotency-Key the app's phones send: each key claimed
    // once and its answer kept (plugins/idempotency.ts), none left claimed without an answer.
    const keys = await rows<{ answered: number; open: number }>(
      database,
      sql`SELECT count(*) FILTER (WHERE status BETWEEN 200 AND 299)::int AS answered, count(*) FILTER (WHERE status IS NULL)::int AS open FROM idempotent_requests`,
    );
    const cardsOk = s.sent.filter(([, , , , status, quick]) => quick === 0 && status >= 200 && status < 300).length;
    checks.push({
      what: 'idempotency keys',
      ok: Number(keys[0]!.answered) === cardsOk + fbOk && Number(keys[0]!.open) === 0,
      detail: `${cardsOk} rating cards and ${fbOk} forms answered 2xx, ${keys[0]!.answered} keys kept with their answer, ${keys[0]!.open} claimed without one`,
    });
  } finally {
    await database.close();
  }
  return checks;
}
