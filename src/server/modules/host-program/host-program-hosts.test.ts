import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ActiveHost, HostApplication, MyHostProgram } from '@shared/schemas/host-program';
import { events, hostApplications, registrations } from '../../db/schema/index';
import { createEvent, createVenue, eventBody, expectBadInput, me, outbox, registerFor, signUp, signUpHost, withCookie } from '../../test/harness';
import { NOT_PENDING, NOT_YOURS } from './service';
import { t, admin, host, application, apply, list, approve, mine, activeHosts, applicant, registerHostProgramFixtures } from './host-program.fixtures';

registerHostProgramFixtures();

const decline = (cookie: string | undefined, id: number, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: `/api/host-program/applications/${id}/decline`,
    headers: withCookie(cookie),
    payload: payload as Record<string, unknown>,
  });
const withdraw = (cookie: string | undefined, id: number) =>
  t.app.inject({ method: 'POST', url: `/api/host-program/applications/${id}/withdraw`, headers: withCookie(cookie) });
const statusOf = async (id: number) =>
  (await t.db.select({ status: hostApplications.status, reason: hostApplications.declineReason }).from(hostApplications).where(eq(hostApplications.id, id)))[0];

describe('declining and withdrawing', () => {
  it('an admin declines with a reason: the applicant is e-mailed it and sees it on their page; others 403; no reason 400; twice 409', async () => {
    const applicant = await signUp(t.app, { name: 'Dev Decline' });
    const sent = await apply(applicant.cookie, application({ email: applicant.user.email, name: 'Dev Decline' }));
    expect(sent.statusCode, sent.body).toBe(201);
    const id = sent.json<HostApplication>().id;

    for (const who of [applicant, host]) expect((await decline(who.cookie, id, { reason: 'No.' })).statusCode).toBe(403);
    expect((await decline(undefined, id, { reason: 'No.' })).statusCode).toBe(401);
    for (const bad of [{}, { reason: '   ' }, { reason: 'x'.repeat(1001) }]) expectBadInput(await decline(admin.cookie, id, bad));
    expect((await statusOf(id))?.status).toBe('pending');

    const reason = 'We have no venue in Bury yet. Apply again once the Bury pub is confirmed.';
    const res = await decline(admin.cookie, id, { reason: `  ${reason}  ` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<HostApplication>()).toMatchObject({ status: 'declined', declineReason: reason, decidedBy: 'Ada Admin' });
    expect(await statusOf(id)).toEqual({ status: 'declined', reason });

    const mails = await outbox(t.app, applicant.user.email);
    expect(mails.find((m) => /host application/.test(m.subject) && m.text.includes(reason))).toBeTruthy();
    const page = (await mine(applicant.cookie)).json<MyHostProgram>();
    expect(page.application).toMatchObject({ id, status: 'declined', declineReason: reason });
    // No host role was granted.
    expect((await me(t.app, applicant.cookie)).json().roles).not.toContain('host');

    const again = await decline(admin.cookie, id, { reason: 'Still no.' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(NOT_PENDING);
    // Nor can a declined application be approved.
    expect((await approve(admin.cookie, id)).json().message).toBe(NOT_PENDING);
    expect((await decline(admin.cookie, 999_999, { reason: 'x' })).statusCode).toBe(404);

    // They may apply again.
    expect((await apply(applicant.cookie, application({ email: applicant.user.email, name: 'Dev Decline' }))).statusCode).toBe(201);
  });

  it('an applicant withdraws their own pending application; not someone else’s (403); not twice (409); then may apply again', async () => {
    const applicant = await signUp(t.app, { name: 'Wil Withdraw' });
    const other = await signUp(t.app, { name: 'Otto Other' });
    const id = (await apply(applicant.cookie, application({ email: applicant.user.email, name: 'Wil Withdraw' }))).json<HostApplication>().id;

    expect((await withdraw(undefined, id)).statusCode).toBe(401);
    const notTheirs = await withdraw(other.cookie, id);
    expect(notTheirs.statusCode).toBe(403);
    expect(notTheirs.json().message).toBe(NOT_YOURS);
    expect((await statusOf(id))?.status).toBe('pending');

    const res = await withdraw(applicant.cookie, id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<HostApplication>().status).toBe('withdrawn');
    expect((await withdraw(applicant.cookie, id)).statusCode).toBe(409);
    // Gone from the admin's queue.
    expect((await list(admin.cookie)).json<HostApplication[]>().map((a) => a.id)).not.toContain(id);
    expect((await approve(admin.cookie, id)).statusCode).toBe(409);
    expect((await withdraw(applicant.cookie, 999_999)).statusCode).toBe(404);
    expect((await apply(applicant.cookie, application({ email: applicant.user.email, name: 'Wil Withdraw' }))).statusCode).toBe(201);
  });
});

describe('active hosts (GET /api/host-program/hosts)', () => {
  it('shows every host with real figures and no e-mail or phone, to visitors too', async () => {
    const h = await signUpHost(t, { name: 'Figures Host', contactInfo: '07700 900123' });
    const venue = await createVenue(t.app, h.cookie, { city: 'Radcliffe' });
    const past1 = await createEvent(t.app, h.cookie, eventBody(venue.id, { price: 0, title: 'Past One' }));
    const past2 = await createEvent(t.app, h.cookie, eventBody(venue.id, { price: 0, title: 'Past Two' }));
    const next = await createEvent(t.app, h.cookie, eventBody(venue.id, { price: 0, title: 'Next Evening', days: 20 }));
    const later = await createEvent(t.app, h.cookie, eventBody(venue.id, { price: 0, title: 'Later Evening', days: 30 }));

    const guests = await Promise.all(Array.from({ length: 5 }, (_, i) => signUp(t.app, { name: `Guest ${String.fromCharCode(65 + i)}` })));
    for (const g of guests.slice(0, 3)) expect((await registerFor(t.app, past1.id, g)).statusCode).toBe(201);
    for (const g of guests.slice(0, 2)) expect((await registerFor(t.app, past2.id, g)).statusCode).toBe(201);
    for (const g of guests) expect((await registerFor(t.app, next.id, g)).statusCode).toBe(201);
    expect((await registerFor(t.app, later.id, guests[0]!)).statusCode).toBe(201);

    // The first two evenings happened: 3 of them checked in at the first, 1 at the second (one no-show).
    const daysAgo = (d: number) => new Date(Date.now() - d * 86_400_000);
    await t.db
      .update(events)
      .set({ date: daysAgo(20), endsAt: daysAgo(19.9), status: 'completed' })
      .where(eq(events.id, past1.id));
    await t.db
      .update(events)
      .set({ date: daysAgo(10), endsAt: daysAgo(9.9), status: 'completed' })
      .where(eq(events.id, past2.id));
    await t.db
      .update(registrations)
      .set({ checkedIn: true, checkedInAt: daysAgo(20) })
      .where(eq(registrations.eventId, past1.id));
    await t.db
      .update(registrations)
      .set({ checkedIn: true, checkedInAt: daysAgo(10) })
      .where(sql`${registrations.eventId} = ${past2.id} and ${registrations.userId} = ${guests[0]!.user.id}`);

    const res = await t.app.inject({ method: 'GET', url: '/api/host-program/hosts' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).not.toContain(h.user.email);
    expect(res.body).not.toContain('07700');
    const row = res.json<ActiveHost[]>().find((x) => x.id === h.user.id);
    expect(row).toEqual({
      id: h.user.id,
      name: 'Figures Host',
      location: 'Radcliffe',
      eventsHosted: 2,
      totalAttendees: 4,
      averageRating: null,
      ratingCount: 0,
      nextEvent: { id: next.id, title: 'Next Evening', date: next.date, startTime: '19:00', venue: next.venue, registrations: 5, maxParticipants: 20 },
    });
  });

  it('lists an approved applicant with the location of their application; members without the role are not listed', async () => {
    const a = await applicant({ name: 'Newly Approved', location: 'Heaton Park' });
    const plain = await signUp(t.app, { name: 'Plain Member' });
    expect((await approve(admin.cookie, a.application.id)).statusCode).toBe(200);
    const rows = await activeHosts();
    expect(rows.find((r) => r.id === a.user.id)).toEqual({
      id: a.user.id,
      name: 'Newly Approved',
      location: 'Heaton Park',
      eventsHosted: 0,
      totalAttendees: 0,
      averageRating: null,
      ratingCount: 0,
      nextEvent: null,
    });
    expect(rows.find((r) => r.id === plain.user.id)).toBeUndefined();
    expect(rows.find((r) => r.id === host.user.id)).toBeDefined();
  });
});
