import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { buildApp } from '../app';
import { openPostgres } from '../db/client';
import { mailOutbox } from '../db/schema/index';
import { loadConfig } from '../env';
import { fakeSmtp } from './fake-smtp';
import { createTestApp } from './harness';
import { oneMoreMail, registerMailFixtures } from './mail.fixtures';

registerMailFixtures();

describe('several instances on one outbox', () => {
  it('two instances deliver each queued mail exactly once', async () => {
    const shared = await fakeSmtp({ running: false });
    const env = { SMTP_URL: shared.url, MAIL_RETRY_BASE_MS: '50' };
    const a = await createTestApp({ env });
    // On PostgreSQL the second instance has a pool of its own on the same database, as a second
    // process would; the embedded database allows one process, so there both share it.
    const own = a.database.kind === 'postgres' ? openPostgres(String(a.database.pool!.options.connectionString), { max: 5 }) : null;
    const b = own
      ? {
          app: await buildApp({
            config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: '/nonexistent-test-data-dir', ...env }),
            database: own,
            logger: false,
            livePlanAhead: false,
          }),
          close: async () => {},
        }
      : await createTestApp({ env, shareDatabaseWith: a });
    await b.app.ready();
    try {
      const tag = `twice.${Date.now()}`;
      const addresses = Array.from({ length: 40 }, (_, i) => `${tag}.${i}@example.com`);
      // Mail queued on both while the server is down.
      await Promise.all(addresses.map((to, i) => (i % 2 ? a : b).app.mailer.send({ to, subject: `Mail ${i}`, text: `Number ${i} of ${addresses.length}.` })));
      // Every mail has been tried (and refused) once, by one instance or the other.
      await vi.waitFor(
        async () => {
          const rows = await a.db
            .select()
            .from(mailOutbox)
            .where(sql`${mailOutbox.to} LIKE ${`${tag}.%`}`);
          if (rows.length < 40 || rows.some((r) => r.attempts < 1)) throw new Error(`not all tried: ${rows.map((r) => r.attempts).join(',')}`);
        },
        { timeout: 10_000, interval: 20 },
      );
      expect(shared.received).toHaveLength(0);
      await shared.start();
      await Promise.all([a.app.mailer.deliverDue(), b.app.mailer.deliverDue(), a.app.mailer.deliverDue(), b.app.mailer.deliverDue()]);
      await shared.waitFor(40);
      // More passes of both deliver a later mail from each: none of the 40 came a second time.
      const markers = [await oneMoreMail(shared, a.app, b.app), await oneMoreMail(shared, b.app, a.app)];
      expect(shared.received).toHaveLength(42);
      expect(new Set(shared.received.map((m) => m.parsed.messageId)).size).toBe(42);
      expect(shared.received.flatMap((m) => m.envelope.to).sort()).toEqual([...addresses, ...markers].sort());
    } finally {
      await a.close();
      await b.app.close();
      await b.close();
      await own?.close();
      await shared.stop();
    }
  });
});
