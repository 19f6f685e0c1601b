/**
 * A live socket lives no longer than the session that opened it (issue 33): a logout, a suspension,
 * a deleted account, a role taken away or an expired session closes its sockets on every instance
 * within a second, and a command sent meanwhile does not move the timer. With DATABASE_URL the
 * sockets are spread over two instances on one PostgreSQL (as live/instances.test.ts does); on the
 * embedded database, one instance holds them all.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sessions, userRoles } from '../../db/schema/index';
import { SESSION_ENDED } from '../../plugins/realtime';
import { runControlCommand } from '../../control';
import { createTestApp, loginWithCode, signUp, TEST_ADMIN_EMAIL, withCookie, type TestContext } from '../../test/harness';
import { connectLive, listen, quietFor, setUpEvening, timerRow, type LiveClient, type Member } from '../../test/live-helpers';

const onPostgres = !!process.env.DATABASE_URL;

let A: TestContext;
let B: TestContext;
let baseA: string;
let baseB: string;
let admin: string;
const opened: LiveClient[] = [];

beforeAll(async () => {
  A = await createTestApp();
  B = onPostgres ? await createTestApp({ shareDatabaseWith: A }) : A;
  baseA = await listen(A.app);
  baseB = onPostgres ? await listen(B.app) : baseA;
  admin = (await signUp(A.app, { email: TEST_ADMIN_EMAIL, name: 'Ada Admin' })).cookie;
});
afterEach(async () => {
  await Promise.all(opened.splice(0).map((c) => c.close()));
});
afterAll(async () => {
  if (B !== A) await B?.close();
  await A?.close();
});

/** A socket with when and how it closed. */
interface Watched {
  client: LiveClient;
  closed: Promise<{ code: number; at: number }>;
}

async function join(base: string, eventId: number, m: Member, isHost = false, cookie = m.cookie): Promise<Watched> {
  const client = await connectLive(base, { eventId, userId: m.user.id, isHost }, cookie);
  opened.push(client);
  const closed = new Promise<{ code: number; at: number }>((resolve) => client.ws.once('close', (code) => resolve({ code, at: Date.now() })));
  await client.next('timer_sync');
  return { client, closed };
}

/**
 * Every socket closes with SESSION_ENDED within a second of `since`: the moment the session was seen
 * to end (the action that ended it answered, or the session's expiry). Counted from the answer, not
 * from before the request, so a slow request on a busy machine is not taken for a slow close.
 */
async function allClosedWithinASecond(sockets: Watched[], since: number) {
  const timeout = new Promise<'open'>((resolve) => setTimeout(() => resolve('open'), 1000 - (Date.now() - since)));
  for (const s of sockets) {
    const end = await Promise.race([s.closed, timeout]);
    expect(end, 'the socket is still open a second after the session ended').not.toBe('open');
    if (end !== 'open') {
      expect(end.code).toBe(SESSION_ENDED);
      expect(end.at - since).toBeLessThan(1000);
    }
  }
}

/** The host's sockets on both instances send start_timer the moment the session ends: the timer must not move. */
function pressStart(sockets: Watched[]) {
  for (const s of sockets) if (s.client.ws.readyState === s.client.ws.OPEN) s.client.send({ type: 'start_timer' });
}

async function evening() {
  const ev = await setUpEvening(A, { guests: 2 });
  const host = [await join(baseA, ev.event.id, ev.host, true), await join(baseB, ev.event.id, ev.host, true)];
  const guest = [await join(baseA, ev.event.id, ev.guests[0]!), await join(baseB, ev.event.id, ev.guests[0]!)];
  // Another guest, whose session stands: their socket stays open and hears the room.
  const other = await join(baseB, ev.event.id, ev.guests[1]!);
  return { ev, host, guest, other };
}

async function timerDidNotMove(eventId: number, other: Watched) {
  // A real wait stays here (docs/decisions/0095-tests-wait-for-events-not-time.md): a start pressed on a
  // socket that is closing may still be read and checked by the server, and nothing the test can see
  // is ordered after that check (the socket it came on is gone).
  await quietFor(150);
  expect((await timerRow(A.db, eventId))?.phase ?? 'idle').toBe('idle');
  expect(other.client.count('timer_started')).toBe(0);
  expect(other.client.ws.readyState).toBe(1);
}

const put = (ctx: TestContext, url: string, cookie: string, payload: Record<string, unknown>) =>
  ctx.app.inject({ method: 'PUT', url, headers: withCookie(cookie), payload });

describe(`sockets end with their session (${onPostgres ? 'two instances on PostgreSQL' : 'embedded database'})`, () => {
  it('logout: the sockets of that session close on every instance, a second device of the same person stays', async () => {
    const { ev, host, guest, other } = await evening();
    const secondDevice = await loginWithCode(A.app, ev.host.user.email);
    const hostElsewhere = await join(baseA, ev.event.id, ev.host, true, secondDevice);

    const [h, g] = await Promise.all([
      B.app.inject({ method: 'POST', url: '/api/auth/logout', headers: withCookie(ev.host.cookie) }),
      A.app.inject({ method: 'POST', url: '/api/auth/logout', headers: withCookie(ev.guests[0]!.cookie) }),
    ]);
    const since = Date.now();
    expect([h.statusCode, g.statusCode]).toEqual([204, 204]);
    pressStart(host);
    await allClosedWithinASecond([...host, ...guest], since);
    await timerDidNotMove(ev.event.id, other);
    // The host's other device was not logged out: it still drives the timer.
    expect(hostElsewhere.client.ws.readyState).toBe(1);
    hostElsewhere.client.send({ type: 'start_timer' });
    await other.client.next('timer_started');
  });

  it('suspension: the host cannot start the timer any more, and the guest no longer hears the room', async () => {
    const { ev, host, guest, other } = await evening();
    const ended: number[] = [];
    for (const m of [ev.host, ev.guests[0]!]) {
      const res = await put(B, `/api/users/${m.user.id}/suspension`, admin, { suspended: true });
      ended.push(Date.now());
      expect(res.statusCode, res.body).toBe(200);
    }
    pressStart(host);
    await allClosedWithinASecond(host, ended[0]!);
    await allClosedWithinASecond(guest, ended[1]!);
    await timerDidNotMove(ev.event.id, other);
  });

  it('deletion: deleting an account closes its sockets everywhere', async () => {
    const { ev, host, guest, other } = await evening();
    const ended: number[] = [];
    for (const m of [ev.guests[0]!, ev.host]) {
      const res = await B.app.inject({ method: 'DELETE', url: `/api/users/${m.user.id}`, headers: withCookie(m === ev.host ? admin : m.cookie) });
      ended.push(Date.now());
      expect(res.statusCode, res.body).toBe(204);
    }
    pressStart(host);
    await allClosedWithinASecond(guest, ended[0]!);
    await allClosedWithinASecond(host, ended[1]!);
    await timerDidNotMove(ev.event.id, other);
  });

  it('a role taken away: the former host can no longer drive the timer; the guests stay', async () => {
    const { ev, host, guest, other } = await evening();
    // As `npm run admin -- revoke EMAIL host` does.
    await runControlCommand(B.db, { command: 'revoke', email: ev.host.user.email, role: 'host' });
    const since = Date.now();
    pressStart(host);
    await allClosedWithinASecond(host, since);
    await timerDidNotMove(ev.event.id, other);
    for (const g of guest) expect(g.client.ws.readyState).toBe(1);
  });

  it('expiry: a session that runs out closes its sockets within a second', async () => {
    const ev = await setUpEvening(A, { guests: 1 });
    for (const m of [ev.host, ev.guests[0]!]) {
      await A.db
        .update(sessions)
        .set({ expiresAt: sql`now() + interval '1500 milliseconds'` })
        .where(eq(sessions.userId, m.user.id));
    }
    const sockets = [
      await join(baseA, ev.event.id, ev.host, true),
      await join(baseB, ev.event.id, ev.host, true),
      await join(baseA, ev.event.id, ev.guests[0]!),
      await join(baseB, ev.event.id, ev.guests[0]!),
    ];
    const [row] = await A.db.select({ at: sessions.expiresAt }).from(sessions).where(eq(sessions.userId, ev.host.user.id));
    await allClosedWithinASecond(sockets, row!.at.getTime());
  });

  it('a command is checked against the session as it is now, even when the bus has said nothing', async () => {
    const ev = await setUpEvening(A, { guests: 2 });
    const host = await join(baseA, ev.event.id, ev.host, true);
    const guest = await join(baseB, ev.event.id, ev.guests[0]!);
    const marker = await join(baseA, ev.event.id, ev.guests[1]!);
    // The role goes without a word on the bus (as if the bus were away): the command itself must find out.
    await A.db.execute(sql`alter table user_roles disable trigger user_roles_removed`);
    try {
      await A.db.delete(userRoles).where(eq(userRoles.userId, ev.host.user.id));
    } finally {
      await A.db.execute(sql`alter table user_roles enable trigger user_roles_removed`);
    }
    // Said nothing: a session ending said on the channel after the delete (another guest's) closes that
    // guest's socket, and what the channel carries arrives in order, so a word on the host would have
    // come first (docs/decisions/0095-tests-wait-for-events-not-time.md).
    await A.db.execute(sql`select pg_notify('sf_live', ${JSON.stringify({ kind: 'session_ended', userId: ev.guests[1]!.user.id })})`);
    expect((await marker.closed).code).toBe(SESSION_ENDED);
    expect(host.client.ws.readyState).toBe(host.client.ws.OPEN);
    host.client.send({ type: 'start_timer' });
    await host.closed;
    // A real wait, as in timerDidNotMove: nothing the test can see is ordered after the closed socket's command.
    await quietFor(100);
    expect(guest.client.count('timer_started')).toBe(0);
    expect((await timerRow(A.db, ev.event.id))?.phase ?? 'idle').toBe('idle');
  });
});
