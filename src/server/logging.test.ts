/**
 * The server's log output: short lines in a terminal (one per request, the outbox's login code
 * on its own line), pino's JSON when piped or in production, nothing in tests; LOG_LEVEL applies.
 */
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { loadConfig } from './env';
import { formatLogLine, OneLinePerRequest, QUIET_ROUTES, requestId, serverLogging, type LineSink } from './logging';
import { startLogin } from './modules/auth/service';
import { dbPlugin } from './plugins/db';
import { mailPlugin } from './plugins/mail';
import { createTestApp, signUp, withCookie, type TestContext } from './test/harness';

/** A terminal that records what is written to it. */
function fakeTerminal(colors = false): LineSink & { lines: string[] } {
  const lines: string[] = [];
  return {
    isTTY: true,
    hasColors: () => colors,
    lines,
    write(chunk: string) {
      lines.push(...chunk.split('\n').filter((l) => l !== ''));
    },
  };
}

const notTerminal: LineSink = { isTTY: false, write: () => true };
const TIME = /^\d\d:\d\d:\d\d /;

describe('serverLogging: which format', () => {
  it('logs nothing in tests', () => {
    expect(serverLogging(loadConfig({ NODE_ENV: 'test' }), fakeTerminal())).toEqual({ logger: false });
  });

  it("keeps pino's JSON when stdout is piped, and in production even in a terminal, one line per request", () => {
    expect(serverLogging(loadConfig({}), notTerminal)).toEqual({ logger: { level: 'info' }, logController: expect.any(OneLinePerRequest) });
    expect(serverLogging(loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'warn' }), fakeTerminal())).toEqual({
      logger: { level: 'warn' },
      logController: expect.any(OneLinePerRequest),
    });
  });

  it('writes short lines in a terminal, at the LOG_LEVEL asked for', () => {
    const opts = serverLogging(loadConfig({ LOG_LEVEL: 'debug' }), fakeTerminal());
    expect(opts.logger).toMatchObject({ level: 'debug', stream: expect.anything() });
    expect(opts.logController).toBeInstanceOf(OneLinePerRequest);
  });
});

describe('in a terminal', () => {
  async function appWith(term: LineSink, level: 'info' | 'warn' = 'info') {
    const app = Fastify(serverLogging(loadConfig({ LOG_LEVEL: level }), term));
    app.get('/api/things', async () => ({ ok: true }));
    app.get('/api/broken', async () => {
      throw new Error('the database fell over');
    });
    await app.ready();
    return app;
  }

  it('prints one short line per request: method, path, status, time', async () => {
    const term = fakeTerminal();
    const app = await appWith(term);
    await app.inject({ method: 'GET', url: '/api/things?x=1' });
    await app.inject({ method: 'GET', url: '/api/nothing-here' });
    await app.close();
    expect(term.lines).toHaveLength(2);
    expect(term.lines[0]).toMatch(/^\d\d:\d\d:\d\d GET \/api\/things\?x=1 200 \d+ ms$/);
    expect(term.lines[1]).toMatch(/^\d\d:\d\d:\d\d GET \/api\/nothing-here 404 \d+ ms$/);
  });

  it('shows a failed request as an ERROR with its stack', async () => {
    const term = fakeTerminal();
    const app = await appWith(term);
    await app.inject({ method: 'GET', url: '/api/broken' });
    await app.close();
    const text = term.lines.join('\n');
    expect(text).toMatch(/ERROR the database fell over/);
    expect(text).toMatch(/\n {4}Error: the database fell over\n {8}at /);
    expect(term.lines.filter((l) => TIME.test(l) && / GET \/api\/broken 500 \d+ ms/.test(l))).toHaveLength(1);
  });

  it('honours LOG_LEVEL: at warn, requests are not listed', async () => {
    const term = fakeTerminal();
    const app = await appWith(term, 'warn');
    await app.inject({ method: 'GET', url: '/api/things' });
    app.log.warn('disk nearly full');
    await app.close();
    expect(term.lines).toHaveLength(1);
    expect(term.lines[0]).toMatch(/^\d\d:\d\d:\d\d WARN disk nearly full$/);
  });

  it('colours only when the terminal supports it', async () => {
    const term = fakeTerminal(true);
    const app = await appWith(term);
    await app.inject({ method: 'GET', url: '/api/things' });
    await app.close();
    expect(term.lines[0]).toContain('\x1b[32m200\x1b[0m');
  });
});

describe("pino's JSON, as an operator's log collector reads it (docs/decisions/0053)", () => {
  /** The JSON lines the server writes when piped, at LOG_LEVEL info (the default). */
  async function jsonLines(run: (app: ReturnType<typeof Fastify>) => Promise<unknown>) {
    const lines: Record<string, unknown>[] = [];
    const { logController } = serverLogging(loadConfig({}), notTerminal);
    const app = Fastify({
      logger: { level: 'info', stream: { write: (l: string) => void lines.push(JSON.parse(l) as Record<string, unknown>) } },
      logController,
    });
    app.get('/api/events/:id', async () => ({ ok: true }));
    app.get('/api/broken', async () => {
      throw new Error('the database fell over');
    });
    await app.ready();
    await run(app);
    await app.close();
    return lines.filter((l) => l.msg !== 'Server listening' && l.reqId !== undefined);
  }

  it('writes one line per request with method, url, route, status, time and request id', async () => {
    const lines = await jsonLines((app) => app.inject({ method: 'GET', url: '/api/events/7?x=1' }));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 30,
      msg: 'request completed',
      method: 'GET',
      url: '/api/events/7?x=1',
      route: '/api/events/:id',
      statusCode: 200,
      reqId: expect.any(String),
      responseTime: expect.any(Number),
    });
  });

  it('always logs a failed request: its line says 500, and the error with its stack carries the same request id', async () => {
    const lines = await jsonLines((app) => app.inject({ method: 'GET', url: '/api/broken' }));
    const completed = lines.filter((l) => l.method === 'GET');
    expect(completed).toHaveLength(1);
    expect(completed[0]).toMatchObject({ url: '/api/broken', route: '/api/broken', statusCode: 500 });
    const errors = lines.filter((l) => l.err !== undefined);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({
      level: 50,
      reqId: completed[0]!.reqId,
      err: { message: 'the database fell over', stack: expect.stringContaining('Error: the database fell over') },
    });
  });
});

describe("the app's request lines, as an operator follows a request from nginx into the app (docs/decisions/0087)", () => {
  let t: TestContext;
  let app: Awaited<ReturnType<typeof buildApp>>;
  const lines: Record<string, unknown>[] = [];
  const requestLines = () => lines.filter((l) => l.msg === 'request completed');

  beforeAll(async () => {
    t = await createTestApp();
    // The whole app on the same database, logging JSON lines at info as in production, behind nginx (TRUST_PROXY).
    app = await buildApp({
      config: { ...t.config, trustProxy: true },
      database: t.database,
      logger: { level: 'info', stream: { write: (l: string) => void lines.push(JSON.parse(l) as Record<string, unknown>) } },
      clientDir: '/nonexistent-test-client-dir',
      livePlanAhead: false,
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await t?.close();
  });

  it("carries the client's address (X-Forwarded-For behind the proxy), the user id when signed in, and nginx's request id, echoed back", async () => {
    const member = await signUp(app);
    lines.length = 0;
    const rid = 'a1b2c3d4e5f60718293a4b5c6d7e8f90'; // nginx's $request_id: 32 hex digits
    const res = await app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: withCookie(member.cookie, { 'x-forwarded-for': '203.0.113.7', 'x-request-id': rid }),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['x-request-id']).toBe(rid);
    expect(requestLines()).toEqual([
      expect.objectContaining({ level: 30, method: 'GET', url: '/api/auth/me', statusCode: 200, ip: '203.0.113.7', userId: member.user.id, reqId: rid }),
    ]);

    // A visitor: no user id; an id of its own when nginx gave none.
    lines.length = 0;
    const visitor = await app.inject({ method: 'GET', url: '/api/events', headers: { 'x-forwarded-for': '198.51.100.4' } });
    expect(visitor.statusCode).toBe(200);
    const [line] = requestLines();
    expect(line).toMatchObject({ ip: '198.51.100.4', reqId: visitor.headers['x-request-id'] });
    expect(line).not.toHaveProperty('userId');
    expect(String(visitor.headers['x-request-id'])).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('replaces a malformed X-Request-Id with an id of its own, never logging what the client sent', async () => {
    const malformed = ['', 'has spaces', 'x'.repeat(65), '<script>alert(1)</script>', 'semi;colon', 'ünïcode'];
    const ids = new Set<string>();
    for (const given of malformed) {
      lines.length = 0;
      const res = await app.inject({ method: 'GET', url: '/api/events', headers: { 'x-request-id': given } });
      const id = String(res.headers['x-request-id']);
      expect(id, JSON.stringify(given)).not.toBe(given);
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      expect(requestLines()).toEqual([expect.objectContaining({ reqId: id })]);
      ids.add(id);
    }
    expect(ids.size).toBe(malformed.length);
    // The edges of the form: 64 characters of letters, digits, dot, underscore and dash are kept.
    const longest = `${'Ab9._-'.repeat(10)}abcd`;
    expect(requestId({ headers: { 'x-request-id': longest } })).toBe(longest);
    expect(requestId({ headers: { 'x-request-id': 'x' } })).toBe('x');
    expect(requestId({ headers: {} })).not.toBe(requestId({ headers: {} }));
  });

  it('an error keeps the request id on its line and in the answer; a 404 echoes it too', async () => {
    lines.length = 0;
    const res = await app.inject({ method: 'GET', url: '/api/no-such-route', headers: { 'x-request-id': 'nginx-404-check' } });
    expect(res.statusCode).toBe(404);
    expect(res.headers['x-request-id']).toBe('nginx-404-check');
    expect(requestLines()).toEqual([expect.objectContaining({ statusCode: 404, reqId: 'nginx-404-check' })]);
  });

  it("does not log the probes, the phones' ping or the metrics scrape at info, only everything else", async () => {
    lines.length = 0;
    for (let i = 0; i < 5; i++) {
      for (const url of QUIET_ROUTES) {
        const res = await app.inject({ method: 'GET', url });
        expect(res.statusCode, `${url}: ${res.body}`).toBeLessThan(500);
      }
    }
    expect(lines).toEqual([]);
    await app.inject({ method: 'GET', url: '/api/events' });
    expect(requestLines()).toHaveLength(1);
  });
});

describe('the outbox in a terminal', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('prints the login code of a login mail on a line of its own, and nothing of the mail body', async () => {
    const member = await signUp(t.app, { name: 'Newcomer Nia' });
    const term = fakeTerminal();
    const app = Fastify(serverLogging(loadConfig({}), term));
    await app.register(dbPlugin, { database: t.database });
    await app.register(mailPlugin, { config: loadConfig({}) });
    await app.ready();
    await startLogin(app.db, app.mailer, member.user.email, 'Speed Friendship');
    await app.mailer.send({ to: member.user.email, subject: 'Your ticket', text: 'A long ticket e-mail\nwith many lines' });
    await app.close();

    expect(term.lines).toHaveLength(2);
    const [login, ticket] = term.lines as [string, string];
    const code = login.match(/Login code for (\S+): (\d{6})$/);
    expect(code?.[1]).toBe(member.user.email);
    expect(login).toMatch(TIME);
    expect(ticket).toMatch(new RegExp(`^\\d\\d:\\d\\d:\\d\\d Mail to ${member.user.email.replace(/[.+]/g, '\\$&')}: Your ticket$`));
  });
});

describe('formatLogLine', () => {
  const line = (rec: object) => JSON.stringify({ level: 30, time: Date.UTC(2026, 0, 1, 9, 5, 7), pid: 1, hostname: 'h', ...rec });

  it('shows the message, and fields beyond the usual ones as key=value', () => {
    expect(formatLogLine(line({ msg: 'Server listening at http://127.0.0.1:5000' }))).toMatch(
      /^\d\d:\d\d:\d\d Server listening at http:\/\/127\.0\.0\.1:5000$/,
    );
    expect(formatLogLine(line({ msg: 'timer poll', eventId: 7 }))).toMatch(/ timer poll eventId=7$/);
  });

  it('passes lines that are not JSON through unchanged', () => {
    expect(formatLogLine('plain text\n')).toBe('plain text');
  });

  it('labels levels other than info', () => {
    expect(formatLogLine(line({ level: 50, msg: 'boom', err: { type: 'Error', message: 'boom', stack: 'Error: boom\n    at x' } }))).toMatch(
      / ERROR boom\n {4}Error: boom\n {8}at x$/,
    );
    expect(formatLogLine(line({ level: 20, msg: 'details' }))).toMatch(/ DEBUG details$/);
  });
});
