import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../env';
import { fakeSmtp } from './fake-smtp';
import { createTestApp, existingMember, type TestContext } from './harness';
import { FAST, t, arrived, rowsTo, registerMailFixtures } from './mail.fixtures';

registerMailFixtures();

describe('the log', () => {
  let own: TestContext;
  beforeAll(async () => {
    own = await createTestApp();
  });
  afterAll(() => own.close());

  /** The app with its JSON log lines collected, on a database of its own (see above). */
  async function loggedApp(env: Record<string, string>) {
    const lines: Record<string, unknown>[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _enc, done) {
        for (const l of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(l) as Record<string, unknown>);
        done();
      },
    });
    const config = loadConfig({ LOG_LEVEL: 'info', DATA_DIR: '/nonexistent-test-data-dir', AUTH_RATE_LIMIT: '10000', ...env });
    const app = await buildApp({ config, database: own.database, logger: { level: 'info', stream }, livePlanAhead: false });
    await app.ready();
    return { app, lines };
  }

  it('says queued, retrying and sent, without the SMTP password or the login code', async () => {
    const server = await fakeSmtp({ running: false });
    const { app, lines } = await loggedApp({ NODE_ENV: 'production', SMTP_URL: server.url, ...FAST });
    try {
      const { user } = await existingMember(own.app);
      const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: user.email }, headers: { origin: t.config.publicUrl } });
      expect(res.statusCode, res.body).toBe(200);
      await vi.waitFor(
        () => {
          if (!lines.some((l) => String(l.msg).includes('retrying'))) throw new Error('no retry logged');
        },
        { timeout: 10_000, interval: 20 },
      );
      await server.start();
      const [mail] = await arrived(server, user.email);
      const code = mail!.parsed.subject!.match(/(\d{6})$/)![1]!;
      // The line 'mail sent' is written once the outbox row is marked, a moment after the server has the mail.
      await vi.waitFor(
        () => {
          if (!lines.some((l) => l.msg === `mail sent to ${user.email}`)) throw new Error('no sent logged');
        },
        { timeout: 5_000, interval: 20 },
      );
      const mine = lines.filter((l) => l.to === user.email);
      expect(mine.map((l) => l.msg)).toEqual(
        expect.arrayContaining([
          `mail queued for ${user.email}: Your Speed Friendship login code: ******`,
          expect.stringMatching(new RegExp(`^mail to ${user.email.replace(/[.+]/g, '\\$&')} not sent \\(attempt 1\\), retrying in \\d+ s$`)),
          `mail sent to ${user.email}`,
        ]),
      );
      expect(mine.find((l) => String(l.msg).includes('retrying'))).toMatchObject({
        level: 40,
        mailId: expect.any(Number),
        messageId: mail!.parsed.messageId,
        error: expect.stringMatching(/ECONNREFUSED/),
      });
      const everything = lines.map((l) => JSON.stringify(l)).join('\n');
      expect(everything).not.toContain(server.password);
      expect(everything).not.toContain(code);
    } finally {
      await app.close();
      await server.stop();
    }
  });

  it('in production without SMTP, the mail is kept and the log warns, without the code', async () => {
    const { app, lines } = await loggedApp({ NODE_ENV: 'production' });
    try {
      const { user } = await existingMember(own.app);
      const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: user.email }, headers: { origin: t.config.publicUrl } });
      expect(res.statusCode, res.body).toBe(200);
      const [row] = await rowsTo(own, user.email);
      expect(row!.status).toBe('local');
      const code = row!.subject.match(/(\d{6})$/)![1]!;
      const mine = lines.filter((l) => l.to === user.email);
      expect(mine).toEqual([expect.objectContaining({ level: 40, msg: `mail to ${user.email} kept in the outbox only: set SMTP_URL to send mail` })]);
      expect(lines.map((l) => JSON.stringify(l)).join('\n')).not.toContain(code);
    } finally {
      await app.close();
    }
  });
});
