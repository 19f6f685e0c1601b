/**
 * Every count is earned (docs/decisions/0063): a rating, on the card's route or as /live-event's quick
 * yes/no, is taken only for two guests seated together in a round the host started. A round only
 * planned (an evening ended early), a bye, or a pair the rotation never seated is refused with 409 and
 * stores nothing; no match comes from such a pair; a guest's rotation holds only the rounds held and
 * the one up next.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MyRound, RotationRow } from '@shared/schemas/live';
import type { ConnectionsState, Match } from '@shared/schemas/matching';
import { connectionLogs, matches, ratings } from '../../db/schema/index';
import { createTestApp, withCookie, type TestContext } from '../../test/harness';
import { holdRounds, hostTimer, setUpEvening, type Evening, type Member } from '../../test/live-helpers';
import { NOT_MET } from './ratings';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (url: string, cookie: string, payload: object = {}) => t.app.inject({ method: 'POST', url, headers: withCookie(cookie), payload });
const get = (url: string, cookie: string) => t.app.inject({ method: 'GET', url, headers: withCookie(cookie) });
const rate = (ev: Evening, x: Member, y: Member, rating: number, round?: number) =>
  post(`/api/events/${ev.event.id}/ratings`, x.cookie, { raterId: x.user.id, ratedId: y.user.id, rating, ...(round ? { round } : {}) });
const decide = (ev: Evening, x: Member, y: Member, decision: 'yes' | 'no') =>
  post(`/api/events/${ev.event.id}/connections`, x.cookie, { ratedId: y.user.id, method: 'list', decision });

async function stored(ev: Evening, x: Member, y: Member) {
  return t.db
    .select({ rating: ratings.rating, round: ratings.round })
    .from(ratings)
    .where(and(eq(ratings.eventId, ev.event.id), eq(ratings.raterId, x.user.id), eq(ratings.ratedId, y.user.id)));
}

async function rotation(ev: Evening): Promise<RotationRow[]> {
  const res = await get(`/api/events/${ev.event.id}/rotation`, ev.host.cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<RotationRow[]>();
}

/** The guest of `ev` with this id. */
const who = (ev: Evening, id: number) => ev.present.find((g) => g.user.id === id)!;

/** The two guests seated together at the first table of `round`. */
async function pairIn(ev: Evening, round: number): Promise<[Member, Member]> {
  const row = (await rotation(ev)).find((r) => r.round === round && r.b !== null)!;
  return [who(ev, row.a.id), who(ev, row.b!.id)];
}

describe('a rating is for a conversation that took place', () => {
  let ev: Evening;
  beforeAll(async () => {
    // Four guests: three rounds planned, everyone meets everyone once. The host holds round 1 only.
    ev = await setUpEvening(t, { guests: 4 });
  });

  it('before the host starts, nobody can rate anybody', async () => {
    const [x, y] = ev.present as [Member, Member];
    const res = await rate(ev, x, y, 5);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(NOT_MET);
    expect(await stored(ev, x, y)).toEqual([]);
  });

  it('round 1 partners may rate each other; the round stored is the one they sat in, whatever the phone says', async () => {
    await holdRounds(t, ev, 1);
    const [x, y] = await pairIn(ev, 1);
    const res = await rate(ev, x, y, 5, 3);
    expect(res.statusCode, res.body).toBe(201);
    expect(await stored(ev, x, y)).toEqual([{ rating: 5, round: 1 }]);
  });

  it('a partner of a round not yet started is refused, on the card and as a quick yes/no, and nothing is stored', async () => {
    const [x, y] = await pairIn(ev, 2);
    const card = await rate(ev, x, y, 5, 2);
    expect(card.statusCode).toBe(409);
    expect(card.json().message).toBe(NOT_MET);
    const quick = await decide(ev, x, y, 'yes');
    expect(quick.statusCode).toBe(409);
    expect(quick.json().message).toBe(NOT_MET);
    expect(await stored(ev, x, y)).toEqual([]);
    // The refused yes/no logged nothing either.
    const logs = await t.db
      .select()
      .from(connectionLogs)
      .where(and(eq(connectionLogs.eventId, ev.event.id), eq(connectionLogs.userId, x.user.id)));
    expect(logs).toEqual([]);
  });

  it("a guest's rotation holds the rounds held and the one up next, never a later planned round", async () => {
    const [x] = await pairIn(ev, 1);
    const res = await get(`/api/events/${ev.event.id}/rotation/me`, x.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json<MyRound[]>().map((r) => r.round)).toEqual([1, 2]);
  });

  it('/live-event offers a yes/no only for a partner of a round that started; anyone else logged is a chat only', async () => {
    const [x, y] = await pairIn(ev, 1);
    // Only round 1 was held: x has talked to y and to nobody else yet.
    const other = ev.present.find((g) => g !== x && g !== y)!;
    expect((await post(`/api/events/${ev.event.id}/connections`, x.cookie, { ratedId: y.user.id, method: 'list' })).statusCode).toBe(200);
    const res = await post(`/api/events/${ev.event.id}/connections`, x.cookie, { ratedId: other.user.id, method: 'list' });
    expect(res.statusCode, res.body).toBe(200);
    const state = res.json<ConnectionsState>();
    expect(state.connections.find((c) => c.participantId === y.user.id)).toMatchObject({ canDecide: true });
    expect(state.connections.find((c) => c.participantId === other.user.id)).toMatchObject({ canDecide: false, response: null });
    expect((await decide(ev, x, y, 'yes')).statusCode).toBe(200);
    expect(await stored(ev, x, y)).toEqual([{ rating: 4, round: 1 }]);
  });

  it('ended after round 1: later rounds never happened, their pairs cannot rate, and no match comes from them', async () => {
    const [x, y] = await pairIn(ev, 2);
    await hostTimer(t.app, ev, 'end_event');
    expect((await rate(ev, x, y, 5)).statusCode).toBe(409);
    expect((await rate(ev, y, x, 5)).statusCode).toBe(409);
    // The rotation after the end: round 1 only.
    const mine = await get(`/api/events/${ev.event.id}/rotation/me`, x.cookie);
    expect(mine.json<MyRound[]>().map((r) => r.round)).toEqual([1]);
    // Even two ratings written before this rule (straight into the table) make no match.
    await t.db.insert(ratings).values([
      { eventId: ev.event.id, raterId: x.user.id, ratedId: y.user.id, rating: 5, round: 2, source: 'card' },
      { eventId: ev.event.id, raterId: y.user.id, ratedId: x.user.id, rating: 5, round: 2, source: 'card' },
    ]);
    const calc = await post(`/api/events/${ev.event.id}/calculate-matches`, ev.host.cookie, { algorithm: 'balanced' });
    expect(calc.statusCode, calc.body).toBe(200);
    const made = await t.db.select().from(matches).where(eq(matches.eventId, ev.event.id));
    const key = (a: number, b: number) => [a, b].sort((p, q) => p - q).join(':');
    expect(made.map((m) => key(m.user1Id, m.user2Id))).not.toContain(key(x.user.id, y.user.id));
    const listed = await get(`/api/events/${ev.event.id}/matches`, ev.host.cookie);
    expect(listed.json<Match[]>().every((m) => m.round === 1)).toBe(true);
  });
});

describe('a bye is no conversation', () => {
  it('the guest sitting out rates nobody for that round', async () => {
    const ev = await setUpEvening(t, { guests: 3 });
    await holdRounds(t, ev, 1);
    const bye = (await rotation(ev)).find((r) => r.round === 1 && r.b === null)!;
    const sitter = who(ev, bye.a.id);
    const others = ev.present.filter((g) => g !== sitter);
    for (const o of others) {
      const res = await rate(ev, sitter, o, 5);
      expect(res.statusCode).toBe(409);
      expect(await stored(ev, sitter, o)).toEqual([]);
    }
  });
});
