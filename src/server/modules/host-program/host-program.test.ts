/**
 * The host programme (/host-program, docs/spec/organiser-tools.md §2.24): applying (visitor, member,
 * a second pending one, two at once, bad input), who may list and approve, approval granting the host
 * role to the applicant's existing session, the e-mails, and the active hosts' figures from real rows.
 */
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { HostApplication, MyHostProgram } from '@shared/schemas/host-program';
import { hostApplications, registrations, userRoles } from '../../db/schema/index';
import { createEvent, createVenue, eventBody, expectBadInput, me, outbox, registerFor, signUp, withCookie } from '../../test/harness';
import { ALREADY_APPROVED, ALREADY_HOST, ALREADY_PENDING, APPLICATION_NOT_FOUND } from './service';
import {
  t,
  admin,
  host,
  application,
  apply,
  list,
  approve,
  sendMessage,
  mine,
  applicationsOf,
  applicant,
  registerHostProgramFixtures,
} from './host-program.fixtures';

registerHostProgramFixtures();

describe('applying (POST /api/host-program/applications)', () => {
  it('asks a visitor to log in (401) and stores nothing', async () => {
    const before = await t.db.select({ n: sql<number>`count(*)::int` }).from(hostApplications);
    const res = await apply(undefined, application());
    expect(res.statusCode, res.body).toBe(401);
    expect(await t.db.select({ n: sql<number>`count(*)::int` }).from(hostApplications)).toEqual(before);
  });

  it('stores a member’s application as pending (201) and shows it to them as their own', async () => {
    const member = await signUp(t.app, { name: 'Priya Patel' });
    const res = await apply(member.cookie, application({ name: '  Priya Patel  ', email: 'Priya.Host@Example.com', proposedEventDate: '2031-06-04' }));
    expect(res.statusCode, res.body).toBe(201);
    const made = res.json<HostApplication>();
    expect(made).toMatchObject({
      name: 'Priya Patel',
      email: 'priya.host@example.com',
      location: 'Prestwich, Greater Manchester',
      status: 'pending',
      proposedEventDate: '2031-06-04',
      decidedAt: null,
      decidedBy: null,
    });
    expect(Date.now() - Date.parse(made.appliedDate)).toBeLessThan(60_000);

    const rows = await applicationsOf(member.user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: made.id, status: 'pending', venueIdea: 'The Wine Bar on a Wednesday, or the Corner Café.' });

    const own = await mine(member.cookie);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json<MyHostProgram>()).toEqual({ isHost: false, application: made });
    expect((await mine(undefined)).statusCode).toBe(401);
  });

  it('refuses a second pending application with 409 and a clear message', async () => {
    const first = await applicant();
    const res = await apply(first.cookie, application({ email: first.user.email, motivation: 'Second try' }));
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toBe(ALREADY_PENDING);
    expect(await applicationsOf(first.user.id)).toHaveLength(1);
  });

  it('lets exactly one of two applications sent at the same instant through', async () => {
    const member = await signUp(t.app, { name: 'Quick Twice' });
    const answers = await Promise.all([
      apply(member.cookie, application({ motivation: 'One' })),
      apply(member.cookie, application({ motivation: 'Two' })),
      apply(member.cookie, application({ motivation: 'Three' })),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    expect(await applicationsOf(member.user.id)).toHaveLength(1);
  });

  it('answers 400 to bad input, naming the field, and stores nothing', async () => {
    const member = await signUp(t.app, { name: 'Bad Input' });
    const cases: [unknown, string, string][] = [
      [{ ...application(), name: '   ' }, 'name', 'Please enter your full name'],
      [{ ...application(), email: 'not-an-email' }, 'email', 'Please enter a valid email address'],
      [{ ...application(), location: '' }, 'location', 'Please enter your city or region'],
      [{ ...application(), experience: '' }, 'experience', 'Please tell us about your experience'],
      [{ ...application(), motivation: ' ' }, 'motivation', 'Please tell us why you would like to host'],
      [{ ...application(), venueIdea: '' }, 'venueIdea', 'Please share your venue ideas'],
      [{ ...application(), experience: 'x'.repeat(2001) }, 'experience', 'Experience must be at most 2000 characters'],
      [{ ...application(), venueIdea: 'bar\u0000' }, 'venueIdea', 'Text must not contain control characters'],
      [{ ...application(), proposedEventDate: '2031-02-30' }, 'proposedEventDate', 'Please pick a real date'],
      [(({ motivation: _m, ...rest }) => rest)(application()), 'motivation', 'Please tell us why you would like to host'],
    ];
    for (const [payload, path, message] of cases) {
      const body = expectBadInput(await apply(member.cookie, payload));
      expect(body.errors).toContainEqual({ path, message });
    }
    expectBadInput(
      await t.app.inject({
        method: 'POST',
        url: '/api/host-program/applications',
        headers: withCookie(member.cookie, { 'content-type': 'application/json' }),
        payload: '{nope',
      }),
    );
    expect(await applicationsOf(member.user.id)).toHaveLength(0);
  });

  it('tells a member who is already a host so (409)', async () => {
    const res = await apply(host.cookie, application({ email: host.user.email }));
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toBe(ALREADY_HOST);
    expect(await applicationsOf(host.user.id)).toHaveLength(0);
    expect((await mine(host.cookie)).json<MyHostProgram>()).toEqual({ isHost: true, application: null });
  });
});

describe('reviewing (admins only)', () => {
  it('lists applications to admins only: member 403, host 403, visitor 401, admin 200 with pending first', async () => {
    const a = await applicant({ name: 'Listed Person', location: 'Bury' });
    const member = await signUp(t.app);
    expect((await list(undefined)).statusCode).toBe(401);
    for (const who of [member, host, a]) {
      const res = await list(who.cookie);
      expect(res.statusCode, res.body).toBe(403);
      expect(res.body).not.toContain('Listed Person');
    }
    const res = await list(admin.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json<HostApplication[]>();
    expect(rows.find((r) => r.id === a.application.id)).toEqual(a.application);
    const firstApproved = rows.findIndex((r) => r.status === 'approved');
    if (firstApproved >= 0) expect(rows.slice(firstApproved).every((r) => r.status === 'approved')).toBe(true);
  });

  it('approves: member and host 403; admin 200 grants the host role to the applicant’s existing session, e-mails them, and a second approval is 409', async () => {
    const a = await applicant({ name: 'Olivia Approved', location: 'Whitefield' });
    // Before: the applicant's own session is a member's.
    expect((await me(t.app, a.cookie)).json().roles).toEqual(['member']);
    expect((await t.app.inject({ method: 'GET', url: '/api/live/events', headers: withCookie(a.cookie) })).statusCode).toBe(403);

    const member = await signUp(t.app);
    for (const who of [member, host, a]) {
      const res = await approve(who.cookie, a.application.id);
      expect(res.statusCode, res.body).toBe(403);
    }
    expect((await approve(undefined, a.application.id)).statusCode).toBe(401);
    expect((await applicationsOf(a.user.id))[0]!.status).toBe('pending');
    expect(await t.db.select().from(userRoles).where(eq(userRoles.userId, a.user.id))).toEqual([]);

    const res = await approve(admin.cookie, a.application.id);
    expect(res.statusCode, res.body).toBe(200);
    const approved = res.json<HostApplication>();
    expect(approved).toMatchObject({ id: a.application.id, status: 'approved', decidedBy: 'Ada Admin' });
    expect(Date.now() - Date.parse(approved.decidedAt!)).toBeLessThan(60_000);
    const [row] = await applicationsOf(a.user.id);
    expect(row).toMatchObject({ status: 'approved', decidedBy: admin.user.id });

    // The very same cookie now passes host-only routes, and /api/auth/me shows the role.
    expect((await me(t.app, a.cookie)).json().roles).toEqual(['member', 'host']);
    const live = await t.app.inject({ method: 'GET', url: '/api/live/events', headers: withCookie(a.cookie) });
    expect(live.statusCode, live.body).toBe(200);
    const venue = await t.app.inject({
      method: 'POST',
      url: '/api/venues',
      headers: withCookie(a.cookie),
      payload: { name: 'Olivia’s Place', address: '1 High Street', city: 'Whitefield' },
    });
    expect(venue.statusCode, venue.body).toBe(201);
    expect((await mine(a.cookie)).json<MyHostProgram>()).toMatchObject({ isHost: true, application: { id: a.application.id, status: 'approved' } });

    // The approval e-mail, to the applicant's login address.
    const mails = await outbox(t.app, a.user.email);
    const welcome = mails.find((m) => m.subject.includes('application is approved'));
    expect(welcome, JSON.stringify(mails)).toBeDefined();
    expect(welcome!.text).toContain('Hi Olivia Approved');
    expect(welcome!.text).toContain('evenings in Whitefield is approved');
    expect(welcome!.text).toContain('/create-event');

    // Twice: 409, nothing changes, no second e-mail.
    const again = await approve(admin.cookie, a.application.id);
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json().message).toBe(ALREADY_APPROVED);
    expect((await outbox(t.app, a.user.email)).filter((m) => m.subject.includes('application is approved'))).toHaveLength(1);

    // Approved ones stay in the admin's list, after the pending ones.
    const rows = (await list(admin.cookie)).json<HostApplication[]>();
    expect(rows.find((r) => r.id === a.application.id)).toMatchObject({ status: 'approved' });

    // Once a host, a new application is refused as such.
    expect((await apply(a.cookie, application())).json().message).toBe(ALREADY_HOST);
  });

  // Issue 21: the application's name and e-mail are free text, so a member could apply as someone
  // else; the admin approved the wrong person and the welcome went to any address typed.
  it('the admin sees the account beside what was typed; the approval goes to the account, and its e-mail to the login address', async () => {
    const mallory = await signUp(t.app, { name: 'Mallory Member' });
    // One evening attended (checked in), one only booked: "evenings attended" counts the first.
    const venueId = (await createVenue(t.app, host.cookie)).id;
    const came = await createEvent(t.app, host.cookie, eventBody(venueId, { price: 0 }));
    const booked = await createEvent(t.app, host.cookie, eventBody(venueId, { price: 0 }));
    for (const e of [came, booked]) expect((await registerFor(t.app, e.id, mallory)).statusCode).toBe(201);
    await t.db
      .update(registrations)
      .set({ checkedIn: true, checkedInAt: new Date() })
      .where(sql`${registrations.eventId} = ${came.id} and ${registrations.userId} = ${mallory.user.id}`);

    const res = await apply(mallory.cookie, application({ name: 'Hana Host', email: 'someone.else@example.com' }));
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json<HostApplication>().id;
    const [account] = await t.db
      .select({ createdAt: sql<string>`created_at` })
      .from(sql`users`)
      .where(sql`id = ${mallory.user.id}`);
    const listed = (await list(admin.cookie)).json<HostApplication[]>().find((r) => r.id === id)!;
    expect(listed).toMatchObject({
      name: 'Hana Host',
      email: 'someone.else@example.com',
      account: {
        id: mallory.user.id,
        name: 'Mallory Member',
        email: mallory.user.email,
        memberSince: new Date(account!.createdAt).toISOString(),
        eveningsAttended: 1,
      },
    });

    expect((await approve(admin.cookie, id)).statusCode).toBe(200);
    expect((await me(t.app, mallory.cookie)).json().roles).toEqual(['member', 'host']);
    expect(await outbox(t.app, 'someone.else@example.com')).toEqual([]);
    const welcome = (await outbox(t.app, mallory.user.email)).filter((m) => m.subject.includes('application is approved'));
    expect(welcome).toHaveLength(1);
    expect(welcome[0]!.text).toContain('Hi Mallory Member');

    const note = await sendMessage(admin.cookie, id, { text: 'Welcome aboard.' });
    expect(note.json()).toMatchObject({ sentTo: mallory.user.email });
    expect(await outbox(t.app, 'someone.else@example.com')).toEqual([]);
  });

  it('approves two at once exactly once', async () => {
    const a = await applicant({ name: 'Race Twice' });
    const answers = await Promise.all([approve(admin.cookie, a.application.id), approve(admin.cookie, a.application.id)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect((await outbox(t.app, a.user.email)).filter((m) => m.subject.includes('application is approved'))).toHaveLength(1);
  });

  it('answers 404 to an unknown application and 400 to a bad id', async () => {
    const res = await approve(admin.cookie, 999_999);
    expect(res.statusCode, res.body).toBe(404);
    expect(res.json().message).toBe(APPLICATION_NOT_FOUND);
    expectBadInput(await t.app.inject({ method: 'POST', url: '/api/host-program/applications/abc/approve', headers: withCookie(admin.cookie) }));
    expect((await sendMessage(admin.cookie, 999_999, { text: 'Hello' })).statusCode).toBe(404);
  });

  it('sends an admin’s message to the applicant by e-mail; others 403; empty or too long 400', async () => {
    const a = await applicant({ name: 'Mia Message', email: 'mia.contact@example.com' });
    const text = 'Thanks for applying!\n\nCould you tell us which evenings suit you?';
    const member = await signUp(t.app);
    for (const who of [member, host, a]) expect((await sendMessage(who.cookie, a.application.id, { text })).statusCode).toBe(403);
    expect((await sendMessage(undefined, a.application.id, { text })).statusCode).toBe(401);

    for (const [payload, message] of [
      [{ text: '   ' }, 'Write a message first'],
      [{}, 'Write a message first'],
      [{ text: 'x'.repeat(2001) }, 'A message can be at most 2000 characters'],
    ] as const) {
      const body = expectBadInput(await sendMessage(admin.cookie, a.application.id, payload));
      expect(body.errors).toContainEqual({ path: 'text', message });
    }
    expect(await outbox(t.app, 'mia.contact@example.com')).toEqual([]);

    const res = await sendMessage(admin.cookie, a.application.id, { text: `  ${text}  ` });
    expect(res.statusCode, res.body).toBe(200);
    // To the applicant's login address, not the one typed on the application (issue 21).
    expect(res.json()).toMatchObject({ message: 'Message sent to Mia Message', sentTo: a.user.email });
    expect(await outbox(t.app, 'mia.contact@example.com')).toEqual([]);
    // Newest first; the other is the code that proved the address at sign-up.
    const mails = (await outbox(t.app, a.user.email)).filter((m) => !/login code/.test(m.subject));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('A message about your Speed Friendship host application');
    expect(mails[0]!.text).toContain('Hi Mia Message,');
    expect(mails[0]!.text).toContain(text);
    expect(mails[0]!.text).toContain('Ada Admin, Speed Friendship');
    // A message decides nothing.
    expect((await applicationsOf(a.user.id))[0]!.status).toBe('pending');
  });
});
