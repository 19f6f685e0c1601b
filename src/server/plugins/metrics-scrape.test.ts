import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestContext } from '../test/harness';
import { joinLive, listen, setUpEvening, waitFor, type LiveClient } from '../test/live-helpers';
import { ROUTE_LABEL } from './metrics';
import { onPostgres, TOKEN, sample } from './metrics.fixtures';

describe('GET /metrics on a listening server', () => {
  let t: TestContext;
  let base: string;
  const clients: LiveClient[] = [];
  beforeAll(async () => {
    t = await createTestApp({ env: { METRICS_TOKEN: TOKEN, TRUST_PROXY: 'true' } });
    base = (await listen(t.app)).replace(/^ws/, 'http');
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close()));
    await t?.close();
  });

  const scrape = async (headers: Record<string, string> = {}) => {
    const res = await fetch(`${base}/metrics`, { headers });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    return res.text();
  };

  it('answers loopback in the Prometheus text format, with the process figures (event-loop lag among them)', async () => {
    const text = await scrape();
    expect(text).toMatch(/^# HELP nodejs_eventloop_lag_seconds /m);
    expect(sample(text, 'nodejs_eventloop_lag_p99_seconds')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(sample(text, 'sf_mail_queued_total')).toBe(0);
  });

  it('refuses what nginx on this machine would forward (loopback peer, X-Forwarded-For) although TRUST_PROXY is on, and takes the token', async () => {
    const forwarded = await fetch(`${base}/metrics`, { headers: { 'x-forwarded-for': '127.0.0.1' } });
    expect(forwarded.status).toBe(403);
    expect(await forwarded.json()).toEqual({
      message: 'Metrics are served to this machine, or with the METRICS_TOKEN bearer token',
      error: 'Metrics are served to this machine, or with the METRICS_TOKEN bearer token',
    });
    const wrong = await fetch(`${base}/metrics`, { headers: { authorization: 'Bearer not-the-token-at-all' } });
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).not.toContain('nodejs_');
    expect(await scrape({ 'x-forwarded-for': '203.0.113.9', authorization: `Bearer ${TOKEN}` })).toContain('http_request_duration_seconds');
    // Another machine (as the socket peer): inject sets it.
    const remote = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.9' });
    expect(remote.statusCode).toBe(403);
    const remoteWithToken = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.9', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(remoteWithToken.statusCode).toBe(200);
  });

  it('times requests by route pattern and status, never by raw URL', async () => {
    const member = await signUp(t.app);
    for (const id of [987654, 987655, 987656]) expect((await fetch(`${base}/api/events/${id}`)).status).toBe(404);
    expect((await fetch(`${base}/api/users/${member.user.id}`, { headers: { cookie: member.cookie } })).status).toBe(200);
    expect((await fetch(`${base}/api/no/such/thing/${Date.now()}`)).status).toBe(404);
    const text = await scrape();
    expect(sample(text, 'http_request_duration_seconds_count', { method: 'GET', route: '/api/events/:id', status_code: '404' })).toBe(3);
    // signUp reads the new member once too (test/harness.ts), and sign-up answers 202 (docs/decisions/0070).
    expect(sample(text, 'http_request_duration_seconds_count', { method: 'GET', route: '/api/users/:id', status_code: '200' })).toBe(2);
    expect(sample(text, 'http_request_duration_seconds_count', { method: 'POST', route: '/api/users', status_code: '202' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'http_request_duration_seconds_bucket', { method: 'GET', route: '/api/events/:id', status_code: '404', le: '+Inf' })).toBe(3);
    expect(sample(text, 'http_request_duration_seconds_count', { method: 'GET', route: ROUTE_LABEL.notFound, status_code: '404' })).toBeGreaterThanOrEqual(1);
    expect(text).not.toMatch(/route="[^"]*98765/);
    expect(text).not.toMatch(/route="\/api\/no\/such/);
  });

  it("counts open sockets, and a round change's fan-out from the host's command to the last phone", async () => {
    const ev = await setUpEvening(t, { guests: 2 });
    const host = (await joinLive(base.replace(/^http/, 'ws'), { eventId: ev.event.id, userId: ev.host.user.id, isHost: true }, ev.host.cookie)).client;
    const guests = await Promise.all(
      ev.guests.map(async (g) => (await joinLive(base.replace(/^http/, 'ws'), { eventId: ev.event.id, userId: g.user.id }, g.cookie)).client),
    );
    clients.push(host, ...guests);
    expect(sample(await scrape(), 'sf_websockets_open')).toBe(3);

    host.send({ type: 'start_timer', duration: 600 });
    await Promise.all(guests.map((g) => g.next('timer_started')));
    host.send({ type: 'pause_timer' });
    await Promise.all(guests.map((g) => g.next('timer_paused')));
    const text = await waitFor(async () => {
      const s = await scrape();
      return sample(s, 'sf_round_fanout_seconds_count', { origin: 'local', announce: 'timer_paused' }) === 1 ? s : null;
    });
    expect(sample(text, 'sf_round_fanout_seconds_count', { origin: 'local', announce: 'timer_started' })).toBe(1);
    const sum = sample(text, 'sf_round_fanout_seconds_sum', { origin: 'local', announce: 'timer_started' })!;
    expect(sum).toBeGreaterThan(0);
    expect(sum).toBeLessThan(5);
    expect(sample(text, 'sf_round_fanout_seconds_count', { origin: 'bus' })).toBeUndefined();

    await Promise.all(guests.map((g) => g.close()));
    await waitFor(async () => sample(await scrape(), 'sf_websockets_open') === 1, 3000, 'the closed sockets to leave the gauge');
  });

  it('reports the PostgreSQL pool, and nothing of the kind on the embedded database', async () => {
    const text = await scrape();
    if (onPostgres) {
      expect(sample(text, 'sf_db_pool_connections', { state: 'total' })).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'sf_db_pool_connections', { state: 'idle' })).toBeGreaterThanOrEqual(0);
      expect(sample(text, 'sf_db_pool_waiting')).toBe(0);
    } else {
      expect(text).not.toContain('sf_db_pool');
    }
  });

  it('keeps each app to its own figures (many apps in one process)', async () => {
    const other = await createTestApp({ shareDatabaseWith: t });
    try {
      const a = await other.app.inject({ method: 'GET', url: '/metrics' });
      expect(a.statusCode).toBe(200);
      expect(sample(a.body, 'http_request_duration_seconds_count', { route: '/api/events/:id' })).toBeUndefined();
      expect(sample(a.body, 'sf_websockets_open')).toBe(0);
      expect(a.body).toMatch(/^nodejs_eventloop_lag_seconds /m);
    } finally {
      await other.close();
    }
  });
});

describe.skipIf(!onPostgres)('the fan-out of a change made on another instance (needs DATABASE_URL: two instances share PostgreSQL)', () => {
  let A: TestContext;
  let B: TestContext;
  const clients: LiveClient[] = [];
  beforeAll(async () => {
    A = await createTestApp();
    B = await createTestApp({ shareDatabaseWith: A });
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close()));
    await B?.close();
    await A?.close();
  });

  it('is measured on the instance that heard it from the bus, from the moment it heard it', async () => {
    const baseA = await listen(A.app);
    const baseB = await listen(B.app);
    const ev = await setUpEvening(A, { guests: 2 });
    const host = (await joinLive(baseA, { eventId: ev.event.id, userId: ev.host.user.id, isHost: true }, ev.host.cookie)).client;
    const guest = (await joinLive(baseB, { eventId: ev.event.id, userId: ev.guests[0]!.user.id }, ev.guests[0]!.cookie)).client;
    clients.push(host, guest);
    host.send({ type: 'start_timer', duration: 600 });
    await guest.next('timer_started');
    const onB = await waitFor(async () => {
      const s = (await B.app.inject({ method: 'GET', url: '/metrics' })).body;
      return sample(s, 'sf_round_fanout_seconds_count', { origin: 'bus', announce: 'timer_started' }) === 1 ? s : null;
    });
    expect(sample(onB, 'sf_round_fanout_seconds_count', { origin: 'local' })).toBeUndefined();
    // A records its own fan-out once its sockets are written, which may be after B heard the bus.
    const onA = await waitFor(async () => {
      const s = (await A.app.inject({ method: 'GET', url: '/metrics' })).body;
      return sample(s, 'sf_round_fanout_seconds_count', { origin: 'local', announce: 'timer_started' }) !== undefined ? s : null;
    });
    expect(sample(onA, 'sf_round_fanout_seconds_count', { origin: 'local', announce: 'timer_started' })).toBe(1);
    expect(sample(onA, 'sf_round_fanout_seconds_count', { origin: 'bus', announce: 'timer_started' })).toBeUndefined();
  });
});
