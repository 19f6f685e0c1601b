/**
 * The conversation guide (issue 36, docs/decisions/0081): a checked-in guest's pair gets one question
 * a round, about what the two share when they share something; "Another question" gives the next,
 * the same on both phones; no guest (so no pair) is given a question twice in an evening; only the
 * evening's checked-in guests and hosts may ask; the host's setting turns it off, and open phones hear so.
 */
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { GUIDE_QUESTIONS_PER_ROUND } from '@shared/domain/conversation-guide';
import type { ConversationGuide } from '@shared/schemas/conversation-guide';
import type { RotationRow } from '@shared/schemas/live';
import { conversationQuestions, profileAnswers, users } from '../../db/schema/index';
import { expectBadInput, signUp, withCookie, type TestContext } from '../../test/harness';
import { statementsSent } from '../../test/statements';
import { holdRounds, hostTimer, liveTestServer, setUpEvening, type Evening, type Member } from '../../test/live-helpers';
import * as q from './queries';
import { ENOUGH, GUESTS_ONLY, NOT_YOURS, ROUND_OVER } from './service';

let t: TestContext;
let base: string;
const server = liveTestServer((s) => ({ t, base } = s));

const url = (ev: Evening, tail = '') => `/api/events/${ev.event.id}/conversation-guide${tail}`;
const ask = (ev: Evening, m: { cookie?: string } | undefined) => t.app.inject({ method: 'GET', url: url(ev), headers: withCookie(m?.cookie) });
const next = (ev: Evening, m: Member, payload: object) => t.app.inject({ method: 'POST', url: url(ev, '/next'), headers: withCookie(m.cookie), payload });
const setting = (ev: Evening, m: Member, payload: object) => t.app.inject({ method: 'PUT', url: url(ev, '/setting'), headers: withCookie(m.cookie), payload });

async function guide(ev: Evening, m: Member): Promise<ConversationGuide> {
  const res = await ask(ev, m);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ConversationGuide>();
}

async function another(ev: Evening, m: Member, round: number, after: number): Promise<ConversationGuide> {
  const res = await next(ev, m, { round, after });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ConversationGuide>();
}

/** What each guest shares: interests on the profile, motivations from the registration wizard. */
async function likes(m: Member, interests: string[], motivations: string[] = []) {
  await t.db.update(users).set({ interests }).where(eq(users.id, m.user.id));
  if (motivations.length)
    await t.db.insert(profileAnswers).values({ userId: m.user.id, motivations }).onConflictDoUpdate({ target: profileAnswers.userId, set: { motivations } });
}

/** The pairs of a round, as the host's rotation lists them. */
async function pairs(ev: Evening, round: number): Promise<[Member, Member][]> {
  const res = await t.app.inject({ method: 'GET', url: `/api/events/${ev.event.id}/rotation`, headers: withCookie(ev.host.cookie) });
  const who = (id: number) => ev.present.find((g) => g.user.id === id)!;
  return res
    .json<RotationRow[]>()
    .filter((r) => r.round === round && r.b !== null)
    .map((r) => [who(r.a.id), who(r.b!.id)]);
}

describe('the question for a pair', () => {
  let ev: Evening;
  let shared: [Member, Member];
  let strangers: [Member, Member];
  beforeAll(async () => {
    ev = await setUpEvening(t, { guests: 5, checkedIn: 4 });
    // Nobody shares anything, until round 1's first pair is given one interest in common.
    for (const [i, g] of ev.guests.entries()) await likes(g, [`Pastime ${i}`, `Other ${i}`]);
    await holdRounds(t, ev, 1);
    [shared, strangers] = (await pairs(ev, 1)) as [[Member, Member], [Member, Member]];
    await likes(shared[0], ['Hiking', 'Pastime 0x']);
    await likes(shared[1], ['Opera', 'hiking']);
  });

  it('two guests who share an interest are asked about it, the same question on both phones', async () => {
    const [a, b] = shared;
    const mine = await guide(ev, a);
    expect(mine.setting).toBe('light');
    expect(mine.question).toMatchObject({ round: 1, position: 0, topic: expect.stringMatching(/^hiking$/i) });
    expect(mine.question!.text).toMatch(/^You both like hiking\. /);
    expect(mine.question!.followUp).toMatch(/^Ask /);
    expect(mine.more).toBe(true);
    expect((await guide(ev, b)).question).toEqual(mine.question);
    // Asked again, the same question: nothing new is given.
    expect((await guide(ev, a)).question).toEqual(mine.question);
  });

  it('two guests who share nothing get an opener from the first, light set', async () => {
    const [c, d] = strangers;
    const q = (await guide(ev, c)).question!;
    expect(q.topic).toBeNull();
    expect(q.text).not.toMatch(/both/);
    expect((await guide(ev, d)).question).toEqual(q);
  });

  it('"Another question" gives the next one, the same on both phones when both press at once, and stops at the bound', async () => {
    const [a, b] = shared;
    const first = (await guide(ev, a)).question!;
    const [fromA, fromB] = await Promise.all([another(ev, a, 1, 0), another(ev, b, 1, 0)]);
    expect(fromA.question).toEqual(fromB.question);
    expect(fromA.question!.position).toBe(1);
    expect(fromA.question!.text).not.toBe(first.text);
    // The screen now shows the second one: a reload reads it.
    expect((await guide(ev, b)).question).toEqual(fromA.question);
    // Pressed again from an old screen (after 0), the second question stands: nothing new is written.
    expect((await another(ev, b, 1, 0)).question).toEqual(fromA.question);

    let after = 1;
    let last = fromA;
    while (after < GUIDE_QUESTIONS_PER_ROUND - 1) last = await another(ev, a, 1, after++);
    expect(last.question!.position).toBe(GUIDE_QUESTIONS_PER_ROUND - 1);
    expect(last.more).toBe(false);
    const refused = await next(ev, a, { round: 1, after: GUIDE_QUESTIONS_PER_ROUND - 1 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message: ENOUGH });
    expectBadInput(await next(ev, a, { round: 1, after: GUIDE_QUESTIONS_PER_ROUND }));
    const beyond = await next(ev, a, { round: 1, after: GUIDE_QUESTIONS_PER_ROUND - 2 });
    expect(beyond.json<ConversationGuide>().question!.position).toBe(GUIDE_QUESTIONS_PER_ROUND - 1);
    const rows = await t.db
      .select()
      .from(conversationQuestions)
      .where(and(eq(conversationQuestions.eventId, ev.event.id), eq(conversationQuestions.userId, a.user.id)));
    expect(rows).toHaveLength(GUIDE_QUESTIONS_PER_ROUND);
  });

  it('refuses a round that is not under way, a place not yet reached, and bad input, changing nothing', async () => {
    const [c] = strangers;
    const before = await t.db.select().from(conversationQuestions).where(eq(conversationQuestions.eventId, ev.event.id));
    const stale = await next(ev, c, { round: 2, after: 0 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ message: ROUND_OVER });
    expect((await next(ev, c, { round: 1, after: 3 })).statusCode).toBe(409);
    for (const bad of [
      { round: 1 },
      { round: 'one', after: 0 },
      { round: 1, after: -1 },
      { round: 0, after: 0 },
      { round: 1, after: 0.5 },
      { round: 1, after: 0, extra: 1 },
    ]) {
      expectBadInput(await next(ev, c, bad));
    }
    const after = await t.db.select().from(conversationQuestions).where(eq(conversationQuestions.eventId, ev.event.id));
    expect(after).toEqual(before);
  });

  it('only checked-in guests and hosts of the evening may ask', async () => {
    const booked = ev.guests[4]!; // registered, not checked in
    expect((await ask(ev, booked)).statusCode).toBe(403);
    expect((await ask(ev, booked)).json()).toMatchObject({ message: GUESTS_ONLY });
    const stranger = (await signUp(t.app)) as Member;
    expect((await ask(ev, stranger)).statusCode).toBe(403);
    expect((await next(ev, stranger, { round: 1, after: 0 })).statusCode).toBe(403);
    expect((await ask(ev, undefined)).statusCode).toBe(401);
    const missing = await t.app.inject({ method: 'GET', url: '/api/events/999999/conversation-guide', headers: withCookie(stranger.cookie) });
    expect(missing.statusCode).toBe(404);
    // The host has no pair: the setting, no question.
    expect(await guide(ev, ev.host)).toEqual({ setting: 'light', question: null, more: false });
  });
});

describe('no question twice', () => {
  it('a whole evening: no guest is given the same question twice, so no pair is either', async () => {
    const ev = await setUpEvening(t, { guests: 4 });
    // Everyone likes the same things: the shared questions would come first for every pair, every round.
    for (const g of ev.guests) await likes(g, ['Hiking', 'Film'], ['Try new experiences']);
    const seen = new Map<number, string[]>();
    const byPair = new Map<string, string[]>();
    let state = await hostTimer(t.app, ev, 'start_timer');
    for (;;) {
      for (const [a, b] of await pairs(ev, state.currentRound)) {
        const texts = [(await guide(ev, a)).question!.text];
        for (let after = 0; after < 3; after++) texts.push((await another(ev, after % 2 ? a : b, state.currentRound, after)).question!.text);
        for (const g of [a, b]) seen.set(g.user.id, [...(seen.get(g.user.id) ?? []), ...texts]);
        const key = [a.user.id, b.user.id].sort().join('-');
        byPair.set(key, [...(byPair.get(key) ?? []), ...texts]);
      }
      if (state.currentRound >= 3) break;
      state = await hostTimer(t.app, ev, 'next_round');
    }
    expect(seen.size).toBe(4);
    for (const texts of [...seen.values(), ...byPair.values()]) expect(new Set(texts).size).toBe(texts.length);
    // In round 1 the pair was asked about what they share.
    const [x] = ev.guests;
    expect(seen.get(x!.user.id)![0]).toMatch(/^You both like (hiking|film)\. /);
  });

  it('many requests from both phones at once give the pair one question, stored once each', async () => {
    const ev = await setUpEvening(t, { guests: 2 });
    await holdRounds(t, ev, 1);
    const [a, b] = ev.guests as [Member, Member];
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => guide(ev, i % 2 ? a : b)));
    expect(new Set(answers.map((x) => x.question!.text)).size).toBe(1);
    const [row] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(conversationQuestions)
      .where(eq(conversationQuestions.eventId, ev.event.id));
    expect(Number(row!.n)).toBe(2);
  });

  it('writes for the same pair from both phones and from two instances at once never deadlock: each takes its rows in one order', async () => {
    const ev = await setUpEvening(t, { guests: 4 });
    const [a, b, c, d] = ev.guests.map((g) => g.user.id) as [number, number, number, number];
    const question = (key: string) => ({ key, text: `Question ${key}?`, followUp: 'And then?', topic: null });
    // Forty places, each written four times at once, by the pair's two phones in turn.
    const places = Array.from({ length: 40 }, (_, i) => i + 1);
    const gives = await Promise.all(
      places.map((round) =>
        Promise.all([a, b, a, b].map((me) => q.give(t.db, ev.event.id, me, me === a ? b : a, { round, position: 0, ...question(`ask-${round}`) }))),
      ),
    );
    for (const wrote of gives) expect(wrote.filter(Boolean)).toHaveLength(1);
    // Twenty bells, each given by two instances at once that list the evening's pairs in opposite orders.
    const bells = Array.from({ length: 20 }, (_, i) => 100 + i);
    const opened = await Promise.all(
      bells.map((round) => {
        const ab = { a, b, question: question(`bell-${round}-ab`) };
        const cd = { a: c, b: d, question: question(`bell-${round}-cd`) };
        const reversed = [
          { ...cd, a: d, b: c },
          { ...ab, a: b, b: a },
        ];
        return Promise.all([q.giveOpenings(t.db, ev.event.id, round, [ab, cd]), q.giveOpenings(t.db, ev.event.id, round, reversed)]);
      }),
    );
    for (const [one, other] of opened) expect(one.size + other.size).toBe(4);
    const [row] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(conversationQuestions)
      .where(eq(conversationQuestions.eventId, ev.event.id));
    expect(Number(row!.n)).toBe(places.length * 2 + bells.length * 4);
  });

  it("at the bell: a pair's first ask is four statements, the partner's two (docs/decisions/0145)", async () => {
    const ev = await setUpEvening(t, { guests: 2 });
    await holdRounds(t, ev, 1);
    const [a, b] = ev.guests as [Member, Member];
    await likes(a, ['Hiking']);
    await likes(b, ['hiking']);
    let mine: ConversationGuide | undefined;
    // The live timers' own poll runs on its clock, not the request's (test/statements.ts leaves it out).
    // A statement's PREPARE, once per connection on the embedded database, is not the request's.
    const sent = async (fn: () => Promise<unknown>) => (await statementsSent(t.db, fn)).filter((s) => !/^PREPARE /.test(s));
    const first = await sent(async () => {
      mine = await guide(ev, a);
    });
    // The session, the state, what the two share and have had, the pair's two rows (until decision 0145: five statements and a transaction of one insert).
    expect(first, first.join('\n---\n')).toHaveLength(4);
    // EXECUTE on the embedded database; the named statement's own text on PostgreSQL.
    expect(first.filter((s) => /^EXECUTE guide_give\(|^\s*INSERT INTO conversation_questions/.test(s))).toHaveLength(1);
    expect(mine!.question!.text).toMatch(/^You both like hiking\. /);
    const partner = await sent(async () => expect((await guide(ev, b)).question).toEqual(mine!.question));
    // The session and the state, which holds the question.
    expect(partner, partner.join('\n---\n')).toHaveLength(2);
  });

  it('at the bell every phone of a room asks at once: each pair holds one question, the same on both phones', async () => {
    const ev = await setUpEvening(t, { guests: 20 });
    await holdRounds(t, ev, 1);
    const answers = await Promise.all(ev.guests.map(async (g) => [g.user.id, (await guide(ev, g)).question] as const));
    const shown = new Map(answers);
    const held = await pairs(ev, 1);
    expect(held).toHaveLength(10);
    for (const [a, b] of held) {
      expect(shown.get(a.user.id), `${a.user.id} and ${b.user.id}`).not.toBeNull();
      expect(shown.get(b.user.id)).toEqual(shown.get(a.user.id));
    }
    const rows = await t.db.select().from(conversationQuestions).where(eq(conversationQuestions.eventId, ev.event.id));
    expect(rows).toHaveLength(20);
  });

  it('the database itself refuses a guest the same question twice in an evening', async () => {
    const ev = await setUpEvening(t, { guests: 2 });
    await holdRounds(t, ev, 1);
    const [a, b] = ev.guests as [Member, Member];
    await guide(ev, a);
    const [row] = await t.db.select().from(conversationQuestions).where(eq(conversationQuestions.userId, a.user.id));
    await expect(t.db.insert(conversationQuestions).values({ ...row!, round: 2, position: 0, partnerId: b.user.id })).rejects.toThrow();
  });
});

describe("the host's setting", () => {
  it('off hides the question and refuses another; a guest cannot change it; open phones are told', async () => {
    const ev = await setUpEvening(t, { guests: 2 });
    await holdRounds(t, ev, 1);
    const [a] = ev.guests as [Member];
    expect((await guide(ev, a)).question).not.toBeNull();
    const { client } = await server.join(base, { eventId: ev.event.id, userId: a.user.id }, a.cookie);

    const refused = await setting(ev, a, { setting: 'off' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ message: NOT_YOURS });
    expectBadInput(await setting(ev, ev.host, { setting: 'deepest' }));
    expectBadInput(await setting(ev, ev.host, {}));
    expect((await guide(ev, a)).setting).toBe('light');

    const off = await setting(ev, ev.host, { setting: 'off' });
    expect(off.statusCode, off.body).toBe(200);
    await client.next('guide_updated', 2000, (m) => m.eventId === ev.event.id);
    expect(await guide(ev, a)).toEqual({ setting: 'off', question: null, more: false });
    expect((await next(ev, a, { round: 1, after: 0 })).statusCode).toBe(409);

    // Deeper from the next question on; the host sees the setting too.
    expect((await setting(ev, ev.host, { setting: 'deeper' })).statusCode).toBe(200);
    expect((await guide(ev, ev.host)).setting).toBe('deeper');
    expect((await guide(ev, a)).question).not.toBeNull();
  });
});
