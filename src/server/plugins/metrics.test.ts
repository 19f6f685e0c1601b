/**
 * GET /metrics (plugins/metrics.ts, docs/decisions/0035): what an operator's Prometheus scrapes, from
 * a real listening server, and who may read it.
 */
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../env';
import { createTestApp, existingMember, signUp, type TestContext } from '../test/harness';
import { joinLive, listen, setUpEvening, waitFor, type LiveClient } from '../test/live-helpers';
import { metricsAccess } from './metrics';

const onPostgres = !!process.env.DATABASE_URL;
const TOKEN = 'scrape-me-please-0123456789';

/** The value of one sample of the exposition text (labels in any order), or undefined. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const m = line.match(/^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/);
    if (!m || m[1] !== name) continue;
    const have = Object.fromEntries([...(m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((x) => [x[1], x[2]]));
    if (Object.entries(labels).every(([k, v]) => have[k] === v)) return Number(m[3]);
  }
  return undefined;
}

/** An SMTP server at the edge of the world: accepts every mail (or refuses each with 550), counts the ones it took. */
async function smtpServer(opts: { refuse?: boolean } = {}) {
  let accepted = 0;
  const server = net.createServer((socket) => {
    let inData = false;
    let buffer = '';
    socket.write('220 test ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('latin1');
      let i: number;
      while ((i = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, i);
        buffer = buffer.slice(i + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            accepted++;
            socket.write('250 queued\r\n');
          }
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250 test\r\n');
        else if (verb === 'MAIL') socket.write(opts.refuse ? '550 no thanks\r\n' : '250 ok\r\n');
        else if (verb === 'RCPT') socket.write('250 ok\r\n');
        else if (verb === 'DATA') {
          inData = true;
          socket.write('354 go on\r\n');
        } else if (verb === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${(server.address() as AddressInfo).port}`,
    accepted: () => accepted,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('who may read /metrics', () => {
  const req = (remoteAddress: string, headers: Record<string, string> = {}) => ({ headers, socket: { remoteAddress } });

  it('a client on this machine talking to the process directly, without a token', () => {
    for (const a of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) expect(metricsAccess(req(a), undefined), a).toBe('ok');
    expect(metricsAccess(req('127.0.0.1'), TOKEN)).toBe('ok');
  });

  it('not a request a proxy on this machine forwarded (loopback peer with a forwarding header), nor another machine', () => {
    for (const h of ['x-forwarded-for', 'forwarded', 'x-real-ip', 'x-forwarded-proto', 'x-forwarded-host']) {
      expect(metricsAccess(req('127.0.0.1', { [h]: '203.0.113.9' }), undefined), h).toBe('not_local');
    }
    expect(metricsAccess(req('203.0.113.9'), undefined)).toBe('not_local');
    expect(metricsAccess(req('10.0.0.2'), TOKEN)).toBe('not_local');
    expect(metricsAccess(req(''), undefined)).toBe('not_local');
  });

  it('anyone with the bearer token, and nobody with a wrong one (also from loopback)', () => {
    expect(metricsAccess(req('203.0.113.9', { authorization: `Bearer ${TOKEN}`, 'x-forwarded-for': '1.2.3.4' }), TOKEN)).toBe('ok');
    expect(metricsAccess(req('203.0.113.9', { authorization: `bearer ${TOKEN}` }), TOKEN)).toBe('ok');
    for (const auth of [`Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(1)}`, TOKEN, `Basic ${TOKEN}`, 'Bearer ']) {
      expect(metricsAccess(req('127.0.0.1', { authorization: auth }), TOKEN), auth).toBe('bad_token');
    }
    // Without a configured token, a bearer proves nothing.
    expect(metricsAccess(req('203.0.113.9', { authorization: `Bearer ${TOKEN}` }), undefined)).toBe('not_local');
  });
});

describe('METRICS_TOKEN and SHUTDOWN_TIMEOUT_MS', () => {
  it('are read, with a 10 s default for the shutdown', () => {
    expect(loadConfig({})).toMatchObject({ metricsToken: undefined, shutdownTimeoutMs: 10_000 });
    expect(loadConfig({ METRICS_TOKEN: TOKEN, SHUTDOWN_TIMEOUT_MS: '2500' })).toMatchObject({ metricsToken: TOKEN, shutdownTimeoutMs: 2500 });
  });

  it('refuse a short or spaced token and a bound out of range, naming the variable', () => {
    for (const [env, name] of [
      [{ METRICS_TOKEN: 'short' }, 'METRICS_TOKEN'],
      [{ METRICS_TOKEN: 'a token with spaces in it' }, 'METRICS_TOKEN'],
      [{ SHUTDOWN_TIMEOUT_MS: '10s' }, 'SHUTDOWN_TIMEOUT_MS'],
      [{ SHUTDOWN_TIMEOUT_MS: '10' }, 'SHUTDOWN_TIMEOUT_MS'],
      [{ SHUTDOWN_TIMEOUT_MS: '9999999' }, 'SHUTDOWN_TIMEOUT_MS'],
    ] as const) {
      expect(() => loadConfig(env), JSON.stringify(env)).toThrow(new RegExp(`${name}:`));
    }
  });
});

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
    expect(sample(text, 'http_request_duration_seconds_count', { method: 'GET', route: 'unmatched', status_code: '404' })).toBeGreaterThanOrEqual(1);
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

describe('mail counters', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  const counts = async (ctx: TestContext) => {
    const text = (await ctx.app.inject({ method: 'GET', url: '/metrics' })).body;
    return { queued: sample(text, 'sf_mail_queued_total'), sent: sample(text, 'sf_mail_sent_total'), failed: sample(text, 'sf_mail_failed_total') };
  };

  it('without SMTP: a login mail is queued (in the outbox), never sent nor failed', async () => {
    const member = await existingMember(t.app);
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: member.user.email } });
    expect(res.statusCode, res.body).toBe(200);
    expect(await counts(t)).toEqual({ queued: 1, sent: 0, failed: 0 });
  });

  it('with SMTP: sent when the server takes it, failed when it refuses or is not there until the mailer gives up', async () => {
    const good = await smtpServer();
    const refusing = await smtpServer({ refuse: true });
    const closed = await smtpServer();
    await closed.close();
    const mail = { to: 'someone@example.com', subject: 'Hello', text: 'Hello there' };
    const apps: TestContext[] = [];
    try {
      // One attempt each: the mailer gives up on the first refusal (docs/decisions/0037).
      for (const url of [good.url, refusing.url, closed.url])
        apps.push(await createTestApp({ shareDatabaseWith: t, env: { SMTP_URL: url, MAIL_RETRY_LIMIT: '1' } }));
      const [toGood, toRefusing, toClosed] = apps as [TestContext, TestContext, TestContext];
      await toGood.app.mailer.send(mail);
      await toGood.app.mailer.send(mail);
      await toGood.app.mailer.deliverDue();
      await vi.waitFor(() => expect(good.accepted()).toBe(2));
      await vi.waitFor(async () => expect(await counts(toGood)).toEqual({ queued: 2, sent: 2, failed: 0 }));
      await toRefusing.app.mailer.send(mail);
      await vi.waitFor(async () => expect(await counts(toRefusing)).toEqual({ queued: 1, sent: 0, failed: 1 }));
      await toClosed.app.mailer.send(mail);
      await vi.waitFor(async () => expect(await counts(toClosed)).toEqual({ queued: 1, sent: 0, failed: 1 }));
    } finally {
      await Promise.all(apps.map((a) => a.close()));
      await good.close();
      await refusing.close();
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
