/**
 * Meet-up polls (GitHub issue 36 "Meet again", docs/decisions/0082), tried as members would: Sarah,
 * Michael and Emma all matched each other (a friend group of three) and Sarah matched Tom (a pair);
 * Nadia was at the evening and matched nobody. A poll is decided when everyone has answered, by the
 * most yes and then the earliest time; the confirmation mail with its .ics goes to each once, also
 * when the last two answers arrive together; only the group's people see it; a block ends it.
 */
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { londonInstant } from '@shared/domain/time';
import type { Meetup, MyMeetups } from '@shared/schemas/meetups';
import { mailOutbox, meetupAnswers, meetupMembers, meetupOptions, meetupPolls } from '../../db/schema/index';
import {
  createEvent,
  createTestApp,
  createVenue,
  dayFromNow,
  eventBody,
  registerFor,
  signUp,
  signUpHost,
  withCookie,
  type TestContext,
} from '../../test/harness';
import { checkIn, holdRounds, type Member } from '../../test/live-helpers';
import * as privacy from '../privacy/service';

let t: TestContext;
let host: Member;
let venueId: number;
let sarah: Member, michael: Member, emma: Member, tom: Member, nadia: Member;
let eventId: number;

const person = async (name: string) => (await signUp(t.app, { name, contactInfo: '07700 900123' })) as Member;

async function rate(from: Member, to: Member, rating: number) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/events/${eventId}/ratings`,
    headers: withCookie(from.cookie),
    payload: { raterId: from.user.id, ratedId: to.user.id, rating },
  });
  expect(res.statusCode, res.body).toBe(201);
}

beforeAll(async () => {
  t = await createTestApp();
  host = (await signUpHost(t)) as Member;
  venueId = (await createVenue(t.app, host.cookie, { name: 'The Corner Café' })).id;
  [sarah, michael, emma, tom, nadia] = await Promise.all([
    person('Sarah Smith'),
    person('Michael Brown'),
    person('Emma Jones'),
    person('Tom Green'),
    person('Nadia New'),
  ]);
  const guests = [sarah, michael, emma, tom, nadia];
  const event = await createEvent(t.app, host.cookie, eventBody(venueId, { price: 0 }));
  eventId = event.id;
  for (const g of guests) {
    expect((await registerFor(t.app, event.id, g)).statusCode).toBe(201);
    await checkIn(t.app, event.id, host, g);
  }
  await holdRounds(t, { event, host, guests, present: guests });
  const high = [
    [sarah, michael],
    [sarah, emma],
    [michael, emma],
    [sarah, tom],
  ] as const;
  for (const a of guests)
    for (const b of guests) {
      if (a === b) continue;
      const liked = high.some(([x, y]) => (x === a && y === b) || (x === b && y === a));
      await rate(a, b, liked ? 5 : 1);
    }
  const res = await t.app.inject({ method: 'POST', url: `/api/events/${eventId}/release-contacts`, headers: withCookie(host.cookie) });
  expect(res.statusCode, res.body).toBe(200);
});
afterAll(() => t.close());

const at = (days: number, time: string) => ({ day: dayFromNow(days), time });

async function propose(m: Member, payload: unknown) {
  return t.app.inject({ method: 'POST', url: '/api/meetups', headers: withCookie(m.cookie), payload: payload as object });
}

async function answer(m: Member, poll: Meetup, yes: boolean[]) {
  return t.app.inject({
    method: 'PUT',
    url: `/api/meetups/${poll.id}/answers`,
    headers: withCookie(m.cookie),
    payload: { answers: poll.options.map((o, i) => ({ optionId: o.id, yes: yes[i]! })) },
  });
}

async function mine(m: Member) {
  const res = await t.app.inject({ method: 'GET', url: '/api/meetups', headers: withCookie(m.cookie) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<MyMeetups>();
}

async function withdraw(m: Member, id: number) {
  return t.app.inject({ method: 'POST', url: `/api/meetups/${id}/withdraw`, headers: withCookie(m.cookie) });
}

/** The meet-up mails in the outbox (with the .ics text) to these people. */
async function meetupMails(people: Member[]) {
  const rows = await t.db
    .select({ to: mailOutbox.to, subject: mailOutbox.subject, text: mailOutbox.text, attachments: mailOutbox.attachments })
    .from(mailOutbox)
    .where(
      inArray(
        mailOutbox.to,
        people.map((p) => p.user.email),
      ),
    );
  return rows
    .filter((r) => r.subject.startsWith('Meet-up'))
    .map((r) => ({
      ...r,
      ics: (r.attachments ?? []).filter((a) => a.filename.endsWith('.ics')).map((a) => Buffer.from(a.content ?? '', 'base64').toString('utf8')),
    }));
}

async function pollRows() {
  return t.db.select({ id: meetupPolls.id }).from(meetupPolls);
}

const group = () => [michael.user.id, emma.user.id];

describe('a friend group of three plans a meet-up', () => {
  let poll: Meetup;

  it('Sarah proposes three times at a venue; all three see it, nobody else', async () => {
    const res = await propose(sarah, { withIds: group(), times: [at(10, '19:00'), at(5, '18:30'), at(7, '12:00')], venueId });
    expect(res.statusCode, res.body).toBe(201);
    poll = res.json<Meetup>();
    expect(poll.status).toBe('open');
    expect(poll.place).toContain('The Corner Café');
    // Times come earliest first.
    expect(poll.options.map((o) => o.startsAt)).toEqual(
      [at(5, '18:30'), at(7, '12:00'), at(10, '19:00')].map((x) => londonInstant(x.day, x.time).toISOString()),
    );
    expect(poll.members.map((m) => [m.name, m.isYou, m.answered])).toEqual([
      ['Sarah Smith', true, false],
      ['Emma Jones', false, false],
      ['Michael Brown', false, false],
    ]);
    for (const m of [michael, emma]) expect((await mine(m)).meetups.map((x) => x.id)).toEqual([poll.id]);
    expect((await mine(tom)).meetups).toEqual([]);
    expect((await mine(nadia)).meetups).toEqual([]);
  });

  it('a non-member gets 404 for it, answering or withdrawing it, and nothing changes', async () => {
    const before = await t.db.select().from(meetupAnswers);
    for (const res of [
      await t.app.inject({ method: 'GET', url: `/api/meetups/${poll.id}`, headers: withCookie(nadia.cookie) }),
      await answer(nadia, poll, [true, true, true]),
      await answer(tom, poll, [true, true, true]),
      await withdraw(nadia, poll.id),
    ]) {
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json()).toMatchObject({ message: 'Meet-up not found' });
    }
    expect(await t.db.select().from(meetupAnswers)).toEqual(before);
    expect((await t.app.inject({ method: 'GET', url: `/api/meetups/${poll.id}` })).statusCode).toBe(401);
  });

  it('one open poll per group: a second proposal is refused', async () => {
    const res = await propose(michael, { withIds: [sarah.user.id, emma.user.id], times: [at(3, '19:00')], place: 'The park' });
    expect(res.statusCode).toBe(409);
    expect((await pollRows()).length).toBe(1);
  });

  it('an answer must cover every time, each once', async () => {
    for (const answers of [
      poll.options.slice(0, 2).map((o) => ({ optionId: o.id, yes: true })),
      [...poll.options, poll.options[0]!].map((o) => ({ optionId: o.id, yes: true })),
    ]) {
      const res = await t.app.inject({ method: 'PUT', url: `/api/meetups/${poll.id}/answers`, headers: withCookie(michael.cookie), payload: { answers } });
      expect(res.statusCode, res.body).toBe(400);
    }
    expect(await t.db.select().from(meetupAnswers)).toEqual([]);
  });

  it('a tie goes to the earliest; the last two answers arrive together and each is mailed once, with the .ics', async () => {
    // The 5th and 10th days each get two yes (a tie), the 7th one: the 5th day wins.
    expect((await answer(sarah, poll, [true, false, true])).statusCode).toBe(200);
    const [a, b] = await Promise.all([answer(michael, poll, [false, true, true]), answer(emma, poll, [true, false, false])]);
    expect(a.statusCode, a.body).toBe(200);
    expect(b.statusCode, b.body).toBe(200);
    const decided = (await mine(sarah)).meetups[0]!;
    expect(decided.status).toBe('confirmed');
    expect(decided.confirmedOptionId).toBe(poll.options[0]!.id);
    expect(decided.options.map((o) => o.yes)).toEqual([2, 1, 2]);

    const mails = await meetupMails([sarah, michael, emma, tom, nadia]);
    expect(mails.map((m) => m.to).sort()).toEqual([emma, michael, sarah].map((m) => m.user.email).sort());
    const start = londonInstant(dayFromNow(5), '18:30');
    for (const m of mails) {
      expect(m.subject).toMatch(/^Meet-up confirmed: /);
      expect(m.text).toContain('The Corner Café');
      expect(m.ics).toHaveLength(1);
      const ics = m.ics[0]!.replace(/\r\n /g, '');
      expect(ics).toContain(
        `DTSTART:${start
          .toISOString()
          .replace(/[-:]/g, '')
          .replace(/\.\d{3}/, '')}`,
      );
      expect(ics).toContain(`UID:meetup-${poll.id}@speedfriendship`);
      expect(ics).toContain('STATUS:CONFIRMED');
      expect(ics).toContain('LOCATION:The Corner Café');
    }
    // Sarah's names the other two.
    expect(mails.find((m) => m.to === sarah.user.email)!.text).toContain("you're meeting Emma and Michael");

    // Answering again changes nothing and sends nothing.
    expect((await answer(emma, poll, [false, false, false])).statusCode).toBe(409);
    expect(await meetupMails([sarah, michael, emma])).toHaveLength(3);
  });

  it('once confirmed, a new one can be planned', async () => {
    const res = await propose(emma, { withIds: [sarah.user.id, michael.user.id], times: [at(20, '11:00')], place: '  Hyde Park, by the bandstand ' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<Meetup>().place).toBe('Hyde Park, by the bandstand');
    // The group's card shows the newest.
    expect((await mine(sarah)).meetups.map((m) => m.id)).toEqual([res.json<Meetup>().id]);
  });

  it('a member leaving goes on without them, and their leaving can decide it; the proposer withdrawing calls it off', async () => {
    const open = (await mine(sarah)).meetups[0]!;
    expect((await answer(emma, open, [true])).statusCode).toBe(200);
    expect((await answer(sarah, open, [true])).statusCode).toBe(200);
    // Michael leaves instead of answering: everyone still in it has answered, so it is confirmed.
    const left = await withdraw(michael, open.id);
    expect(left.statusCode, left.body).toBe(200);
    expect(left.json<Meetup>()).toMatchObject({ status: 'confirmed', youLeft: true });
    const mails = (await meetupMails([sarah, michael, emma])).filter((m) => m.ics.some((i) => i.includes(`UID:meetup-${open.id}@`)));
    expect(mails.map((m) => m.to).sort()).toEqual([emma, sarah].map((m) => m.user.email).sort());
    // Emma proposed it: withdrawing calls it off, and Sarah is mailed a file that cancels it.
    const off = await withdraw(emma, open.id);
    expect(off.json<Meetup>().status).toBe('cancelled');
    const cancelled = (await meetupMails([sarah, michael, emma])).filter((m) => m.subject.startsWith('Meet-up called off'));
    expect(cancelled.map((m) => m.to)).toEqual([sarah.user.email]);
    expect(cancelled[0]!.ics[0]).toContain('STATUS:CANCELLED');
    expect((await withdraw(emma, open.id)).statusCode).toBe(409);
  });
});

describe('a matched pair', () => {
  it("Tom and Sarah plan one from /my-matches; Tom can't plan with Michael (no match) or Nadia", async () => {
    for (const withIds of [[michael.user.id], [nadia.user.id], [michael.user.id, emma.user.id], [sarah.user.id, michael.user.id], [tom.user.id]]) {
      const res = await propose(tom, { withIds, times: [at(4, '19:00')], place: 'Pub' });
      expect(res.statusCode, `${withIds} ${res.body}`).toBe(404);
    }
    const res = await propose(tom, { withIds: [sarah.user.id], times: [at(4, '19:00'), at(6, '19:00')], place: 'The Bell' });
    expect(res.statusCode, res.body).toBe(201);
    const poll = res.json<Meetup>();
    expect(poll.key).toBe([sarah.user.id, tom.user.id].sort((a, b) => a - b).join('-'));
    expect((await answer(sarah, poll, [false, true])).statusCode).toBe(200);
    expect((await answer(tom, poll, [true, true])).json<Meetup>()).toMatchObject({ status: 'confirmed', confirmedOptionId: poll.options[1]!.id });
  });
});

describe('bad input', () => {
  it('is a 4xx that stores nothing: past or far times, more than three, no place, both places, too long, unknown venue', async () => {
    const before = (await pollRows()).length;
    const bad: unknown[] = [
      { withIds: group(), times: [at(-1, '19:00')], place: 'Pub' },
      { withIds: group(), times: [{ day: dayFromNow(0), time: '00:00' }], place: 'Pub' },
      { withIds: group(), times: [at(400, '19:00')], place: 'Pub' },
      { withIds: group(), times: [at(3, '19:00'), at(4, '19:00'), at(5, '19:00'), at(6, '19:00')], place: 'Pub' },
      { withIds: group(), times: [at(3, '19:00'), at(3, '19:00')], place: 'Pub' },
      { withIds: group(), times: [at(3, '19:00')] },
      { withIds: group(), times: [at(3, '19:00')], place: '   ' },
      { withIds: group(), times: [at(3, '19:00')], place: 'Pub', venueId },
      { withIds: group(), times: [at(3, '19:00')], place: 'x'.repeat(121) },
      { withIds: group(), times: [at(3, '25:00')], place: 'Pub' },
      { withIds: group(), times: [{ day: '2026-02-30', time: '19:00' }], place: 'Pub' },
      { withIds: [], times: [at(3, '19:00')], place: 'Pub' },
      { withIds: [michael.user.id, michael.user.id], times: [at(3, '19:00')], place: 'Pub' },
      { withIds: group(), times: [at(3, '19:00')], venueId: 999_999 },
      { withIds: group(), times: [], place: 'Pub' },
      'nonsense',
    ];
    for (const payload of bad) {
      const res = await propose(sarah, payload);
      expect(res.statusCode, `${JSON.stringify(payload)} ${res.body}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }
    expect((await pollRows()).length).toBe(before);
  });
});

describe('a block between two members', () => {
  it('ends the poll for everyone: nobody sees it, answers are 404, and no new one can be planned', async () => {
    const res = await propose(sarah, { withIds: group(), times: [at(9, '19:00')], place: 'The Bell' });
    expect(res.statusCode, res.body).toBe(201);
    const poll = res.json<Meetup>();
    const block = await t.app.inject({ method: 'POST', url: '/api/me/blocks', headers: withCookie(michael.cookie), payload: { userId: emma.user.id } });
    expect(block.statusCode, block.body).toBe(200);
    const [row] = await t.db.select({ status: meetupPolls.status }).from(meetupPolls).where(eq(meetupPolls.id, poll.id));
    expect(row!.status).toBe('ended');
    for (const m of [sarah, michael, emma]) expect((await mine(m)).meetups.some((x) => x.key === poll.key && x.status !== 'cancelled')).toBe(false);
    expect((await answer(sarah, poll, [true])).statusCode).toBe(404);
    const again = await propose(sarah, { withIds: group(), times: [at(9, '19:00')], place: 'The Bell' });
    expect(again.statusCode).toBe(409);
    // The pair of Sarah and Tom is not touched.
    expect((await mine(tom)).meetups).toHaveLength(1);
  });
});

describe('retention', () => {
  it('a poll is deleted RETENTION_DAYS after its latest time, with its people, times and answers', async () => {
    const days = t.config.retentionDays;
    const latest = (await t.db.select({ at: meetupPolls.lastOptionAt }).from(meetupPolls)).map((r) => r.at.getTime());
    const last = Math.max(...latest);
    // A minute before the last poll's time is `days` old, it is kept; after, every poll is gone.
    await privacy.sweep(t.db, new Date(last + days * 86_400_000 - 60_000), days);
    expect((await pollRows()).length).toBeGreaterThan(0);
    await privacy.sweep(t.db, new Date(last + days * 86_400_000 + 60_000), days);
    expect(await pollRows()).toEqual([]);
    for (const table of [meetupMembers, meetupOptions, meetupAnswers]) expect(await t.db.select().from(table)).toEqual([]);
  });
});
