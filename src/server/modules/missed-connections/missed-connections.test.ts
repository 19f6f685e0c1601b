/**
 * /missed-connections (docs/spec/organiser-tools.md §2.26, §4 "Follow-up invite"): tried as guests
 * would, through the real app. Sarah's evening: she talked to Michael, Emma and Olly (Olly opted
 * out of previews) in round 1; round 2 was planned but never started (Zoe). She matched Matt, so he
 * is not missed. Her preview showed the other guests who did not opt out. Invites are stored once
 * per pair per evening and e-mailed once, with her first name only; invitees can stop them.
 * Only people who came count (issue 21): everyone was checked in but Nadia, who booked and stayed
 * home; and Zoe, whom the rotation paired with Sarah in a round that never started, never met her.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MissedConnectionsResponse, ReceivedInvites, SentInvite } from '@shared/schemas/missed-connections';
import { events, matches, previewOptOuts, ratings, registrations, rotations, roundHistory, users } from '../../db/schema/index';
import {
  createEvent,
  createTestApp,
  createVenue,
  eventBody,
  expectBadInput,
  outbox,
  registerFor,
  signUp,
  signUpHost,
  TEST_ADMIN_EMAIL,
  withCookie,
  type TestContext,
} from '../../test/harness';
import type { Member } from '../../test/live-helpers';
import { FOLLOW_UP_MIN_NOTICE_HOURS } from '@shared/domain/constants';
import { EVENING_TOO_SOON } from './service';

let t: TestContext;
let host: Member;
let otherHost: Member;
let admin: Member;
let venueId: number;
let sarah: Member, michael: Member, emma: Member, olly: Member, zoe: Member, matt: Member, priya: Member, hidden: Member, nadia: Member;
let outsider: Member;
let evening: number;
let followUp: number;
let second: number;
let full: number;
let past: number;
let later: number;

const PHONE = '07700 900123';
const person = async (name: string, traits?: Record<string, number>) => {
  const m = (await signUp(t.app, { name, contactInfo: PHONE, interests: ['Wine', 'Art', 'Travel', 'Hiking'] })) as Member;
  if (traits) await t.db.update(users).set({ personalityTraits: traits }).where(eq(users.id, m.user.id));
  return m;
};

/** A free evening of `by`'s, at `host`'s venue or (another host) at a venue of their own: only its owner books a venue. */
async function freeEvening(by: Member = host) {
  const at = by === host ? venueId : (await createVenue(t.app, by.cookie)).id;
  return (await createEvent(t.app, by.cookie, eventBody(at, { price: 0 }))).id;
}

async function register(eventId: number, m: Member) {
  const res = await registerFor(t.app, eventId, m);
  expect(res.statusCode, res.body).toBe(201);
}

const get = (eventId: number, m?: Member, query = '') =>
  t.app.inject({ method: 'GET', url: `/api/events/${eventId}/missed-connections${query}`, headers: withCookie(m?.cookie) });
const invite = (eventId: number, m: Member | undefined, payload: unknown) =>
  t.app.inject({ method: 'POST', url: `/api/events/${eventId}/invites`, headers: withCookie(m?.cookie), payload: payload as object });
const inviteAll = (eventId: number, m: Member | undefined, payload: unknown) =>
  t.app.inject({ method: 'POST', url: `/api/events/${eventId}/invites/all`, headers: withCookie(m?.cookie), payload: payload as object });
const invitesTo = async (m: Member) => (await outbox(t.app, m.user.email)).filter((x) => x.subject.includes('invited you'));

async function list(m: Member, query = '') {
  const res = await get(evening, m, query);
  expect(res.statusCode, res.body).toBe(200);
  return { body: res.body, data: res.json<MissedConnectionsResponse>() };
}

beforeAll(async () => {
  t = await createTestApp();
  host = (await signUpHost(t, { name: 'Hana Host' })) as Member;
  otherHost = (await signUpHost(t, { name: 'Omar Otherhost' })) as Member;
  admin = (await signUp(t.app, { name: 'Ada Admin', email: TEST_ADMIN_EMAIL })) as Member;
  venueId = (await createVenue(t.app, host.cookie)).id;
  sarah = await person('Sarah Smithson', { creative: 8, adventurous: 6, social: 7, analytical: 4 });
  michael = await person('Michael Brownlow', { creative: 7, adventurous: 4, social: 4, analytical: 9 });
  emma = await person('Emma Joneston');
  olly = await person('Olly Optout');
  zoe = await person('Zoe Neverround');
  matt = await person('Matt Matcher');
  priya = await person('Priya Previewed');
  hidden = await person('Harriet Hiddenperson');
  outsider = await person('Oscar Outsider');
  nadia = await person('Nadia Noshow');

  evening = await freeEvening();
  for (const g of [sarah, michael, emma, olly, zoe, matt, priya, hidden, nadia]) await register(evening, g);
  // Everyone came but Nadia: checked in as the door does it (src/server/modules/door/queries.ts).
  for (const g of [sarah, michael, emma, olly, zoe, matt, priya, hidden]) {
    await t.db
      .update(registrations)
      .set({ checkedIn: true, checkedInAt: new Date(), checkInMethod: 'scan' })
      .where(and(eq(registrations.eventId, evening), eq(registrations.userId, g.user.id)));
  }
  await t.db.insert(previewOptOuts).values([{ userId: olly.user.id }, { userId: hidden.user.id }]);
  // Round 1 ran; round 2 was drawn up but never started.
  await t.db.insert(roundHistory).values({ eventId: evening, round: 1, duration: 300, status: 'completed', endedAt: new Date() });
  await t.db.insert(rotations).values([
    { eventId: evening, round: 1, userA: sarah.user.id, userB: michael.user.id, tableNo: 1 },
    { eventId: evening, round: 1, userA: emma.user.id, userB: olly.user.id, tableNo: 2 },
    { eventId: evening, round: 1, userA: matt.user.id, userB: zoe.user.id, tableNo: 3 },
    { eventId: evening, round: 2, userA: sarah.user.id, userB: zoe.user.id, tableNo: 1 },
  ]);
  // Emma and Olly talked to Sarah in another way: a third round that started.
  await t.db.insert(roundHistory).values({ eventId: evening, round: 3, duration: 300, status: 'active' });
  await t.db.insert(rotations).values([
    { eventId: evening, round: 3, userA: emma.user.id, userB: sarah.user.id, tableNo: 1 },
    { eventId: evening, round: 3, userA: olly.user.id, userB: matt.user.id, tableNo: 2 },
  ]);
  await t.db.insert(rotations).values({ eventId: evening, round: 4, userA: olly.user.id, userB: sarah.user.id, tableNo: 1 });
  await t.db.insert(roundHistory).values({ eventId: evening, round: 4, duration: 300, status: 'completed' });
  await t.db.insert(ratings).values([
    { eventId: evening, raterId: sarah.user.id, ratedId: michael.user.id, rating: 2 },
    { eventId: evening, raterId: michael.user.id, ratedId: sarah.user.id, rating: 5 },
    { eventId: evening, raterId: sarah.user.id, ratedId: matt.user.id, rating: 5 },
    { eventId: evening, raterId: matt.user.id, ratedId: sarah.user.id, rating: 5 },
  ]);
  const [a, b] = [sarah.user.id, matt.user.id].sort((x, y) => x - y);
  await t.db.insert(matches).values({ eventId: evening, user1Id: a!, user2Id: b!, matchScore: 5 });

  followUp = await freeEvening();
  second = await freeEvening();
  full = await freeEvening();
  await t.db.update(events).set({ maxParticipants: 2, seatsTaken: 2, participantCount: 0 }).where(eq(events.id, full));
  past = await freeEvening();
  await t.db
    .update(events)
    .set({ date: new Date(Date.now() - 3 * 86_400_000), endsAt: new Date(Date.now() - 3 * 86_400_000 + 3_600_000) })
    .where(eq(events.id, past));
  later = await freeEvening(otherHost);
  await register(later, outsider);
});
afterAll(() => t.close());

describe('GET /api/events/:id/missed-connections', () => {
  it('a visitor gets 401', async () => {
    expect((await get(evening)).statusCode).toBe(401);
  });

  it('the host (not a guest), another host, the admin and a guest of another evening get 403', async () => {
    for (const m of [host, otherHost, admin, outsider]) {
      const res = await get(evening, m);
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().message).toBe('Missed connections are for guests of this evening');
    }
  });

  it('an unknown evening is 404, a bad id or follow-up 400', async () => {
    const res = await get(999_999, sarah);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Event not found');
    expectBadInput(await get(0, sarah));
    expectBadInput(await t.app.inject({ method: 'GET', url: '/api/events/abc/missed-connections', headers: withCookie(sarah.cookie) }));
    expectBadInput(await get(evening, sarah, '?followUp=-1'));
    expectBadInput(await get(evening, sarah, '?followUp=1e99'));
  });

  it('lists the people met in started rounds and the preview, minus the match; first names, never contacts or ratings', async () => {
    const { body, data } = await list(sarah);
    expect(data.status).toBe('ready');
    expect(data.senderFirstName).toBe('Sarah');
    const byId = new Map(data.connections.map((c) => [c.id, c]));
    // Matt is a mutual match: not missed. Harriet opted out and never met Sarah: not there.
    expect(byId.has(matt.user.id)).toBe(false);
    expect(byId.has(hidden.user.id)).toBe(false);
    expect(byId.has(sarah.user.id)).toBe(false);
    expect(byId.get(michael.user.id)).toMatchObject({
      firstName: 'Michael',
      met: true,
      wasInPreview: true,
      inviteStatus: 'pending',
      personality: { creative: 70, adventurous: 40, social: 40, analytical: 90 },
    });
    expect(byId.get(emma.user.id)).toMatchObject({ firstName: 'Emma', met: true, wasInPreview: true, personality: null });
    // Olly opted out of previews but talked to Sarah in round 4: a new discovery.
    expect(byId.get(olly.user.id)).toMatchObject({ firstName: 'Olly', met: true, wasInPreview: false });
    // Zoe's round with Sarah never started: the rotation paired them and they did not meet (issue 21).
    expect(byId.has(zoe.user.id)).toBe(false);
    // Nadia booked but was never checked in: she was not there to be missed.
    expect(byId.has(nadia.user.id)).toBe(false);
    expect(byId.get(priya.user.id)).toMatchObject({ met: false, wasInPreview: true, sharedInterests: ['Wine', 'Art', 'Travel', 'Hiking'] });
    // The preview's people first.
    expect(data.connections.map((c) => c.wasInPreview)).toEqual([...data.connections].map((c) => c.wasInPreview).sort((a, b) => Number(b) - Number(a)));
    for (const c of data.connections) {
      expect(c.topInterests.length).toBeLessThanOrEqual(3);
      expect(c.compatibilityScore).toBeGreaterThanOrEqual(0);
      expect(c.compatibilityScore).toBeLessThanOrEqual(100);
    }
    for (const secret of ['Smithson', 'Brownlow', 'Joneston', 'Optout', 'Previewed', PHONE, michael.user.email, emma.user.email, '@example.com']) {
      expect(body).not.toContain(secret);
    }
    expect(body.toLowerCase()).not.toContain('rating');
    expect(body.toLowerCase()).not.toContain('email');
  });

  it('lists upcoming evenings with their spots; the full one is marked full, the past one and the evening itself are absent', async () => {
    const { data } = await list(sarah);
    const ids = data.followUpEvents.map((e) => e.id);
    expect(ids).toEqual(expect.arrayContaining([followUp, second, full, later]));
    expect(ids).not.toContain(past);
    expect(ids).not.toContain(evening);
    expect(data.followUpEvents.find((e) => e.id === full)).toMatchObject({ full: true, spotsAvailable: 0, totalSpots: 2 });
    expect(data.followUpEvents.find((e) => e.id === followUp)).toMatchObject({ full: false, spotsAvailable: 20, totalSpots: 20, price: 0 });
    // By default, the first evening with spots.
    expect(data.followUpEvents.find((e) => e.id === data.followUpEventId)?.full).toBe(false);
  });

  it('proposes the soonest evening the invitee can still book: never one starting in 30 minutes (too soon to read an e-mail and book), nor a full one', async () => {
    const tonight = await freeEvening();
    await t.db
      .update(events)
      .set({ date: new Date(Date.now() + 30 * 60_000) })
      .where(eq(events.id, tonight));
    const { data } = await list(sarah);
    expect(data.followUpEvents.map((e) => e.id)).not.toContain(tonight);
    // The soonest open evening after the notice: the follow-up evening, created first of those left.
    const open = data.followUpEvents.filter((e) => !e.full);
    expect(data.followUpEventId).toBe(open[0]!.id);
    expect(new Date(open[0]!.date).getTime()).toBeGreaterThan(Date.now() + FOLLOW_UP_MIN_NOTICE_HOURS * 3_600_000);
    // Chosen by hand, or invited to, it is refused with the reason; nothing is stored or sent.
    const chosen = await get(evening, sarah, `?followUp=${tonight}`);
    expect(chosen.statusCode, chosen.body).toBe(409);
    expect(chosen.json().message).toBe(EVENING_TOO_SOON);
    const before = (await invitesTo(michael)).length;
    const sent = await invite(evening, sarah, { toUserId: michael.user.id, eventId: tonight });
    expect(sent.statusCode, sent.body).toBe(409);
    expect(sent.json().message).toBe(EVENING_TOO_SOON);
    expect((await inviteAll(evening, sarah, { eventId: tonight })).statusCode).toBe(409);
    expect(await invitesTo(michael)).toHaveLength(before);
  });

  it('a guest who booked but was never checked in is told so ("absent"), with nobody to invite', async () => {
    const res = await get(evening, nadia);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<MissedConnectionsResponse>()).toMatchObject({ status: 'absent', connections: [], followUpEvents: [], pendingCount: 0 });
  });

  it('an unknown follow-up evening is 404; a past one 409', async () => {
    expect((await get(evening, sarah, '?followUp=999999')).statusCode).toBe(404);
    expect((await get(evening, sarah, `?followUp=${past}`)).statusCode).toBe(409);
    expect((await get(evening, sarah, `?followUp=${evening}`)).statusCode).toBe(409);
  });

  it('before the evening begins: an "upcoming" state with nothing to invite, and sends are refused', async () => {
    const soon = await freeEvening();
    await register(soon, sarah);
    const res = await get(soon, sarah);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<MissedConnectionsResponse>()).toMatchObject({ status: 'upcoming', connections: [], followUpEvents: [], pendingCount: 0 });
    const sent = await invite(soon, sarah, { toUserId: michael.user.id, eventId: followUp });
    expect(sent.statusCode, sent.body).toBe(409);
    expect((await inviteAll(soon, sarah, { eventId: followUp })).statusCode).toBe(409);
  });
});

describe('POST /api/events/:id/invites', () => {
  it('visitor 401; the host, admin and a guest of another evening 403; nothing is stored or sent', async () => {
    expect((await invite(evening, undefined, { toUserId: michael.user.id, eventId: followUp })).statusCode).toBe(401);
    for (const m of [host, admin, outsider]) expect((await invite(evening, m, { toUserId: michael.user.id, eventId: followUp })).statusCode).toBe(403);
    expect(await invitesTo(michael)).toEqual([]);
  });

  it('bad input is 400', async () => {
    expectBadInput(await invite(evening, sarah, {}));
    expectBadInput(await invite(evening, sarah, { toUserId: 'x', eventId: followUp }));
    expectBadInput(await invite(evening, sarah, { toUserId: michael.user.id, eventId: 0 }));
    expectBadInput(await invite(evening, sarah, { toUserId: 2 ** 31, eventId: followUp }));
    expectBadInput(await inviteAll(evening, sarah, { eventId: 'soon' }));
  });

  it('only to a missed connection: the match, someone never met nor previewed, and oneself are refused; unknown people 404', async () => {
    for (const who of [matt, hidden, outsider, sarah, nadia, zoe]) {
      const res = await invite(evening, sarah, { toUserId: who.user.id, eventId: followUp });
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().message).toBe('You can only invite your missed connections from this evening');
    }
    const res = await invite(evening, sarah, { toUserId: 999_999, eventId: followUp });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('User not found');
    expect(await invitesTo(matt)).toEqual([]);
    expect(await invitesTo(nadia)).toEqual([]);
    expect(await invitesTo(zoe)).toEqual([]);
  });

  // Issue 21: a guest registered but never checked in could invite people they never met.
  it('a guest who was never checked in may not invite anyone, one by one or all at once; nothing is stored or sent', async () => {
    for (const res of [
      await invite(evening, nadia, { toUserId: michael.user.id, eventId: followUp }),
      await inviteAll(evening, nadia, { eventId: followUp }),
    ]) {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().message).toBe('Follow-up invites are for guests who were checked in at this evening');
    }
    expect(await invitesTo(michael)).toEqual([]);
  });

  it('refuses a full, past, unknown follow-up evening, and the evening itself', async () => {
    expect((await invite(evening, sarah, { toUserId: michael.user.id, eventId: full })).json().message).toBe('That evening is full: choose another one');
    expect((await invite(evening, sarah, { toUserId: michael.user.id, eventId: full })).statusCode).toBe(409);
    expect((await invite(evening, sarah, { toUserId: michael.user.id, eventId: past })).statusCode).toBe(409);
    expect((await invite(evening, sarah, { toUserId: michael.user.id, eventId: evening })).statusCode).toBe(409);
    expect((await invite(evening, sarah, { toUserId: michael.user.id, eventId: 999_999 })).statusCode).toBe(404);
    expect((await inviteAll(evening, sarah, { eventId: full })).statusCode).toBe(409);
    expect(await invitesTo(michael)).toEqual([]);
  });

  it('two concurrent sends to one person for one evening: one invite, exactly one e-mail with the first name and the evening only', async () => {
    const [a, b] = await Promise.all([
      invite(evening, sarah, { toUserId: michael.user.id, eventId: followUp }),
      invite(evening, sarah, { toUserId: michael.user.id, eventId: followUp }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 201]);
    const answers = [a.json<SentInvite>(), b.json<SentInvite>()];
    expect(answers.map((x) => x.alreadySent).sort()).toEqual([false, true]);
    const mails = await invitesTo(michael);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.subject).toContain('Sarah invited you');
    expect(mail.text).toContain(`${t.config.publicUrl}/events/${followUp}`);
    expect(mail.text).toMatch(
      new RegExp(`Stop invites from Sarah: ${t.config.publicUrl.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/missed-connections\\?stop=[0-9a-f]{32}`),
    );
    for (const secret of ['Smithson', sarah.user.email, PHONE, 'rating', 'Rating', 'rated']) expect(mail.text).not.toContain(secret);
    // A later repeat: still one e-mail.
    const again = await invite(evening, sarah, { toUserId: michael.user.id, eventId: followUp });
    expect(again.statusCode).toBe(200);
    expect(again.json<SentInvite>().alreadySent).toBe(true);
    expect(await invitesTo(michael)).toHaveLength(1);
    const { data } = await list(sarah, `?followUp=${followUp}`);
    expect(data.connections.find((c) => c.id === michael.user.id)?.inviteStatus).toBe('sent');
    // The same pair, another evening: a new invite.
    expect((await list(sarah, `?followUp=${second}`)).data.connections.find((c) => c.id === michael.user.id)?.inviteStatus).toBe('pending');
  });
});

describe('stopping invites', () => {
  it('the e-mail link works without logging in: the invitee stops invites from the sender, idempotently', async () => {
    const res = await invite(evening, sarah, { toUserId: emma.user.id, eventId: followUp });
    expect(res.statusCode, res.body).toBe(201);
    const token = (await invitesTo(emma))[0]!.text.match(/stop=([0-9a-f]{32})/)![1]!;
    for (let i = 0; i < 2; i++) {
      const stop = await t.app.inject({ method: 'POST', url: '/api/invites/stop', payload: { token } });
      expect(stop.statusCode, stop.body).toBe(200);
      expect(stop.json()).toEqual({ firstName: 'Sarah' });
    }
    // Sarah is refused for another evening, with a message that does not say why.
    const refused = await invite(evening, sarah, { toUserId: emma.user.id, eventId: second });
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json().message.toLowerCase()).not.toContain('block');
    expect(refused.json().message.toLowerCase()).not.toContain('stop');
    expect(await invitesTo(emma)).toHaveLength(1);
    // Emma sees it in her list, stopped.
    const mine = await t.app.inject({ method: 'GET', url: '/api/me/invites', headers: withCookie(emma.cookie) });
    expect(mine.json<ReceivedInvites>().invites).toEqual([
      expect.objectContaining({
        from: { userId: sarah.user.id, firstName: 'Sarah' },
        blocked: true,
        metAt: expect.objectContaining({ id: evening }),
        event: expect.objectContaining({ id: followUp }),
      }),
    ]);
  });

  it('an unknown token is 404; a bad one 400', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/invites/stop', payload: { token: 'a'.repeat(32) } });
    expect(res.statusCode).toBe(404);
    expectBadInput(await t.app.inject({ method: 'POST', url: '/api/invites/stop', payload: { token: '' } }));
    expectBadInput(await t.app.inject({ method: 'POST', url: '/api/invites/stop', payload: { token: 42 } }));
    expectBadInput(await t.app.inject({ method: 'POST', url: '/api/invites/stop', payload: { token: 'a\u0000b' } }));
  });

  it('from the list: only for someone who invited you; undo lets invites through again', async () => {
    const blocks = (m: Member | undefined, payload: unknown) =>
      t.app.inject({ method: 'POST', url: '/api/me/invite-blocks', headers: withCookie(m?.cookie), payload: payload as object });
    const unblock = (m: Member | undefined, id: number | string) =>
      t.app.inject({ method: 'DELETE', url: `/api/me/invite-blocks/${id}`, headers: withCookie(m?.cookie) });
    expect((await blocks(undefined, { userId: sarah.user.id })).statusCode).toBe(401);
    expect((await unblock(undefined, sarah.user.id)).statusCode).toBe(401);
    expectBadInput(await blocks(michael, { userId: 'sarah' }));
    expectBadInput(await unblock(michael, 'sarah'));
    expect((await blocks(michael, { userId: 999_999 })).statusCode).toBe(404);
    // Michael was never invited by Zoe, nor Zoe by anyone.
    expect((await blocks(michael, { userId: zoe.user.id })).statusCode).toBe(403);
    expect((await blocks(zoe, { userId: sarah.user.id })).statusCode).toBe(403);
    expect((await unblock(zoe, sarah.user.id)).statusCode).toBe(403);

    const res = await blocks(michael, { userId: sarah.user.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ userId: sarah.user.id, firstName: 'Sarah', blocked: true });
    expect((await blocks(michael, { userId: sarah.user.id })).statusCode).toBe(200);
    expect((await invite(evening, sarah, { toUserId: michael.user.id, eventId: second })).statusCode).toBe(403);

    const undo = await unblock(michael, sarah.user.id);
    expect(undo.statusCode, undo.body).toBe(200);
    expect(undo.json()).toEqual({ userId: sarah.user.id, firstName: 'Sarah', blocked: false });
    const sent = await invite(evening, sarah, { toUserId: michael.user.id, eventId: second });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(await invitesTo(michael)).toHaveLength(2);
  });

  it('GET /api/me/invites: a visitor 401; a member sees only their own, with first names and no contacts', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/me/invites' })).statusCode).toBe(401);
    const res = await t.app.inject({ method: 'GET', url: '/api/me/invites', headers: withCookie(michael.cookie) });
    expect(res.statusCode).toBe(200);
    const data = res.json<ReceivedInvites>();
    expect(data.invites.map((i) => i.event.id).sort()).toEqual([followUp, second].sort());
    expect(data.invites.every((i) => i.from.firstName === 'Sarah' && !i.blocked)).toBe(true);
    for (const s of ['Smithson', sarah.user.email, PHONE]) expect(res.body).not.toContain(s);
    const none = await t.app.inject({ method: 'GET', url: '/api/me/invites', headers: withCookie(outsider.cookie) });
    expect(none.json()).toEqual({ invites: [] });
  });
});

describe('POST /api/events/:id/invites/all', () => {
  it('sends to every connection still pending, skipping those who stopped the sender; concurrent Send All mails each person once', async () => {
    const before = (await list(sarah, `?followUp=${later}`)).data;
    const pending = before.connections.filter((c) => c.inviteStatus === 'pending');
    expect(pending.length).toBe(before.connections.length);
    // Emma stopped Sarah's invites: not counted, not sent.
    expect(before.pendingCount).toBe(pending.length - 1);
    const [a, b] = await Promise.all([inviteAll(evening, sarah, { eventId: later }), inviteAll(evening, sarah, { eventId: later })]);
    expect(a.statusCode, a.body).toBe(200);
    expect(b.statusCode, b.body).toBe(200);
    expect(a.json().sent + b.json().sent).toBe(before.pendingCount);
    const after = (await list(sarah, `?followUp=${later}`)).data;
    expect(after.pendingCount).toBe(0);
    for (const c of after.connections) expect(c.inviteStatus).toBe(c.id === emma.user.id ? 'pending' : 'sent');
    for (const who of [priya, olly]) {
      const mails = (await invitesTo(who)).filter((m) => m.text.includes(`/events/${later}`));
      expect(mails, who.user.name).toHaveLength(1);
    }
    expect((await invitesTo(emma)).filter((m) => m.text.includes(`/events/${later}`))).toEqual([]);
    expect(await invitesTo(matt)).toEqual([]);
    expect((await inviteAll(evening, sarah, { eventId: later })).json()).toEqual({ sent: 0 });
  });

  it('visitor 401; non-guests 403', async () => {
    expect((await inviteAll(evening, undefined, { eventId: later })).statusCode).toBe(401);
    for (const m of [host, admin, outsider]) expect((await inviteAll(evening, m, { eventId: later })).statusCode).toBe(403);
  });
});
