/**
 * Scheduled reminder e-mails, 24 and 2 hours before the start (REMINDER_HOURS), driven by the
 * app's clock (no sleeping): two instances on one database sweep at once and each guest still
 * gets exactly one of each; a cancelled guest, a late registrant and a completed evening get
 * none; sweeping again sends nothing; a failed send is logged and never sent twice. On
 * PostgreSQL (CI) the two instances have their own connection pools; on PGlite they share it.
 */
import { and, eq, like } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { REMINDER_HOURS } from '@shared/domain/arrival';
import type { Event } from '@shared/schemas/events';
import { buildApp } from '../../app';
import { openPostgres, type Database } from '../../db/client';
import { events, mailOutbox, registrations, reminderSends } from '../../db/schema/index';
import {
  createEvent,
  createTestApp,
  createVenue,
  eventBody,
  outbox,
  registerFor,
  signUp,
  signUpHost,
  startingIn,
  withCookie,
  type TestApp,
  type TestContext,
} from '../../test/harness';
import { setUpEvening, type Member } from '../../test/live-helpers';
import { directionsUrl, sendDueReminders } from './reminders';

const HOUR = 3_600_000;

/** The app's clock: the real time unless a test moves it. */
let clock: Date | null = null;
const now = () => clock ?? new Date();

let A: TestContext;
/** A second instance on the same database. */
let B: TestApp;
let closeB: () => Promise<void>;

beforeAll(async () => {
  A = await createTestApp({ now });
  if (A.database.kind === 'postgres') {
    // Its own pool on the same database, as a second server process would have.
    const second: Database = openPostgres(A.database.pool!.options.connectionString!, { max: 5 });
    B = await buildApp({ config: A.config, database: second, logger: false, now });
    await B.ready();
    closeB = async () => {
      await B.close();
      await second.close();
    };
  } else {
    const ctx = await createTestApp({ shareDatabaseWith: A, now });
    B = ctx.app;
    closeB = () => ctx.close();
  }
});
afterEach(() => {
  clock = null;
});
afterAll(async () => {
  await closeB?.();
  await A?.close();
});

const sweep = (app: TestApp = A.app) => sendDueReminders(app, A.config.publicUrl);
const startOf = (e: Event) => new Date(e.date).getTime();

const mails = async (m: Member, prefix: string) => (await outbox(A.app, m.user.email)).filter((x) => x.subject.startsWith(prefix));
const dayBefore = (m: Member) => mails(m, 'Coming up:');
const soon = (m: Member) => mails(m, 'Starting soon:');

describe('scheduled reminders', () => {
  it('two instances sweeping at once: exactly one 24 h e-mail per guest; a cancelled guest none; sweeping again sends nothing', async () => {
    const ev = await setUpEvening(A, { guests: 4, checkedIn: 0 });
    const [g1, g2, g3, cancelled] = ev.guests as [Member, Member, Member, Member];
    const gone = await A.app.inject({ method: 'DELETE', url: `/api/events/${ev.event.id}/registration`, headers: withCookie(cancelled.cookie) });
    expect(gone.statusCode, gone.body).toBe(200);
    const start = startOf(ev.event);

    // A second before the 24 h mark: nothing yet.
    clock = new Date(start - REMINDER_HOURS['24h'] * HOUR - 1000);
    await Promise.all([sweep(A.app), sweep(B)]);
    for (const g of ev.guests) expect(await dayBefore(g)).toEqual([]);

    clock = new Date(start - REMINDER_HOURS['24h'] * HOUR);
    await Promise.all([sweep(A.app), sweep(B), sweep(A.app), sweep(B), sweep(B), sweep(A.app)]);
    for (const g of [g1, g2, g3]) {
      const got = await dayBefore(g);
      expect(got, g.user.email).toHaveLength(1);
      expect(got[0]!.subject).toContain(ev.event.title);
    }
    expect(await dayBefore(cancelled)).toEqual([]);
    const claims = await A.db.select().from(reminderSends).where(eq(reminderSends.eventId, ev.event.id));
    expect(claims.map((c) => [c.userId, c.kind]).sort()).toEqual([g1, g2, g3].map((g) => [g.user.id, '24h']).sort());

    // Later sweeps (a minute on, on both instances, and after a "restart": a fresh instance) send nothing more.
    clock = new Date(start - REMINDER_HOURS['24h'] * HOUR + 60_000);
    await Promise.all([sweep(A.app), sweep(B)]);
    const restarted = await createTestApp({ shareDatabaseWith: A, now });
    await sendDueReminders(restarted.app, A.config.publicUrl);
    await restarted.close();
    for (const g of [g1, g2, g3]) expect(await dayBefore(g)).toHaveLength(1);
    expect(await soon(g1)).toEqual([]);

    // The 2 h reminder, once, to the same guests.
    clock = new Date(start - REMINDER_HOURS['2h'] * HOUR + 5 * 60_000);
    await Promise.all([sweep(A.app), sweep(B)]);
    await sweep(A.app);
    for (const g of [g1, g2, g3]) {
      expect(await soon(g)).toHaveLength(1);
      expect(await dayBefore(g)).toHaveLength(1);
    }
    expect(await soon(cancelled)).toEqual([]);

    // At and after the start: nothing.
    clock = new Date(start + 60_000);
    await sweep(A.app);
    for (const g of [g1, g2, g3]) expect(await soon(g)).toHaveLength(1);
  });

  it("someone registering after a reminder's moment gets the ticket e-mail, not that reminder", async () => {
    const host = (await signUpHost(A)) as Member;
    const venue = await createVenue(A.app, host.cookie);
    // Registering 20 hours before the start: too late for the 24 h reminder, in time for the 2 h one.
    const tomorrow = await createEvent(A.app, host.cookie, { ...eventBody(venue.id, { price: 0 }), ...startingIn(20 * 60) });
    // Registering 1 hour before the start: neither.
    const venue2 = await createVenue(A.app, host.cookie);
    const tonight = await createEvent(A.app, host.cookie, { ...eventBody(venue2.id, { price: 0 }), ...startingIn(60) });
    const early = (await signUp(A.app)) as Member;
    const late = (await signUp(A.app)) as Member;
    expect((await registerFor(A.app, tomorrow.id, early)).statusCode).toBe(201);
    expect((await registerFor(A.app, tonight.id, late)).statusCode).toBe(201);
    expect((await outbox(A.app, late.user.email)).filter((m) => m.subject.startsWith('Your ticket'))).toHaveLength(1);

    await Promise.all([sweep(A.app), sweep(B)]);
    expect(await dayBefore(early)).toEqual([]);
    expect(await soon(late)).toEqual([]);
    expect(await dayBefore(late)).toEqual([]);

    clock = new Date(startOf(tomorrow) - REMINDER_HOURS['2h'] * HOUR);
    await sweep(A.app);
    expect(await soon(early)).toHaveLength(1);
    expect(await dayBefore(early)).toEqual([]);
  });

  it('a completed evening gets none', async () => {
    const ev = await setUpEvening(A, { guests: 2, checkedIn: 0 });
    await A.db.update(events).set({ status: 'completed' }).where(eq(events.id, ev.event.id));
    clock = new Date(startOf(ev.event) - REMINDER_HOURS['24h'] * HOUR + 60_000);
    await Promise.all([sweep(A.app), sweep(B)]);
    for (const g of ev.guests) expect(await dayBefore(g)).toEqual([]);
    expect(await A.db.select().from(reminderSends).where(eq(reminderSends.eventId, ev.event.id))).toEqual([]);
  });

  it('a sweep that missed the 24 h window (the server was down) sends only the 2 h reminder', async () => {
    const ev = await setUpEvening(A, { guests: 1, checkedIn: 0 });
    clock = new Date(startOf(ev.event) - REMINDER_HOURS['2h'] * HOUR + 30 * 60_000);
    await sweep(A.app);
    expect(await soon(ev.guests[0]!)).toHaveLength(1);
    expect(await dayBefore(ev.guests[0]!)).toEqual([]);
  });

  it('the e-mail: when, where, directions, the event page and the ticket QR inline, with the code in the text', async () => {
    const host = (await signUpHost(A)) as Member;
    const withCoords = await createVenue(A.app, host.cookie, {
      name: 'The Wine Bar',
      address: '12 Bury New Road',
      city: 'Prestwich',
      latitude: 53.5331,
      longitude: -2.2849,
    });
    const noCoords = await createVenue(A.app, host.cookie, { name: 'The Corner Café', address: '3 Church Lane & Co', city: 'Prestwich' });
    const e1 = await createEvent(A.app, host.cookie, eventBody(withCoords.id, { price: 0, startTime: '19:00', endTime: '22:00' }));
    const e2 = await createEvent(A.app, host.cookie, eventBody(noCoords.id, { price: 0 }));
    const guest = (await signUp(A.app, { name: 'Rosa' })) as Member;
    for (const e of [e1, e2]) expect((await registerFor(A.app, e.id, guest)).statusCode).toBe(201);
    const code = async (eventId: number) =>
      (
        await A.db
          .select({ code: registrations.ticketCode })
          .from(registrations)
          .where(and(eq(registrations.eventId, eventId), eq(registrations.userId, guest.user.id)))
      )[0]!.code;

    clock = new Date(startOf(e1) - REMINDER_HOURS['2h'] * HOUR);
    await sweep(A.app);
    const [m1] = await soon(guest);
    expect(m1!.subject).toBe(`Starting soon: ${e1.title} at 19:00`);
    expect(m1!.text).toContain('Hi Rosa,');
    expect(m1!.text).toContain('19:00-22:00');
    expect(m1!.text).toContain('The Wine Bar, 12 Bury New Road, Prestwich');
    expect(m1!.text).toContain('Directions: https://www.google.com/maps/dir/?api=1&destination=53.5331,-2.2849');
    expect(m1!.text).toContain(`Ticket code: ${await code(e1.id)}`);
    expect(m1!.text).toContain(`${A.config.publicUrl}/events/${e1.id}`);
    expect(m1!.attachments).toEqual([expect.objectContaining({ filename: 'ticket-qr.png', contentType: 'image/png' })]);
    expect(m1!.attachments![0]!.size).toBeGreaterThan(200);

    clock = new Date(startOf(e2) - REMINDER_HOURS['24h'] * HOUR);
    await sweep(A.app);
    const [m2] = await dayBefore(guest);
    expect(m2!.subject).toContain(e2.title);
    expect(m2!.text).toContain(`Directions: https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent('3 Church Lane & Co, Prestwich')}`);
    expect(m2!.text).toContain(`Ticket code: ${await code(e2.id)}`);
  });

  it('a reminder whose SMTP server is down waits in the outbox, queued once (the claim stays)', async () => {
    const ev = await setUpEvening(A, { guests: 2, checkedIn: 0 });
    // An instance whose SMTP server is not there: every send fails.
    const broken = await createTestApp({ shareDatabaseWith: A, now, env: { SMTP_URL: 'smtp://127.0.0.1:1' } });
    try {
      clock = new Date(startOf(ev.event) - REMINDER_HOURS['24h'] * HOUR);
      expect(await sendDueReminders(broken.app, A.config.publicUrl)).toBeGreaterThanOrEqual(2);
      expect(await A.db.select().from(reminderSends).where(eq(reminderSends.eventId, ev.event.id))).toHaveLength(2);
      await Promise.all([sweep(A.app), sweep(B)]);
      for (const g of ev.guests) {
        expect(await dayBefore(g)).toEqual([]);
        // One mail each, waiting for the SMTP server (docs/decisions/0037): not lost, not doubled.
        const queued = await A.db
          .select()
          .from(mailOutbox)
          .where(and(eq(mailOutbox.to, g.user.email), like(mailOutbox.subject, 'Coming up:%')));
        expect(queued).toHaveLength(1);
        expect(['pending', 'sending']).toContain(queued[0]!.status);
      }
    } finally {
      await broken.close();
    }
  });
});

describe('directions link', () => {
  it('uses coordinates when the venue has them, else its address (or name) and city, URL-encoded', () => {
    expect(directionsUrl({ latitude: 53.5, longitude: -2.25, address: 'x', city: 'y', venueName: 'z' })).toBe(
      'https://www.google.com/maps/dir/?api=1&destination=53.5,-2.25',
    );
    expect(directionsUrl({ latitude: null, longitude: null, address: '1 High St #2', city: 'Bury', venueName: 'Bar' })).toBe(
      'https://www.google.com/maps/dir/?api=1&destination=1%20High%20St%20%232%2C%20Bury',
    );
    expect(directionsUrl({ latitude: null, longitude: null, address: '', city: 'Bury', venueName: 'The Bar' })).toBe(
      'https://www.google.com/maps/dir/?api=1&destination=The%20Bar%2C%20Bury',
    );
  });
});
