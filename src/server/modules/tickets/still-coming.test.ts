/**
 * "Still coming?" (issue 35, docs/decisions/0074-still-coming.md): each booked guest is asked once per
 * evening, STILL_COMING_HOURS before it (the app's clock, two instances sweeping at once) or at booking
 * when it is nearer; the e-mail's link shows the question and changes nothing until a button is
 * pressed, and works once; "I can't make it" frees the seat and offers it to the waitlist's first in
 * the same transaction (seats taken = registrations + holds + offers, counted in SQL after each step);
 * a paid seat given up inside the refund window is refunded when, and only when, someone else books;
 * the host sees confirmed / not answered / released.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Event } from '@shared/schemas/events';
import type { MyStillComing, StillComingCounts, StillComingQuestion } from '@shared/schemas/still-coming';
import type { CancelResponse } from '@shared/schemas/tickets';
import { events, payments, resaleRefunds, stillComing, testProviderIntents } from '../../db/schema/index';
import type { signUp } from '../../test/harness';
import {
  buyTicket,
  createEvent,
  createTestApp,
  createVenue,
  eventBody,
  getEvent,
  outbox,
  registerFor,
  registrationCount,
  signUpHost,
  signUpMany,
  startingIn,
  withCookie,
  type TestApp,
  type TestContext,
} from '../../test/harness';
import { checkIn } from '../../test/live-helpers';
import { askDue, type StillComingDeps } from './still-coming';

type Member = Awaited<ReturnType<typeof signUp>>;
const HOUR = 3_600_000;

/** The app's clock: the real time unless a test moves it. */
let clock: Date | null = null;
const now = () => clock ?? new Date();

let t: TestContext;
/** A second instance on the same database. */
let B: TestApp;
let host: Member;

beforeAll(async () => {
  t = await createTestApp({ now });
  B = (await createTestApp({ shareDatabaseWith: t, now })).app;
  host = (await signUpHost(t)) as Member;
}, 60_000);
afterEach(() => {
  clock = null;
});
afterAll(() => t.close());

const deps = (app: TestApp): StillComingDeps => ({
  db: app.db,
  payments: app.payments,
  mailer: app.mailer,
  publicUrl: t.config.publicUrl,
  holdMinutes: 15,
  log: app.log,
  hours: 48,
  now,
});

/** An evening at a venue of its own, of `max` seats (smaller than the form's 6 are set in the database). */
async function evening(opts: { max: number; price?: number; days?: number; startsInMinutes?: number }) {
  const venue = await createVenue(t.app, host.cookie);
  const when = opts.startsInMinutes !== undefined ? startingIn(opts.startsInMinutes) : opts.days !== undefined ? { days: opts.days } : {};
  const event = await createEvent(t.app, host.cookie, eventBody(venue.id, { price: opts.price ?? 0, maxParticipants: 6, ...when }));
  await t.db.update(events).set({ maxParticipants: opts.max }).where(eq(events.id, event.id));
  return event;
}

async function book(event: Event, guests: Member[]) {
  for (const g of guests) {
    if (event.price === 0) {
      const res = await registerFor(t.app, event.id, g);
      expect(res.statusCode, res.body).toBe(201);
    } else await buyTicket(t.app, event.id, g);
  }
}

const questionMails = async (m: Member) => (await outbox(t.app, m.user.email)).filter((x) => x.subject.startsWith('Still coming to '));

/** The token in the newest "Still coming?" e-mail to this guest. */
async function tokenOf(m: Member) {
  const [mail] = await questionMails(m);
  expect(mail, `no still-coming e-mail to ${m.user.email}`).toBeDefined();
  const match = /\/still-coming\/([A-Za-z0-9_-]{43})/.exec(mail!.text);
  expect(match).not.toBeNull();
  return match![1]!;
}

const showLink = (token: string) => t.app.inject({ method: 'GET', url: `/api/still-coming/${token}` });
const answerLink = (token: string, answer: string) => t.app.inject({ method: 'POST', url: `/api/still-coming/${token}`, payload: { answer } });
const answerSignedIn = (eventId: number, m: Member, answer: string) =>
  t.app.inject({ method: 'POST', url: `/api/events/${eventId}/still-coming`, headers: withCookie(m.cookie), payload: { answer } });
const counts = (eventId: number, cookie?: string) => t.app.inject({ method: 'GET', url: `/api/events/${eventId}/still-coming`, headers: withCookie(cookie) });
const join = (eventId: number, m: Member) => t.app.inject({ method: 'POST', url: `/api/events/${eventId}/waitlist`, headers: withCookie(m.cookie) });

/** The seat ledger, counted in SQL (as tickets/waitlist.test.ts does). */
async function ledger(eventId: number) {
  const r = await t.db.execute(sql`
    SELECT e.seats_taken AS "seatsTaken", e.participant_count AS "participants",
      (SELECT count(*)::int FROM registrations r WHERE r.event_id = e.id) AS "registrations",
      (SELECT count(*)::int FROM payments p WHERE p.event_id = e.id AND p.holds_seat AND p.status = 'requires_payment') AS "holds",
      (SELECT count(*)::int FROM event_waitlist w WHERE w.event_id = e.id AND w.status = 'offered') AS "offers"
    FROM events e WHERE e.id = ${eventId}`);
  const row = (r as unknown as { rows: Record<string, number>[] }).rows[0]!;
  return Object.fromEntries(Object.entries(row).map(([k, v]) => [k, Number(v)])) as Record<
    'seatsTaken' | 'participants' | 'registrations' | 'holds' | 'offers',
    number
  >;
}
async function expectBalanced(eventId: number, step: string) {
  const l = await ledger(eventId);
  expect(l.seatsTaken, `${step}: ${JSON.stringify(l)}`).toBe(l.registrations + l.holds + l.offers);
  expect(l.participants, `${step}: ${JSON.stringify(l)}`).toBe(l.registrations);
  return l;
}

const providerRefunded = async (intentId: string) =>
  (await t.db.select({ n: testProviderIntents.amountRefunded }).from(testProviderIntents).where(eq(testProviderIntents.id, intentId)))[0]!.n;
const paymentStatus = async (intentId: string) => (await t.db.select({ s: payments.status }).from(payments).where(eq(payments.intentId, intentId)))[0]!.s;

describe('asking', () => {
  it('48 hours before (the app clock), two instances sweeping at once ask each guest exactly once; sweeping again asks nobody', async () => {
    const event = await evening({ max: 6, days: 5 });
    const guests = (await signUpMany(t.app, 3)) as Member[];
    await book(event, guests);
    const start = new Date(event.date).getTime();

    // Booked five days ahead: not asked at booking, nor by a sweep before the 48 hours.
    clock = new Date(start - 49 * HOUR);
    await Promise.all([askDue(deps(t.app)), askDue(deps(B))]);
    for (const g of guests) expect(await questionMails(g)).toHaveLength(0);

    clock = new Date(start - 47 * HOUR);
    const [a, b] = await Promise.all([askDue(deps(t.app)), askDue(deps(B))]);
    expect(a + b).toBe(3);
    for (const g of guests) {
      const mails = await questionMails(g);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.subject).toMatch(new RegExp(`^Still coming to ${event.title} on \\w+day \\d+ \\w+\\?$`));
      expect(mails[0]!.text).toContain('Yes, see you there');
      expect(mails[0]!.text).toContain("I can't make it");
    }
    clock = new Date(start - 30 * HOUR);
    expect((await Promise.all([askDue(deps(t.app)), askDue(deps(B))])).reduce((x, y) => x + y)).toBe(0);
    for (const g of guests) expect(await questionMails(g)).toHaveLength(1);
    const rows = await t.db.select().from(stillComing).where(eq(stillComing.eventId, event.id));
    expect(rows).toHaveLength(3);
    // Only a hash of the link's token is stored.
    const token = await tokenOf(guests[0]!);
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('booking an evening nearer than 48 hours asks at once, once; the question is on /notifications until answered', async () => {
    const event = await evening({ max: 6, days: 1 });
    const [ann] = (await signUpMany(t.app, 1)) as Member[];
    await book(event, [ann!]);
    expect(await questionMails(ann!)).toHaveLength(1);
    expect(await askDue(deps(t.app), { eventId: event.id })).toBe(0);
    expect(await questionMails(ann!)).toHaveLength(1);

    const mine = await t.app.inject({ method: 'GET', url: '/api/me/still-coming', headers: withCookie(ann!.cookie) });
    expect(mine.statusCode).toBe(200);
    expect(mine.json<MyStillComing>().questions.map((q) => [q.eventId, q.answer])).toEqual([[event.id, null]]);

    const yes = await answerSignedIn(event.id, ann!, 'yes');
    expect(yes.statusCode, yes.body).toBe(200);
    expect(yes.json<StillComingQuestion>().answer).toBe('yes');
    expect((await t.app.inject({ method: 'GET', url: '/api/me/still-coming', headers: withCookie(ann!.cookie) })).json<MyStillComing>().questions).toEqual([]);
    // Answered once: the e-mail's link now only says what was answered.
    const token = await tokenOf(ann!);
    const again = await answerLink(token, 'no');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('You\'ve already answered "Yes, see you there".');
    expect(await registrationCount(t.db, event.id)).toBe(1);
    expect((await showLink(token)).json<StillComingQuestion>().answer).toBe('yes');
  });
});

describe('who is not asked', () => {
  it('a guest already checked in (they came), and the guests of an evening its host has begun, are never asked', async () => {
    const early = await evening({ max: 6, days: 5 });
    const begun = await evening({ max: 6, days: 5 });
    const [here, coming, atBegun] = (await signUpMany(t.app, 3)) as Member[];
    await book(early, [here!, coming!]);
    await book(begun, [atBegun!]);
    const start = new Date(early.date).getTime();
    clock = new Date(start - 47 * HOUR);
    // The host checks one guest in at the door, and starts the other evening's round 1 early.
    await checkIn(t.app, early.id, host, here!);
    const started = await t.app.inject({
      method: 'POST',
      url: `/api/events/${begun.id}/timer`,
      headers: withCookie(host.cookie),
      payload: { type: 'start_timer' },
    });
    expect(started.statusCode, started.body).toBe(200);

    expect(await askDue(deps(t.app), { eventId: early.id })).toBe(1);
    expect(await askDue(deps(t.app), { eventId: begun.id })).toBe(0);
    expect(await questionMails(coming!)).toHaveLength(1);
    expect(await questionMails(here!)).toHaveLength(0);
    expect(await questionMails(atBegun!)).toHaveLength(0);
    expect(await t.db.select().from(stillComing).where(eq(stillComing.eventId, begun.id))).toEqual([]);
  });
});

describe("the e-mail's link", () => {
  it('opening it changes nothing; "I can\'t make it" frees the seat and offers it to the waitlist\'s first in the same transaction; it works once', async () => {
    const event = await evening({ max: 2, days: 1 });
    const guests = (await signUpMany(t.app, 2)) as Member[];
    await book(event, guests);
    const [ann, ben] = (await signUpMany(t.app, 2)) as Member[];
    expect((await join(event.id, ann!)).statusCode).toBe(201);
    expect((await join(event.id, ben!)).statusCode).toBe(201);
    const before = await expectBalanced(event.id, 'full, two waiting');
    expect(before).toMatchObject({ seatsTaken: 2, registrations: 2, offers: 0 });

    const token = await tokenOf(guests[0]!);
    // A mail scanner, then the guest, open the link: the question, and nothing changes.
    for (let i = 0; i < 2; i++) {
      const shown = await showLink(token);
      expect(shown.statusCode, shown.body).toBe(200);
      expect(shown.json<StillComingQuestion>()).toMatchObject({ eventId: event.id, title: event.title, answer: null, refund: { kind: 'none' } });
    }
    expect(await ledger(event.id)).toEqual(before);
    expect((await t.db.select().from(stillComing).where(eq(stillComing.eventId, event.id))).every((r) => r.answer === null)).toBe(true);
    expect((await getEvent(t.app, event.id, ann!.cookie)).viewer.waitlist).toMatchObject({ status: 'waiting' });

    const released = await answerLink(token, 'no');
    expect(released.statusCode, released.body).toBe(200);
    expect(released.json<StillComingQuestion>().answer).toBe('no');
    // At once, without any sweep: the seat is Ann's offer, Ben still waits.
    expect(await expectBalanced(event.id, 'after release')).toMatchObject({ seatsTaken: 2, registrations: 1, offers: 1 });
    expect((await getEvent(t.app, event.id, ann!.cookie)).viewer.waitlist).toMatchObject({ status: 'offered' });
    expect((await getEvent(t.app, event.id, ben!.cookie)).viewer.waitlist).toMatchObject({ status: 'waiting' });
    expect((await outbox(t.app, ann!.user.email)).some((m) => m.subject === `A place has opened at ${event.title}`)).toBe(true);
    expect((await outbox(t.app, guests[0]!.user.email)).some((m) => m.subject === `Your place at ${event.title} is released`)).toBe(true);

    // The link works once: pressing again (either button) changes nothing; the page says what was answered.
    for (const answer of ['no', 'yes']) {
      const again = await answerLink(token, answer);
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe('You\'ve already answered "I can\'t make it".');
    }
    expect((await showLink(token)).json<StillComingQuestion>()).toMatchObject({ answer: 'no' });
    expect(await expectBalanced(event.id, 'after a second press')).toMatchObject({ seatsTaken: 2, registrations: 1, offers: 1 });

    // Ann books the seat held for her.
    expect((await registerFor(t.app, event.id, ann!)).statusCode).toBe(201);
    expect(await expectBalanced(event.id, 'after Ann books')).toMatchObject({ seatsTaken: 2, registrations: 2, offers: 0 });
  });

  it('20 presses of "I can\'t make it" at once: exactly one answer, one seat freed and offered, one refund, one e-mail', async () => {
    const event = await evening({ max: 2, price: 1500, startsInMinutes: 30 * 60 });
    const guests = (await signUpMany(t.app, 2)) as Member[];
    const intents: string[] = [];
    for (const g of guests) intents.push((await buyTicket(t.app, event.id, g)).paymentIntentId);
    const [ann] = (await signUpMany(t.app, 1)) as Member[];
    expect((await join(event.id, ann!)).statusCode).toBe(201);
    const token = await tokenOf(guests[0]!);

    const presses = await Promise.all(Array.from({ length: 20 }, () => answerLink(token, 'no')));
    const codes = presses.map((r) => r.statusCode);
    expect(codes.filter((c) => c >= 500)).toEqual([]);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    for (const r of presses.filter((x) => x.statusCode !== 200)) {
      expect(r.statusCode, r.body).toBe(409);
      expect(r.json().message).toBe('You\'ve already answered "I can\'t make it".');
    }
    expect((await showLink(token)).json<StillComingQuestion>()).toMatchObject({ answer: 'no', refund: { kind: 'now', amount: 1500 } });
    expect(await expectBalanced(event.id, 'after 20 presses')).toMatchObject({ seatsTaken: 2, registrations: 1, offers: 1 });
    expect((await getEvent(t.app, event.id, ann!.cookie)).viewer.waitlist).toMatchObject({ status: 'offered' });
    expect(await providerRefunded(intents[0]!)).toBe(1500);
    expect(await paymentStatus(intents[0]!)).toBe('refunded');
    expect((await outbox(t.app, guests[0]!.user.email)).filter((m) => m.subject === `Your place at ${event.title} is released`)).toHaveLength(1);
  });

  it('bad links are refused clearly and change nothing; a checked-in guest or a begun evening cannot be released', async () => {
    const event = await evening({ max: 6, startsInMinutes: 30 });
    const guests = (await signUpMany(t.app, 3)) as Member[];
    await book(event, guests);
    const [inRoom, gone, other] = guests;

    for (const bad of ['nope', 'A'.repeat(43), `${'x'.repeat(42)}!`]) {
      const res = await showLink(encodeURIComponent(bad));
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toMatch(/^This link isn't valid/);
      expect((await answerLink(encodeURIComponent(bad), 'no')).statusCode).toBe(404);
    }
    const token = await tokenOf(other!);
    const wrong = await answerLink(token, 'maybe');
    expect(wrong.statusCode).toBe(400);

    await checkIn(t.app, event.id, host, inRoom!);
    const refused = await answerLink(await tokenOf(inRoom!), 'no');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe("You're checked in for this evening, so your place can no longer be cancelled");

    expect((await t.app.inject({ method: 'DELETE', url: `/api/events/${event.id}/registration`, headers: withCookie(gone!.cookie) })).statusCode).toBe(200);
    const goneLink = await showLink(await tokenOf(gone!));
    expect(goneLink.statusCode).toBe(410);
    expect(goneLink.json().message).toBe("You're no longer booked for this evening, so there is nothing to answer.");

    // The host starts round 1 early: the evening has begun.
    await t.db.execute(sql`INSERT INTO event_timers (event_id, current_round, phase) VALUES (${event.id}, 1, 'running')
      ON CONFLICT (event_id) DO UPDATE SET current_round = 1, phase = 'running'`);
    const late = await answerLink(token, 'no');
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('This evening has already begun, so your place can no longer be released.');
    expect((await showLink(token)).statusCode).toBe(410);
    expect(await registrationCount(t.db, event.id)).toBe(2);
    await expectBalanced(event.id, 'after refusals');
  });
});

describe('the refund rule with resale', () => {
  it('inside 24 hours: no refund until someone else books the seat, then exactly one refund, e-mailed', async () => {
    const event = await evening({ max: 2, price: 1500, startsInMinutes: 6 * 60 });
    const guests = (await signUpMany(t.app, 2)) as Member[];
    const intents: string[] = [];
    for (const g of guests) intents.push((await buyTicket(t.app, event.id, g)).paymentIntentId);
    const [ann, cara] = (await signUpMany(t.app, 2)) as Member[];
    expect((await join(event.id, ann!)).statusCode).toBe(201);

    // Said before the button is pressed.
    const token = await tokenOf(guests[0]!);
    expect((await showLink(token)).json<StillComingQuestion>().refund).toEqual({ kind: 'on_resale', amount: 1500 });
    const out = await answerLink(token, 'no');
    expect(out.statusCode, out.body).toBe(200);
    expect(out.json<StillComingQuestion>().refund).toEqual({ kind: 'on_resale', amount: 1500 });
    const after = (await outbox(t.app, guests[0]!.user.email)).find((m) => m.subject === `Your place at ${event.title} is released`);
    expect(after?.text).toContain("You'll be refunded £15.00 if someone takes your place");
    expect(await providerRefunded(intents[0]!)).toBe(0);
    expect(await paymentStatus(intents[0]!)).toBe('succeeded');
    await expectBalanced(event.id, 'released, offered to Ann');

    // The second guest cancels the usual way inside 24 hours: the spec's words, and the resale sentence.
    const cancelled = await t.app.inject({ method: 'DELETE', url: `/api/events/${event.id}/registration`, headers: withCookie(guests[1]!.cookie) });
    expect(cancelled.json<CancelResponse>()).toEqual({
      refunded: false,
      amountRefunded: 0,
      message:
        "Your place is cancelled. As the event starts in less than 24 hours, there is no refund. If someone else takes your place, you'll be refunded £15.00.",
    });
    expect(await providerRefunded(intents[1]!)).toBe(0);
    await expectBalanced(event.id, 'two given up');

    // Ann books her offered seat: the first seat given up (guest 0) is refunded, once; guest 1 still waits.
    const annPaid = await buyTicket(t.app, event.id, ann!);
    expect(await providerRefunded(intents[0]!)).toBe(1500);
    expect(await paymentStatus(intents[0]!)).toBe('refunded');
    expect(await providerRefunded(intents[1]!)).toBe(0);
    const refundedMails = (await outbox(t.app, guests[0]!.user.email)).filter((m) => m.subject === `Refunded: your place at ${event.title}`);
    expect(refundedMails).toHaveLength(1);
    expect(refundedMails[0]!.text).toContain('we have refunded your £15.00');
    expect((await showLink(token)).json<StillComingQuestion>().refund).toEqual({ kind: 'refunded', amount: 1500 });
    await expectBalanced(event.id, 'Ann booked');

    // Cara books the other free seat: guest 1's turn; guest 0 is not refunded twice.
    await buyTicket(t.app, event.id, cara!);
    expect(await providerRefunded(intents[0]!)).toBe(1500);
    expect(await providerRefunded(intents[1]!)).toBe(1500);
    expect((await outbox(t.app, guests[0]!.user.email)).filter((m) => m.subject.startsWith('Refunded:'))).toHaveLength(1);
    expect((await outbox(t.app, guests[1]!.user.email)).filter((m) => m.subject.startsWith('Refunded:'))).toHaveLength(1);
    const rows = await t.db.select().from(resaleRefunds).where(eq(resaleRefunds.eventId, event.id));
    expect(rows.map((r) => [r.userId, r.status, r.takenByUserId]).sort()).toEqual(
      [
        [guests[0]!.user.id, 'refunded', ann!.user.id],
        [guests[1]!.user.id, 'refunded', cara!.user.id],
      ].sort(),
    );
    expect(annPaid.paymentIntentId).toBeTruthy();
    await expectBalanced(event.id, 'full again');
  });

  it('inside 24 hours and nobody books: no refund ever; 24 hours or more before: refunded at once', async () => {
    const soon = await evening({ max: 4, price: 1500, startsInMinutes: 5 * 60 });
    const [sam] = (await signUpMany(t.app, 1)) as Member[];
    const samIntent = (await buyTicket(t.app, soon.id, sam!)).paymentIntentId;
    expect((await answerLink(await tokenOf(sam!), 'no')).statusCode).toBe(200);
    // The seat is back on sale (nobody waits); the sweep pays nothing that is not due.
    expect(await expectBalanced(soon.id, 'back on sale')).toMatchObject({ seatsTaken: 0, offers: 0 });
    await askDue(deps(t.app));
    expect(await providerRefunded(samIntent)).toBe(0);
    // Sam books again himself: not "someone else", so still no refund.
    await buyTicket(t.app, soon.id, sam!);
    expect(await providerRefunded(samIntent)).toBe(0);

    const later = await evening({ max: 4, price: 1500, startsInMinutes: 40 * 60 });
    const [tia] = (await signUpMany(t.app, 1)) as Member[];
    const tiaIntent = (await buyTicket(t.app, later.id, tia!)).paymentIntentId;
    const token = await tokenOf(tia!);
    expect((await showLink(token)).json<StillComingQuestion>().refund).toEqual({ kind: 'now', amount: 1500 });
    const out = await answerLink(token, 'no');
    expect(out.json<StillComingQuestion>().refund).toEqual({ kind: 'now', amount: 1500 });
    expect(await providerRefunded(tiaIntent)).toBe(1500);
    expect(await paymentStatus(tiaIntent)).toBe('refunded');
  });
});

describe("the host's counts", () => {
  it('confirmed, not answered, released: for the host of the evening and admins only', async () => {
    const event = await evening({ max: 6, days: 1 });
    const guests = (await signUpMany(t.app, 4)) as Member[];
    await book(event, guests);
    expect((await answerSignedIn(event.id, guests[0]!, 'yes')).statusCode).toBe(200);
    expect((await answerSignedIn(event.id, guests[1]!, 'no')).statusCode).toBe(200);

    const seen = await counts(event.id, host.cookie);
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json<StillComingCounts>()).toEqual({ eventId: event.id, confirmed: 1, notAnswered: 2, released: 1 });

    const otherHost = (await signUpHost(t)) as Member;
    expect((await counts(event.id, otherHost.cookie)).statusCode).toBe(403);
    expect((await counts(event.id, guests[0]!.cookie)).statusCode).toBe(403);
    expect((await counts(event.id)).statusCode).toBe(401);
    expect((await counts(999_999, host.cookie)).statusCode).toBe(404);
    // A question that is not yours, or not there, is not found.
    expect((await answerSignedIn(event.id, otherHost, 'yes')).statusCode).toBe(404);
  });
});
