/**
 * The live socket with real `ws` clients against a listening server: who may join, who may
 * drive the timer, bad messages, the state machine as everyone sees it, rounds running out
 * (by the server's own scheduler), auto-advance and reconnecting.
 */
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { roundHistory } from '../../db/schema/index';
import { getEvent, signUp, withCookie, type TestContext } from '../../test/harness';
import { connectLive, endPhaseIn, hostTimer, httpTimer, liveTestServer, refusal, remainingAt, setUpEvening, timerRow } from '../../test/live-helpers';

let t: TestContext;
let base: string;
const { join, keep } = liveTestServer((server) => ({ t, base } = server));

/**
 * Time passing for the timer: the server runs in this process and reads Date.now(), so a test moves
 * Date alone forward instead of waiting (docs/decisions/0095-tests-wait-for-events-not-time.md);
 * other timers, the sockets and the scheduler's poll stay real.
 */
function clockForward(ms: number) {
  if (!vi.isFakeTimers()) vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
  vi.setSystemTime(Date.now() + ms);
  return Date.now();
}
afterEach(() => {
  vi.useRealTimers();
});

async function rounds(eventId: number) {
  return t.db
    .select({ round: roundHistory.round, status: roundHistory.status })
    .from(roundHistory)
    .where(eq(roundHistory.eventId, eventId))
    .orderBy(roundHistory.round);
}

describe('who may open the socket', () => {
  it('refuses a visitor without a session cookie with 401', async () => {
    const { event, guests } = await setUpEvening(t, { guests: 1 });
    const r = await refusal(base, { eventId: event.id, userId: guests[0]!.user.id }, undefined);
    expect(r.status).toBe(401);
  });

  it("refuses a userId that is not the session's with 403", async () => {
    const { event, guests } = await setUpEvening(t, { guests: 2 });
    const r = await refusal(base, { eventId: event.id, userId: guests[1]!.user.id }, guests[0]!.cookie);
    expect(r.status).toBe(403);
    expect(JSON.parse(r.body).message).toMatch(/not the signed-in user/);
  });

  it("refuses a page of another site with 403, even with the guest's cookie; the site's own page may open it", async () => {
    const { event, guests } = await setUpEvening(t, { guests: 1 });
    const q = { eventId: event.id, userId: guests[0]!.user.id };
    const r = await refusal(base, q, guests[0]!.cookie, { origin: 'https://evil.example' });
    expect(r.status).toBe(403);
    expect(JSON.parse(r.body).message).toMatch(/Cross-site requests are not allowed/);
    const own = new URL(base.replace('ws:', 'http:')).origin;
    await expect(refusal(base, q, guests[0]!.cookie, { origin: own })).rejects.toThrow('the socket was accepted');
  });

  it('refuses a member who is not registered for the event with 403', async () => {
    const { event } = await setUpEvening(t, { guests: 1 });
    const stranger = await signUp(t.app);
    const r = await refusal(base, { eventId: event.id, userId: stranger.user.id }, stranger.cookie);
    expect(r.status).toBe(403);
  });

  it('refuses an unknown event with 404 and a missing eventId with 400', async () => {
    const stranger = await signUp(t.app);
    expect((await refusal(base, { eventId: 99_999_999, userId: stranger.user.id }, stranger.cookie)).status).toBe(404);
    expect((await refusal(base, { eventId: 'abc', userId: stranger.user.id }, stranger.cookie)).status).toBe(400);
  });

  it('lets a registered guest in and sends timer_sync first, with the full state', async () => {
    const { event, guests } = await setUpEvening(t, { guests: 1, checkedIn: 0 });
    const before = Date.now();
    const { client, sync } = await join(base, { eventId: event.id, userId: guests[0]!.user.id }, guests[0]!.cookie);
    expect(client.messages[0]).toBe(sync);
    expect(sync).toMatchObject({
      type: 'timer_sync',
      currentRound: 0,
      phase: 'idle',
      isActive: false,
      timeRemaining: 0,
      endsAt: null,
      roundDuration: 300,
      autoAdvance: false,
    });
    expect(sync.serverNow).toBeGreaterThanOrEqual(before - 50);
    expect(sync.serverNow).toBeLessThanOrEqual(Date.now() + 50);
  });
});

describe('a guest cannot drive the timer', () => {
  it('ignores isHost=true from a guest: start_timer gets an error and the timer does not move', async () => {
    const { event, host, guests } = await setUpEvening(t, { guests: 2 });
    const [g, other] = guests as [(typeof guests)[0], (typeof guests)[0]];
    const { client } = await join(base, { eventId: event.id, userId: g.user.id, isHost: true }, g.cookie);
    const { client: watcher } = await join(base, { eventId: event.id, userId: other.user.id }, other.cookie);
    const before = await httpTimer(t.app, event.id, g.cookie);

    for (const m of [{ type: 'start_timer' }, { type: 'next_round' }, { type: 'end_event' }, { type: 'extend_timer', seconds: 60 }]) {
      client.send(m);
      expect((await client.next('error')).message).toMatch(/Only a host/);
    }
    const after = await httpTimer(t.app, event.id, g.cookie);
    expect(after).toMatchObject({ phase: 'idle', currentRound: 0, version: before.version });
    expect((await timerRow(t.db, event.id)).version).toBe(0);
    expect(await getEvent(t.app, event.id)).toMatchObject({ status: 'upcoming' });
    // Nobody was told anything changed: the watcher asks for the state and its answer (a positive
    // event, after every refusal above) is the only thing it received since joining.
    watcher.send({ type: 'sync' });
    expect(await watcher.next('timer_sync')).toMatchObject({ phase: 'idle', currentRound: 0, version: before.version });
    expect(watcher.messages.map((m) => m.type)).toEqual(['timer_sync', 'timer_sync']);

    // Nor is the guest treated as a host otherwise: rating progress goes to the host's console only.
    // (The host starts round 1 first: a rating is for a conversation that took place, docs/decisions/0063.)
    const { client: hostConsole } = await join(base, { eventId: event.id, userId: host.user.id, isHost: true }, host.cookie);
    await hostTimer(t.app, { event, host, guests, present: guests }, 'start_timer');
    const rated = await t.app.inject({
      method: 'POST',
      url: `/api/events/${event.id}/ratings`,
      headers: withCookie(other.cookie),
      payload: { raterId: other.user.id, ratedId: g.user.id, rating: 4 },
    });
    expect(rated.statusCode, rated.body).toBe(201);
    await hostConsole.next('ratings_updated');
    // The guest's own answer to a sync comes after anything the rating could have sent it.
    client.send({ type: 'sync' });
    await client.next('timer_sync');
    expect(client.count('ratings_updated')).toBe(0);
  });

  it('refuses the same commands over HTTP with 403', async () => {
    const { event, guests } = await setUpEvening(t, { guests: 1 });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/events/${event.id}/timer`,
      headers: withCookie(guests[0]!.cookie),
      payload: { type: 'start_timer' },
    });
    expect(res.statusCode).toBe(403);
    expect((await httpTimer(t.app, event.id, guests[0]!.cookie)).currentRound).toBe(0);
  });
});

describe('bad messages', () => {
  it('answers malformed JSON, unknown types and bad fields with an error and changes nothing', async () => {
    const { event, host } = await setUpEvening(t, { guests: 1 });
    const { client } = await join(base, { eventId: event.id, userId: host.user.id, isHost: true }, host.cookie);
    client.send({ type: 'start_timer' });
    const started = await client.next('timer_started');

    const bad: string[] = [
      '{not json',
      '',
      JSON.stringify({ type: 'explode' }),
      JSON.stringify({ nope: 1 }),
      JSON.stringify([1, 2]),
      JSON.stringify('start_timer'),
      JSON.stringify({ type: 'extend_timer', seconds: 30 }),
      JSON.stringify({ type: 'next_round', duration: 301 }),
      JSON.stringify({ type: 'start_timer', duration: '300' }),
    ];
    for (const raw of bad) {
      client.sendRaw(raw);
      const err = await client.next('error');
      expect(err.message.length, raw).toBeGreaterThan(0);
    }
    const now = await httpTimer(t.app, event.id, host.cookie);
    expect(now).toMatchObject({ phase: 'active', currentRound: 1, version: started.version, endsAt: started.endsAt });
    expect(client.count('timer_started') + client.count('timer_update') + client.count('timer_paused')).toBe(1);
    // The socket is still usable afterwards.
    client.send({ type: 'sync' });
    expect(await client.next('timer_sync')).toMatchObject({ currentRound: 1, version: started.version });
  });

  it('a command refused by the state machine gets an error and changes nothing', async () => {
    const { event, host } = await setUpEvening(t, { guests: 1 });
    const { client } = await join(base, { eventId: event.id, userId: host.user.id, isHost: true }, host.cookie);
    for (const type of ['pause_timer', 'resume_timer', 'next_round']) {
      client.send({ type });
      await client.next('error');
    }
    client.send({ type: 'extend_timer', seconds: 60 });
    await client.next('error');
    expect((await timerRow(t.db, event.id)).version).toBe(0);
  });
});

describe('a host drives the timer', () => {
  it("a host's start_timer reaches every connected client as timer_started: round 1, ends in 300 s", async () => {
    const { event, host, guests } = await setUpEvening(t, { guests: 3 });
    const h = await join(base, { eventId: event.id, userId: host.user.id, isHost: true }, host.cookie);
    const gs = await Promise.all(guests.map((g) => join(base, { eventId: event.id, userId: g.user.id }, g.cookie)));
    const sent = Date.now();
    h.client.send({ type: 'start_timer' });
    for (const c of [h.client, ...gs.map((g) => g.client)]) {
      const m = await c.next('timer_started');
      expect(m).toMatchObject({ currentRound: 1, phase: 'active', isActive: true, roundDuration: 300, timeRemaining: 300, version: 1 });
      expect(m.endsAt! - (sent + 300_000)).toBeGreaterThanOrEqual(-50);
      expect(m.endsAt! - (sent + 300_000)).toBeLessThan(1000);
      expect(Math.abs(m.serverNow - Date.now())).toBeLessThan(1000);
    }
    expect(await rounds(event.id)).toEqual([{ round: 1, status: 'active' }]);
  });

  it('does not lose a command sent the moment the socket opens', async () => {
    const { event, host } = await setUpEvening(t, { guests: 1 });
    const client = await connectLive(base, { eventId: event.id, userId: host.user.id, isHost: true }, host.cookie, (ws) =>
      ws.send(JSON.stringify({ type: 'start_timer', duration: 600 })),
    );
    keep(client);
    expect(await client.next('timer_started')).toMatchObject({ currentRound: 1, roundDuration: 600 });
  });

  it('a host without isHost=true only watches', async () => {
    const { event, host } = await setUpEvening(t, { guests: 1 });
    const { client } = await join(base, { eventId: event.id, userId: host.user.id }, host.cookie);
    client.send({ type: 'start_timer' });
    await client.next('error');
    expect((await timerRow(t.db, event.id)).version).toBe(0);
  });

  it('pause, resume, extend, next round and end event, as the state machine says, for everyone', async () => {
    const { event, host, guests } = await setUpEvening(t, { guests: 1 });
    const h = (await join(base, { eventId: event.id, userId: host.user.id, isHost: true }, host.cookie)).client;
    const g = (await join(base, { eventId: event.id, userId: guests[0]!.user.id }, guests[0]!.cookie)).client;
    const both = async (type: 'timer_started' | 'timer_paused' | 'timer_update' | 'event_ended') => {
      const [a, b] = await Promise.all([h.next(type), g.next(type)]);
      expect(b).toMatchObject({ ...a, serverNow: b.serverNow });
      return a;
    };

    h.send({ type: 'start_timer', duration: 420 });
    const started = await both('timer_started');
    expect(started).toMatchObject({ currentRound: 1, roundDuration: 420, version: 1 });

    // Twenty seconds of the round run.
    const pausedAt = clockForward(20_000);
    h.send({ type: 'pause_timer' });
    const paused = await both('timer_paused');
    expect(paused).toMatchObject({ phase: 'paused', isActive: false, endsAt: null, currentRound: 1, version: 2 });
    expect(paused.timeRemaining).toBeLessThanOrEqual(400);
    expect(paused.timeRemaining).toBeGreaterThanOrEqual(398);
    const left = (await timerRow(t.db, event.id)).remainingMs!;
    expect(left).toBe(started.endsAt! - pausedAt);
    expect(paused.timeRemaining).toBe(Math.ceil(left / 1000));

    // Paused time does not run: a minute passes.
    clockForward(60_000);
    expect((await httpTimer(t.app, event.id, guests[0]!.cookie)).timeRemaining).toBe(paused.timeRemaining);

    h.send({ type: 'extend_timer', seconds: 120 });
    const extendedPaused = await both('timer_paused');
    expect(extendedPaused).toMatchObject({ phase: 'paused', version: 3 });
    expect((await timerRow(t.db, event.id)).remainingMs).toBe(left + 120_000);

    const resumedAt = Date.now();
    h.send({ type: 'resume_timer' });
    const resumed = await both('timer_update');
    expect(resumed).toMatchObject({ phase: 'active', isActive: true, currentRound: 1, version: 4 });
    expect(resumed.endsAt! - (resumedAt + left + 120_000)).toBeGreaterThanOrEqual(-50);
    expect(resumed.endsAt! - (resumedAt + left + 120_000)).toBeLessThan(1000);

    h.send({ type: 'extend_timer', seconds: 60 });
    const extended = await both('timer_update');
    expect(extended.endsAt).toBe(resumed.endsAt! + 60_000);
    expect(extended.version).toBe(5);

    h.send({ type: 'start_timer' });
    expect((await h.next('error')).message).toMatch(/already running/);

    h.send({ type: 'next_round', duration: 600 });
    const second = await both('timer_started');
    expect(second).toMatchObject({ currentRound: 2, roundDuration: 600, phase: 'active', timeRemaining: 600, version: 6 });
    // Next Round ends a round that took place: it is completed, not skipped.
    expect(await rounds(event.id)).toEqual([
      { round: 1, status: 'completed' },
      { round: 2, status: 'active' },
    ]);

    h.send({ type: 'end_event' });
    const ended = await both('event_ended');
    expect(ended).toMatchObject({ phase: 'ended', currentRound: 0, isActive: false, endsAt: null, timeRemaining: 0, version: 7 });
    expect((await getEvent(t.app, event.id)).status).toBe('completed');
    expect(await rounds(event.id)).toEqual([
      { round: 1, status: 'completed' },
      { round: 2, status: 'completed' },
    ]);

    // Nothing moves an ended evening.
    for (const type of ['start_timer', 'next_round', 'resume_timer']) {
      h.send({ type });
      expect((await h.next('error')).message).toMatch(/ended/);
    }
    expect((await timerRow(t.db, event.id)).version).toBe(7);
  });

  it('announces a round running out as round_complete to everyone (found by the server itself)', async () => {
    const { event, host, guests } = await setUpEvening(t, { guests: 2 });
    const h = (await join(base, { eventId: event.id, userId: host.user.id, isHost: true }, host.cookie)).client;
    const gs = await Promise.all(guests.map(async (g) => (await join(base, { eventId: event.id, userId: g.user.id }, g.cookie)).client));
    h.send({ type: 'start_timer' });
    await h.next('timer_started');
    await endPhaseIn(t.db, event.id, 1000);
    const started = Date.now();
    for (const c of [h, ...gs]) {
      const m = await c.next('round_complete', 3000);
      expect(m).toMatchObject({ currentRound: 1, phase: 'idle', isActive: false, endsAt: null, timeRemaining: 0, version: 2 });
    }
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect(await rounds(event.id)).toEqual([{ round: 1, status: 'completed' }]);
    // The host starts the next round from idle.
    h.send({ type: 'start_timer' });
    expect(await h.next('timer_started')).toMatchObject({ currentRound: 2, version: 3 });
    // Announced once: round 2 running out is found by a later pass of the scheduler, and is heard
    // after any second word on round 1 (docs/decisions/0095-tests-wait-for-events-not-time.md).
    await gs[0]!.next('timer_started');
    await endPhaseIn(t.db, event.id, 0);
    expect(await gs[0]!.next('round_complete', 3000)).toMatchObject({ currentRound: 2, version: 4 });
    expect(gs[0]!.messages.flatMap((m) => (m.type === 'round_complete' ? [m.currentRound] : []))).toEqual([1, 2]);
  });

  it('with auto-advance, a round ending starts a 60 s grace and then the next round by itself', async () => {
    const { event, host, guests } = await setUpEvening(t, { guests: 2 });
    const h = (await join(base, { eventId: event.id, userId: host.user.id, isHost: true }, host.cookie)).client;
    const g = (await join(base, { eventId: event.id, userId: guests[0]!.user.id }, guests[0]!.cookie)).client;
    h.send({ type: 'start_timer', autoAdvance: true });
    expect(await g.next('timer_started')).toMatchObject({ currentRound: 1, autoAdvance: true });

    await endPhaseIn(t.db, event.id, 500);
    const grace = await g.next('grace_started', 3000);
    expect(grace).toMatchObject({ phase: 'grace', currentRound: 1, isActive: true, autoAdvance: true, version: 2 });
    const graceLeft = remainingAt(grace, grace.serverNow);
    expect(graceLeft).toBeGreaterThan(58);
    expect(graceLeft).toBeLessThanOrEqual(60);
    expect(g.count('round_complete')).toBe(0);

    await endPhaseIn(t.db, event.id, 500);
    const next = await g.next('timer_started', 3000);
    expect(next).toMatchObject({ currentRound: 2, phase: 'active', autoAdvance: true, version: 3 });
    expect(remainingAt(next, next.serverNow)).toBeGreaterThan(298);
    expect(await rounds(event.id)).toEqual([
      { round: 1, status: 'completed' },
      { round: 2, status: 'active' },
    ]);
    await h.next('timer_started');
  });
});

describe('reconnecting', () => {
  it('a guest who drops and comes back sees the same round and remaining time (within 1 s)', async () => {
    const { event, host, guests } = await setUpEvening(t, { guests: 1 });
    const guest = guests[0]!;
    const h = (await join(base, { eventId: event.id, userId: host.user.id, isHost: true }, host.cookie)).client;
    const first = (await join(base, { eventId: event.id, userId: guest.user.id }, guest.cookie)).client;
    h.send({ type: 'start_timer', duration: 600 });
    const started = await first.next('timer_started');
    await first.close();

    // Half a minute later.
    clockForward(30_000);
    const { sync, client: again } = await join(base, { eventId: event.id, userId: guest.user.id }, guest.cookie);
    expect(sync).toMatchObject({ currentRound: 1, phase: 'active', endsAt: started.endsAt, version: started.version });
    const expected = remainingAt(started, Date.now());
    expect(Math.abs(sync.timeRemaining - expected)).toBeLessThanOrEqual(1);
    expect(Math.abs(remainingAt(sync) - expected)).toBeLessThan(1);
    // The room forgot the closed socket without trouble: a change still reaches the new one.
    h.send({ type: 'pause_timer' });
    expect(await again.next('timer_paused')).toMatchObject({ phase: 'paused' });
  });

  it('a paused round is still paused, with the same time left, after reconnecting', async () => {
    const { event, host, guests } = await setUpEvening(t, { guests: 1 });
    const h = (await join(base, { eventId: event.id, userId: host.user.id, isHost: true }, host.cookie)).client;
    h.send({ type: 'start_timer' });
    await h.next('timer_started');
    h.send({ type: 'pause_timer' });
    const paused = await h.next('timer_paused');
    // A minute later.
    clockForward(60_000);
    const { sync } = await join(base, { eventId: event.id, userId: guests[0]!.user.id }, guests[0]!.cookie);
    expect(sync).toMatchObject({ phase: 'paused', currentRound: 1, timeRemaining: paused.timeRemaining, version: paused.version });
  });
});
