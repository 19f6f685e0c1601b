/**
 * GET /metrics (plugins/metrics.ts, docs/decisions/0035, 0088): what an operator's Prometheus scrapes,
 * from a real listening server, and who may read it.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import packageJson from '../../../package.json' with { type: 'json' };
import { buildApp } from '../app';
import { loadConfig } from '../env';
import { createTestApp, existingMember, signUp, type TestContext } from '../test/harness';
import { joinLive, listen, setUpEvening, waitFor, type LiveClient } from '../test/live-helpers';
import { markSent } from './mail-outbox';
import { metricsAccess, ROUTE_LABEL, SCRAPE_DB_TIMEOUT_MS } from './metrics';

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

/** Every series of one metric: its labels, and its value. */
function series(text: string, name: string): { labels: Record<string, string>; value: number }[] {
  const out: { labels: Record<string, string>; value: number }[] = [];
  for (const line of text.split('\n')) {
    const m = line.match(/^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/);
    if (!m || m[1] !== name) continue;
    out.push({ labels: Object.fromEntries([...(m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((x) => [x[1]!, x[2]!])), value: Number(m[3]) });
  }
  return out;
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

  it('without SMTP: a login mail is queued (in the outbox), never sent nor failed, and waits in no queue', async () => {
    const member = await existingMember(t.app);
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: member.user.email } });
    expect(res.statusCode, res.body).toBe(200);
    expect(await counts(t)).toEqual({ queued: 1, sent: 0, failed: 0 });
    // Kept in the local outbox for the developer: nothing waits for an SMTP server.
    const text = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
    expect(sample(text, 'sf_mail_queue_depth')).toBe(0);
    expect(sample(text, 'sf_mail_queue_oldest_age_seconds')).toBe(0);
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

describe('route labels stay bounded (docs/decisions/0088)', () => {
  let t: TestContext;
  let clientDir: string;
  /** Files asked for in each round: the second round asks for other files than the first. */
  const ASSETS = 40;
  const asset = (i: number) => `chunk-${i}-${(1e6 + i * 7919).toString(36)}.js`;
  beforeAll(async () => {
    // A built client in miniature: its page, and many hashed files (a real release has over a hundred).
    clientDir = mkdtempSync(path.join(tmpdir(), 'sf-metrics-'));
    writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><html><head><title>Speed Friendship</title></head><body></body></html>');
    writeFileSync(path.join(clientDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    mkdirSync(path.join(clientDir, 'assets'));
    for (let i = 0; i < 2 * ASSETS; i++) writeFileSync(path.join(clientDir, 'assets', asset(i)), `export const n = ${i};`);
    t = await createTestApp({ clientDir });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(clientDir, { recursive: true, force: true });
  });

  const scrape = async () => (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
  const get = async (url: string, status: number) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode, url).toBe(status);
    return res;
  };
  /** Every label set of the request counter, as one string each. */
  const labelSets = (text: string) => series(text, 'http_request_duration_seconds_count').map((s) => JSON.stringify(s.labels));

  it('every static file is one label, pages another, 404s a third: new files and new URLs add no series', async () => {
    let requests = 0;
    const round = async (tag: string, firstAsset: number) => {
      for (let i = firstAsset; i < firstAsset + ASSETS; i++) await get(`/assets/${asset(i)}`, 200);
      await get('/favicon.svg', 200);
      for (let i = 0; i < 20; i++) {
        // A file no release has (the single-page app may answer it with its page, or a 404: either way no series of its own).
        await t.app.inject({ method: 'GET', url: `/assets/gone-${tag}-${i}.js` });
        await get(`/api/no-such-${tag}/${i}`, 404);
        // An unknown page of the single-page app: its own router shows it.
        expect((await get(`/some/page-${tag}-${i}?from=${i}`, 200)).headers['content-type']).toMatch(/^text\/html/);
      }
      await get('/', 200);
      await get('/events', 200);
      // The public page of an evening that does not exist: a page, answered 404, counted with the 404s.
      await get(`/events/${tag === 'a' ? 987_654_321 : 987_654_322}`, 404);
      requests += ASSETS + 1 + 3 * 20 + 3;
    };

    await scrape(); // so that /metrics itself has its series before the comparison
    await round('a', 0);
    const first = await scrape();
    await round('b', ASSETS);
    const second = await scrape();

    // The second round asked for other files and other URLs: no new series at all.
    expect(labelSets(second).sort()).toEqual(labelSets(first).sort());
    const counts = series(second, 'http_request_duration_seconds_count');
    expect(new Set(counts.map((s) => s.labels.route))).toEqual(new Set([ROUTE_LABEL.static, ROUTE_LABEL.page, ROUTE_LABEL.notFound, '/metrics']));
    expect(second).not.toMatch(/route="[^"]*(chunk-|gone-|no-such|page-|favicon|9876543)/);
    // Every request is counted once, under one of those labels.
    expect(counts.filter((s) => s.labels.route !== '/metrics').reduce((sum, s) => sum + s.value, 0)).toBe(requests);

    const count = (route: string, status: string) => sample(second, 'http_request_duration_seconds_count', { method: 'GET', route, status_code: status }) ?? 0;
    expect(count(ROUTE_LABEL.static, '200')).toBe(2 * (ASSETS + 1));
    expect(count(ROUTE_LABEL.page, '200')).toBeGreaterThanOrEqual(2 * (20 + 2));
    expect(count(ROUTE_LABEL.notFound, '404')).toBeGreaterThanOrEqual(2 * (20 + 1));
    expect(count(ROUTE_LABEL.page, '200') + count(ROUTE_LABEL.notFound, '404')).toBe(2 * (3 * 20 + 3));
  });

  it('HEAD on a file keeps the same label; an API route keeps its pattern, even answering 404', async () => {
    const before = await scrape();
    expect((await t.app.inject({ method: 'HEAD', url: `/assets/${asset(3)}` })).statusCode).toBe(200);
    await get('/api/events/987654', 404);
    const after = await scrape();
    const head = (text: string) => sample(text, 'http_request_duration_seconds_count', { method: 'HEAD', route: ROUTE_LABEL.static, status_code: '200' }) ?? 0;
    expect(head(after) - head(before)).toBe(1);
    expect(sample(after, 'http_request_duration_seconds_count', { method: 'GET', route: '/api/events/:id', status_code: '404' })).toBe(1);
  });
});

describe('the database, readiness, the mail queue and the release, asked at each scrape', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  const scrape = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode, res.body).toBe(200);
    return res.body;
  };

  it('says the database is up and the instance ready, and which release it runs', async () => {
    const text = await scrape();
    expect(sample(text, 'sf_database_up')).toBe(1);
    expect(sample(text, 'sf_ready')).toBe(1);
    // No release.json beside this app's client (there is none) and no RELEASE_COMMIT: the commit is unknown.
    expect(series(text, 'sf_build_info')).toEqual([{ labels: { version: packageJson.version, commit: 'unknown' }, value: 1 }]);
  });

  it('a database that refuses: 0, and the instance not ready; back to 1 when it answers again', async () => {
    const ping = t.database.ping;
    t.database.ping = () => Promise.reject(new Error('connection refused'));
    try {
      const text = await scrape();
      expect(sample(text, 'sf_database_up')).toBe(0);
      expect(sample(text, 'sf_ready')).toBe(0);
    } finally {
      t.database.ping = ping;
    }
    expect(sample(await scrape(), 'sf_database_up')).toBe(1);
  });

  it('a database that does not answer: the scrape still answers within about a second, down, the mail queue unknown (NaN)', async () => {
    const db = t.database.db as unknown as { execute: (...args: unknown[]) => Promise<unknown> };
    const execute = db.execute;
    // Every query hangs for 5 s (then fails, so nothing waits for ever): the database is there but answers nothing.
    db.execute = () => new Promise((_, reject) => setTimeout(() => reject(new Error('timed out')), 5_000));
    let text: string;
    const started = Date.now();
    try {
      text = await scrape();
    } finally {
      db.execute = execute;
    }
    const took = Date.now() - started;
    expect(took).toBeGreaterThanOrEqual(SCRAPE_DB_TIMEOUT_MS - 50);
    expect(took).toBeLessThan(3_500);
    expect(sample(text, 'sf_database_up')).toBe(0);
    expect(sample(text, 'sf_ready')).toBe(0);
    expect(sample(text, 'sf_mail_queue_depth')).toBeNaN();
    expect(sample(text, 'sf_mail_queue_oldest_age_seconds')).toBeNaN();
  });

  it('an instance shutting down is not ready, though its database is up', async () => {
    const own = await createTestApp({ shareDatabaseWith: t });
    try {
      own.app.readiness.shuttingDown = true;
      const text = (await own.app.inject({ method: 'GET', url: '/metrics' })).body;
      expect(sample(text, 'sf_database_up')).toBe(1);
      expect(sample(text, 'sf_ready')).toBe(0);
      expect(sample(await scrape(), 'sf_ready')).toBe(1);
    } finally {
      await own.close();
    }
  });

  it('counts the mail waiting for SMTP site-wide and the age of the oldest, and forgets it once sent', async () => {
    const closed = await smtpServer();
    await closed.close();
    // The SMTP server is not there: each mail's first attempt fails, the next is an hour away.
    const sender = await createTestApp({ shareDatabaseWith: t, env: { SMTP_URL: closed.url, MAIL_RETRY_LIMIT: '10', MAIL_RETRY_BASE_MS: '3600000' } });
    try {
      const retried: number[] = [];
      sender.app.mailer.onEvent((e) => void (e.type === 'retrying' && retried.push(e.id)));
      for (const to of ['a@example.com', 'b@example.com', 'c@example.com']) await sender.app.mailer.send({ to, subject: 'Hello', text: 'Hello there' });
      await vi.waitFor(() => expect(retried).toHaveLength(3), { timeout: 10_000 });
      // The oldest has waited ten minutes (as if SMTP had been gone that long).
      await t.db.execute(sql`UPDATE mail_outbox SET created_at = now() - interval '600 seconds' WHERE id = ${Math.min(...retried)}`);

      // Every instance sees the same queue (one outbox), this one without SMTP too.
      for (const app of [sender.app, t.app]) {
        const text = (await app.inject({ method: 'GET', url: '/metrics' })).body;
        expect(sample(text, 'sf_mail_queue_depth')).toBe(3);
        const age = sample(text, 'sf_mail_queue_oldest_age_seconds')!;
        expect(age).toBeGreaterThanOrEqual(600);
        expect(age).toBeLessThan(660);
      }

      for (const id of retried) await markSent(t.db, id);
      const text = await scrape();
      expect(sample(text, 'sf_mail_queue_depth')).toBe(0);
      expect(sample(text, 'sf_mail_queue_oldest_age_seconds')).toBe(0);
    } finally {
      await sender.close();
    }
  });

  it('is not logged at info: a scrape every few seconds is not news (other requests are)', async () => {
    const lines: { reqId?: string; url?: string; msg?: string }[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _enc, done) {
        for (const l of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(l) as (typeof lines)[number]);
        done();
      },
    });
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'info', DATA_DIR: '/nonexistent-test-data-dir' });
    const app = await buildApp({
      config,
      database: t.database,
      logger: { level: 'info', stream },
      livePlanAhead: false,
      clientDir: '/nonexistent-test-client-dir',
    });
    try {
      await app.ready();
      expect((await app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(200);
      expect((await app.inject({ method: 'GET', url: '/api/version' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
    const requests = lines.filter((l) => l.reqId !== undefined);
    // The version request's line (one per request, src/server/logging.ts) and nothing of the scrape's.
    expect(requests.some((l) => l.url === '/api/version')).toBe(true);
    expect(requests.some((l) => l.url === '/metrics')).toBe(false);
    expect(new Set(requests.map((l) => l.reqId)).size).toBe(1);
  });
});
