import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, existingMember, type TestContext } from '../test/harness';
import { sample, smtpServer } from './metrics.fixtures';

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
    // One app at a time: apps that share the database are instances that share the outbox, and
    // an app still running would claim the next one's mail and try it on its own SMTP server.
    const withSmtp = async (url: string, use: (ctx: TestContext) => Promise<void>) => {
      // One attempt each: the mailer gives up on the first refusal (docs/decisions/0037).
      const ctx = await createTestApp({ shareDatabaseWith: t, env: { SMTP_URL: url, MAIL_RETRY_LIMIT: '1' } });
      try {
        await use(ctx);
      } finally {
        await ctx.close();
      }
    };
    try {
      await withSmtp(good.url, async (toGood) => {
        await toGood.app.mailer.send(mail);
        await toGood.app.mailer.send(mail);
        await toGood.app.mailer.deliverDue();
        expect(good.accepted()).toBe(2);
        expect(await counts(toGood)).toEqual({ queued: 2, sent: 2, failed: 0 });
      });
      await withSmtp(refusing.url, async (toRefusing) => {
        await toRefusing.app.mailer.send(mail);
        await toRefusing.app.mailer.deliverDue();
        expect(await counts(toRefusing)).toEqual({ queued: 1, sent: 0, failed: 1 });
      });
      await withSmtp(closed.url, async (toClosed) => {
        await toClosed.app.mailer.send(mail);
        await toClosed.app.mailer.deliverDue();
        expect(await counts(toClosed)).toEqual({ queued: 1, sent: 0, failed: 1 });
      });
    } finally {
      await good.close();
      await refusing.close();
    }
  });
});
