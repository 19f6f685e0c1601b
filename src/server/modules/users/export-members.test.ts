import { and, eq, gt, lt, notInArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  connectionLogs,
  conversationQuestions,
  events,
  followUpInvites,
  loginCodes,
  noShows,
  payments,
  reports,
  resaleRefunds,
  sessions,
  stillComing,
  users,
  venues,
} from '../../db/schema/index';
import { buyTicket, dayFromNow, holdSeat, loginWithCode, requestCode, signUp, verify, withCookie } from '../../test/harness';
import { claimDueReminders } from '../messages/service';
import { EXPORT_SECTIONS, t, userColumns, rowsAbout, section, holdsSomething, get, send, exportOf, registerExportFixtures } from './export.fixtures';

registerExportFixtures();

describe("each member's export against the rows kept about them", () => {
  const MEMBER = 'member@speedfriendship.test';
  let member: { id: number; email: string };
  let cookie: string;
  let admin: string;
  let pendingCodeHash: string;
  let pendingCode: string;
  let suspendedId: number;
  let removedFrom: { id: number; title: string };
  let removedByHost: number;
  beforeAll(async () => {
    admin = (await signUp(t.app, { email: 'admin@test.example', name: 'Alex Admin' })).cookie;
    member = (await t.db.select({ id: users.id, email: users.email }).from(users).where(eq(users.email, MEMBER)))[0]!;
    cookie = await loginWithCode(t.app, MEMBER);
    // Everything else a member does that the demo's evenings do not: all through the app's routes.
    const acts: [string, 'POST' | 'PUT', string, object][] = [
      ['narration', 'PUT', '/api/me/narration', { enabled: true, voice: null, rate: 1.2, pitch: 1, volume: 0.8, autoRead: true }],
      ['preview opt-out', 'PUT', '/api/me/preview-visibility', { visible: false }],
      ['a share', 'POST', '/api/share/events', { platform: 'whatsapp', action: 'copy', template: 'whatsapp' }],
      [
        'a host application',
        'POST',
        '/api/host-program/applications',
        {
          name: 'Alex Member',
          email: MEMBER,
          location: 'Prestwich',
          experience: 'I run a book club.',
          motivation: 'I love meeting people.',
          venueIdea: 'The library café.',
        },
      ],
    ];
    for (const [what, method, url, payload] of acts) {
      const res = await send(method, url, cookie, payload);
      expect(res.statusCode, `${what}: ${res.body}`).toBeLessThan(300);
    }
    // Priya's invite: the member stops invites from her.
    const [invite] = await t.db.select({ from: followUpInvites.fromUserId }).from(followUpInvites).where(eq(followUpInvites.toUserId, member.id));
    expect((await send('POST', '/api/me/invite-blocks', cookie, { userId: invite!.from })).statusCode).toBe(200);
    // The evening ahead: where the member's phone put them on /arrival, and a seat held at another evening.
    const upcoming = (await get(`/api/users/${member.id}/events`, cookie)).json<{ id: number; date: string }[]>().filter((e) => new Date(e.date) > new Date());
    expect(upcoming.length).toBeGreaterThan(0);
    const arrival = await send('POST', `/api/events/${upcoming[0]!.id}/arrival`, cookie, {
      permission: 'granted',
      position: { latitude: 53.5331, longitude: -2.2861, accuracy: 15 },
    });
    expect(arrival.statusCode, arrival.body).toBe(200);
    // A code asked for and mistyped: a login code waiting and a wrong guess counted.
    const code = await requestCode(t.app, MEMBER);
    pendingCode = code;
    expect((await verify(t.app, MEMBER, code === '000000' ? '111111' : '000000')).statusCode).toBe(401);
    pendingCodeHash = (await t.db.select({ h: loginCodes.codeHash }).from(loginCodes).where(eq(loginCodes.email, MEMBER)))[0]!.h;
    // The registration wizard's answers.
    const me = (await get(`/api/users/${member.id}`, cookie)).json<{ name: string; age: number }>();
    const wizard = {
      name: me.name,
      age: me.age,
      interests: ['Wine', 'Hiking', 'Film'],
      personality: { creative: 4, social: 5, adventurous: 3, analytical: 2, empathetic: 4 },
      motivations: ['Meet like-minded people'],
      lookingFor: 'A pub quiz team.',
    };
    const saved = await send('PUT', `/api/users/${member.id}/answers`, cookie, wizard);
    expect(saved.statusCode, saved.body).toBe(200);
    // An evening more than a day ahead with seats: the member holds one while paying; a newcomer (from a
    // shared link) buys a ticket and cancels it (a refund and a cancelled ticket).
    const [ahead] = await t.db
      .select({ id: events.id })
      .from(events)
      .where(
        and(
          gt(events.date, new Date(Date.now() + 2 * 86_400_000)),
          gt(events.price, 0),
          lt(events.seatsTaken, sql`${events.maxParticipants} - 1`),
          notInArray(
            events.id,
            upcoming.map((e) => e.id),
          ),
        ),
      )
      .limit(1);
    expect(ahead, 'a demo evening with seats').toBeDefined();
    expect((await holdSeat(t.app, ahead!.id, { user: member, cookie })).statusCode).toBe(200);
    const newcomer = await signUp(t.app, { source: 'facebook' });
    await buyTicket(t.app, ahead!.id, newcomer);
    const cancelled = await t.app.inject({ method: 'DELETE', url: `/api/events/${ahead!.id}/registration`, headers: withCookie(newcomer.cookie) });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    // The host adds a co-host to their venue.
    const host = await loginWithCode(t.app, 'host@speedfriendship.test');
    const [hostRow] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, 'host@speedfriendship.test'));
    const [venue] = await t.db.select({ id: venues.id }).from(venues).where(eq(venues.createdBy, hostRow!.id)).limit(1);
    const coHost = await send('POST', `/api/venues/${venue!.id}/hosts`, host, { email: 'admin@speedfriendship.test' });
    expect(coHost.statusCode, coHost.body).toBe(200);
    // The 24-hour reminder of the member's next evening a day or more ahead (the reminder sweep's own claim, at its moment).
    const later = upcoming.find((e) => new Date(e.date).getTime() > Date.now() + 25 * 3_600_000);
    expect(later, 'the member has an evening more than a day ahead').toBeDefined();
    expect((await claimDueReminders(t.db, new Date(new Date(later!.date).getTime() - 23 * 3_600_000))).map((r) => r.userId)).toContain(member.id);
    // "Still coming?" for that evening: the question as the sweep writes it, answered yes through the route (docs/decisions/0074-still-coming.md).
    await t.db.insert(stillComing).values({ eventId: later!.id, userId: member.id, tokenHash: 'e'.repeat(64) });
    expect((await send('POST', `/api/events/${later!.id}/still-coming`, cookie, { answer: 'yes' })).statusCode).toBe(200);
    // What would help them on the night, told to that evening's hosts (docs/decisions/0086).
    expect((await send('PUT', `/api/events/${later!.id}/access-needs`, cookie, { note: 'A quiet table, please: I lip-read.' })).statusCode).toBe(200);
    // The member offers that ticket to a friend by e-mail (docs/decisions/0075): theirs until the friend accepts.
    const given = await send('POST', `/api/events/${later!.id}/friend-seats/transfer`, cookie, { email: 'a.friend@example.com' });
    expect(given.statusCode, given.body).toBe(201);
    // The newcomer's seat, as if given up inside the refund window: waiting for someone else to book it.
    const [newcomerPayment] = await t.db.select({ id: payments.id, amount: payments.amount }).from(payments).where(eq(payments.userId, newcomer.user.id));
    await t.db.insert(resaleRefunds).values({ eventId: ahead!.id, userId: newcomer.user.id, paymentId: newcomerPayment!.id, amount: newcomerPayment!.amount });
    // A conversation logged on /live-event at the launch night. Logging takes a running round, which
    // that evening's timer no longer has: the row is written as the route writes it.
    const [sarah] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, 'sarah@speedfriendship.test'));
    const [launch] = await t.db.select({ id: events.id }).from(events).where(eq(events.title, 'Wine Bar Speed Friendship'));
    await t.db.insert(connectionLogs).values({ eventId: launch!.id, userId: member.id, otherId: sarah!.id, method: 'code', round: 2 });
    // That round's conversation guide question, as the guide gives it: one row for each of the pair (docs/decisions/0081).
    const asked = {
      eventId: launch!.id,
      round: 2,
      position: 0,
      questionKey: 'set1.0',
      question: 'Where would you spend a free day?',
      followUp: 'Ask why.',
      topic: null,
    };
    await t.db.insert(conversationQuestions).values([
      { ...asked, userId: member.id, partnerId: sarah!.id },
      { ...asked, userId: sarah!.id, partnerId: member.id },
    ]);
    // A meet-up with Sarah and Emma, the member's friend group (docs/decisions/0082): the member proposes, both
    // of them answer yes, Emma has not answered when the member's block below ends it.
    const sarahCookie = await loginWithCode(t.app, 'sarah@speedfriendship.test');
    const [groupEmma] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, 'emma@speedfriendship.test'));
    const proposed = await send('POST', '/api/meetups', cookie, {
      withIds: [sarah!.id, groupEmma!.id],
      times: [{ day: dayFromNow(6), time: '18:00' }],
      place: 'The climbing wall café',
    });
    expect(proposed.statusCode, proposed.body).toBe(201);
    const poll = proposed.json<{ id: number; options: { id: number }[] }>();
    for (const who of [cookie, sarahCookie]) {
      const answered = await send('PUT', `/api/meetups/${poll.id}/answers`, who, { answers: [{ optionId: poll.options[0]!.id, yes: true }] });
      expect(answered.statusCode, answered.body).toBe(200);
    }
    // Safety (docs/decisions/0041, 0042): the member blocks Emma, and Michael blocks the member (never told).
    const [emma] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, 'emma@speedfriendship.test'));
    const [michael] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, 'michael@speedfriendship.test'));
    expect((await send('POST', '/api/me/blocks', cookie, { userId: emma!.id })).statusCode).toBe(200);
    const michaelCookie = await loginWithCode(t.app, 'michael@speedfriendship.test');
    const blockedBack = await send('POST', '/api/me/blocks', michaelCookie, { userId: member.id });
    expect(blockedBack.statusCode, blockedBack.body).toBe(200);
    // The member reports Michael from the launch night, and an admin handles it; Sarah reports the member (withheld from the member).
    const made = await send('POST', '/api/reports', cookie, {
      userId: michael!.id,
      eventId: launch!.id,
      context: 'evening',
      reason: 'inappropriate',
      details: 'Kept asking for my number.',
    });
    expect(made.statusCode, made.body).toBe(201);
    const handled = await send('POST', `/api/reports/${made.json<{ id: number }>().id}/handled`, admin, {});
    expect(handled.statusCode, handled.body).toBe(200);
    const about = await send('POST', '/api/reports', sarahCookie, {
      userId: member.id,
      eventId: launch!.id,
      context: 'evening',
      reason: 'other',
      details: 'Sarah-only words about the member.',
    });
    expect(about.statusCode, about.body).toBe(201);
    // The host of the member's evening ahead removes them from it (the member's phone is told).
    const [ev] = await t.db.select({ id: events.id, title: events.title, hostId: events.hostId }).from(events).where(eq(events.id, upcoming[0]!.id));
    const [evHost] = await t.db.select({ email: users.email }).from(users).where(eq(users.id, ev!.hostId!));
    // Removing a guest is for an evening under way (issue 33): this one now opens its doors, starting in half an hour.
    await t.db
      .update(events)
      .set({ date: new Date(Date.now() + 30 * 60_000) })
      .where(eq(events.id, ev!.id));
    const removed = await send('POST', `/api/events/${ev!.id}/guests/${member.id}/removal`, await loginWithCode(t.app, evHost!.email), {});
    expect(removed.statusCode, removed.body).toBe(200);
    removedFrom = { id: ev!.id, title: ev!.title };
    removedByHost = ev!.hostId!;
    // The member missed an evening they booked (as the no-show sweep records it, docs/decisions/0076), and an admin cleared it.
    const [noShow] = await t.db
      .insert(noShows)
      .values({ eventId: ev!.id, userId: member.id, eveningAt: new Date(Date.now() - 86_400_000), recordedAt: new Date() })
      .returning({ id: noShows.id });
    const cleared = await send('POST', `/api/admin/no-shows/${noShow!.id}/clear`, admin, { reason: 'Ill that day' });
    expect(cleared.statusCode, cleared.body).toBe(200);
    // The member tells the admins about a barrier (docs/decisions/0078).
    const barrier = await send('POST', '/api/accessibility/reports', cookie, { page: '/timer', description: 'The bell is too quiet for my hearing aid.' });
    expect(barrier.statusCode, barrier.body).toBe(201);
    // An admin suspends the newcomer.
    const suspended = await send('PUT', `/api/users/${newcomer.user.id}/suspension`, admin, { suspended: true });
    expect(suspended.statusCode, suspended.body).toBe(200);
    suspendedId = newcomer.user.id;
  });

  it('for every member, each table that holds rows about them shows in its section, and every exported table was exercised', async () => {
    const found = await userColumns();
    const exercised = new Set<string>();
    const people = await t.db.select({ id: users.id, email: users.email }).from(users);
    for (const person of people) {
      const { data } = await exportOf(person.id, admin);
      for (const [table, entry] of Object.entries(EXPORT_SECTIONS)) {
        if (!('sections' in entry)) continue;
        const cols = found.get(table);
        expect(cols, `${table} is in EXPORT_SECTIONS but has no user column`).toBeDefined();
        const withheld = entry.withheld ?? {};
        expect(
          Object.keys(withheld).filter((c) => !cols!.includes(c)),
          `${table}: withheld columns that are not user columns`,
        ).toEqual([]);
        const n = await rowsAbout(
          table,
          cols!.filter((c) => !(c in withheld)),
          person,
        );
        if (n === 0) continue;
        exercised.add(table);
        expect(
          entry.sections.some((s) => holdsSomething(section(data, s))),
          `${person.email}: ${n} row(s) in ${table}, but ${entry.sections.join(' / ')} empty`,
        ).toBe(true);
      }
    }
    const exported = Object.entries(EXPORT_SECTIONS)
      .filter(([, e]) => 'sections' in e)
      .map(([table]) => table);
    expect(
      exported.filter((table) => !exercised.has(table)),
      'tables no member had rows in (fill them in beforeAll)',
    ).toEqual([]);
  });

  it('the safety side: who Michael blocked, the admin who handled a report, the host who removed a guest, a suspended account', async () => {
    const michael = (await t.db.select({ id: users.id }).from(users).where(eq(users.email, 'michael@speedfriendship.test')))[0]!;
    expect((await exportOf(michael.id, admin)).data.blocks).toEqual([{ person: { id: member.id, name: expect.any(String) }, createdAt: expect.any(String) }]);
    const [adminRow] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, 'admin@test.example'));
    expect((await exportOf(adminRow!.id, admin)).data.hosting.reportsHandled).toBe(1);
    expect((await exportOf(removedByHost, admin)).data.hosting.guestsRemoved).toBe(1);
    const sarah = (await t.db.select({ id: users.id }).from(users).where(eq(users.email, 'sarah@speedfriendship.test')))[0]!;
    expect((await exportOf(sarah.id, admin)).data.reportsMade).toEqual([
      expect.objectContaining({ about: expect.objectContaining({ id: member.id }), reason: 'other', handled: false, handledAt: null }),
    ]);
    expect(await t.db.select({ id: reports.id }).from(reports).where(eq(reports.reportedId, member.id))).toHaveLength(1);
    const { data } = await exportOf(suspendedId, admin);
    expect(data.user.suspendedAt).not.toBeNull();
    expect(Date.now() - new Date(data.user.suspendedAt!).getTime()).toBeLessThan(10 * 60_000);
  });

  it("the member's own download holds their evening: ratings given, a count of those received, matches, feedback, reactions, invites and the rest", async () => {
    const { data, body } = await exportOf(member.id, cookie);
    const launch = 'Wine Bar Speed Friendship';
    const first = (p: { name: string }) => p.name.split(' ')[0];
    expect(data.ratingsGiven.filter((r) => r.title === launch).map((r) => [first(r.rated), r.rating])).toEqual(
      expect.arrayContaining([
        ['Sarah', 5],
        ['Emma', 4],
        ['Michael', 3],
        ['Priya', 3],
      ]),
    );
    // Received: how many, per evening; never who or how.
    const received = data.ratingsReceived.find((r) => r.title === launch)!;
    expect(received.count).toBe(data.ratingsGiven.filter((r) => r.title === launch).length);
    expect(Object.keys(received).sort()).toEqual(['count', 'eventId', 'title']);
    expect(data.matches.map((m) => [first(m.with), m.sharedByYou, m.sharedByThem]).sort()).toEqual([
      ['Emma', false, false],
      ['Sarah', true, true],
    ]);
    expect(data.meetings.filter((m) => m.title === launch)).toHaveLength(6);
    expect(data.feedback).toEqual([
      expect.objectContaining({
        title: launch,
        overallRating: 5,
        favoriteAspect: 'Meeting two people I am now going climbing with.',
        improvements: ['longer-rounds'],
      }),
    ]);
    expect(data.reactions).toEqual([expect.objectContaining({ title: launch, emoji: 'heart-eyes' })]);
    expect(data.invitesReceived).toEqual([
      expect.objectContaining({
        from: expect.objectContaining({ name: expect.stringMatching(/^Priya/) }),
        metAt: launch,
        invitedTo: 'Thursday Night Speed Friendship',
      }),
    ]);
    expect(data.invitesStopped.map((s) => first(s.person))).toEqual(['Priya']);
    // Safety: whom the member blocked (not who blocked them), the report they made and that it was handled
    // (not the one made about them, nor its words), the evening they were removed from, not suspended.
    expect(data.blocks.map((b) => first(b.person))).toEqual(['Emma']);
    expect(data.reportsMade).toEqual([
      expect.objectContaining({
        title: launch,
        about: expect.objectContaining({ name: expect.stringMatching(/^Michael/) }),
        context: 'evening',
        reason: 'inappropriate',
        details: 'Kept asking for my number.',
        handled: true,
        handledAt: expect.any(String),
      }),
    ]);
    expect(body).not.toContain('Sarah-only words about the member.');
    expect(data.friendSeats.given).toEqual([expect.objectContaining({ kind: 'transfer', friendEmail: 'a.friend@example.com', status: 'pending' })]);
    expect(body).not.toContain('"token"');
    expect(data.meetups).toEqual([
      expect.objectContaining({
        with: [expect.objectContaining({ name: expect.stringMatching(/^Emma/) }), expect.objectContaining({ name: expect.stringMatching(/^Sarah/) })],
        proposedByYou: true,
        place: 'The climbing wall café',
        status: 'ended',
        times: [expect.objectContaining({ yourAnswer: true, confirmed: false })],
      }),
    ]);
    expect(data.barrierReports).toEqual([
      { page: '/timer', description: 'The bell is too quiet for my hearing aid.', replyTo: null, createdAt: expect.any(String) },
    ]);
    expect(data.removedFrom).toEqual([{ eventId: removedFrom.id, title: removedFrom.title, removedAt: expect.any(String) }]);
    expect(data.user.suspendedAt).toBeNull();
    expect(data.hosting).toMatchObject({ reportsHandled: 0, guestsRemoved: 0 });
    expect(data.waitlist).toEqual([expect.objectContaining({ title: 'Coffee & Conversation', status: 'waiting' })]);
    expect(data.arrivalReports).toEqual([expect.objectContaining({ permission: 'granted', accuracyM: 15 })]);
    expect(data.narrationSettings?.settings).toMatchObject({ enabled: true, rate: 1.2, autoRead: true });
    expect(data.previewOptOut).not.toBeNull();
    expect(data.shares).toContainEqual(expect.objectContaining({ eventId: null, platform: 'whatsapp', action: 'copy', template: 'whatsapp' }));
    expect(data.hostApplications).toEqual([expect.objectContaining({ venueIdea: 'The library café.', status: 'pending' })]);
    expect(data.user.answers).toMatchObject({ personality: { social: 5 }, lookingFor: 'A pub quiz team.' });
    expect(data.payments).toEqual([expect.objectContaining({ amount: 1500, currency: 'gbp', status: 'requires_payment', refunded: false })]);
    expect(data.conversations.logged).toEqual([
      expect.objectContaining({ title: launch, method: 'code', round: 2, with: expect.objectContaining({ name: expect.stringMatching(/^Sarah/) }) }),
    ]);
    expect(data.login.codePending).toMatchObject({ wrongTries: 1 });
    expect(data.login.wrongCodes).toMatchObject({ count: 1 });
    expect(data.mail.map((m) => m.subject).length).toBeGreaterThanOrEqual(2);
    // The login mails are named, their codes are not (issue 33): the code still waiting would open a session.
    expect(data.mail.map((m) => m.subject)).toContain('Your Speed Friendship login code: (code not shown)');
    for (const m of data.mail) expect(m.subject).not.toMatch(/\b\d{6}\b/);
    expect(body).not.toContain(pendingCode);
    // Secrets are named, never given: session tokens (hashed), the login code's hash, stop-invite and calendar tokens.
    const [tokens] = await t.db.select({ calendar: users.calendarToken }).from(users).where(eq(users.id, member.id));
    const secrets = [
      ...(await t.db.select({ s: sessions.tokenHash }).from(sessions).where(eq(sessions.userId, member.id))).map((r) => r.s),
      pendingCodeHash,
      tokens!.calendar,
      ...(await t.db.select({ s: followUpInvites.stopToken }).from(followUpInvites).where(eq(followUpInvites.toUserId, member.id))).map((r) => r.s),
      ...(await t.db.select({ s: payments.clientSecret }).from(payments).where(eq(payments.userId, member.id))).map((r) => r.s),
    ];
    expect(secrets.length).toBeGreaterThanOrEqual(4);
    for (const s of secrets) expect(body).not.toContain(s);
    expect(body).not.toContain(cookie.split('=')[1]);
  });
});
