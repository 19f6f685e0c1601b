/**
 * No-shows have a cost (GitHub issue 35, docs/decisions/0076-no-shows-have-a-cost.md), by an injected
 * clock: a booked guest not checked in by the end of the evening is recorded once (not a guest
 * checked in, nor one the host removed, nor the host); two in six months pause free bookings and
 * waitlist places for 30 days from the latest, with a message saying why and until when, while paid
 * evenings stay bookable; an admin clears one with a reason; the member sees their record; hosts see counts.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AdminNoShow, EveningNoShows, MyNoShows } from '@shared/schemas/no-shows';
import { events, noShows } from '../../db/schema/index';
import {
  buyTicket,
  createEvent,
  createTestApp,
  createVenue,
  eventBody,
  expectBadInput,
  friendSeatLinkMailedTo,
  registerFor,
  signUp,
  signUpHost,
  TEST_ADMIN_EMAIL,
  withCookie,
  type TestContext,
} from '../../test/harness';
import { checkIn, hostTimer, setUpEvening, type Evening, type Member } from '../../test/live-helpers';
import { sweepNoShows } from './routes';

const DAY = 86_400_000;

/** The app's clock: the real time unless a test moves it. */
let clock: Date | null = null;
const now = () => clock ?? new Date();

let t: TestContext;
let admin: Member;
beforeAll(async () => {
  t = await createTestApp({ now });
  admin = (await signUp(t.app, { name: 'Ada Admin', email: TEST_ADMIN_EMAIL })) as Member;
}, 120_000);
afterEach(() => {
  clock = null;
});
afterAll(() => t.close());

const rule = () => t.config.noShows;
const sweep = () => sweepNoShows(t.app, rule());
const get = (url: string, cookie: string | undefined) => t.app.inject({ method: 'GET', url, headers: withCookie(cookie) });
const post = (url: string, cookie: string | undefined, payload: object = {}) => t.app.inject({ method: 'POST', url, headers: withCookie(cookie), payload });
const timesOf = async (eventId: number) => (await t.db.select({ date: events.date, endsAt: events.endsAt }).from(events).where(eq(events.id, eventId)))[0]!;
const recordedFor = async (eventId: number) =>
  (await t.db.select({ userId: noShows.userId }).from(noShows).where(eq(noShows.eventId, eventId))).map((r) => r.userId).sort((a, b) => a - b);

/** A free evening of `host` (a new host unless given), a day chosen by eventBody. */
async function freeEvening(host?: Member, partial: Parameters<typeof eventBody>[1] = {}) {
  const h = host ?? ((await signUpHost(t)) as Member);
  const venue = await createVenue(t.app, h.cookie);
  return { host: h, event: await createEvent(t.app, h.cookie, eventBody(venue.id, { price: 0, ...partial })) };
}

/** Put no-shows on a member's record straight in the database (for the windows' dates). */
async function missed(member: Member, eveningsAt: Date[]) {
  for (const at of eveningsAt) {
    const { event } = await freeEvening();
    await t.db.insert(noShows).values({ eventId: event.id, userId: member.user.id, eveningAt: at, recordedAt: at });
  }
}

describe('recording no-shows when an evening ends', () => {
  let ev: Evening;
  let present: Member, absent: Member, removed: Member;
  beforeAll(async () => {
    // Four booked: two checked in, one who never came, one the host took out of the room.
    ev = await setUpEvening(t, { guests: 4, checkedIn: 2 });
    [, present, absent, removed] = ev.guests as [Member, Member, Member, Member];
    // The host booked their own evening too (hosts get in free) and was never checked in.
    expect((await registerFor(t.app, ev.event.id, ev.host)).statusCode).toBe(201);
    // The host removes a guest once the doors are open (an hour before the start).
    await checkIn(t.app, ev.event.id, ev.host, removed);
    clock = new Date(new Date(ev.event.date).getTime() - 30 * 60_000);
    const res = await post(`/api/events/${ev.event.id}/guests/${removed.user.id}/removal`, ev.host.cookie);
    expect(res.statusCode, res.body).toBe(200);
  }, 120_000);

  it('records nothing a minute before the end', async () => {
    const { endsAt } = await timesOf(ev.event.id);
    clock = new Date(endsAt.getTime() - 60_000);
    const result = await sweep();
    expect(result.evenings.map((e) => e.eventId)).not.toContain(ev.event.id);
    expect(await recordedFor(ev.event.id)).toEqual([]);
  });

  it('at the end, records only the booked guest who never came, once, however many instances sweep at the same moment', async () => {
    const { endsAt } = await timesOf(ev.event.id);
    clock = new Date(endsAt.getTime());
    const results = await Promise.all(Array.from({ length: 5 }, () => sweep()));
    const claims = results.flatMap((r) => r.evenings).filter((e) => e.eventId === ev.event.id);
    expect(claims).toEqual([{ eventId: ev.event.id, recorded: 1 }]);
    // Not the guests checked in, not the guest the host removed, not the host.
    expect(await recordedFor(ev.event.id)).toEqual([absent.user.id]);
    expect(await recordedFor(ev.event.id)).not.toContain(present.user.id);
    // A later sweep records nothing more.
    clock = new Date(endsAt.getTime() + DAY);
    expect((await sweep()).evenings.map((e) => e.eventId)).not.toContain(ev.event.id);
    expect(await recordedFor(ev.event.id)).toEqual([absent.user.id]);
  });

  it('an evening the host ends early is over: its no-shows are recorded as the host ends it, not at the next sweep', async () => {
    const early = await setUpEvening(t, { guests: 2, checkedIn: 1 });
    await hostTimer(t.app, early, 'start_timer');
    expect(await recordedFor(early.event.id)).toEqual([]);
    await hostTimer(t.app, early, 'end_event');
    // No sweep has run: the end recorded the guest who never came.
    expect(await recordedFor(early.event.id)).toEqual([early.guests[1]!.user.id]);
    const mine = await get('/api/no-shows/mine', early.guests[1]!.cookie);
    expect((JSON.parse(mine.body) as { noShows: { eventId: number }[] }).noShows.map((n) => n.eventId)).toContain(early.event.id);
    // The sweep finds the evening recorded and records nothing more.
    const { endsAt } = await timesOf(early.event.id);
    clock = new Date(endsAt.getTime() - 60 * 60_000);
    expect((await sweep()).evenings.map((e) => e.eventId)).not.toContain(early.event.id);
    expect(await recordedFor(early.event.id)).toEqual([early.guests[1]!.user.id]);
  });

  it('the guest sees their own record on their profile; others see only theirs', async () => {
    const mine = await get('/api/no-shows/mine', absent.cookie);
    expect(mine.statusCode, mine.body).toBe(200);
    const body = mine.json<MyNoShows>();
    expect(body.noShows).toEqual([
      expect.objectContaining({ eventId: ev.event.id, eventTitle: ev.event.title, eveningAt: new Date(ev.event.date).toISOString(), cleared: null }),
    ]);
    // One no-show: nothing is paused yet.
    expect(body.pause).toBeNull();
    expect((await get('/api/no-shows/mine', present.cookie)).json<MyNoShows>().noShows).toEqual([]);
    expect((await get('/api/no-shows/mine', undefined)).statusCode).toBe(401);
  });

  it('the host sees counts on the evening report, never who', async () => {
    const res = await get('/api/no-shows/evenings', ev.host.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const row = res.json<EveningNoShows[]>().find((r) => r.eventId === ev.event.id);
    expect(row).toEqual({ eventId: ev.event.id, title: ev.event.title, date: new Date(ev.event.date).toISOString(), booked: 4, noShows: 1, cleared: 0 });
    expect(res.body).not.toContain(absent.user.name);
    expect(res.body).not.toContain(absent.user.email);
    expect(res.body).not.toContain('userId');
    // Another host does not see this evening; a member sees no counts at all.
    const other = (await signUpHost(t)) as Member;
    expect((await get('/api/no-shows/evenings', other.cookie)).json<EveningNoShows[]>().map((r) => r.eventId)).not.toContain(ev.event.id);
    expect((await get('/api/no-shows/evenings', absent.cookie)).statusCode).toBe(403);
  });
});

describe('two no-shows in six months', () => {
  let member: Member;
  let first: Evening, second: Evening;
  let pausedUntil: Date;
  beforeAll(async () => {
    // The member books two free evenings and goes to neither.
    member = (await signUp(t.app, { name: 'Noor Noshow' })) as Member;
    first = await setUpEvening(t, { guests: 1, checkedIn: 1 });
    second = await setUpEvening(t, { guests: 1, checkedIn: 1 });
    for (const ev of [first, second]) expect((await registerFor(t.app, ev.event.id, member)).statusCode).toBe(201);
    const latest = await timesOf(second.event.id);
    clock = new Date(latest.endsAt.getTime());
    await sweep();
    pausedUntil = new Date(latest.date.getTime() + 30 * DAY);
  }, 120_000);

  /** The clock a day after the second evening, when the member tries to book again. */
  const dayAfter = async () => new Date((await timesOf(second.event.id)).endsAt.getTime() + DAY);

  it('refuses a free booking, saying why and until when', async () => {
    const { event } = await freeEvening();
    clock = await dayAfter();
    const res = await registerFor(t.app, event.id, member);
    expect(res.statusCode, res.body).toBe(409);
    const { message } = res.json<{ message: string }>();
    expect(message).toContain('You missed 2 evenings you had booked in six months');
    expect(message).toContain("can't book free evenings or join a waitlist until");
    expect(message).toContain(String(pausedUntil.getUTCFullYear()));
    expect(message).toContain('Paid evenings are still open to you');
    const mine = (await get('/api/no-shows/mine', member.cookie)).json<MyNoShows>();
    expect(mine.noShows).toHaveLength(2);
    expect(mine.pause).toEqual({ until: pausedUntil.toISOString(), count: 2, message });
    // Nothing changed: no registration.
    expect((await get(`/api/events/${event.id}`, member.cookie)).json<{ viewer: { registered: boolean } }>().viewer.registered).toBe(false);
  });

  it('refuses a place on a waitlist with the same message', async () => {
    const { event } = await freeEvening();
    const other = (await signUp(t.app)) as Member;
    expect((await registerFor(t.app, event.id, other)).statusCode).toBe(201);
    // Full: its one place is taken.
    await t.db.update(events).set({ maxParticipants: 1 }).where(eq(events.id, event.id));
    clock = await dayAfter();
    const res = await post(`/api/events/${event.id}/waitlist`, member.cookie);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json<{ message: string }>().message).toContain("can't book free evenings or join a waitlist until");
  });

  it("refuses the same through a seat for a friend: two free places, the waitlist for two, or a friend's free seat", async () => {
    const PAUSED = "can't book free evenings or join a waitlist until";
    // Two free places for the member and a friend.
    const { event } = await freeEvening();
    clock = await dayAfter();
    const two = await post(`/api/events/${event.id}/book-for-two`, member.cookie, { friendEmail: 'pal@example.com' });
    expect(two.statusCode, two.body).toBe(409);
    expect(two.json<{ message: string }>().message).toContain(PAUSED);
    // The waitlist for two of a full evening.
    const { event: full } = await freeEvening();
    const other = (await signUp(t.app)) as Member;
    expect((await registerFor(t.app, full.id, other)).statusCode).toBe(201);
    await t.db.update(events).set({ maxParticipants: 1 }).where(eq(events.id, full.id));
    const line = await post(`/api/events/${full.id}/waitlist-for-two`, member.cookie);
    expect(line.statusCode, line.body).toBe(409);
    expect(line.json<{ message: string }>().message).toContain(PAUSED);
    // A friend gives the member their ticket to a free evening: the member cannot take it, and the ticket stays the friend's.
    const { event: given } = await freeEvening();
    const friend = (await signUp(t.app)) as Member;
    expect((await registerFor(t.app, given.id, friend)).statusCode).toBe(201);
    clock = null;
    const gift = await post(`/api/events/${given.id}/friend-seats/transfer`, friend.cookie, { email: member.user.email });
    expect(gift.statusCode, gift.body).toBe(201);
    // The claim link's secret is only in the e-mail to the member (the table keeps its hash).
    const token = await friendSeatLinkMailedTo(t.app, member.user.email);
    clock = await dayAfter();
    const claimed = await post(`/api/friend-seats/claim/${token}`, member.cookie, { consentToShare: true });
    expect(claimed.statusCode, claimed.body).toBe(409);
    expect(claimed.json<{ message: string }>().message).toContain(PAUSED);
    expect((await get(`/api/events/${given.id}`, friend.cookie)).json<{ viewer: { registered: boolean } }>().viewer.registered).toBe(true);
    expect((await get(`/api/events/${given.id}`, member.cookie)).json<{ viewer: { registered: boolean } }>().viewer.registered).toBe(false);
  });

  it('still lets the member book a paid evening', async () => {
    const host = (await signUpHost(t)) as Member;
    const venue = await createVenue(t.app, host.cookie);
    const paid = await createEvent(t.app, host.cookie, eventBody(venue.id, { price: 1500 }));
    clock = await dayAfter();
    await buyTicket(t.app, paid.id, member);
    expect((await get(`/api/events/${paid.id}`, member.cookie)).json<{ viewer: { registered: boolean } }>().viewer.registered).toBe(true);
  });

  it('ends 30 days after the latest no-show', async () => {
    const { event } = await freeEvening();
    clock = new Date(pausedUntil.getTime() - 60_000);
    expect((await registerFor(t.app, event.id, member)).statusCode).toBe(409);
    clock = new Date(pausedUntil.getTime());
    const res = await registerFor(t.app, event.id, member);
    expect(res.statusCode, res.body).toBe(201);
  });

  it('two no-shows more than six months apart pause nothing', async () => {
    const far = (await signUp(t.app)) as Member;
    const today = new Date();
    await missed(far, [new Date(today.getTime() - 200 * DAY), new Date(today.getTime() - 5 * DAY)]);
    const { event } = await freeEvening();
    expect((await registerFor(t.app, event.id, far)).statusCode).toBe(201);
  });
});

describe('an admin clears a no-show', () => {
  let member: Member;
  let ids: number[];
  beforeAll(async () => {
    member = (await signUp(t.app, { name: 'Ivy Ill' })) as Member;
    const today = new Date();
    await missed(member, [new Date(today.getTime() - 20 * DAY), new Date(today.getTime() - 3 * DAY)]);
    ids = (await t.db.select({ id: noShows.id }).from(noShows).where(eq(noShows.userId, member.user.id))).map((r) => r.id).sort((a, b) => a - b);
  }, 120_000);

  const clearUrl = (id: number) => `/api/admin/no-shows/${id}/clear`;

  it('a member or a host cannot clear one, nor list them', async () => {
    const host = (await signUpHost(t)) as Member;
    for (const who of [member, host]) {
      const res = await post(clearUrl(ids[0]!), who.cookie, { reason: 'I was ill' });
      expect(res.statusCode, res.body).toBe(403);
      expect((await get('/api/admin/no-shows', who.cookie)).statusCode).toBe(403);
    }
    expect((await post(clearUrl(ids[0]!), undefined, { reason: 'I was ill' })).statusCode).toBe(401);
    const [row] = await t.db.select({ clearedAt: noShows.clearedAt }).from(noShows).where(eq(noShows.id, ids[0]!));
    expect(row!.clearedAt).toBeNull();
  });

  it('needs a reason, not too long', async () => {
    expectBadInput(await post(clearUrl(ids[0]!), admin.cookie, { reason: '  ' }));
    expectBadInput(await post(clearUrl(ids[0]!), admin.cookie, {}));
    expectBadInput(await post(clearUrl(ids[0]!), admin.cookie, { reason: 'x'.repeat(301) }));
    expect((await post(clearUrl(2_000_000_000), admin.cookie, { reason: 'Ill' })).statusCode).toBe(404);
  });

  it('with a reason: kept with who and when, the member sees it cleared and can book a free evening again', async () => {
    const { event } = await freeEvening();
    expect((await registerFor(t.app, event.id, member)).statusCode).toBe(409);
    const res = await post(clearUrl(ids[1]!), admin.cookie, { reason: 'Doctor’s note: flu' });
    expect(res.statusCode, res.body).toBe(200);
    const cleared = res.json<AdminNoShow>();
    expect(cleared).toMatchObject({ id: ids[1], userId: member.user.id, cleared: { reason: 'Doctor’s note: flu', byName: 'Ada Admin' }, pausedUntil: null });
    const [row] = await t.db
      .select({ clearedBy: noShows.clearedBy, clearedAt: noShows.clearedAt })
      .from(noShows)
      .where(and(eq(noShows.id, ids[1]!)));
    expect(row!.clearedBy).toBe(admin.user.id);
    expect(row!.clearedAt).not.toBeNull();
    // Once only.
    expect((await post(clearUrl(ids[1]!), admin.cookie, { reason: 'Again' })).statusCode).toBe(409);
    // The member's record shows it cleared, with the reason; no pause.
    const mine = (await get('/api/no-shows/mine', member.cookie)).json<MyNoShows>();
    expect(mine.pause).toBeNull();
    expect(mine.noShows.find((n) => n.id === ids[1])!.cleared).toEqual({ at: row!.clearedAt!.toISOString(), reason: 'Doctor’s note: flu' });
    expect(mine.noShows.find((n) => n.id === ids[0])!.cleared).toBeNull();
    // And books.
    expect((await registerFor(t.app, event.id, member)).statusCode).toBe(201);
    // The admin's list shows it, with the member.
    const list = (await get('/api/admin/no-shows', admin.cookie)).json<AdminNoShow[]>();
    expect(list.filter((n) => n.userId === member.user.id).map((n) => n.id)).toEqual([ids[1], ids[0]]);
  });
});
