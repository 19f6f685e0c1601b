/**
 * The server's log output: short lines in a terminal (one per request, the outbox's login code
 * on its own line), pino's JSON when piped or in production, nothing in tests; LOG_LEVEL applies.
 */
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from './env';
import { formatLogLine, OneLinePerRequest, serverLogging, type LineSink } from './logging';
import { startLogin } from './modules/auth/service';
import { dbPlugin } from './plugins/db';
import { mailPlugin } from './plugins/mail';
import { createTestApp, signUp, type TestContext } from './test/harness';

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
