import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import packageJson from '../../../package.json' with { type: 'json' };
import { buildApp } from '../app';
import { loadConfig } from '../env';
import { createTestApp, type TestContext } from '../test/harness';
import { markSent } from './mail-outbox';
import { SCRAPE_DB_TIMEOUT_MS } from './metrics';
import { sample, series, smtpServer } from './metrics.fixtures';

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
