/**
 * The round's questions ride on the bell (docs/decisions/0147): right after a round starts, each
 * checked-in guest watching the evening with a partner hears their pair's question on the socket,
 * the one GET /conversation-guide then answers, so no phone need ask. Nobody else hears one; nothing
 * more is written than the asks would have written; a pair that asked first keeps its question.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerMessage } from '@shared/realtime';
import type { ConversationGuide } from '@shared/schemas/conversation-guide';
import type { RotationRow } from '@shared/schemas/live';
import { conversationQuestions } from '../../db/schema/index';
import { createTestApp, withCookie, type TestContext } from '../../test/harness';
import { statementsSent } from '../../test/statements';
import { heardAfter, hostTimer, joinLive, listen, liveTestServer, setUpEvening, type Evening, type LiveClient, type Member } from '../../test/live-helpers';
import { openingQuestions } from './service';

let t: TestContext;
let base: string;
const server = liveTestServer((s) => ({ t, base } = s));

type Heard = Extract<ServerMessage, { type: 'guide_question' }>;

async function asked(app: TestContext['app'], ev: Evening, m: Member): Promise<ConversationGuide> {
  const res = await app.inject({ method: 'GET', url: `/api/events/${ev.event.id}/conversation-guide`, headers: withCookie(m.cookie) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ConversationGuide>();
}

/** Rows of the evening's questions, by guest and round. */
async function rowsOf(ev: Evening) {
  return t.db
    .select({ userId: conversationQuestions.userId, round: conversationQuestions.round, key: conversationQuestions.questionKey })
    .from(conversationQuestions)
    .where(eq(conversationQuestions.eventId, ev.event.id));
}

async function partners(ev: Evening, round: number) {
  const res = await t.app.inject({ method: 'GET', url: `/api/events/${ev.event.id}/rotation`, headers: withCookie(ev.host.cookie) });
  return res.json<RotationRow[]>().filter((r) => r.round === round && r.b !== null);
}

describe('the question on the bell', () => {
  it('each checked-in guest with a partner hears the question the ask then gives; the late guest and the host hear none', async () => {
    const ev = await setUpEvening(t, { guests: 5, checkedIn: 4 });
    const watching = await Promise.all(ev.guests.map(async (g) => (await server.join(base, { eventId: ev.event.id, userId: g.user.id }, g.cookie)).client));
    const desk = (await server.join(base, { eventId: ev.event.id, userId: ev.host.user.id, isHost: true }, ev.host.cookie)).client;
    await hostTimer(t.app, ev, 'start_timer');
    const present = watching.slice(0, 4);
    const heard = await Promise.all(present.map((c) => c.next('guide_question')));
    for (const [i, m] of heard.entries()) {
      expect(m).toMatchObject({ type: 'guide_question', eventId: ev.event.id, round: 1 });
      expect(m.guide.question).toMatchObject({ round: 1, position: 0 });
      // What the phone would have been answered, had it asked: the same, and nothing more written.
      expect(await asked(t.app, ev, ev.guests[i]!)).toEqual(m.guide);
    }
    // Both of a pair hear the same question.
    for (const r of await partners(ev, 1)) {
      const of = (id: number) => heard[ev.guests.findIndex((g) => g.user.id === id)]!.guide.question;
      expect(of(r.a.id)).toEqual(of(r.b!.id));
    }
    expect(await rowsOf(ev)).toHaveLength(4);
    await heardAfter(t.app, ev.event.id, [...watching, desk]);
    expect(watching[4]!.count('guide_question')).toBe(0);
    expect(desk.count('guide_question')).toBe(0);
    for (const c of present) expect(c.count('guide_question')).toBe(1);

    // The next round: new partners, new questions, none a guest had before.
    await hostTimer(t.app, ev, 'next_round');
    const second = await Promise.all(present.map((c) => c.next('guide_question', undefined, (m) => m.round === 2)));
    for (const [i, m] of second.entries()) expect(m.guide.question!.text).not.toBe(heard[i]!.guide.question!.text);
    const rows = await rowsOf(ev);
    expect(rows).toHaveLength(8);
    expect(new Set(rows.map((r) => `${r.userId}:${r.key}`)).size).toBe(8);
  });

  it('with the guide off, the phones hear so and ask nothing', async () => {
    const ev = await setUpEvening(t, { guests: 2 });
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/events/${ev.event.id}/conversation-guide/setting`,
      headers: withCookie(ev.host.cookie),
      payload: { setting: 'off' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [a] = await Promise.all(ev.guests.map(async (g) => (await server.join(base, { eventId: ev.event.id, userId: g.user.id }, g.cookie)).client));
    await hostTimer(t.app, ev, 'start_timer');
    expect((await a!.next('guide_question')).guide).toEqual({ setting: 'off', question: null, more: false });
    expect(await rowsOf(ev)).toHaveLength(0);
  });

  it('a pair that asked first keeps its question; the bell reads the evening once and writes once for the pairs without one', async () => {
    const ev = await setUpEvening(t, { guests: 6 });
    await hostTimer(t.app, ev, 'start_timer');
    const [first, second] = (await partners(ev, 1)) as [RotationRow, RotationRow];
    const who = (id: number) => ev.guests.find((g) => g.user.id === id)!;
    const before = await asked(t.app, ev, who(first.a.id));
    const ids = ev.guests.map((g) => g.user.id);
    let answers = new Map<number, ConversationGuide>();
    const sent = (await statementsSent(t.db, async () => (answers = await openingQuestions(t.db, ev.event.id, 1, ids)))).filter((s) => !/^PREPARE /.test(s));
    // One read of the evening, then one write for the two pairs that had none.
    expect(sent, sent.join('\n---\n')).toHaveLength(2);
    expect(sent[1]).toMatch(/^EXECUTE guide_give_openings\(|^\s*INSERT INTO conversation_questions/);
    expect(answers.size).toBe(6);
    expect(answers.get(first.a.id)).toEqual(before);
    expect(answers.get(first.b!.id)).toEqual(before);
    expect(answers.get(second.a.id)).toEqual(await asked(t.app, ev, who(second.b!.id)));
    expect(await rowsOf(ev)).toHaveLength(6);
    // Again (another instance at the same bell): the same answers, nothing written.
    expect(await openingQuestions(t.db, ev.event.id, 1, ids)).toEqual(answers);
    expect(await rowsOf(ev)).toHaveLength(6);
    // Only the guests named count: a pair with neither named is left to ask.
    const one = await openingQuestions(t.db, ev.event.id, 1, [second.a.id]);
    expect([...one.keys()].sort()).toEqual([second.a.id, second.b!.id].sort());
    // A round not under way gives nothing.
    expect((await openingQuestions(t.db, ev.event.id, 2, ids)).size).toBe(0);
    const [stillOne] = await t.db
      .select({ key: conversationQuestions.questionKey })
      .from(conversationQuestions)
      .where(and(eq(conversationQuestions.eventId, ev.event.id), eq(conversationQuestions.round, 2)));
    expect(stillOne).toBeUndefined();
  });
});

describe.skipIf(!process.env.DATABASE_URL)('the question on the bell with two instances on one PostgreSQL', () => {
  let B: TestContext;
  let baseB: string;
  beforeAll(async () => {
    B = await createTestApp({ shareDatabaseWith: t });
    baseB = await listen(B.app);
  });
  afterAll(() => B?.close());

  it('a pair split across the instances hears one question, the same on both phones', async () => {
    const ev = await setUpEvening(t, { guests: 8 });
    const clients: LiveClient[] = [];
    // Every other guest watches on the second instance: both instances give at the same bell.
    for (const [i, g] of ev.guests.entries()) {
      const c = (await joinLive(i % 2 ? baseB : base, { eventId: ev.event.id, userId: g.user.id }, g.cookie)).client;
      clients.push(server.keep(c));
    }
    await hostTimer(t.app, ev, 'start_timer');
    const heard = await Promise.all(clients.map((c) => c.next('guide_question')));
    const byUser = new Map(ev.guests.map((g, i) => [g.user.id, heard[i]!] as [number, Heard]));
    for (const r of await partners(ev, 1)) {
      expect(byUser.get(r.a.id)!.guide.question).toEqual(byUser.get(r.b!.id)!.guide.question);
      expect(byUser.get(r.a.id)!.guide).toEqual(
        await asked(
          t.app,
          ev,
          ev.guests.find((g) => g.user.id === r.a.id)!,
        ),
      );
    }
    expect(await rowsOf(ev)).toHaveLength(8);
  });
});
