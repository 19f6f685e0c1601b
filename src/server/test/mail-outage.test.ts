import { createServer, type AddressInfo, type Socket } from 'node:net';
import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { mailOutbox } from '../db/schema/index';
import { fakeSmtp } from './fake-smtp';
import { createTestApp, existingMember, verify } from './harness';
import type { MailEvent } from '../plugins/mail';
import { FAST, smtp, t, arrived, oneMoreMail, rowsTo, whenSent, registerMailFixtures } from './mail.fixtures';

registerMailFixtures();

describe('when the SMTP server is down', () => {
  it('the login answers at once, the mail waits in the outbox, and is delivered exactly once when the server returns', async () => {
    const down = await fakeSmtp({ running: false });
    // A database of its own: every instance on one outbox delivers it, so all must use the same SMTP server.
    const app = await createTestApp({ env: { SMTP_URL: down.url, ...FAST } });
    try {
      const events: MailEvent[] = [];
      app.app.mailer.onEvent((e) => events.push(e));
      const { user } = await existingMember(app.app);
      const started = Date.now();
      const res = await app.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: user.email } });
      expect(res.statusCode, res.body).toBe(200);
      expect(Date.now() - started).toBeLessThan(1_000);

      // A few attempts fail while the server is away.
      await vi.waitFor(
        () => {
          if (!events.some((e) => e.type === 'retrying' && e.attempts >= 2)) throw new Error(`no second failed attempt: ${JSON.stringify(events)}`);
        },
        { timeout: 10_000, interval: 20 },
      );
      const [waiting] = await rowsTo(app, user.email);
      expect(['pending', 'sending']).toContain(waiting!.status);
      expect(waiting!.attempts).toBeGreaterThanOrEqual(2);
      expect(waiting!.lastError).toMatch(/ECONNREFUSED/);
      expect(down.received).toHaveLength(0);

      await down.start();
      const [mail] = await arrived(down, user.email);
      const [sent] = await whenSent(app, user.email);
      // More passes run and deliver a later mail: this one is not sent again.
      const marker = await oneMoreMail(down, app.app);
      expect(down.received.map((m) => m.envelope.to)).toEqual([[user.email], [marker]]);
      expect(mail!.parsed.messageId).toBe(waiting!.messageId);
      expect(sent).toMatchObject({ status: 'sent', messageId: waiting!.messageId });
      expect(events.filter((e) => e.type === 'queued' && e.id === waiting!.id)).toHaveLength(1);
      expect(events.filter((e) => e.type === 'sent' && e.id === waiting!.id)).toHaveLength(1);

      // The code that arrived late still signs in.
      const code = mail!.parsed.subject!.match(/(\d{6})$/)![1]!;
      expect((await verify(app.app, user.email, code)).statusCode).toBe(200);
    } finally {
      await app.close();
      await down.stop();
    }
  });

  it('a server that accepts the connection and never answers does not hold up the login', async () => {
    const sockets = new Set<Socket>();
    const silent = createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as AddressInfo;
    const app = await createTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${port}`, ...FAST } });
    try {
      const { user } = await existingMember(app.app);
      const started = Date.now();
      const res = await app.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: user.email } });
      expect(res.statusCode, res.body).toBe(200);
      // The transport waits 15 s for a greeting; the member does not.
      expect(Date.now() - started).toBeLessThan(2_000);
      // The first attempt claims the mail, then hangs on the silent server.
      const row = await vi.waitFor(
        async () => {
          const [r] = await rowsTo(app, user.email);
          if (r?.status === 'pending') throw new Error('not claimed yet');
          return r;
        },
        { timeout: 5_000, interval: 20 },
      );
      expect(row).toMatchObject({ status: 'sending', attempts: 1 });
    } finally {
      const closing = Date.now();
      await app.close();
      // Closing does not wait out the silent server either (the claim lapses; the mail is sent later).
      expect(Date.now() - closing).toBeLessThan(8_000);
      for (const socket of sockets) socket.destroy();
      await new Promise((r) => silent.close(r));
    }
  });

  it('gives up after MAIL_RETRY_LIMIT attempts and marks the mail failed, with the error', async () => {
    const down = await fakeSmtp({ running: false });
    const app = await createTestApp({ env: { SMTP_URL: down.url, MAIL_RETRY_BASE_MS: '50', MAIL_RETRY_LIMIT: '3' } });
    try {
      const events: MailEvent[] = [];
      app.app.mailer.onEvent((e) => events.push(e));
      const to = `gone.${Date.now()}@example.com`;
      await app.app.mailer.send({ to, subject: 'Nobody home', text: 'This one never gets through.' });
      await vi.waitFor(
        () => {
          if (!events.some((e) => e.type === 'failed')) throw new Error(`not failed: ${JSON.stringify(events)}`);
        },
        { timeout: 10_000, interval: 20 },
      );
      expect(events.map((e) => `${e.type}:${e.attempts}`)).toEqual(['queued:0', 'retrying:1', 'retrying:2', 'failed:3']);
      const [row] = await rowsTo(app, to);
      expect(row).toMatchObject({ status: 'failed', attempts: 3, sentAt: null });
      expect(row!.lastError).toMatch(/ECONNREFUSED/);
      // A failed mail stays failed, even once the server is back.
      await down.start();
      await app.app.mailer.deliverDue();
      // A later mail gets through; the failed one did not come before it.
      const marker = await oneMoreMail(down, app.app);
      expect(down.received.map((m) => m.envelope.to)).toEqual([[marker]]);
    } finally {
      await app.close();
      await down.stop();
    }
  });

  it('a mail claimed by an instance that stopped before marking it is sent again after the claim lapses, with the same Message-ID', async () => {
    const to = `lapsed.${Date.now()}@example.com`;
    const [row] = await t.db
      .insert(mailOutbox)
      .values({
        to,
        subject: 'Claimed then crashed',
        text: 'The instance that claimed this stopped.',
        status: 'sending',
        messageId: '<lapsed-claim-1@speedfriendship.test>',
        attempts: 1,
      })
      .returning();
    await t.db.execute(sql`UPDATE mail_outbox SET claimed_until = now() + interval '1 hour' WHERE id = ${row!.id}`);
    await t.app.mailer.deliverDue();
    // A later mail gets through while the claim holds; the claimed one is not sent.
    await oneMoreMail(smtp, t.app);
    expect(smtp.to(to)).toHaveLength(0);
    await t.db.execute(sql`UPDATE mail_outbox SET claimed_until = now() - interval '1 second' WHERE id = ${row!.id}`);
    await t.app.mailer.deliverDue();
    const [mail] = await arrived(smtp, to);
    expect(mail!.parsed.messageId).toBe('<lapsed-claim-1@speedfriendship.test>');
    expect((await whenSent(t, to))[0]).toMatchObject({ status: 'sent', attempts: 2 });
  });
});
