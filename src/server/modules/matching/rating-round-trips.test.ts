/**
 * Right after the bell every guest rates at once (issue 37): a rating is one statement that keeps
 * every rule (docs/decisions/0092), so the embedded database's single connection is not held for a
 * string of reads per rating; and a guest's last rating calculates the evening's matches, at most
 * one calculation per evening at a time (docs/decisions/0093). Counted here as what the database
 * receives for one rating over the real route, on PGlite and on PostgreSQL (where a transaction
 * taken shows too): a change that adds a read to this path fails.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { connectionLogs, matches, ratings } from '../../db/schema/index';
import { createTestApp, withCookie, type TestContext } from '../../test/harness';
import { statementsSent } from '../../test/statements';
import { holdRounds, setUpEvening, type Evening, type Member } from '../../test/live-helpers';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const rate = (ev: Evening, from: Member, to: Member, rating: number) =>
  t.app.inject({
    method: 'POST',
    url: `/api/events/${ev.event.id}/ratings`,
    headers: withCookie(from.cookie),
    payload: { raterId: from.user.id, ratedId: to.user.id, rating },
  });

/** /live-event's quick yes/no about someone the guest sat with. */
const decide = (ev: Evening, from: Member, to: Member, decision: 'yes' | 'no') =>
  t.app.inject({
    method: 'POST',
    url: `/api/events/${ev.event.id}/connections`,
    headers: withCookie(from.cookie),
    payload: { ratedId: to.user.id, method: 'list', decision },
  });

type RotationRows = { round: number; a: { id: number }; b: { id: number } | null }[];
/** The evening's rotation as the host reads it, and who sat with a guest in a round. */
async function rotationOf(ev: Evening) {
  const res = await t.app.inject({ method: 'GET', url: `/api/events/${ev.event.id}/rotation`, headers: withCookie(ev.host.cookie) });
  const rows = res.json<RotationRows>();
  const partnerOf = (m: Member, round: number) => {
    const row = rows.find((r) => r.round === round && r.b && (r.a.id === m.user.id || r.b.id === m.user.id))!;
    return ev.present.find((g) => g.user.id === (row.a.id === m.user.id ? row.b!.id : row.a.id))!;
  };
  return { rows, partnerOf };
}

describe('a rating right after the bell', () => {
  let ev: Evening;
  let partnerOf: Awaited<ReturnType<typeof rotationOf>>['partnerOf'];
  let x: Member;
  let y: Member;
  beforeAll(async () => {
    // Four guests, two rounds held: each has talked to two of the other three.
    ev = await setUpEvening(t, { guests: 4 });
    await holdRounds(t, ev, 2);
    const rotation = await rotationOf(ev);
    partnerOf = rotation.partnerOf;
    x = ev.present.find((g) => rotation.rows.some((r) => r.round === 1 && r.b && r.a.id === g.user.id))!;
    y = partnerOf(x, 1);
  });

  it('is stored by one statement, with the session read before it and nothing else', async () => {
    // Not x's last: x also talked to someone in round 2.
    const sent = await statementsSent(t.db, async () => {
      const res = await rate(ev, x, y, 5);
      expect(res.statusCode, res.body).toBe(201);
    });
    // Before (issue 37's measure): 12 statements, 8 of them reads ahead of the insert on the one connection.
    // The rating's statement is prepared once per connection (docs/decisions/0102): on the embedded
    // database the connection's first rating sends its PREPARE, then EXECUTE; on PostgreSQL the driver
    // prepares the named statement itself. Neither is a round trip per rating.
    const perRating = sent.filter((s) => !/^PREPARE rate_many /.test(s) && !/^SELECT pg_notify/.test(s));
    const rating = perRating.filter((s) => /"ratings"|rate_many/.test(s));
    expect(rating, sent.join('\n---\n')).toHaveLength(1);
    expect(rating[0]).toMatch(/^\s*WITH asked AS \(\s*SELECT \* FROM jsonb_to_recordset|^EXECUTE rate_many\(/);
    // The session and the rating (on PostgreSQL the bus's pg_notify to the other instances comes on top).
    expect(perRating, sent.join('\n---\n')).toHaveLength(2);
    const mine = await t.app.inject({ method: 'GET', url: `/api/events/${ev.event.id}/ratings/${x.user.id}`, headers: withCookie(x.cookie) });
    expect(mine.json()).toEqual([expect.objectContaining({ raterId: x.user.id, ratedId: y.user.id, rating: 5, round: 1 })]);
  });

  it.skipIf(!!process.env.DATABASE_URL)(
    'on the embedded database, a later rating runs the statement prepared by the first, without preparing it again',
    async () => {
      // y's round-2 partner rates y twice (the second changes the first): nobody else's ratings are touched.
      const w = partnerOf(y, 2);
      expect((await rate(ev, w, y, 3)).statusCode).toBe(201); // prepared by now, if no rating before this one was
      const sent = await statementsSent(t.db, async () => {
        const res = await rate(ev, w, y, 4);
        expect(res.statusCode, res.body).toBe(201);
      });
      expect(
        sent.filter((s) => /^PREPARE /.test(s)),
        sent.join('\n---\n'),
      ).toEqual([]);
      expect(sent.filter((s) => /^EXECUTE rate_many\(/.test(s))).toHaveLength(1);
    },
  );

  it('a refused rating still says which rule it broke, and stores nothing', async () => {
    // The one guest y has not talked to in rounds 1 and 2.
    const met = new Set([partnerOf(y, 1).user.id, partnerOf(y, 2).user.id, y.user.id]);
    const stranger = ev.present.find((g) => !met.has(g.user.id))!;
    const res = await rate(ev, stranger, y, 4);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('You can rate only the people you sat with in a round that has started');
    const theirs = await t.app.inject({ method: 'GET', url: `/api/events/${ev.event.id}/ratings/${stranger.user.id}`, headers: withCookie(stranger.cookie) });
    expect(theirs.json()).toEqual([]);
  });

  it("a guest's last rating makes the evening's matches by the time it is answered", async () => {
    expect((await rate(ev, y, x, 5)).statusCode).toBe(201);
    const before = await t.db.select({ id: matches.id }).from(matches).where(eq(matches.eventId, ev.event.id));
    expect(before).toEqual([]);
    // x's rating of the round-2 partner is x's last: the matches are calculated, and x and y rated each other 5.
    expect((await rate(ev, x, partnerOf(x, 2), 3)).statusCode).toBe(201);
    const made = await t.db.select({ a: matches.user1Id, b: matches.user2Id }).from(matches).where(eq(matches.eventId, ev.event.id));
    expect(made.map((m) => [m.a, m.b].sort((p, q) => p - q))).toEqual([[x.user.id, y.user.id].sort((p, q) => p - q)]);
  });

  it('as a phone sends it, with an Idempotency-Key: the key is claimed by the session’s read, answered by the rating’s statement, and a replay changes nothing', async () => {
    // The app's phones key every rating (client lib/outbox.ts): the key is claimed before the write,
    // in the statement that reads the session (docs/decisions/0125), and answered by the rating's
    // own statement (docs/decisions/0127).
    const w = partnerOf(x, 2);
    const keyed = (key: string, rating: number) =>
      t.app.inject({
        method: 'POST',
        url: `/api/events/${ev.event.id}/ratings`,
        headers: { ...withCookie(w.cookie), 'idempotency-key': key },
        payload: { raterId: w.user.id, ratedId: x.user.id, rating },
      });
    expect((await keyed('warm-up-key-1', 2)).statusCode).toBe(201); // the statements are prepared by now
    let first: unknown;
    const sent = await statementsSent(t.db, async () => {
      const res = await keyed('the-phones-key-2', 3);
      expect(res.statusCode, res.body).toBe(201);
      first = res.json();
    });
    const perRating = sent.filter((s) => !/^PREPARE /.test(s) && !/^SELECT pg_notify/.test(s));
    // The session with the claim, then the rating with the answer.
    expect(perRating, sent.join('\n---\n')).toHaveLength(2);
    expect(perRating[0]).toMatch(/^EXECUTE find_sessions_claiming\(|^\s*WITH asked AS \(SELECT \* FROM jsonb_to_recordset\(\$1::jsonb\) AS x\(i int, h text/);
    expect(perRating[1]).toMatch(/^EXECUTE rate_many\(|^\s*WITH asked AS \(\s*SELECT \* FROM jsonb_to_recordset/);
    // The answer is the rating, as the card's route has always answered it.
    const rating = { raterId: w.user.id, ratedId: x.user.id, rating: 3, round: expect.any(Number) };
    expect(first).toEqual({ id: expect.any(Number), ...rating, createdAt: expect.any(String) });
    // Written by SQL (docs/decisions/0127), its time reads as the guest's own list of ratings gives it.
    const given = await t.app.inject({ method: 'GET', url: `/api/events/${ev.event.id}/ratings/${w.user.id}`, headers: withCookie(w.cookie) });
    expect(given.json()).toContainEqual(first);
    // The same key again (the phone never heard the answer): the kept answer, and the rating unchanged.
    const again = await keyed('the-phones-key-2', 3);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first);
    const stored = await t.db
      .select({ rating: ratings.rating })
      .from(ratings)
      .where(and(eq(ratings.eventId, ev.event.id), eq(ratings.raterId, w.user.id), eq(ratings.ratedId, x.user.id)));
    expect(stored).toEqual([{ rating: 3 }]);
  });
});

describe("/live-event's quick yes/no right after the bell", () => {
  it('is one statement for the round under way, the rating and the log, one more for the state, and the guest sees it', async () => {
    const ev = await setUpEvening(t, { guests: 4 });
    // Round 2 is running: the guests decide on their round-1 partners, as the card invites.
    await holdRounds(t, ev, 2);
    const { rows } = await rotationOf(ev);
    const pair = rows.find((r) => r.round === 1 && r.b)!;
    const [a, b] = [ev.present.find((g) => g.user.id === pair.a.id)!, ev.present.find((g) => g.user.id === pair.b!.id)!];
    expect((await decide(ev, b, a, 'no')).statusCode).toBe(200); // the statements are prepared by now
    let answer: { connections: { participantId: number; response: string | null; round: number | null; canDecide: boolean }[] } | undefined;
    const sent = await statementsSent(t.db, async () => {
      const r = await decide(ev, a, b, 'yes');
      expect(r.statusCode, r.body).toBe(200);
      answer = r.json();
    });
    const perDecision = sent.filter((s) => !/^PREPARE /.test(s) && !/^SELECT pg_notify/.test(s));
    // Before (issue 37's measure): 13, a read per rule and five for the state; then five (the session,
    // the round under way, the rating, the log, the state). Now (docs/decisions/0130): the session, the
    // decision's one statement (the round under way, the rating and the log) and the state.
    expect(perDecision, sent.join('\n---\n')).toHaveLength(3);
    // EXECUTE on the embedded database; the named statements' own text on PostgreSQL.
    expect(
      perDecision.filter((s) =>
        /^EXECUTE (decide_in_one_statement|connections_state)\(|^\s*WITH asked AS \(SELECT 0 AS i, \$1::int AS e|^\s*SELECT g\.connect_code AS code/.test(s),
      ),
    ).toHaveLength(2);
    // No read of the timer and no insert of the log of their own (Drizzle writes them in lower case).
    expect(perDecision.filter((s) => /^select [^]*from "event_timers"|^insert into "connection_logs"/.test(s))).toEqual([]);
    // The conversation is logged in the round under way (2), the rating in the round they sat together (1).
    expect(answer!.connections).toEqual([expect.objectContaining({ participantId: b.user.id, response: 'yes', round: 2, canDecide: true })]);
    const logs = await t.db.select().from(connectionLogs).where(eq(connectionLogs.eventId, ev.event.id));
    expect(logs.map((l) => [l.userId, l.otherId, l.method, l.round]).sort()).toEqual(
      [
        [a.user.id, b.user.id, 'list', 2],
        [b.user.id, a.user.id, 'list', 2],
      ].sort(),
    );
    const stored = await t.db.select().from(ratings).where(eq(ratings.eventId, ev.event.id));
    expect(stored.map((r) => [r.raterId, r.ratedId, r.rating, r.round, r.source]).sort()).toEqual(
      [
        [a.user.id, b.user.id, 4, 1, 'quick'],
        [b.user.id, a.user.id, 1, 1, 'quick'],
      ].sort(),
    );
    // Changing one's mind: the rating changes, the log stays one row.
    expect((await decide(ev, a, b, 'no')).json<{ connections: { response: string | null }[] }>().connections).toEqual([
      expect.objectContaining({ participantId: b.user.id, response: 'no' }),
    ]);
    expect(await t.db.select().from(connectionLogs).where(eq(connectionLogs.userId, a.user.id))).toHaveLength(1);
  });
});

describe('a quick yes/no that is the guest’s last decision', () => {
  it("makes the evening's matches, as the card's last rating does (docs/decisions/0093)", async () => {
    const ev = await setUpEvening(t, { guests: 4 });
    await holdRounds(t, ev, 2);
    const { rows, partnerOf } = await rotationOf(ev);
    const x = ev.present.find((g) => rows.some((r) => r.round === 1 && r.b && r.a.id === g.user.id))!;
    const y = partnerOf(x, 1);
    const made = async () =>
      (await t.db.select({ a: matches.user1Id, b: matches.user2Id }).from(matches).where(eq(matches.eventId, ev.event.id))).map((m) =>
        [m.a, m.b].sort((p, q) => p - q),
      );
    // y rates both partners on the card: y's last rating calculates, and nobody has said yes to y yet.
    expect((await rate(ev, y, x, 5)).statusCode).toBe(201);
    expect((await rate(ev, y, partnerOf(y, 2), 2)).statusCode).toBe(201);
    expect(await made()).toEqual([]);
    // x decides about both by the quick yes/no; the second is x's last: the matches follow (at once, or
    // in the calculation owed when y's began less than RECALCULATE_EVERY_MS before).
    expect((await decide(ev, x, y, 'yes')).statusCode).toBe(200);
    expect(await made()).toEqual([]);
    expect((await decide(ev, x, partnerOf(x, 2), 'no')).statusCode).toBe(200);
    await vi.waitFor(async () => expect(await made()).toEqual([[x.user.id, y.user.id].sort((p, q) => p - q)]), { timeout: 8_000, interval: 100 });
  });
});

describe("the host console's round history on each rating's news", () => {
  it('is read in as many statements after three rounds as after one, and counts each round’s ratings', async () => {
    const history = async (ev: Evening) => {
      let res: Awaited<ReturnType<typeof t.app.inject>> | undefined;
      const sent = await statementsSent(t.db, async () => {
        res = await t.app.inject({ method: 'GET', url: `/api/events/${ev.event.id}/rounds`, headers: withCookie(ev.host.cookie) });
      });
      expect(res!.statusCode, res!.body).toBe(200);
      return {
        sent: sent.filter((s) => !/^PREPARE /.test(s)),
        rounds: res!.json<{ round: number; participantsSubmitted: number; totalParticipants: number }[]>(),
      };
    };
    const one = await setUpEvening(t, { guests: 4 });
    await holdRounds(t, one, 1);
    const three = await setUpEvening(t, { guests: 4 });
    await holdRounds(t, three, 3);
    // Round 1's first pair rate each other in the three-round evening.
    const res = await t.app.inject({ method: 'GET', url: `/api/events/${three.event.id}/rotation`, headers: withCookie(three.host.cookie) });
    const pair = res.json<{ round: number; a: { id: number }; b: { id: number } | null }[]>().find((r) => r.round === 1 && r.b)!;
    const [a, b] = [three.present.find((g) => g.user.id === pair.a.id)!, three.present.find((g) => g.user.id === pair.b!.id)!];
    expect((await rate(three, a, b, 5)).statusCode).toBe(201);
    expect((await rate(three, b, a, 4)).statusCode).toBe(201);
    await history(one); // statements prepared
    const after1 = await history(one);
    const after3 = await history(three);
    // Each round's count used to read the host, the guests, the rotation and the ratings again:
    // four statements more per round (docs/decisions/0131).
    expect(after3.sent, after3.sent.join('\n---\n')).toHaveLength(after1.sent.length);
    expect(after3.rounds.map((r) => [r.round, r.participantsSubmitted, r.totalParticipants])).toEqual([
      [1, 2, 4],
      [2, 0, 4],
      [3, 0, 4],
    ]);
  });
});
