/**
 * Mail through a real SMTP server (src/server/test/fake-smtp.ts: the smtp-server package on
 * 127.0.0.1, parsed with mailparser, cid: links left as they are), as docs/decisions/0037-mail-outbox-and-delivery.md sets it
 * out: every mail is an outbox row first, delivered in the background, retried while the server
 * is down, sent exactly once when it returns (several instances included), given up after a bound;
 * the log says what happened without the SMTP password or a login code.
 */
/** Set-up shared by the parts of the former mail.test.ts (split by what they test, issue 40). */
import { eq } from 'drizzle-orm';
import type { AddressObject, ParsedMail } from 'mailparser';
import { afterAll, beforeAll, expect, vi } from 'vitest';
import { mailOutbox } from '../db/schema/index';
import { fakeSmtp, type FakeSmtp, type ReceivedMail } from './fake-smtp';
import { createTestApp, type TestContext } from './harness';

/** Fast retries for tests: 100 ms, doubling. */
export const FAST = { MAIL_RETRY_BASE_MS: '100' };

export let smtp: FakeSmtp;
export let t: TestContext;

export const address = (a: AddressObject | AddressObject[] | undefined) => (Array.isArray(a) ? a : a ? [a] : []).flatMap((x) => x.value.map((v) => v.address));

/** The mail at the SMTP server to `to`, waiting for it to arrive. */
export async function arrived(server: FakeSmtp, to: string, n = 1, timeoutMs = 15_000): Promise<ReceivedMail[]> {
  await vi.waitFor(
    () => {
      if (server.to(to).length < n) throw new Error(`expected ${n} mails to ${to}, got ${server.to(to).length}`);
    },
    { timeout: timeoutMs, interval: 20 },
  );
  return server.to(to);
}

/**
 * Show that the outbox sends nothing more (docs/decisions/0095-tests-wait-for-events-not-time.md):
 * queue one more mail and wait for it at the server, then for the passes of every instance to end.
 * A pass attempts every due mail before it ends, and the fake server has a mail before it answers
 * the sender, so a mail that was going to be sent (again) is at the server by then.
 */
export async function oneMoreMail(server: FakeSmtp, from: TestContext['app'], ...others: TestContext['app'][]): Promise<string> {
  const marker = `marker.${Date.now()}.${Math.random().toString(36).slice(2)}@example.com`;
  await from.mailer.send({ to: marker, subject: 'The mail after', text: 'Sent to show what came before it.' });
  await arrived(server, marker);
  await Promise.all([from, ...others].map((app) => app.mailer.deliverDue()));
  return marker;
}

export async function rowsTo(ctx: TestContext, to: string) {
  return ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(mailOutbox.id);
}

/** The outbox rows to `to` once the first is marked sent (the SMTP server has it a moment before). */
export async function whenSent(ctx: TestContext, to: string, timeoutMs = 5_000) {
  return vi.waitFor(
    async () => {
      const rows = await rowsTo(ctx, to);
      if (rows[0]?.status !== 'sent') throw new Error(`not marked sent: ${JSON.stringify(rows)}`);
      return rows;
    },
    { timeout: timeoutMs, interval: 20 },
  );
}

/** The headers and parts every mail of ours has. */
export function expectWellFormed(m: ParsedMail, to: string, subject: RegExp | string) {
  expect(m.from?.value).toEqual([{ address: 'hello@speedfriendship.test', name: 'Speed Friendship' }]);
  expect(address(m.to)).toEqual([to]);
  if (typeof subject === 'string') expect(m.subject).toBe(subject);
  else expect(m.subject).toMatch(subject);
  expect(m.messageId).toMatch(/^<[0-9a-f-]{36}@speedfriendship\.test>$/);
  expect(m.date).toBeInstanceOf(Date);
  expect(Math.abs(m.date!.getTime() - Date.now())).toBeLessThan(5 * 60_000);
  expect(m.text?.length ?? 0).toBeGreaterThan(20);
}

/** The set-up every part of mail.test.ts shares; call once at the top of each part. */
export function registerMailFixtures() {
  beforeAll(async () => {
    smtp = await fakeSmtp();
    t = await createTestApp({ env: { SMTP_URL: smtp.url, ...FAST } });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.stop();
  });
}
