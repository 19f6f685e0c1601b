/**
 * Safety tools for the people in the room (GitHub issue 21; docs/decisions/0041, 0042), tried as
 * members, hosts and admins would, through the real app, its database and its sockets: a member
 * blocks someone they met and the rotation never seats the two together again, previews, badges and
 * friend groups hide each from the other, and invites between them are refused like a stopped invite;
 * reports reach the evening's hosts and admins; a suspended account cannot sign in and its future
 * bookings are cancelled by the refund rule; a host removes a guest and the rest of the evening is
 * planned again at once, with the guest's phone told.
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { pairKey } from '@shared/domain/rotation';
import type { BadgesResponse } from '@shared/schemas/events';
import type { MyGroups } from '@shared/schemas/friend-groups';
import type { MissedConnectionsResponse } from '@shared/schemas/missed-connections';
import type { PreviewResponse } from '@shared/schemas/match-preview';
import type { BlockList, ReportList, SuspensionResult } from '@shared/schemas/safety';
import { events, followUpInvites, matches, payments, registrations, removedGuests, reports } from '../../db/schema/index';
import { ACCOUNT_SUSPENDED } from '../auth/service';
import { cannotInvite, firstNameOf, NOT_A_CONNECTION } from '../missed-connections/service';
import { NOT_UNDER_WAY, planAhead } from '../live/service';
import {
  buyTicket,
  createEvent,
  createVenue,
  eventBody,
  expectBadInput,
  outbox,
  registerFor,
  requestCode,
  signUp,
  signUpHost,
  startingIn,
  TEST_ADMIN_EMAIL,
  withCookie,
  type TestContext,
} from '../../test/harness';
import { checkIn, liveTestServer, setUpEvening, type Evening, type Member } from '../../test/live-helpers';
import { NOT_FROM_EVENING, NOT_MET, REPORT_LIMIT } from './service';

let t: TestContext;
let base: string;
const server = liveTestServer((s) => {
  t = s.t;
  base = s.base;
});

interface RotationRow {
  round: number;
  table: number | null;
  a: { id: number };
  b: { id: number } | null;
}

let admin: Member | undefined;
/** The admin (ADMIN_EMAILS), signed up once for the file. */
const theAdmin = async () => (admin ??= (await signUp(t.app, { name: 'Ada Admin', email: TEST_ADMIN_EMAIL })) as Member);
const as = (m: Member | undefined) => withCookie(m?.cookie);
const post = (url: string, m: Member | undefined, payload?: object) => t.app.inject({ method: 'POST', url, headers: as(m), ...(payload ? { payload } : {}) });
const get = (url: string, m: Member | undefined) => t.app.inject({ method: 'GET', url, headers: as(m) });
const block = (m: Member, other: Member | number) => post('/api/me/blocks', m, { userId: typeof other === 'number' ? other : other.user.id });

async function startRound(ev: Evening, type: 'start_timer' | 'next_round' = 'start_timer') {
  const res = await post(`/api/events/${ev.event.id}/timer`, ev.host, { type });
  expect(res.statusCode, res.body).toBe(200);
}

async function rotation(ev: Evening): Promise<RotationRow[]> {
  const res = await get(`/api/events/${ev.event.id}/rotation`, ev.host);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<RotationRow[]>();
}

const pairsOf = (rows: RotationRow[]) => rows.filter((r) => r.b !== null).map((r) => pairKey(r.a.id, r.b!.id));

/** No pair twice, each guest once per round; returns byes per guest. */
function expectSound(rows: RotationRow[]) {
  const pairs = pairsOf(rows);
  expect(new Set(pairs).size, 'a pair met twice').toBe(pairs.length);
  const byes = new Map<number, number>();
  for (const round of new Set(rows.map((r) => r.round))) {
    const seated = rows.filter((r) => r.round === round).flatMap((r) => (r.b ? [r.a.id, r.b.id] : [r.a.id]));
    expect(new Set(seated).size, `someone seated twice in round ${round}`).toBe(seated.length);
  }
  for (const r of rows) if (r.b === null) byes.set(r.a.id, (byes.get(r.a.id) ?? 0) + 1);
  return byes;
}

/** Another evening (its own host and venue) these members registered for and were checked in at. */
async function nextEvening(members: Member[]): Promise<Evening> {
  const host = (await signUpHost(t)) as Member;
  const venue = await createVenue(t.app, host.cookie);
  const event = await createEvent(t.app, host.cookie, eventBody(venue.id, { price: 0 }));
  for (const m of members) {
    const res = await registerFor(t.app, event.id, m);
    expect(res.statusCode, res.body).toBe(201);
    await checkIn(t.app, event.id, host, m);
  }
  return { event, host, guests: members, present: members };
}

describe('block', () => {
  it('is for people you met; never yourself; a stranger or an unknown id is refused and nothing is stored', async () => {
    const ev = await setUpEvening(t, { guests: 2 });
    const [x, y] = ev.present as [Member, Member];
    const stranger = (await signUp(t.app)) as Member;
    expect((await block(x, x)).statusCode).toBe(400);
    const refused = await block(x, stranger);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(NOT_MET);
    expect((await block(x, 2_000_000_000)).statusCode).toBe(404);
    expectBadInput(await post('/api/me/blocks', x, { userId: 'abc' }));
    expect((await get('/api/me/blocks', x)).json<BlockList>().blocks).toEqual([]);
    expect((await block(x, stranger)).statusCode).toBe(403);
    expect((await post('/api/me/blocks', undefined, { userId: y.user.id })).statusCode).toBe(401);

    expect((await block(x, y)).json()).toEqual({ userId: y.user.id, blocked: true });
    expect((await block(x, y)).statusCode).toBe(200); // idempotent
    expect((await get('/api/me/blocks', x)).json<BlockList>().blocks.map((b) => b.userId)).toEqual([y.user.id]);
    // The blocked person is not told: their own list is empty.
    expect((await get('/api/me/blocks', y)).json<BlockList>().blocks).toEqual([]);
    const undo = await t.app.inject({ method: 'DELETE', url: `/api/me/blocks/${y.user.id}`, headers: as(x) });
    expect(undo.json()).toEqual({ userId: y.user.id, blocked: false });
    expect((await get('/api/me/blocks', x)).json<BlockList>().blocks).toEqual([]);
  });

  it('a blocked pair is never seated together at the next evening, even where the whole evening would pair everyone', async () => {
    const first = await setUpEvening(t, { guests: 6 });
    const [x, y] = [first.present[0]!, first.present[5]!];
    expect((await block(y, x)).statusCode).toBe(200);
    // Six guests, five rounds: without the block everyone meets everyone.
    const next = await nextEvening(first.present);
    await startRound(next);
    const rows = await rotation(next);
    expect(Math.max(...rows.map((r) => r.round))).toBe(5);
    expect(pairsOf(rows)).not.toContain(pairKey(x.user.id, y.user.id));
    const byes = expectSound(rows);
    // Everyone else still meets everyone else: 15 pairs minus the blocked one (its table is a bye for both).
    expect(pairsOf(rows)).toHaveLength(14);
    expect(Math.max(0, ...byes.values())).toBeLessThanOrEqual(1);
    // Later rounds (planned again as the room changes) keep them apart too.
    await startRound(next, 'next_round');
    expect(pairsOf(await rotation(next))).not.toContain(pairKey(x.user.id, y.user.id));
  });

  it('a block made after the evening was planned ahead plans it again before round 1', async () => {
    const ev = await setUpEvening(t, { guests: 4 });
    expect(await planAhead(t.db, ev.event.id)).toBe(true);
    const round1 = (await rotation(ev)).filter((r) => r.round === 1 && r.b !== null);
    const [p, q] = [round1[0]!.a.id, round1[0]!.b!.id];
    const byId = new Map(ev.present.map((g) => [g.user.id, g]));
    expect((await block(byId.get(p)!, q)).statusCode).toBe(200);
    const again = await rotation(ev);
    expect(again.length).toBeGreaterThan(0);
    expect(pairsOf(again)).not.toContain(pairKey(p, q));
    expectSound(again);
    // Round 1 keeps the new plan (it stands for the room) and still never seats them together.
    await startRound(ev);
    expect(pairsOf(await rotation(ev))).not.toContain(pairKey(p, q));
  });

  it('neither sees the other in the match preview, the badges or a friend group; others still see both', async () => {
    const ev = await setUpEvening(t, { guests: 3 });
    const [x, y, z] = ev.present as [Member, Member, Member];
    // All three matched each other: a friend group.
    const ids = [x, y, z].map((m) => m.user.id).sort((a, b) => a - b);
    for (const [i, j] of [
      [0, 1],
      [0, 2],
      [1, 2],
    ] as const) {
      await t.db.insert(matches).values({ eventId: ev.event.id, user1Id: ids[i]!, user2Id: ids[j]!, matchScore: 5 });
    }
    const groupOf = async (m: Member) => (await get('/api/me/groups', m)).json<MyGroups>().groups;
    expect(await groupOf(z)).toHaveLength(1);
    const previewOf = async (m: Member) => {
      const res = await get(`/api/events/${ev.event.id}/preview`, m);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<PreviewResponse>().profiles.map((p) => p.id);
    };
    const badgesOf = async (m: Member) => (await get(`/api/events/${ev.event.id}/badges`, m)).json<BadgesResponse>().badges.map((b) => b.userId);
    expect(await previewOf(x)).toContain(y.user.id);
    expect(await badgesOf(y)).toContain(x.user.id);

    expect((await block(x, y)).statusCode).toBe(200);
    expect(await previewOf(x)).not.toContain(y.user.id);
    expect(await previewOf(y)).not.toContain(x.user.id);
    expect(await previewOf(x)).toContain(z.user.id);
    expect((await previewOf(z)).sort()).toEqual([x.user.id, y.user.id].sort());
    expect(await badgesOf(x)).toEqual([z.user.id]);
    expect(await badgesOf(y)).toEqual([z.user.id]);
    expect(await groupOf(x)).toEqual([]);
    expect(await groupOf(y)).toEqual([]);
    expect(await groupOf(z)).toEqual([]);
  });

  it('invites between them are refused: the blocked person hears what a stopped invite says, and the blocker no longer lists them', async () => {
    const ev = await setUpEvening(t, { guests: 2 });
    const [x, y] = ev.present as [Member, Member];
    const venue = await createVenue(t.app, ev.host.cookie);
    const followUp = await createEvent(t.app, ev.host.cookie, eventBody(venue.id, { price: 0 }));
    await startRound(ev); // they meet in round 1
    expect((await block(x, y)).statusCode).toBe(200);

    const fromY = await post(`/api/events/${ev.event.id}/invites`, y, { toUserId: x.user.id, eventId: followUp.id });
    expect(fromY.statusCode).toBe(403);
    expect(fromY.json().message).toBe(cannotInvite(firstNameOf(x.user.name)));
    const all = await post(`/api/events/${ev.event.id}/invites/all`, y, { eventId: followUp.id });
    expect(all.json()).toEqual({ sent: 0 });
    const fromX = await post(`/api/events/${ev.event.id}/invites`, x, { toUserId: y.user.id, eventId: followUp.id });
    expect(fromX.statusCode).toBe(403);
    expect(fromX.json().message).toBe(NOT_A_CONNECTION);
    const list = (await get(`/api/events/${ev.event.id}/missed-connections`, x)).json<MissedConnectionsResponse>();
    expect(list.connections.map((c) => c.id)).not.toContain(y.user.id);
    expect((await outbox(t.app, x.user.email)).filter((m) => m.subject.includes('invited you'))).toHaveLength(0);
  });
});

describe('report', () => {
  it('from a shared evening, with a reason from the list and limited text and count; the evening’s hosts and admins read it; an admin marks it handled', async () => {
    const ev = await setUpEvening(t, { guests: 3 });
    const [x, y] = ev.present as [Member, Member];
    const otherHost = (await signUpHost(t)) as Member;
    const realAdmin = await theAdmin();
    const body = { userId: y.user.id, eventId: ev.event.id, context: 'evening', reason: 'harassment', details: 'Kept asking for my address after I said no.' };

    expectBadInput(await post('/api/reports', x, { ...body, reason: 'bored' }));
    expectBadInput(await post('/api/reports', x, { ...body, details: 'x'.repeat(1001) }));
    expect((await post('/api/reports', x, { ...body, userId: x.user.id })).statusCode).toBe(400);
    const stranger = (await signUp(t.app)) as Member;
    expect((await post('/api/reports', x, { ...body, userId: stranger.user.id })).statusCode).toBe(403);
    expect((await post('/api/reports', x, { ...body, context: 'invite' })).statusCode).toBe(403);
    expect(await t.db.select().from(reports).where(eq(reports.reporterId, x.user.id))).toHaveLength(0);

    const made = await post('/api/reports', x, body);
    expect(made.statusCode, made.body).toBe(201);
    for (let i = 1; i < 5; i++) expect((await post('/api/reports', x, body)).statusCode).toBe(201);
    const sixth = await post('/api/reports', x, body);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().message).toBe(REPORT_LIMIT);
    expect(await t.db.select().from(reports).where(eq(reports.reporterId, x.user.id))).toHaveLength(5);

    const hostView = (await get('/api/reports', ev.host)).json<ReportList>();
    expect(hostView.canHandle).toBe(false);
    expect(hostView.reports.filter((r) => r.event.id === ev.event.id)).toHaveLength(5);
    expect(hostView.reports[0]!.reported).toMatchObject({ id: y.user.id, email: null });
    expect(hostView.reports[0]!.details).toBe(body.details);
    expect((await get('/api/reports', otherHost)).json<ReportList>().reports.filter((r) => r.event.id === ev.event.id)).toHaveLength(0);
    expect((await get('/api/reports', x)).statusCode).toBe(403);
    const id = made.json<{ id: number }>().id;
    expect((await post(`/api/reports/${id}/handled`, ev.host)).statusCode).toBe(403);
    {
      const adminView = (await get('/api/reports', realAdmin)).json<ReportList>();
      expect(adminView.canHandle).toBe(true);
      expect(adminView.reports.find((r) => r.id === id)!.reported.email).toBe(y.user.email);
      expect((await post(`/api/reports/${id}/handled`, realAdmin)).statusCode).toBe(200);
      expect((await get('/api/reports', realAdmin)).json<ReportList>().reports.find((r) => r.id === id)!.handledAt).not.toBeNull();
    }
  });
});

describe('report: only about someone met, or who sent you something (issue 33)', () => {
  const reportAbout = (from: Member, about: Member, eventId: number, context = 'evening') =>
    post('/api/reports', from, { userId: about.user.id, eventId, context, reason: 'harassment', details: 'Made me uncomfortable.' });
  const reportsBy = async (m: Member) => t.db.select().from(reports).where(eq(reports.reporterId, m.user.id));

  it('a stranger on an evening still to come (both only booked), or one who never came, cannot be reported: 403 and nothing stored', async () => {
    const ev = await setUpEvening(t, { guests: 3, checkedIn: 1 });
    const [came, booked, alsoBooked] = ev.guests as [Member, Member, Member];
    for (const [from, about] of [
      [booked, alsoBooked],
      [came, booked],
      [booked, came],
    ] as const) {
      const res = await reportAbout(from, about, ev.event.id);
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().message).toBe(NOT_FROM_EVENING);
      expect(await reportsBy(from)).toHaveLength(0);
    }
    // Both in the room: they met.
    await checkIn(t.app, ev.event.id, ev.host, booked);
    expect((await reportAbout(came, booked, ev.event.id)).statusCode).toBe(201);
  });

  it('a guest reports the host who sent them a message from the evening, and a guest their host removed', async () => {
    const ev = await setUpEvening(t, { guests: 3 });
    const [x, y] = ev.present as [Member, Member];
    // The host was never checked in: no message yet, no report.
    expect((await reportAbout(x, ev.host, ev.event.id)).statusCode).toBe(403);
    const sent = await post(`/api/events/${ev.event.id}/messages`, ev.host, { text: 'Come to the bar after.', type: 'general', requiresAction: false });
    expect(sent.statusCode, sent.body).toBe(201);
    expect((await reportAbout(x, ev.host, ev.event.id)).statusCode).toBe(201);

    await startRound(ev);
    expect((await post(`/api/events/${ev.event.id}/guests/${y.user.id}/removal`, ev.host)).statusCode).toBe(200);
    expect((await reportAbout(x, y, ev.event.id)).statusCode).toBe(201);
  });

  it('about an invite: its sender, to the reporter, naming the evening; not the other way round', async () => {
    const ev = await setUpEvening(t, { guests: 2, checkedIn: 0 });
    const [x, y] = ev.guests as [Member, Member];
    const venue = await createVenue(t.app, ev.host.cookie);
    const later = await createEvent(t.app, ev.host.cookie, eventBody(venue.id, { price: 0 }));
    await t.db.insert(followUpInvites).values({ fromUserId: y.user.id, toUserId: x.user.id, sourceEventId: ev.event.id, eventId: later.id });
    expect((await reportAbout(y, x, ev.event.id, 'invite')).statusCode).toBe(403);
    expect((await reportAbout(x, y, ev.event.id, 'invite')).statusCode).toBe(201);
    // Not having met (neither checked in), the invite is the only thing between them.
    expect((await reportAbout(x, y, ev.event.id, 'evening')).statusCode).toBe(403);
  });
});

describe('suspend', () => {
  it('ends sessions and login, cancels future bookings by the refund rule (seats back), tells the person; lifting restores login', async () => {
    const adminM = await theAdmin();
    const host = (await signUpHost(t)) as Member;
    const venue = await createVenue(t.app, host.cookie);
    const paid = await createEvent(t.app, host.cookie, eventBody(venue.id, { days: 5 }));
    const soon = await createEvent(t.app, host.cookie, eventBody(venue.id, { price: 0, ...startingIn(180) }));
    const member = (await signUp(t.app, { name: 'Sam Suspended' })) as Member;
    const intent = await buyTicket(t.app, paid.id, member);
    expect((await registerFor(t.app, soon.id, member)).statusCode).toBe(201);
    const seats = async (id: number) => (await t.db.select({ n: events.participantCount, s: events.seatsTaken }).from(events).where(eq(events.id, id)))[0]!;
    expect((await seats(paid.id)).n).toBe(1);

    expect(
      (await t.app.inject({ method: 'PUT', url: `/api/users/${member.user.id}/suspension`, headers: as(host), payload: { suspended: true } })).statusCode,
    ).toBe(403);
    expectBadInput(await t.app.inject({ method: 'PUT', url: `/api/users/${member.user.id}/suspension`, headers: as(adminM), payload: { suspended: 'yes' } }));
    expect((await get('/api/auth/me', member)).statusCode).toBe(200);

    const res = await t.app.inject({ method: 'PUT', url: `/api/users/${member.user.id}/suspension`, headers: as(adminM), payload: { suspended: true } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<SuspensionResult>()).toEqual({ userId: member.user.id, suspended: true, cancelledBookings: 2, refunds: 1 });
    // The session is gone, booking is impossible; login answers as for any address (docs/decisions/0070)
    // and mails the owner the reason instead of a code.
    expect((await get('/api/auth/me', member)).statusCode).toBe(401);
    expect((await registerFor(t.app, soon.id, member)).statusCode).toBe(401);
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: member.user.email } });
    expect(login.statusCode).toBe(200);
    const [told] = await outbox(t.app, member.user.email);
    expect(told!.text).toContain(ACCOUNT_SUSPENDED);
    expect(told!.subject).not.toMatch(/\d{6}/);
    // Both bookings cancelled through the cancellation path: seats back, the paid one refunded.
    expect(await t.db.select().from(registrations).where(eq(registrations.userId, member.user.id))).toHaveLength(0);
    expect(await seats(paid.id)).toEqual({ n: 0, s: 0 });
    expect(await seats(soon.id)).toEqual({ n: 0, s: 0 });
    const [payment] = await t.db
      .select()
      .from(payments)
      .where(and(eq(payments.intentId, intent.paymentIntentId), eq(payments.userId, member.user.id)));
    expect(payment!.status).toBe('refunded');
    const mail = (await outbox(t.app, member.user.email)).find((m) => m.subject.includes('suspended'));
    expect(mail?.text).toContain('bookings for evenings still to come are cancelled');
    expect(mail?.text).toContain('refunded');

    const lift = await t.app.inject({ method: 'PUT', url: `/api/users/${member.user.id}/suspension`, headers: as(adminM), payload: { suspended: false } });
    expect(lift.json<SuspensionResult>().suspended).toBe(false);
    expect(await requestCode(t.app, member.user.email)).toMatch(/^\d{6}$/);
    expect((await outbox(t.app, member.user.email)).some((m) => m.subject.includes('active again'))).toBe(true);
  });
});

describe('remove a guest tonight', () => {
  // Issue 33: a removal days ahead answered 200, the guest kept their ticket, was told nothing, and the door still had them in.
  it('is for an evening under way: days ahead it is a 409 that changes nothing; from when the doors open (or round 1 started early) it works', async () => {
    const ahead = await setUpEvening(t, { guests: 3 });
    const guest = ahead.present[0]!;
    const url = `/api/events/${ahead.event.id}/guests/${guest.user.id}/removal`;
    // Who may comes first: a guest is refused as before.
    expect((await post(url, ahead.present[1]!)).statusCode).toBe(403);
    const early = await post(url, ahead.host);
    expect(early.statusCode, early.body).toBe(409);
    expect(early.json().message).toBe(NOT_UNDER_WAY);
    const [row] = await t.db
      .select({ checkedIn: registrations.checkedIn })
      .from(registrations)
      .where(and(eq(registrations.eventId, ahead.event.id), eq(registrations.userId, guest.user.id)));
    expect(row).toEqual({ checkedIn: true });
    expect(await t.db.select().from(removedGuests).where(eq(removedGuests.eventId, ahead.event.id))).toHaveLength(0);
    // The host starts round 1 early: the evening is under way, and the removal works.
    await startRound(ahead);
    expect((await post(url, ahead.host)).statusCode).toBe(200);

    // An evening starting in 30 minutes: its doors are open (guests may check themselves in from 60 minutes before).
    const host = (await signUpHost(t)) as Member;
    const venue = await createVenue(t.app, host.cookie);
    const soon = await createEvent(t.app, host.cookie, eventBody(venue.id, { price: 0, ...startingIn(30) }));
    const g = (await signUp(t.app)) as Member;
    expect((await registerFor(t.app, soon.id, g)).statusCode).toBe(201);
    await checkIn(t.app, soon.id, host, g);
    const res = await post(`/api/events/${soon.id}/guests/${g.user.id}/removal`, host);
    expect(res.statusCode, res.body).toBe(200);
  });

  it('the host removes a guest: their phone is told, the remaining rounds are planned again (no pair twice, byes even), and they can no longer rate or be rated', async () => {
    const ev = await setUpEvening(t, { guests: 6 });
    await startRound(ev);
    const before = await rotation(ev);
    const gone = ev.present[2]!;
    const partnerId = before.find((r) => r.round === 1 && (r.a.id === gone.user.id || r.b?.id === gone.user.id))!;
    const partner = ev.present.find((g) => g.user.id === (partnerId.a.id === gone.user.id ? partnerId.b!.id : partnerId.a.id))!;
    const { client: phone } = await server.join(base, { eventId: ev.event.id, userId: gone.user.id }, gone.cookie);
    const { client: other } = await server.join(base, { eventId: ev.event.id, userId: partner.user.id }, partner.cookie);

    const url = `/api/events/${ev.event.id}/guests/${gone.user.id}/removal`;
    expect((await post(url, partner)).statusCode).toBe(403);
    expect((await post(`/api/events/${ev.event.id}/guests/${(await signUp(t.app)).user.id}/removal`, ev.host)).statusCode).toBe(404);
    const res = await post(url, ev.host);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ userId: gone.user.id, removed: true, replanned: true });

    await phone.next('guest_removed');
    // The partner's place in this round is now a bye, sent at once.
    const sync = await other.next('timer_sync', 2000, (m) => m.mine !== undefined && m.mine?.partner === null);
    expect(sync.mine).toMatchObject({ round: 1, partner: null });
    expect(other.count('guest_removed')).toBe(0);

    const after = await rotation(ev);
    expect(after.filter((r) => r.round >= 2).some((r) => r.a.id === gone.user.id || r.b?.id === gone.user.id)).toBe(false);
    expect(Math.max(...after.map((r) => r.round))).toBe(Math.max(...before.map((r) => r.round)));
    const byes = expectSound(after);
    const remaining = ev.present.filter((g) => g !== gone).map((g) => byes.get(g.user.id) ?? 0);
    expect(Math.max(...remaining) - Math.min(...remaining)).toBeLessThanOrEqual(1);

    const rate = (from: Member, to: Member) => post(`/api/events/${ev.event.id}/ratings`, from, { raterId: from.user.id, ratedId: to.user.id, rating: 5 });
    expect((await rate(gone, partner)).statusCode).toBe(409);
    expect((await rate(partner, gone)).statusCode).toBe(409);
    const back = await post(`/api/events/${ev.event.id}/checkin`, ev.host, { userId: gone.user.id });
    expect(back.statusCode).toBe(409);
    // The next round seats the remaining five as planned.
    await startRound(ev, 'next_round');
    const round2 = (await rotation(ev)).filter((r) => r.round === 2);
    expect(round2.flatMap((r) => (r.b ? [r.a.id, r.b.id] : [r.a.id])).sort((a, b) => a - b)).toEqual(
      ev.present
        .filter((g) => g !== gone)
        .map((g) => g.user.id)
        .sort((a, b) => a - b),
    );
  });
});
