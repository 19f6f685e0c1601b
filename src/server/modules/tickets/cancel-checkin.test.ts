/** Cancelling (the 24-hour refund rule), checking in (the 60-minute rule), and the ticket e-mail. */
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, payments, registrations, testProviderIntents } from '../../db/schema/index';
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
  signUp,
  signUpHost,
  startingIn,
  TEST_ADMIN_EMAIL,
  withCookie,
  type TestContext,
} from '../../test/harness';

let t: TestContext;
let host: Awaited<ReturnType<typeof signUpHost>>;
let venueId: number;

beforeAll(async () => {
  t = await createTestApp();
  host = await signUpHost(t);
  venueId = (await createVenue(t.app, host.cookie, { name: 'Check-in Hall' })).id;
});
afterAll(() => t.close());

type Member = Awaited<ReturnType<typeof signUp>>;
const cancel = (eventId: number, cookie?: string) =>
  t.app.inject({ method: 'DELETE', url: `/api/events/${eventId}/registration`, headers: withCookie(cookie) });
const checkIn = (eventId: number, userId: number, cookie?: string) =>
  t.app.inject({ method: 'POST', url: `/api/events/${eventId}/checkin`, headers: withCookie(cookie), payload: { userId } });

async function ledger(intentId: string) {
  return (await t.db.select().from(testProviderIntents).where(eq(testProviderIntents.id, intentId)))[0]!;
}
async function checkedIn(eventId: number, userId: number) {
  const rows = await t.db
    .select({ checkedIn: registrations.checkedIn, eventId: registrations.eventId })
    .from(registrations)
    .where(eq(registrations.userId, userId));
  return rows.find((r) => r.eventId === eventId)?.checkedIn ?? null;
}

describe('DELETE /api/events/:id/registration', () => {
  it('24 hours or more before the start: a full refund through the provider, and the seat is freed', async () => {
    const event = await createEvent(t.app, host.cookie, eventBody(venueId, { price: 1500, maxParticipants: 10, days: 3 }));
    const member = await signUp(t.app);
    const intent = await buyTicket(t.app, event.id, member);
    expect(await getEvent(t.app, event.id)).toMatchObject({ participantCount: 1, spotsLeft: 9 });
    expect((await getEvent(t.app, event.id, member.cookie)).viewer.refundable).toBe(true);

    const res = await cancel(event.id, member.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      refunded: true,
      amountRefunded: 1500,
      message: 'Your place is cancelled and £15.00 will be refunded to your card within 5-10 working days.',
    });
    expect(await getEvent(t.app, event.id, member.cookie)).toMatchObject({ participantCount: 0, spotsLeft: 10, viewer: { registered: false } });
    expect(await registrationCount(t.db, event.id)).toBe(0);
    // The provider's ledger shows the refund; ours too.
    expect(await ledger(intent.paymentIntentId)).toMatchObject({ amount: 1500, amountRefunded: 1500 });
    const [payment] = await t.db.select().from(payments).where(eq(payments.intentId, intent.paymentIntentId));
    expect(payment).toMatchObject({ status: 'refunded', refundId: expect.stringMatching(/^re_test_/) });

    // The freed seat can be bought again, by the same member too.
    const again = await buyTicket(t.app, event.id, member);
    expect(again.paymentIntentId).not.toBe(intent.paymentIntentId);
    expect(await getEvent(t.app, event.id)).toMatchObject({ participantCount: 1, spotsLeft: 9 });
  });

  it('less than 24 hours before the start: no refund, said clearly, and the seat is freed', async () => {
    const event = await createEvent(t.app, host.cookie, eventBody(venueId, { price: 1500, maxParticipants: 10, ...startingIn(180) }));
    const member = await signUp(t.app);
    const intent = await buyTicket(t.app, event.id, member);
    expect((await getEvent(t.app, event.id, member.cookie)).viewer.refundable).toBe(false);

    const res = await cancel(event.id, member.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      refunded: false,
      amountRefunded: 0,
      // The spec's words, and the resale rule (issue 35): refunded if someone else takes the place.
      message:
        "Your place is cancelled. As the event starts in less than 24 hours, there is no refund. If someone else takes your place, you'll be refunded £15.00.",
    });
    expect(await getEvent(t.app, event.id)).toMatchObject({ participantCount: 0, spotsLeft: 10 });
    expect((await ledger(intent.paymentIntentId)).amountRefunded).toBe(0);
    const [payment] = await t.db.select().from(payments).where(eq(payments.intentId, intent.paymentIntentId));
    expect(payment!.status).toBe('succeeded');
  });

  it('a free registration is cancelled without any refund talk', async () => {
    const event = await createEvent(t.app, host.cookie, eventBody(venueId, { price: 0, maxParticipants: 6 }));
    const member = await signUp(t.app);
    expect((await registerFor(t.app, event.id, member)).statusCode).toBe(201);
    const res = await cancel(event.id, member.cookie);
    expect(res.json()).toEqual({ refunded: false, amountRefunded: 0, message: 'Your place is cancelled.' });
    expect(await getEvent(t.app, event.id)).toMatchObject({ participantCount: 0, spotsLeft: 6 });
  });

  it('once the host has started round 1 (earlier than advertised) a guest can no longer cancel, and keeps the seat', async () => {
    const event = await createEvent(t.app, host.cookie, eventBody(venueId, { price: 0, maxParticipants: 6 }));
    const member = await signUp(t.app);
    expect((await registerFor(t.app, event.id, member)).statusCode).toBe(201);
    expect((await checkIn(event.id, member.user.id, host.cookie)).statusCode).toBe(200);
    const start = await t.app.inject({
      method: 'POST',
      url: `/api/events/${event.id}/timer`,
      headers: withCookie(host.cookie),
      payload: { type: 'start_timer' },
    });
    expect(start.statusCode, start.body).toBe(200);

    const res = await cancel(event.id, member.cookie);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe('This event has already started, so it can no longer be cancelled');
    expect(await registrationCount(t.db, event.id)).toBe(1);
  });

  it('a checked-in guest can no longer cancel (409, said clearly): the place, the seat and the check-in stay (issue 32)', async () => {
    const hall = (await createVenue(t.app, host.cookie)).id;
    const event = await createEvent(t.app, host.cookie, eventBody(hall, { price: 0, maxParticipants: 6, ...startingIn(30) }));
    const member = await signUp(t.app);
    expect((await registerFor(t.app, event.id, member)).statusCode).toBe(201);
    const before = Date.now();
    expect((await checkIn(event.id, member.user.id, member.cookie)).statusCode).toBe(200);
    const viewer = (await getEvent(t.app, event.id, member.cookie)).viewer;
    expect(viewer.checkedIn).toBe(true);
    // The event page says since when: the time of the check-in.
    expect(new Date(viewer.checkedInAt!).getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(new Date(viewer.checkedInAt!).getTime()).toBeLessThanOrEqual(Date.now() + 1000);

    const res = await cancel(event.id, member.cookie);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toBe("You're checked in for this evening, so your place can no longer be cancelled");
    expect(await registrationCount(t.db, event.id)).toBe(1);
    expect(await checkedIn(event.id, member.user.id)).toBe(true);
    expect(await getEvent(t.app, event.id)).toMatchObject({ participantCount: 1, spotsLeft: 5 });

    // Someone not checked in yet keeps the right to cancel, and has no check-in time.
    const other = await signUp(t.app);
    expect((await registerFor(t.app, event.id, other)).statusCode).toBe(201);
    expect((await getEvent(t.app, event.id, other.cookie)).viewer).toMatchObject({ checkedIn: false, checkedInAt: null });
    expect((await cancel(event.id, other.cookie)).statusCode).toBe(200);
  });

  it('answers 404 when not registered (also a second cancel), 401 to a visitor, and refunds only once', async () => {
    const event = await createEvent(t.app, host.cookie, eventBody(venueId, { price: 1500 }));
    const member = await signUp(t.app);
    const stranger = await signUp(t.app);
    const intent = await buyTicket(t.app, event.id, member);

    const res = await cancel(event.id, stranger.cookie);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('You are not registered for this event');
    expect((await cancel(event.id)).statusCode).toBe(401);
    expect((await cancel(987654, member.cookie)).statusCode).toBe(404);
    expect((await getEvent(t.app, event.id)).participantCount).toBe(1);

    expect((await cancel(event.id, member.cookie)).statusCode).toBe(200);
    expect((await cancel(event.id, member.cookie)).statusCode).toBe(404);
    expect((await ledger(intent.paymentIntentId)).amountRefunded).toBe(1500);
    expect(await getEvent(t.app, event.id)).toMatchObject({ participantCount: 0, spotsLeft: 20 });
  });
});

describe('POST /api/events/:id/checkin', () => {
  async function eventWithGuest(minutesFromNow: number) {
    // A hall of its own: these evenings start at nearly the same time (a venue takes one booking at a time).
    const hall = (await createVenue(t.app, host.cookie)).id;
    const event = await createEvent(t.app, host.cookie, eventBody(hall, { price: 0, maxParticipants: 10, ...startingIn(minutesFromNow) }));
    const guest = await signUp(t.app);
    expect((await registerFor(t.app, event.id, guest)).statusCode).toBe(201);
    return { event, guest };
  }

  it("the event's host checks a registered guest in at any time", async () => {
    const { event, guest } = await eventWithGuest(180);
    const res = await checkIn(event.id, guest.user.id, host.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ eventId: event.id, userId: guest.user.id, checkedIn: true });
    expect(await checkedIn(event.id, guest.user.id)).toBe(true);
    // Again: still fine, still one check-in.
    expect((await checkIn(event.id, guest.user.id, host.cookie)).statusCode).toBe(200);
    expect((await getEvent(t.app, event.id, guest.cookie)).viewer.checkedIn).toBe(true);

    const admin = await signUp(t.app, { email: TEST_ADMIN_EMAIL });
    const other = await signUp(t.app);
    expect((await registerFor(t.app, event.id, other)).statusCode).toBe(201);
    expect((await checkIn(event.id, other.user.id, admin.cookie)).statusCode).toBe(200);
  });

  it('a guest checks themself in from 60 minutes before the start', async () => {
    const soon = await eventWithGuest(30);
    const res = await checkIn(soon.event.id, soon.guest.user.id, soon.guest.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(await checkedIn(soon.event.id, soon.guest.user.id)).toBe(true);

    const later = await eventWithGuest(180);
    const early = await checkIn(later.event.id, later.guest.user.id, later.guest.cookie);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toMatch(/^Check-in opens 60 minutes before the start \(\d{2}:\d{2}\)\.$/);
    expect(await checkedIn(later.event.id, later.guest.user.id)).toBe(false);
  });

  it('refuses a guest checking in another member (403), and a host of another event', async () => {
    const { event, guest } = await eventWithGuest(30);
    const other: Member = await signUp(t.app);
    expect((await registerFor(t.app, event.id, other)).statusCode).toBe(201);
    const res = await checkIn(event.id, other.user.id, guest.cookie);
    expect(res.statusCode).toBe(403);
    expect(await checkedIn(event.id, other.user.id)).toBe(false);

    const otherHost = await signUpHost(t);
    expect((await checkIn(event.id, other.user.id, otherHost.cookie)).statusCode).toBe(403);
    expect(await checkedIn(event.id, other.user.id)).toBe(false);
    expect((await checkIn(event.id, other.user.id)).statusCode).toBe(401);
  });

  it("answers 409 'Not registered for this event' for someone without a ticket", async () => {
    const { event } = await eventWithGuest(30);
    const walkIn = await signUp(t.app);
    const byHost = await checkIn(event.id, walkIn.user.id, host.cookie);
    expect(byHost.statusCode).toBe(409);
    expect(byHost.json().message).toBe('Not registered for this event');
    const self = await checkIn(event.id, walkIn.user.id, walkIn.cookie);
    expect(self.statusCode).toBe(409);
    expect(self.json().message).toBe('Not registered for this event');
    expect(await registrationCount(t.db, event.id)).toBe(1);
    expect((await checkIn(987654, walkIn.user.id, host.cookie)).statusCode).toBe(404);
  });
});

describe('the ticket e-mail', () => {
  it('registering sends a ticket with a QR code PNG and an .ics file', async () => {
    const event = await createEvent(t.app, host.cookie, eventBody(venueId, { title: 'Ticketed Evening', price: 0 }));
    const member = await signUp(t.app, { name: 'Tess Ticket' });
    expect((await registerFor(t.app, event.id, member)).statusCode).toBe(201);
    const tickets = (await outbox(t.app, member.user.email)).filter((m) => m.subject.startsWith('Your ticket'));
    expect(tickets).toHaveLength(1);
    const mail = tickets[0]!;
    expect(mail.subject).toContain('Ticketed Evening');
    const [reg] = await t.db.select().from(registrations).where(eq(registrations.userId, member.user.id));
    expect(mail.text).toContain(`Ticket code: ${reg!.ticketCode}`);
    expect(mail.text).toContain('Where: Check-in Hall');
    expect(mail.text).toContain('Price: Free');
    // The refund rule is a page of its own (issue 34), linked from the ticket.
    expect(mail.text).toMatch(/for a full refund \(the refund rule: https?:\/\/\S+\/refunds\)/);
    const attachments = mail.attachments ?? [];
    const png = attachments.find((a) => a.contentType === 'image/png');
    expect(png).toBeDefined();
    expect(png!.filename).toMatch(/\.png$/);
    expect(png!.size).toBeGreaterThan(100);
    const ics = attachments.find((a) => a.filename.endsWith('.ics'));
    expect(ics).toBeDefined();
    expect(ics!.contentType).toMatch(/^text\/calendar/);
    expect(ics!.size).toBeGreaterThan(100);
    // HTML with the QR inline (the cid image) and where and when to show it; the plain-text part says the same.
    const [stored] = await t.db
      .select({ html: mailOutbox.html })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, member.user.email), like(mailOutbox.subject, 'Your ticket%')));
    expect(stored!.html).toContain('<img src="cid:ticket-qr"');
    expect(stored!.html).toMatch(/When you arrive at Check-in Hall on \w+day, \d+ \w+ \d{4}, show this QR code/);
    expect(mail.text).toMatch(/When you arrive at Check-in Hall on \w+day, \d+ \w+ \d{4}, show the QR code in this e-mail/);
  });

  it("says where to go: the venue's street address and a map link, in the text, the HTML and its .ics (issue 34)", async () => {
    const pinned = await createVenue(t.app, host.cookie, {
      name: 'The Pinned Arms',
      address: '9 Bury Old Road',
      city: 'Prestwich',
      latitude: 53.53,
      longitude: -2.28,
    });
    const event = await createEvent(t.app, host.cookie, eventBody(pinned.id, { title: 'Mapped Evening', price: 0 }));
    const member = await signUp(t.app);
    expect((await registerFor(t.app, event.id, member)).statusCode).toBe(201);
    const map = 'https://www.openstreetmap.org/?mlat=53.53000&mlon=-2.28000#map=18/53.53000/-2.28000';
    const [stored] = await t.db
      .select({ text: mailOutbox.text, html: mailOutbox.html, attachments: mailOutbox.attachments })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, member.user.email), like(mailOutbox.subject, 'Your ticket%')));
    expect(stored!.text).toContain('Where: The Pinned Arms, 9 Bury Old Road, Prestwich');
    expect(stored!.text).toContain(`Map:   ${map}`);
    expect(stored!.html).toContain(`<strong>Where:</strong> The Pinned Arms, 9 Bury Old Road, Prestwich (<a href="${map.replace('&', '&#38;')}">map</a>)`);
    const ics = Buffer.from(stored!.attachments!.find((a) => a.filename.endsWith('.ics'))!.content!, 'base64')
      .toString('utf8')
      .replace(/\r\n /g, '');
    expect(ics).toContain('LOCATION:The Pinned Arms\\, 9 Bury Old Road\\, Prestwich\r\n');
    expect(ics).toContain('GEO:53.53;-2.28\r\n');
  });

  it('paying sends the ticket too, with the price paid', async () => {
    const event = await createEvent(t.app, host.cookie, eventBody(venueId, { price: 1500 }));
    const member = await signUp(t.app);
    await buyTicket(t.app, event.id, member);
    const [mail] = (await outbox(t.app, member.user.email)).filter((m) => m.subject.startsWith('Your ticket'));
    expect(mail).toBeDefined();
    expect(mail!.text).toContain('Price: £15.00 paid');
    expect(mail!.attachments?.map((a) => a.filename.split('.').pop()).sort()).toEqual(['ics', 'png', 'png']);
  });

  it('a refused registration sends no ticket', async () => {
    const event = await createEvent(t.app, host.cookie, eventBody(venueId, { price: 1500 }));
    const member = await signUp(t.app);
    expect((await registerFor(t.app, event.id, member)).statusCode).toBe(402);
    expect((await outbox(t.app, member.user.email)).filter((m) => m.subject.startsWith('Your ticket'))).toHaveLength(0);
  });
});
