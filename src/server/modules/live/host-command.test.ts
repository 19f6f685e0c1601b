/**
 * The one way in for a host command (docs/decisions/0100): the socket's and POST /timer's go
 * through the same function, which checks the host at the command itself, not once when the socket
 * opened. Real server, real sockets.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { events, sessions } from '../../db/schema/index';
import { SESSION_ENDED } from '../../plugins/realtime';
import { withCookie, type TestContext } from '../../test/harness';
import { httpTimer, liveTestServer, setUpEvening, timerRow } from '../../test/live-helpers';
import { TIMER_HOSTS_ONLY } from './service';

let t: TestContext;
let base: string;
const { join } = liveTestServer((server) => ({ t, base } = server));

const postTimer = (eventId: number, cookie: string, type = 'start_timer') =>
  t.app.inject({ method: 'POST', url: `/api/events/${eventId}/timer`, headers: withCookie(cookie), payload: { type } });

describe('a host command is checked at the command', () => {
  it('a host whose evening went to another host after the socket opened is refused at Start, on the socket and over HTTP; nothing changes', async () => {
    const { event, host, guests } = await setUpEvening(t, { guests: 2 });
    const { client } = await join(base, { eventId: event.id, userId: host.user.id, isHost: true }, host.cookie);
    const { client: watcher } = await join(base, { eventId: event.id, userId: guests[0]!.user.id }, guests[0]!.cookie);

    // The evening is handed to someone else while the host's socket stays open (their session and roles unchanged).
    await t.db.update(events).set({ hostId: guests[1]!.user.id }).where(eq(events.id, event.id));
    client.send({ type: 'start_timer' });
    expect((await client.next('error')).message).toBe(TIMER_HOSTS_ONLY);
    const res = await postTimer(event.id, host.cookie);
    expect(res.statusCode).toBe(403);
    expect(res.json<{ message: string }>().message).toBe(TIMER_HOSTS_ONLY);
    expect((await timerRow(t.db, event.id)).version).toBe(0);
    // Nobody was told anything changed: the watcher's answer to a sync is all it heard since joining.
    watcher.send({ type: 'sync' });
    expect(await watcher.next('timer_sync')).toMatchObject({ phase: 'idle', currentRound: 0, version: 0 });
    expect(watcher.messages.map((m) => m.type)).toEqual(['timer_sync', 'timer_sync']);

    // Given back, the same socket drives the timer again: the check is made at each command.
    await t.db.update(events).set({ hostId: host.user.id }).where(eq(events.id, event.id));
    client.send({ type: 'start_timer' });
    expect(await watcher.next('timer_started')).toMatchObject({ currentRound: 1, version: 1 });
  });

  it("a host whose session was deleted after the socket opened sends Start: the socket closes with the session's code, HTTP answers 401, nothing changes", async () => {
    const { event, host, guests } = await setUpEvening(t, { guests: 1 });
    const { client } = await join(base, { eventId: event.id, userId: host.user.id, isHost: true }, host.cookie);
    const closed = new Promise<number>((resolve) => client.ws.once('close', (code) => resolve(code)));

    await t.db.delete(sessions).where(eq(sessions.userId, host.user.id));
    if (client.ws.readyState === client.ws.OPEN) client.send({ type: 'start_timer' });
    expect(await closed).toBe(SESSION_ENDED);
    const res = await postTimer(event.id, host.cookie);
    expect(res.statusCode).toBe(401);
    expect(res.json<{ message: string }>().message).toBe('Please log in first');
    expect((await timerRow(t.db, event.id)).version).toBe(0);
    expect((await httpTimer(t.app, event.id, guests[0]!.cookie)).currentRound).toBe(0);
  });

  it('a guest posting any timer command is refused with the hosts-only sentence; the host then starts the evening through the same way in', async () => {
    const { event, host, guests } = await setUpEvening(t, { guests: 2 });
    const { client: watcher } = await join(base, { eventId: event.id, userId: guests[1]!.user.id }, guests[1]!.cookie);
    for (const type of ['start_timer', 'pause_timer', 'next_round', 'end_event', 'sync']) {
      const res = await postTimer(event.id, guests[0]!.cookie, type);
      expect(res.statusCode, type).toBe(403);
      expect(res.json<{ message: string }>().message).toBe(TIMER_HOSTS_ONLY);
    }
    expect((await timerRow(t.db, event.id)).version).toBe(0);

    const res = await postTimer(event.id, host.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ type: 'timer_update', currentRound: 1, version: 1 });
    expect(await watcher.next('timer_started')).toMatchObject({ currentRound: 1, version: 1 });
  });
});
