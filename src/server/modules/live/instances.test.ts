/**
 * Two server instances on one PostgreSQL (LISTEN/NOTIFY): a change made on one reaches the
 * sockets of the other, and a transition that falls due is applied once although both
 * instances race for it. Runs only with DATABASE_URL (CI); PGlite has a single instance.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { LIVE_BUS_CONNECTION, openPostgres } from '../../db/client';
import { eventTimers, roundHistory } from '../../db/schema/index';
import { createTestApp, withCookie, type TestContext } from '../../test/harness';
import { statementsSent } from '../../test/statements';
import * as q from './queries';
import {
  endPhaseIn,
  joinLive,
  listen,
  quietFor,
  roundOneStarted,
  setUpEvening,
  timerRow,
  type LiveClient,
  type Member,
  type PendingRoundStart,
} from '../../test/live-helpers';

const onPostgres = !!process.env.DATABASE_URL;

describe.skipIf(!onPostgres)('two instances on one PostgreSQL', () => {
  let A: TestContext;
  let B: TestContext;
  let baseA: string;
  let baseB: string;
  const clients: LiveClient[] = [];

  beforeAll(async () => {
    A = await createTestApp();
    B = await createTestApp({ shareDatabaseWith: A });
    baseA = await listen(A.app);
    baseB = await listen(B.app);
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.close()));
  });
  afterAll(async () => {
    await B?.close();
    await A?.close();
  });

  async function join(base: string, eventId: number, m: Member, isHost = false) {
    const { client } = await joinLive(base, { eventId, userId: m.user.id, isHost }, m.cookie);
    clients.push(client);
    return client;
  }

  async function history(eventId: number) {
    return A.db
      .select({ round: roundHistory.round, status: roundHistory.status })
      .from(roundHistory)
      .where(eq(roundHistory.eventId, eventId))
      .orderBy(roundHistory.round);
  }

  it('a host command on instance A reaches a client on instance B, and the other way round', async () => {
    const ev = await setUpEvening(A, { guests: 2 });
    const host = await join(baseA, ev.event.id, ev.host, true);
    const onA = await join(baseA, ev.event.id, ev.guests[0]!);
    const onB = await join(baseB, ev.event.id, ev.guests[1]!);

    host.send({ type: 'start_timer' });
    const [a, b] = await Promise.all([onA.next('timer_started'), onB.next('timer_started')]);
    expect(b).toMatchObject({ currentRound: 1, phase: 'active', version: 1, endsAt: a.endsAt });

    // A command through instance B's HTTP API reaches the sockets on A.
    const res = await B.app.inject({
      method: 'POST',
      url: `/api/events/${ev.event.id}/timer`,
      headers: withCookie(ev.host.cookie),
      payload: { type: 'pause_timer' },
    });
    expect(res.statusCode, res.body).toBe(200);
    for (const c of [host, onA, onB]) expect(await c.next('timer_paused')).toMatchObject({ phase: 'paused', version: 2 });

    // Both instances answer with the same state.
    const viaA = await A.app.inject({ method: 'GET', url: `/api/events/${ev.event.id}/timer`, headers: withCookie(ev.guests[0]!.cookie) });
    const viaB = await B.app.inject({ method: 'GET', url: `/api/events/${ev.event.id}/timer`, headers: withCookie(ev.guests[1]!.cookie) });
    expect({ ...viaB.json(), serverNow: 0 }).toEqual({ ...viaA.json(), serverNow: 0 });
  });

  it('after the bus drops, each instance hears it again and tells its phones the state they missed, with their places', async () => {
    const ev = await setUpEvening(A, { guests: 4 });
    const host = await join(baseA, ev.event.id, ev.host, true);
    const phones = await Promise.all(ev.guests.map((g, i) => join(i < 2 ? baseA : baseB, ev.event.id, g)));
    host.send({ type: 'start_timer' });
    await Promise.all(phones.map((p) => p.next('timer_started')));

    // Both instances' listening connections are cut (they listen again after a second).
    const listeners = sql`select pid from pg_stat_activity where datname = current_database() and application_name = ${LIVE_BUS_CONNECTION}`;
    const rowsOf = async (q: ReturnType<typeof sql>) => ((await A.db.execute(q)) as unknown as { rows: unknown[] }).rows;
    expect(await rowsOf(sql`select pg_terminate_backend(pid) from (${listeners}) l`)).toHaveLength(2);
    await expect.poll(async () => (await rowsOf(listeners)).length, { timeout: 900, interval: 20 }).toBe(0);

    // Meanwhile the host moves on: nobody hears it on the bus.
    const res = await A.app.inject({
      method: 'POST',
      url: `/api/events/${ev.event.id}/timer`,
      headers: withCookie(ev.host.cookie),
      payload: { type: 'next_round' },
    });
    expect(res.statusCode, res.body).toBe(200);

    // Back on the bus, each instance reads the evening again and tells its phones, each with its own place.
    const got = await Promise.all(phones.map((p) => p.next('timer_sync', 5000, (m) => m.currentRound === 2)));
    for (const [i, m] of got.entries()) {
      const rotation = await A.app.inject({ method: 'GET', url: `/api/events/${ev.event.id}/rotation/me`, headers: withCookie(ev.guests[i]!.cookie) });
      expect(m).toMatchObject({ phase: 'active', version: 2, mine: rotation.json<{ round: number }[]>().find((r) => r.round === 2) });
      expect(m).toHaveProperty('mine.partner.id');
    }
    // The host's desk, which applies the check-in news it hears rather than reading (decision 0142), is
    // told to read its list: what was said meanwhile never reached it.
    expect(await host.next('checkins_updated', 5000)).toEqual({ type: 'checkins_updated', eventId: ev.event.id });
    // And the bus works again: the next command is heard on both instances.
    host.send({ type: 'pause_timer' });
    await Promise.all(phones.map((p) => p.next('timer_paused')));
  });

  it('a due transition happens once although both instances race for it', async () => {
    const ev = await setUpEvening(A, { guests: 2 });
    const host = await join(baseA, ev.event.id, ev.host, true);
    const onA = await join(baseA, ev.event.id, ev.guests[0]!);
    const onB = await join(baseB, ev.event.id, ev.guests[1]!);
    const watchers = [host, onA, onB];

    /** Make the running phase end in 600 ms, and have both instances set their timeouts for that moment. */
    const runOutSoon = async () => {
      await endPhaseIn(A.db, ev.event.id, 600);
      await A.app.live.publishTimer(ev.event.id, 'timer_sync');
    };
    const exactlyOnce = async (type: 'round_complete' | 'grace_started' | 'timer_started', before: number) => {
      const got = await Promise.all(watchers.map((c) => c.next(type, 3000)));
      // A real wait, on purpose (docs/decisions/0095): the instance that loses the race does so inside its own
      // timer (timers.ts) and says nothing, so no event is ordered after its attempt; heardAfter covers what the
      // bus carries whole, not timer changes, which are read back before they are written. Longer than the poll
      // (1 s): a second winner would have spoken by now.
      await quietFor(1200);
      for (const c of watchers) expect(c.messages.filter((m) => m.type === type && 'version' in m && m.version > before)).toHaveLength(1);
      return got[0]!;
    };

    for (let round = 1; round <= 2; round++) {
      host.send({ type: 'start_timer' });
      await Promise.all(watchers.map((c) => c.next('timer_started')));
      const v = (await timerRow(A.db, ev.event.id)).version;
      await runOutSoon();
      const done = await exactlyOnce('round_complete', v);
      expect(done).toMatchObject({ currentRound: round, phase: 'idle', version: v + 1 });
      expect((await timerRow(A.db, ev.event.id)).version).toBe(v + 1);
    }
    expect(await history(ev.event.id)).toEqual([
      { round: 1, status: 'completed' },
      { round: 2, status: 'completed' },
    ]);

    // Auto-advance: grace, then the next round, each started once.
    host.send({ type: 'start_timer', autoAdvance: true });
    await Promise.all(watchers.map((c) => c.next('timer_started')));
    let v = (await timerRow(A.db, ev.event.id)).version;
    await runOutSoon();
    expect(await exactlyOnce('grace_started', v)).toMatchObject({ currentRound: 3, phase: 'grace', version: v + 1 });
    v += 1;
    await runOutSoon();
    expect(await exactlyOnce('timer_started', v)).toMatchObject({ currentRound: 4, phase: 'active', version: v + 1 });
    expect((await timerRow(A.db, ev.event.id)).version).toBe(v + 1);
    expect(await history(ev.event.id)).toEqual([
      { round: 1, status: 'completed' },
      { round: 2, status: 'completed' },
      { round: 3, status: 'completed' },
      { round: 4, status: 'active' },
    ]);
  });

  it('overlapping batches of round starts from both instances neither deadlock nor start a round twice', async () => {
    const evenings = [];
    for (let i = 0; i < 6; i++) evenings.push(await setUpEvening(A, { guests: 3 }));
    const starts = await roundOneStarted(A, evenings);
    // Two instances, each with its own connections (the test apps share a pool), each writing the
    // six round starts in one statement, in opposite orders. Evening 3's timer is held by a third
    // writer until both statements wait on a lock; let go, they take the rows at the same moment.
    const second = openPostgres(A.database.pool!.options.connectionString!, { max: 2 });
    onTestFinished(() => second.close());
    const [e1, e2, e3, e4, e5, e6] = starts as [
      PendingRoundStart,
      PendingRoundStart,
      PendingRoundStart,
      PendingRoundStart,
      PendingRoundStart,
      PendingRoundStart,
    ];
    let letGo = () => {};
    const held = new Promise<void>((resolve) => (letGo = resolve));
    let locked = () => {};
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const holding = A.db.transaction(async (tx) => {
      await tx.execute(sql`select 1 from ${eventTimers} where event_id = ${e3.eventId} for update`);
      locked();
      await held;
    });
    await isLocked;
    const waitingOnLocks = async () =>
      Number(
        (
          (await A.db.execute(sql`select count(*) as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`)) as unknown as {
            rows: { n: string }[];
          }
        ).rows[0]!.n,
      );
    const startAll = (db: typeof A.db, order: typeof starts) => Promise.all(order.map((s) => q.startRoundIf(db, s.eventId, s.version, s.state, 1)));
    const aOrder = [e3, e1, e2, e4, e5, e6];
    const bOrder = [e3, e6, e5, e4, e2, e1];
    const racing = Promise.all([startAll(A.db, aOrder), startAll(second.db, bOrder)]);
    await expect.poll(waitingOnLocks, { timeout: 3000 }).toBe(2);
    letGo();
    await holding;
    const [onA, onB] = await racing;
    const winners = new Map<number, number>();
    const count = (order: typeof starts, rooms: unknown[]) =>
      order.forEach((s, i) => winners.set(s.eventId, (winners.get(s.eventId) ?? 0) + (rooms[i] ? 1 : 0)));
    count(aOrder, onA);
    count(bOrder, onB);
    expect([...winners.values()]).toEqual([1, 1, 1, 1, 1, 1]);
    for (const s of starts) {
      expect(await timerRow(A.db, s.eventId)).toMatchObject({ currentRound: 2, version: s.version + 1 });
      expect(await history(s.eventId)).toEqual([
        { round: 1, status: 'completed' },
        { round: 2, status: 'active' },
      ]);
    }
  });

  it('a rush of changes said on A reaches B in order, each once, in two statements instead of one each (decision 0137)', async () => {
    // An evening no page watches: what B does with the messages is not the subject, that it hears them is.
    const eventId = 2_000_000_000;
    const rush = 50;
    const heard: number[] = [];
    const allHeard = new Promise<void>((resolve) =>
      B.app.bus.subscribe((m) => {
        if (m.eventId !== eventId || m.kind !== 'checkins_updated') return;
        heard.push(m.userIds[0]!);
        if (heard.length === rush) resolve();
      }),
    );
    const sent = await statementsSent(A.db, () =>
      Promise.all(Array.from({ length: rush }, (_, i) => A.app.bus.publish({ eventId, kind: 'checkins_updated', userIds: [i + 1] }))),
    );
    // The first goes alone at once; the 49 said while it was under way go together after it.
    expect(sent.filter((s) => s.includes('pg_notify'))).toHaveLength(2);
    await allHeard;
    expect(heard).toEqual(Array.from({ length: rush }, (_, i) => i + 1));
  });
});
