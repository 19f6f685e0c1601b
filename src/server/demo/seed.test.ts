import { and, count, eq } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMOJI_KEYS, IMPROVEMENT_KEYS } from '@shared/domain/feedback';
import { pairKey } from '@shared/domain/rotation';
import {
  appMeta,
  arrivalStates,
  emojiFeedback,
  eventFeedback,
  eventMessages,
  events,
  eventTimers,
  eventWaitlist,
  followUpInvites,
  hostApplications,
  matches,
  messageRecipients,
  ratings,
  registrations,
  rotations,
  roundHistory,
  pageVisits,
  shareEvents,
  signupSources,
  users,
  venues,
} from '../db/schema/index';
import { createTestApp, loginWithCode, me, type TestContext } from '../test/harness';
import { DEMO_DOMAIN } from './people';
import { COFFEE_TITLE, loadDemoData, thursdayFromNow, TONIGHT_TITLE, WINE_BAR_DAY, WINE_BAR_ROUNDS, WINE_BAR_TITLE } from './seed';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const rowsOf = async (table: PgTable) => Number((await t.db.select({ n: count() }).from(table))[0]!.n);

const counts = async () => ({
  users: await rowsOf(users),
  events: await rowsOf(events),
  registrations: await rowsOf(registrations),
  meta: await rowsOf(appMeta),
  rounds: await rowsOf(roundHistory),
  rotations: await rowsOf(rotations),
  ratings: await rowsOf(ratings),
  matches: await rowsOf(matches),
  feedback: await rowsOf(eventFeedback),
  emoji: await rowsOf(emojiFeedback),
  waitlist: await rowsOf(eventWaitlist),
  invites: await rowsOf(followUpInvites),
});

/** A demo person's id, by the key in people.ts (the part of the e-mail before the @). */
async function idOf(key: string) {
  const [row] = await t.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, `${key}@${DEMO_DOMAIN}`));
  if (!row) throw new Error(`no demo person ${key}`);
  return row.id;
}

async function demoEvening(title: string) {
  const [row] = await t.db
    .select()
    .from(events)
    .where(and(eq(events.title, title), eq(events.isDemo, true)));
  if (!row) throw new Error(`no demo evening ${title}`);
  return row;
}

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

  it('every demo venue says how to get in (docs/decisions/0077), and the evening at The Wine Bar shows it to visitors', async () => {
    const rows = await t.db.select({ name: venues.name, access: venues.access }).from(venues).where(eq(venues.isDemo, true));
    expect(rows.length).toBeGreaterThan(0);
    for (const v of rows) expect(Object.values(v.access).filter((f) => f !== null).length, v.name).toBeGreaterThanOrEqual(6);
    const [tonight] = await t.db.select({ id: events.id }).from(events).where(eq(events.title, TONIGHT_TITLE));
    const pub = await t.app.inject({ method: 'GET', url: `/api/events/${tonight!.id}/public` });
    expect(pub.json<{ venue: { access: { stepFree: string } } }>().venue.access.stepFree).toBe('with_help');
  });

  it('tonight at The Wine Bar has a door and a room to show: guests in, one on her way, messages sent and read', async () => {
    const [tonight] = await t.db.select({ id: events.id, venueId: events.venueId }).from(events).where(eq(events.title, TONIGHT_TITLE));
    expect(tonight).toBeDefined();
    const [venue] = await t.db.select({ latitude: venues.latitude, longitude: venues.longitude }).from(venues).where(eq(venues.id, tonight!.venueId!));
    expect(venue).toEqual({ latitude: expect.any(Number), longitude: expect.any(Number) });
    const regs = await t.db
      .select({ checkedIn: registrations.checkedIn, method: registrations.checkInMethod })
      .from(registrations)
      .where(eq(registrations.eventId, tonight!.id));
    expect(
      regs
        .filter((r) => r.checkedIn)
        .map((r) => r.method)
        .sort(),
    ).toEqual(['scan', 'search']);
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
    const sources = await t.db.select().from(signupSources);
    expect(sources.map((r) => r.source).sort()).toEqual(['facebook-post', 'facebook-post', 'flyer-qr', 'local-post', 'whatsapp-post']);
    const thursday = await demoEvening('Thursday Night Speed Friendship');
    expect(sources.every((r) => r.eventId === thursday.id)).toBe(true);
    // Visits to the Thursday page, one per browser session, more than the signups they brought.
    const visits = await t.db.select().from(pageVisits).where(eq(pageVisits.eventId, thursday.id));
    expect(visits).toHaveLength(37);
    expect(new Set(visits.map((v) => v.sessionId)).size).toBe(37);
    const applications = await t.db.select({ status: hostApplications.status, isDemo: hostApplications.isDemo }).from(hostApplications);
    expect(applications.filter((a) => a.status === 'pending')).toHaveLength(3);
    expect(applications.filter((a) => a.status === 'approved')).toHaveLength(1);
    expect(applications.every((a) => a.isDemo)).toBe(true);
  });

  it('the launch evening ran: six completed five-minute rounds from 7:30 PM, one bye a round, nobody meeting twice, the timer ended', async () => {
    const wine = await demoEvening(WINE_BAR_TITLE);
    const guests = await t.db
      .select({ userId: registrations.userId, checkedIn: registrations.checkedIn })
      .from(registrations)
      .where(eq(registrations.eventId, wine.id));
    expect(guests).toHaveLength(7);
    expect(guests.every((g) => g.checkedIn)).toBe(true);

    const rounds = await t.db.select().from(roundHistory).where(eq(roundHistory.eventId, wine.id)).orderBy(roundHistory.round);
    expect(rounds.map((r) => r.round)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(rounds.length).toBe(WINE_BAR_ROUNDS);
    const first = rounds[0]!.startedAt.getTime();
    expect(new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', dateStyle: 'short', timeStyle: 'short' }).format(rounds[0]!.startedAt)).toBe(
      `14/05/2025, 19:30`,
    );
    expect(WINE_BAR_DAY).toBe('2025-05-14');
    rounds.forEach((r, i) => {
      expect(r).toMatchObject({ status: 'completed', duration: 300 });
      expect(r.startedAt.getTime()).toBe(first + i * 300_000);
      expect(r.endedAt!.getTime()).toBe(r.startedAt.getTime() + 300_000);
    });

    const rows = await t.db.select().from(rotations).where(eq(rotations.eventId, wine.id));
    const seen = new Set<string>();
    for (const round of rounds) {
      const inRound = rows.filter((r) => r.round === round.round);
      // Everyone seated exactly once: three pairs at tables 1-3 and one bye.
      const seated = inRound.flatMap((r) => (r.userB === null ? [r.userA] : [r.userA, r.userB]));
      expect(new Set(seated).size).toBe(7);
      expect(seated.sort()).toEqual(guests.map((g) => g.userId).sort());
      expect(inRound.filter((r) => r.userB === null)).toHaveLength(1);
      expect(
        inRound
          .filter((r) => r.userB !== null)
          .map((r) => r.tableNo)
          .sort(),
      ).toEqual([1, 2, 3]);
      for (const r of inRound) {
        if (r.userB === null) continue;
        const key = pairKey(r.userA, r.userB);
        expect(seen.has(key), `pair ${key} met twice`).toBe(false);
        seen.add(key);
      }
    }
    expect(seen.size).toBe(18);
    // Byes shared: nobody sits out twice.
    const byes = rows.filter((r) => r.userB === null).map((r) => r.userA);
    expect(new Set(byes).size).toBe(byes.length);

    const [timer] = await t.db.select().from(eventTimers).where(eq(eventTimers.eventId, wine.id));
    expect(timer).toMatchObject({ phase: 'ended', roundDuration: 300, endsAt: null });
  });

  it('every pair that met rated each other on the card, and matches are exactly the pairs where both gave 4 or more', async () => {
    const wine = await demoEvening(WINE_BAR_TITLE);
    const rows = await t.db.select().from(rotations).where(eq(rotations.eventId, wine.id));
    const metIn = new Map(rows.filter((r) => r.userB !== null).map((r) => [pairKey(r.userA, r.userB!), r.round]));
    const given = await t.db.select().from(ratings).where(eq(ratings.eventId, wine.id));
    expect(given).toHaveLength(metIn.size * 2);
    const score = new Map(given.map((r) => [`${r.raterId}>${r.ratedId}`, r.rating]));
    for (const r of given) {
      expect(r.source).toBe('card');
      expect(r.rating).toBeGreaterThanOrEqual(1);
      expect(r.rating).toBeLessThanOrEqual(5);
      expect(r.round).toBe(metIn.get(pairKey(r.raterId, r.ratedId)));
    }
    const made = await t.db.select().from(matches).where(eq(matches.eventId, wine.id));
    const matched = new Set(made.map((m) => pairKey(m.user1Id, m.user2Id)));
    const mutual = [...metIn.keys()].filter((key) => {
      const [a, b] = key.split(':');
      return score.get(`${a}>${b}`)! >= 4 && score.get(`${b}>${a}`)! >= 4;
    });
    expect([...matched].sort()).toEqual(mutual.sort());
    expect(made.length).toBeGreaterThanOrEqual(4);
    // Calculated by the matching code (balanced), so every score is filled in.
    for (const m of made) {
      expect(m.matchType).toBe('balanced');
      expect(m.overallScore).toEqual(expect.any(Number));
      expect(m.ratingScore).toEqual(expect.any(Number));
      expect(m.matchScore).toBeGreaterThanOrEqual(4);
    }
    // Only the member and sarah shared their contact; the host has not released contacts.
    const member = await idOf('member');
    const sarah = await idOf('sarah');
    const shared = made.filter((m) => m.user1Shared || m.user2Shared);
    expect(shared).toHaveLength(1);
    expect(shared[0]).toMatchObject({ user1Id: Math.min(member, sarah), user2Id: Math.max(member, sarah), user1Shared: true, user2Shared: true });
    expect(wine.contactsReleasedAt).toBeNull();
  });

  it('member, sarah and emma are a friendship group; sarah and michael matched but michael and emma did not; the member has missed connections', async () => {
    const wine = await demoEvening(WINE_BAR_TITLE);
    const [member, sarah, michael, emma] = await Promise.all(['member', 'sarah', 'michael', 'emma'].map(idOf));
    const made = await t.db.select().from(matches).where(eq(matches.eventId, wine.id));
    const matched = new Set(made.map((m) => pairKey(m.user1Id, m.user2Id)));
    expect(matched.has(pairKey(member!, sarah!))).toBe(true);
    expect(matched.has(pairKey(member!, emma!))).toBe(true);
    expect(matched.has(pairKey(sarah!, emma!))).toBe(true);
    expect(matched.has(pairKey(sarah!, michael!))).toBe(true);
    expect(matched.has(pairKey(michael!, emma!))).toBe(false);
    // They did meet: michael and emma's was a one-sided rating, not a missed round.
    const given = await t.db.select().from(ratings).where(eq(ratings.eventId, wine.id));
    const between = given.filter((r) => pairKey(r.raterId, r.ratedId) === pairKey(michael!, emma!)).map((r) => r.rating);
    expect(between).toHaveLength(2);
    expect(Math.min(...between)).toBeLessThan(4);

    // /friend-groups, as the member sees it through the app.
    const groups = await t.app.inject({ method: 'GET', url: '/api/me/groups', headers: { cookie: await loginWithCode(t.app, `member@${DEMO_DOMAIN}`) } });
    expect(groups.statusCode).toBe(200);
    const keys = groups.json().groups.map((g: { key: string }) => g.key);
    expect(keys).toContain([member!, sarah!, emma!].sort((a, b) => a - b).join('-'));
    // Sarah's groups never put michael and emma together.
    const sarahGroups = await t.app.inject({ method: 'GET', url: '/api/me/groups', headers: { cookie: await loginWithCode(t.app, `sarah@${DEMO_DOMAIN}`) } });
    for (const g of sarahGroups.json().groups as { members: { id: number }[] }[]) {
      const ids = g.members.map((m) => m.id);
      expect(ids.includes(michael!) && ids.includes(emma!)).toBe(false);
    }

    // Missed connections: people the member met without a match.
    const rows = await t.db.select().from(rotations).where(eq(rotations.eventId, wine.id));
    const metByMember = rows
      .filter((r) => r.userB !== null && (r.userA === member || r.userB === member))
      .map((r) => (r.userA === member ? r.userB! : r.userA));
    const missed = metByMember.filter((other) => !matched.has(pairKey(member!, other)));
    expect(missed.length).toBeGreaterThanOrEqual(3);
    for (const key of ['david', 'priya', 'tom']) expect(missed).toContain(await idOf(key));
  });

  it('five guests filled in the feedback form and five reacted with an emoji', async () => {
    const wine = await demoEvening(WINE_BAR_TITLE);
    const guests = new Set(
      (await t.db.select({ userId: registrations.userId }).from(registrations).where(eq(registrations.eventId, wine.id))).map((r) => r.userId),
    );
    const forms = await t.db.select().from(eventFeedback).where(eq(eventFeedback.eventId, wine.id));
    expect(forms).toHaveLength(5);
    expect(new Set(forms.map((f) => f.userId)).size).toBe(5);
    for (const f of forms) {
      expect(guests.has(f.userId)).toBe(true);
      expect(f.isDemo).toBe(true);
      expect(f.overallRating).toBeGreaterThanOrEqual(3);
      expect(f.overallRating).toBeLessThanOrEqual(5);
      for (const v of [f.venueRating, f.organizationRating, f.matchQualityRating, f.timingRating]) expect(v >= 0 && v <= 5).toBe(true);
      expect(f.submittedAt.getTime()).toBeGreaterThan(wine.endsAt.getTime());
    }
    expect(new Set(forms.map((f) => f.overallRating)).size).toBeGreaterThan(1);
    expect(forms.filter((f) => !f.wouldRecommend)).toHaveLength(1);
    const asked = forms.flatMap((f) => f.improvements);
    expect(asked.length).toBeGreaterThan(0);
    for (const key of asked) expect(IMPROVEMENT_KEYS).toContain(key);
    expect(forms.filter((f) => f.favoriteAspect).length).toBeGreaterThan(0);
    expect(forms.filter((f) => f.additionalComments).length).toBeGreaterThanOrEqual(2);

    const reactions = await t.db.select().from(emojiFeedback).where(eq(emojiFeedback.eventId, wine.id));
    expect(reactions).toHaveLength(5);
    for (const r of reactions) {
      expect(guests.has(r.userId)).toBe(true);
      expect(EMOJI_KEYS).toContain(r.emoji);
    }
  });

  it('Thursday Night Speed Friendship falls on a Thursday, at 7 PM', async () => {
    const thursday = await demoEvening('Thursday Night Speed Friendship');
    const [row] = await t.db.select({ date: events.date, startTime: events.startTime }).from(events).where(eq(events.id, thursday.id));
    expect(new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', weekday: 'long' }).format(row!.date)).toBe('Thursday');
    expect(row!.startTime).toBe('19:00');
    // Whatever day the demo loads on (every weekday of a week, either side of midnight).
    for (let d = 0; d < 7; d++) {
      const day = thursdayFromNow(8, Date.UTC(2026, 10, 23 + d, 23, 30));
      expect(new Date(`${day}T12:00:00Z`).getUTCDay()).toBe(4);
    }
  });

  it('priya invited the member to Thursday night after the launch evening', async () => {
    const wine = await demoEvening(WINE_BAR_TITLE);
    const thursday = await demoEvening('Thursday Night Speed Friendship');
    const invites = await t.db.select().from(followUpInvites);
    expect(invites).toHaveLength(1);
    expect(invites[0]).toMatchObject({
      fromUserId: await idOf('priya'),
      toUserId: await idOf('member'),
      sourceEventId: wine.id,
      eventId: thursday.id,
      isDemo: true,
    });
  });

  it('Coffee & Conversation is full, its counts match its registrations, and the member waits for a seat', async () => {
    const coffee = await demoEvening(COFFEE_TITLE);
    const [regs] = await t.db.select({ n: count() }).from(registrations).where(eq(registrations.eventId, coffee.id));
    expect(coffee.maxParticipants).toBe(8);
    expect(Number(regs!.n)).toBe(8);
    expect(coffee.participantCount).toBe(8);
    expect(coffee.seatsTaken).toBe(8);
    const olivia = await idOf('olivia');
    const [added] = await t.db
      .select()
      .from(registrations)
      .where(and(eq(registrations.eventId, coffee.id), eq(registrations.userId, olivia)));
    expect(added).toBeDefined();
    const [person] = await t.db.select({ isDemo: users.isDemo }).from(users).where(eq(users.id, olivia));
    expect(person!.isDemo).toBe(true);

    const member = await idOf('member');
    const waiting = await t.db.select().from(eventWaitlist).where(eq(eventWaitlist.eventId, coffee.id));
    expect(waiting).toHaveLength(1);
    expect(waiting[0]).toMatchObject({ userId: member, status: 'waiting', offeredAt: null, offerExpiresAt: null });
    const [memberReg] = await t.db
      .select()
      .from(registrations)
      .where(and(eq(registrations.eventId, coffee.id), eq(registrations.userId, member)));
    expect(memberReg).toBeUndefined();
  });

  it('running it again adds nothing', async () => {
    const before = await counts();
    expect(before.users).toBeGreaterThan(0);
    expect(before.ratings).toBeGreaterThan(0);
    expect(before.waitlist).toBe(1);
    const again = await loadDemoData(t.db);
    expect(again.loaded).toEqual([]);
    expect(await counts()).toEqual(before);
  });

  it('demo:around run again over its own rows (as after a crash between its steps) adds nothing', async () => {
    const before = await counts();
    await t.db.delete(appMeta).where(eq(appMeta.key, 'demo:around'));
    expect((await loadDemoData(t.db)).loaded).toEqual(['demo:around']);
    expect(await counts()).toEqual(before);
  });

  it('without the launch evening, demo:around skips it quietly', async () => {
    const wine = await demoEvening(WINE_BAR_TITLE);
    await t.db.delete(events).where(eq(events.id, wine.id));
    await t.db.delete(appMeta).where(eq(appMeta.key, 'demo:around'));
    expect((await loadDemoData(t.db)).loaded).toEqual(['demo:around']);
    expect(await rowsOf(ratings)).toBe(0);
    expect(await rowsOf(followUpInvites)).toBe(0);
    const coffee = await demoEvening(COFFEE_TITLE);
    expect(coffee).toMatchObject({ participantCount: 8, seatsTaken: 8 });
    expect(await rowsOf(eventWaitlist)).toBe(1);
  });
});
