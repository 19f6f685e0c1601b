import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appMeta, arrivalStates, eventMessages, events, hostApplications, messageRecipients, registrations, shareEvents, signupSources, users, venues } from '../db/schema/index';
import { createTestApp, loginWithCode, me, type TestContext } from '../test/harness';
import { loadDemoData, TONIGHT_TITLE } from './seed';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const counts = async () => ({
  users: Number((await t.db.select({ n: count() }).from(users))[0]!.n),
  events: Number((await t.db.select({ n: count() }).from(events))[0]!.n),
  registrations: Number((await t.db.select({ n: count() }).from(registrations))[0]!.n),
  meta: Number((await t.db.select({ n: count() }).from(appMeta))[0]!.n),
});

describe('loadDemoData', () => {
  it('loads the demo people, who log in like anyone else, with their roles', async () => {
    const { loaded } = await loadDemoData(t.db);
    expect(loaded.length).toBeGreaterThan(0);

    const expected: [string, string[]][] = [
      ['admin@speedfriendship.test', ['member', 'host', 'admin']],
      ['host@speedfriendship.test', ['member', 'host']],
      ['member@speedfriendship.test', ['member']],
    ];
    for (const [email, roles] of expected) {
      const [row] = await t.db.select({ isDemo: users.isDemo }).from(users).where(eq(users.email, email));
      expect(row?.isDemo, email).toBe(true);
      const cookie = await loginWithCode(t.app, email);
      const res = await me(t.app, cookie);
      expect(res.statusCode).toBe(200);
      expect(res.json().roles, email).toEqual(roles);
    }

    const after = await counts();
    expect(after.events).toBeGreaterThan(0);
    // Every event's participant count matches its registrations.
    const rows = await t.db.select({ id: events.id, participantCount: events.participantCount }).from(events);
    for (const e of rows) {
      const [r] = await t.db.select({ n: count() }).from(registrations).where(eq(registrations.eventId, e.id));
      expect(e.participantCount).toBe(Number(r!.n));
    }
  });

  it('tonight at The Wine Bar has a door and a room to show: guests in, one on her way, messages sent and read', async () => {
    const [tonight] = await t.db.select({ id: events.id, venueId: events.venueId }).from(events).where(eq(events.title, TONIGHT_TITLE));
    expect(tonight).toBeDefined();
    const [venue] = await t.db.select({ latitude: venues.latitude, longitude: venues.longitude }).from(venues).where(eq(venues.id, tonight!.venueId!));
    expect(venue).toEqual({ latitude: expect.any(Number), longitude: expect.any(Number) });
    const regs = await t.db.select({ checkedIn: registrations.checkedIn, method: registrations.checkInMethod }).from(registrations).where(eq(registrations.eventId, tonight!.id));
    expect(regs.filter((r) => r.checkedIn).map((r) => r.method).sort()).toEqual(['scan', 'search']);
    expect(regs.some((r) => !r.checkedIn)).toBe(true);
    const [arriving] = await t.db.select().from(arrivalStates).where(eq(arrivalStates.eventId, tonight!.id));
    expect(arriving).toMatchObject({ permission: 'granted', distanceM: 850 });
    const sent = await t.db
      .select({ text: eventMessages.text, readAt: messageRecipients.readAt })
      .from(eventMessages)
      .innerJoin(messageRecipients, eq(messageRecipients.messageId, eventMessages.id))
      .where(eq(eventMessages.eventId, tonight!.id));
    expect(new Set(sent.map((m) => m.text)).size).toBe(2);
    expect(sent).toHaveLength(4);
    expect(sent.filter((m) => m.readAt !== null)).toHaveLength(1);
  });

  it('has share records matching the sample analytics, members who came from a share, and host applications', async () => {
    const shares = await t.db.select({ platform: shareEvents.platform, template: shareEvents.template }).from(shareEvents);
    expect(shares).toHaveLength(12);
    expect(new Set(shares.map((r) => r.template)).size).toBe(6);
    expect(new Set(shares.map((r) => r.platform)).size).toBe(5);
    expect(await t.db.select().from(signupSources)).toHaveLength(4);
    const applications = await t.db.select({ status: hostApplications.status, isDemo: hostApplications.isDemo }).from(hostApplications);
    expect(applications.filter((a) => a.status === 'pending')).toHaveLength(3);
    expect(applications.filter((a) => a.status === 'approved')).toHaveLength(1);
    expect(applications.every((a) => a.isDemo)).toBe(true);
  });

  it('running it again adds nothing', async () => {
    const before = await counts();
    expect(before.users).toBeGreaterThan(0);
    const again = await loadDemoData(t.db);
    expect(again.loaded).toEqual([]);
    expect(await counts()).toEqual(before);
  });
});
