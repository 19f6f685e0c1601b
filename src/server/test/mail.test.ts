/**
 * Mail through a real SMTP server (src/server/test/fake-smtp.ts: the smtp-server package on
 * 127.0.0.1, parsed with mailparser, cid: links left as they are), as docs/decisions/0037-mail-outbox-and-delivery.md sets it
 * out: every mail is an outbox row first, delivered in the background, retried while the server
 * is down, sent exactly once when it returns (several instances included), given up after a bound;
 * the log says what happened without the SMTP password or a login code.
 */
import { createServer, type AddressInfo, type Socket } from 'node:net';
import { Writable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import type { AddressObject, ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Event } from '@shared/schemas/events';
import { buildApp } from '../app';
import { openPostgres } from '../db/client';
import { mailOutbox, registrations } from '../db/schema/index';
import { loadConfig } from '../env';
import { inviteMail } from '../modules/missed-connections/invite-mail';
import { reminderMail } from '../modules/messages/reminders';
import { fakeSmtp, type FakeSmtp, type ReceivedMail } from './fake-smtp';
import {
  buyTicket,
  createEvent,
  createTestApp,
  createVenue,
  eventBody,
  existingMember,
  sessionCookie,
  signUp,
  signUpHost,
  verify,
  type TestContext,
} from './harness';
import type { MailEvent } from '../plugins/mail';

/** Fast retries for tests: 100 ms, doubling. */
const FAST = { MAIL_RETRY_BASE_MS: '100' };

let smtp: FakeSmtp;
let t: TestContext;

beforeAll(async () => {
  smtp = await fakeSmtp();
  t = await createTestApp({ env: { SMTP_URL: smtp.url, ...FAST } });
});
afterAll(async () => {
  await t?.close();
  await smtp?.stop();
});

const address = (a: AddressObject | AddressObject[] | undefined) => (Array.isArray(a) ? a : a ? [a] : []).flatMap((x) => x.value.map((v) => v.address));

/** The mail at the SMTP server to `to`, waiting for it to arrive. */
async function arrived(server: FakeSmtp, to: string, n = 1, timeoutMs = 15_000): Promise<ReceivedMail[]> {
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
async function oneMoreMail(server: FakeSmtp, from: TestContext['app'], ...others: TestContext['app'][]): Promise<string> {
  const marker = `marker.${Date.now()}.${Math.random().toString(36).slice(2)}@example.com`;
  await from.mailer.send({ to: marker, subject: 'The mail after', text: 'Sent to show what came before it.' });
  await arrived(server, marker);
  await Promise.all([from, ...others].map((app) => app.mailer.deliverDue()));
  return marker;
}

async function rowsTo(ctx: TestContext, to: string) {
  return ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(mailOutbox.id);
}

/** The outbox rows to `to` once the first is marked sent (the SMTP server has it a moment before). */
async function whenSent(ctx: TestContext, to: string, timeoutMs = 5_000) {
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
function expectWellFormed(m: ParsedMail, to: string, subject: RegExp | string) {
  expect(m.from?.value).toEqual([{ address: 'hello@speedfriendship.test', name: 'Speed Friendship' }]);
  expect(address(m.to)).toEqual([to]);
  if (typeof subject === 'string') expect(m.subject).toBe(subject);
  else expect(m.subject).toMatch(subject);
  expect(m.messageId).toMatch(/^<[0-9a-f-]{36}@speedfriendship\.test>$/);
  expect(m.date).toBeInstanceOf(Date);
  expect(Math.abs(m.date!.getTime() - Date.now())).toBeLessThan(5 * 60_000);
  expect(m.text?.length ?? 0).toBeGreaterThan(20);
}

describe('mail over SMTP: what arrives', () => {
  it('the login code arrives (From, To, Subject, Message-ID, Date, text) and signs the member in', async () => {
    const { user } = await existingMember(t.app, { name: 'Lena Login' });
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: user.email } });
    expect(res.statusCode, res.body).toBe(200);
    const [mail] = await arrived(smtp, user.email);
    const m = mail!.parsed;
    expectWellFormed(m, user.email, /^Your Speed Friendship login code: \d{6}$/);
    expect(mail!.envelope).toEqual({ from: 'hello@speedfriendship.test', to: [user.email] });
    const code = m.subject!.match(/(\d{6})$/)![1]!;
    expect(m.text).toContain(`Your login code is ${code}.`);
    expect(m.text).toContain('Hi Lena Login,');

    const [row] = await whenSent(t, user.email);
    expect(row).toMatchObject({ status: 'sent', attempts: 1, messageId: m.messageId, lastError: null });
    expect(row!.sentAt).toBeInstanceOf(Date);

    const ok = await verify(t.app, user.email, code);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(sessionCookie(ok)).toBeDefined();
    // Not a dev outbox any more: that route does not exist with SMTP.
    expect((await t.app.inject({ method: 'GET', url: '/api/dev/outbox', query: { to: user.email } })).statusCode).toBe(404);
  });

  it('the ticket: text and HTML, the QR inline (cid) and as a file, and the .ics with the evening start', async () => {
    const host = await signUpHost(t);
    const venue = await createVenue(t.app, host.cookie, { name: 'The Mail Room' });
    const event: Event = await createEvent(t.app, host.cookie, eventBody(venue.id, { title: 'Posted Evening', price: 1500 }));
    const member = await signUp(t.app, { name: 'Tom Ticket' });
    await buyTicket(t.app, event.id, member);
    // The code that proved the address at sign-up, then the ticket.
    const [mail] = (await arrived(smtp, member.user.email, 2)).filter((x) => x.parsed.subject?.startsWith('Your ticket'));
    expect(mail).toBeDefined();
    const m = mail!.parsed;
    expectWellFormed(m, member.user.email, /^Your ticket: Posted Evening, \w+day, \d+ \w+ \d{4}$/);
    const [reg] = await t.db.select().from(registrations).where(eq(registrations.userId, member.user.id));
    expect(m.text).toContain(`Ticket code: ${reg!.ticketCode}`);
    expect(m.text).toContain('Price: £15.00 paid');
    expect(m.html).toContain('<img src="cid:ticket-qr"');
    expect(m.html).toContain(`${t.config.publicUrl}/events/${event.id}`);

    const inline = m.attachments.find((a) => a.cid === 'ticket-qr');
    expect(inline).toMatchObject({ contentType: 'image/png', contentDisposition: 'inline', related: true });
    const file = m.attachments.find((a) => a.filename === `ticket-${reg!.ticketCode}.png`);
    expect(file).toMatchObject({ contentType: 'image/png', contentDisposition: 'attachment' });
    const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(inline!.content.subarray(0, 8)).toEqual(PNG);
    expect(inline!.content.length).toBeGreaterThan(200);
    expect(file!.content.equals(inline!.content)).toBe(true);

    const ics = m.attachments.find((a) => a.filename === 'speed-friendship.ics');
    expect(ics?.contentType).toBe('text/calendar');
    const text = ics!.content.toString('utf8');
    const vevent = text.slice(text.indexOf('BEGIN:VEVENT'), text.indexOf('END:VEVENT'));
    expect(vevent).not.toBe('');
    const stamp = (iso: string) => iso.replace(/[-:]/g, '').replace(/\.\d{3}/, '');
    expect(vevent.split(/\r?\n/)).toEqual(expect.arrayContaining([`DTSTART:${stamp(event.date)}`, 'SUMMARY:Posted Evening']));
  });

  it('a reminder: text and HTML with the ticket QR inline', async () => {
    const to = `rita.reminder.${Date.now()}@example.com`;
    const row = {
      eventId: 7,
      userId: 1,
      name: 'Rita Reminder',
      email: to,
      ticketCode: 'ABCD2345',
      title: 'Wine & Words',
      date: new Date('2026-12-24T19:00:00Z'),
      startTime: '19:00',
      endTime: '22:00',
      venueName: 'The Wine Bar',
      address: '1 Bury Old Road',
      city: 'Prestwich',
      latitude: null,
      longitude: null,
    };
    await t.app.mailer.send(await reminderMail(t.config.publicUrl, '24h', row));
    const [mail] = await arrived(smtp, to);
    const m = mail!.parsed;
    expectWellFormed(m, to, /^Coming up: Wine & Words, \w+day \d+ \w+ at 19:00$/);
    expect(m.text).toContain('Ticket code: ABCD2345');
    expect(m.text).toContain('https://www.google.com/maps/dir/?api=1&destination=');
    expect(m.html).toContain('<img src="cid:ticket-qr"');
    expect(m.html).toContain('Wine &#38; Words');
    expect(m.attachments).toHaveLength(1);
    expect(m.attachments[0]).toMatchObject({ cid: 'ticket-qr', contentType: 'image/png', filename: 'ticket-qr.png' });
  });

  it('a follow-up invite: text and HTML, the stop link, no attachments', async () => {
    const to = `ivy.invite.${Date.now()}@example.com`;
    await t.app.mailer.send(
      inviteMail(t.config.publicUrl, {
        to: { email: to, firstName: 'Ivy' },
        fromFirstName: 'Sarah',
        event: { id: 42, title: 'Coffee & Conversation', date: new Date('2026-12-30T10:00:00Z'), startTime: '10:00', venue: 'The Café' },
        stopToken: 'stop-token-123',
      }),
    );
    const [mail] = await arrived(smtp, to);
    const m = mail!.parsed;
    expectWellFormed(m, to, 'Sarah invited you to Coffee & Conversation');
    expect(m.text).toContain('Hi Ivy,');
    expect(m.text).toContain(`${t.config.publicUrl}/missed-connections?stop=stop-token-123`);
    expect(m.html).toContain(`${t.config.publicUrl}/events/42`);
    expect(m.attachments).toEqual([]);
  });
});

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
