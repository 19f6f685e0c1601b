/**
 * The timer survives a server restart: the app and its database connection (a PGlite data
 * directory, or a pool on PostgreSQL) are closed mid-round and opened again; guests see the
 * same round and remaining time, and a transition that fell due while the server was down is
 * applied when it comes back.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { eventTimers, roundHistory } from '../../db/schema/index';
import type { TestApp } from '../../test/harness';
import { buildLiveApp, httpTimer, joinLive, listen, remainingAt, restartableDatabase, setUpEvening, waitFor, type LiveClient } from '../../test/live-helpers';

let store: Awaited<ReturnType<typeof restartableDatabase>>;
let database: Database | null = null;
let app: TestApp | null = null;
const clients: LiveClient[] = [];

/** A server process starting: a new connection to the same data, a new app, a new port. */
async function start() {
  database = await store.open();
  app = await buildLiveApp(database);
  return { app, db: database.db, base: await listen(app) };
}

/** The process going away: sockets, app and database connection closed. */
async function stop(whileDown?: (db: Database['db']) => Promise<void>) {
  await Promise.all(clients.splice(0).map((c) => c.close()));
  await app?.close();
  if (database && whileDown) await whileDown(database.db);
  await database?.close();
  app = null;
  database = null;
}

beforeAll(async () => {
  store = await restartableDatabase();
});
afterAll(async () => {
  await stop();
  await store?.dispose();
});

describe('a server restart mid-round', () => {
  it('keeps the round and the remaining time (within 1 s), and applies a transition that fell due while down', async () => {
    let s = await start();
    const ev = await setUpEvening(s, { guests: 2 });
    const [g1, g2] = ev.guests as [(typeof ev.guests)[0], (typeof ev.guests)[0]];
    const host = (await joinLive(s.base, { eventId: ev.event.id, userId: ev.host.user.id, isHost: true }, ev.host.cookie)).client;
    clients.push(host);
    host.send({ type: 'start_timer', duration: 600 });
    const started = await host.next('timer_started');
    expect(started).toMatchObject({ currentRound: 1, phase: 'active', version: 1 });

    await stop();
    s = await start();
    const { client, sync } = await joinLive(s.base, { eventId: ev.event.id, userId: g1.user.id }, g1.cookie);
    clients.push(client);
    expect(sync).toMatchObject({ currentRound: 1, phase: 'active', isActive: true, endsAt: started.endsAt, roundDuration: 600, version: 1 });
    const expected = remainingAt(started, Date.now());
    expect(Math.abs(sync.timeRemaining - expected)).toBeLessThanOrEqual(1);
    expect(Math.abs(remainingAt(sync) - expected)).toBeLessThan(1);
    expect(expected).toBeGreaterThan(590);

    // The restarted server is fully in charge: the host's session and commands still work.
    const host2 = (await joinLive(s.base, { eventId: ev.event.id, userId: ev.host.user.id, isHost: true }, ev.host.cookie)).client;
    clients.push(host2);
    host2.send({ type: 'extend_timer', seconds: 60 });
    expect(await client.next('timer_update')).toMatchObject({ endsAt: started.endsAt! + 60_000, version: 2 });

    // The round runs out while the server is down.
    await stop((db) =>
      db
        .update(eventTimers)
        .set({ endsAt: sql`now() - interval '2 seconds'` })
        .where(eq(eventTimers.eventId, ev.event.id))
        .then(() => {}),
    );
    s = await start();
    const after = await waitFor(
      async () => {
        const m = await httpTimer(s.app, ev.event.id, g2.cookie);
        return m.phase === 'idle' ? m : null;
      },
      1500,
      'the missed round_complete',
    );
    expect(after).toMatchObject({ currentRound: 1, phase: 'idle', endsAt: null, version: 3 });
    // The round's history row is closed right after the timer's compare-and-set (not in the same
    // statement), so it may trail the timer by a few milliseconds.
    const history = () =>
      s.db.select({ round: roundHistory.round, status: roundHistory.status }).from(roundHistory).where(eq(roundHistory.eventId, ev.event.id));
    await waitFor(async () => (await history())[0]?.status === 'completed', 1500, 'round 1 closed in the history');
    expect(await history()).toEqual([{ round: 1, status: 'completed' }]);
    const late = await joinLive(s.base, { eventId: ev.event.id, userId: g2.user.id }, g2.cookie);
    clients.push(late.client);
    expect(late.sync).toMatchObject({ currentRound: 1, phase: 'idle', version: 3 });
  });
});
