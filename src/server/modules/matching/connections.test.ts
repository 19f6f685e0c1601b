/**
 * The connection log of /live-event (docs/spec/organiser-tools.md §2.16, docs/product.md "The live
 * evening"): GET and POST /api/events/{id}/connections through the real app and database.
 * Only checked-in guests of the event log, a new conversation only while a round runs, the
 * yes/no is a quick rating (yes 4, no 1) that may come after the round; each guest sees only
 * their own log; bad input and refusals change nothing.
 */
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectionLogs, friendSeats, ratings } from '../../db/schema/index';
import { BOOKED_TOGETHER_NO_RATING } from '../tickets/service';
import { createTestApp, expectBadInput, signUp, withCookie, type TestContext } from '../../test/harness';
import { holdRounds, setUpEvening, type Evening, type Member } from '../../test/live-helpers';

interface ConnectionsState {
  personalCode: string;
  connections: {
    participantId: number;
    participantName: string;
    timestamp: string;
    method: 'qr' | 'code' | 'list';
    round: number | null;
    response: 'yes' | 'no' | null;
  }[];
  attendees: { id: number; name: string }[];
}

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const url = (eventId: number | string) => `/api/events/${eventId}/connections`;
const list = (eventId: number | string, cookie: string | undefined) => t.app.inject({ method: 'GET', url: url(eventId), headers: withCookie(cookie) });
const log = (eventId: number | string, cookie: string | undefined, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: url(eventId),
    headers: withCookie(cookie, { 'content-type': 'application/json' }),
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });

async function timer(ev: Evening, type: string) {
  const res = await t.app.inject({ method: 'POST', url: `/api/events/${ev.event.id}/timer`, headers: withCookie(ev.host.cookie), payload: { type } });
  expect(res.statusCode, res.body).toBe(200);
}

async function stateOf(eventId: number, m: Member) {
  const res = await list(eventId, m.cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ConnectionsState>();
}

/** Everything a refused request must leave alone: the event's connection logs and ratings. */
async function snapshot(eventId: number) {
  const [logs] = await t.db.select({ n: count() }).from(connectionLogs).where(eq(connectionLogs.eventId, eventId));
  const [rated] = await t.db.select({ n: count() }).from(ratings).where(eq(ratings.eventId, eventId));
  return { logs: Number(logs!.n), ratings: Number(rated!.n) };
}

async function ratingOf(eventId: number, rater: Member, rated: Member) {
  return t.db
    .select({ rating: ratings.rating, source: ratings.source, round: ratings.round })
    .from(ratings)
    .where(and(eq(ratings.eventId, eventId), eq(ratings.raterId, rater.user.id), eq(ratings.ratedId, rated.user.id)));
}

describe('an evening, round by round', () => {
  let ev: Evening;
  let ann: Member, ben: Member, cat: Member, late: Member;
  /** The rounds in which Ann sat with Ben and with Cat. */
  let metBen: number, metCat: number;
  beforeAll(async () => {
    ev = await setUpEvening(t, { guests: 4, checkedIn: 3 });
    [ann, ben, cat, late] = ev.guests as [Member, Member, Member, Member];
  });

  it('before the first round: a guest sees their own code and the other checked-in guests; logging is refused with 409', async () => {
    const state = await stateOf(ev.event.id, ann);
    expect(state.personalCode).toMatch(/^[0-9A-F]{6}$/);
    expect(state.connections).toEqual([]);
    // The other checked-in guests, by name: not Ann herself, not the guest still at the door.
    expect(state.attendees.map((a) => a.id).sort()).toEqual([ben.user.id, cat.user.id].sort());
    expect(state.attendees.map((a) => a.name)).toEqual([...state.attendees.map((a) => a.name)].sort());
    expect(Object.keys(state.attendees[0]!).sort()).toEqual(['id', 'name']);
    expect((await stateOf(ev.event.id, ben)).personalCode).not.toBe(state.personalCode);

    const before = await snapshot(ev.event.id);
    const res = await log(ev.event.id, ann.cookie, { ratedId: ben.user.id, method: 'list' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Conversations can be logged only while a round is running');
    expect(await snapshot(ev.event.id)).toEqual(before);
  });

  it('during a round: logs by list and by code (any case), with or without a yes/no, and the log shows it', async () => {
    // Three rounds: Ann talks to Ben and to Cat, each in the round the rotation seated them (a yes/no
    // needs that conversation: docs/decisions/0063); the logging happens during round 3.
    await holdRounds(t, ev);
    const rotation = (await t.app.inject({ method: 'GET', url: `/api/events/${ev.event.id}/rotation`, headers: withCookie(ev.host.cookie) })).json<
      { round: number; a: { id: number }; b: { id: number } | null }[]
    >();
    const with_ = (x: Member, y: Member) => rotation.find((r) => r.b && [r.a.id, r.b.id].sort().join() === [x.user.id, y.user.id].sort().join())!.round;
    metBen = with_(ann, ben);
    metCat = with_(ann, cat);
    const byList = await log(ev.event.id, ann.cookie, { ratedId: ben.user.id, method: 'list' });
    expect(byList.statusCode, byList.body).toBe(200);
    const first = byList.json<ConnectionsState>();
    expect(first.connections).toEqual([
      {
        participantId: ben.user.id,
        participantName: ben.user.name,
        timestamp: expect.any(String),
        method: 'list',
        round: 3,
        response: null,
        canDecide: true,
      },
    ]);
    expect(Math.abs(Date.parse(first.connections[0]!.timestamp) - Date.now())).toBeLessThan(60_000);
    expect(await ratingOf(ev.event.id, ann, ben)).toEqual([]);

    const catCode = (await stateOf(ev.event.id, cat)).personalCode;
    const byCode = await log(ev.event.id, ann.cookie, { code: ` ${catCode.toLowerCase()} `, method: 'code', decision: 'yes' });
    expect(byCode.statusCode, byCode.body).toBe(200);
    expect(byCode.json<ConnectionsState>().connections).toMatchObject([
      { participantId: ben.user.id, method: 'list', response: null },
      { participantId: cat.user.id, participantName: cat.user.name, method: 'code', round: 3, response: 'yes' },
    ]);
    expect(await ratingOf(ev.event.id, ann, cat)).toEqual([{ rating: 4, source: 'quick', round: metCat }]);

    // Logging Ben again adds nothing; a 'no' afterwards is a quick rating of 1.
    const before = await snapshot(ev.event.id);
    expect((await log(ev.event.id, ann.cookie, { ratedId: ben.user.id, method: 'list' })).json<ConnectionsState>().connections).toHaveLength(2);
    expect(await snapshot(ev.event.id)).toEqual(before);
    const no = await log(ev.event.id, ann.cookie, { ratedId: ben.user.id, method: 'list', decision: 'no' });
    expect(no.statusCode, no.body).toBe(200);
    expect(no.json<ConnectionsState>().connections.find((c) => c.participantId === ben.user.id)?.response).toBe('no');
    expect(await ratingOf(ev.event.id, ann, ben)).toEqual([{ rating: 1, source: 'quick', round: metBen }]);

    // The same answer from GET; and each guest sees only their own log.
    expect((await stateOf(ev.event.id, ann)).connections.map((c) => [c.participantId, c.response])).toEqual([
      [ben.user.id, 'no'],
      [cat.user.id, 'yes'],
    ]);
    expect((await stateOf(ev.event.id, ben)).connections).toEqual([]);
    expect((await stateOf(ev.event.id, cat)).connections).toEqual([]);
  });

  it('refuses logging yourself (400), a guest not checked in (409) and a code from no guest of this evening (404)', async () => {
    const before = await snapshot(ev.event.id);
    const own = (await stateOf(ev.event.id, ben)).personalCode;
    for (const payload of [
      { ratedId: ben.user.id, method: 'list' },
      { code: own, method: 'code' },
    ]) {
      const res = await log(ev.event.id, ben.cookie, payload);
      expect(expectBadInput(res).message).toBe('That is your own code');
    }
    const absent = await log(ev.event.id, ben.cookie, { ratedId: late.user.id, method: 'list', decision: 'yes' });
    expect(absent.statusCode).toBe(409);
    expect(absent.json().message).toBe('You can only log guests checked in to this event');
    const nobody = await log(ev.event.id, ben.cookie, { ratedId: 2_147_483_647, method: 'list' });
    expect(nobody.statusCode).toBe(409);
    expect(nobody.json().message).toBe('You can only log guests checked in to this event');
    const elsewhere = await setUpEvening(t, { guests: 1 });
    const theirCode = (await stateOf(elsewhere.event.id, elsewhere.guests[0]!)).personalCode;
    for (const code of [theirCode, 'ZZZZZZZZZZZZ']) {
      const res = await log(ev.event.id, ben.cookie, { code, method: 'code' });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('No guest of this event has that code');
    }
    expect(await snapshot(ev.event.id)).toEqual(before);
  });

  it('a guest who is registered but not yet checked in sees their code, but cannot log (409)', async () => {
    const state = await stateOf(ev.event.id, late);
    expect(state.personalCode).toMatch(/^[0-9A-F]{6}$/);
    expect(state.connections).toEqual([]);
    const before = await snapshot(ev.event.id);
    const res = await log(ev.event.id, late.cookie, { ratedId: ann.user.id, method: 'list' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Check in to this event first');
    expect(await snapshot(ev.event.id)).toEqual(before);
  });

  it('between rounds: no new conversation (409), but a logged one can still be answered', async () => {
    await timer(ev, 'pause_timer');
    const before = await snapshot(ev.event.id);
    const fresh = await log(ev.event.id, ben.cookie, { ratedId: cat.user.id, method: 'list', decision: 'yes' });
    expect(fresh.statusCode).toBe(409);
    expect(fresh.json().message).toBe('Conversations can be logged only while a round is running');
    expect(await snapshot(ev.event.id)).toEqual(before);

    const changed = await log(ev.event.id, ann.cookie, { ratedId: ben.user.id, method: 'list', decision: 'yes' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await ratingOf(ev.event.id, ann, ben)).toEqual([{ rating: 4, source: 'quick', round: metBen }]);
    expect(await snapshot(ev.event.id)).toEqual(before);
  });

  it('once the host releases the matches, answers are final (409)', async () => {
    await timer(ev, 'end_event');
    const release = await t.app.inject({ method: 'POST', url: `/api/events/${ev.event.id}/release-contacts`, headers: withCookie(ev.host.cookie) });
    expect(release.statusCode, release.body).toBe(200);
    const res = await log(ev.event.id, ann.cookie, { ratedId: cat.user.id, method: 'code', decision: 'no' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Ratings are closed: the host has released the matches');
    expect(await ratingOf(ev.event.id, ann, cat)).toEqual([{ rating: 4, source: 'quick', round: metCat }]);
    // The log itself stays readable.
    expect((await stateOf(ev.event.id, ann)).connections).toHaveLength(2);
  });
});

describe('who may see and log', () => {
  let ev: Evening;
  let ann: Member, ben: Member;
  let otherGuest: Member;
  beforeAll(async () => {
    ev = await setUpEvening(t, { guests: 2 });
    [ann, ben] = ev.guests as [Member, Member];
    otherGuest = (await setUpEvening(t, { guests: 1 })).guests[0]!;
    await timer(ev, 'start_timer');
  });

  it('a visitor gets 401 for both, and nothing is logged', async () => {
    const before = await snapshot(ev.event.id);
    for (const res of [await list(ev.event.id, undefined), await log(ev.event.id, undefined, { ratedId: ann.user.id, method: 'list' })]) {
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe('Please log in first');
    }
    expect(await snapshot(ev.event.id)).toEqual(before);
  });

  it("another evening's guest, a member with no ticket and the host get 403: the log is for guests of this evening", async () => {
    const member = await signUp(t.app);
    const before = await snapshot(ev.event.id);
    for (const who of [otherGuest, member as Member, ev.host]) {
      const seen = await list(ev.event.id, who.cookie);
      expect(seen.statusCode).toBe(403);
      expect(seen.json().message).toBe('Only guests of this event');
      expect(seen.body).not.toContain(ann.user.name);
      const logged = await log(ev.event.id, who.cookie, { ratedId: ann.user.id, method: 'list', decision: 'yes' });
      expect(logged.statusCode).toBe(403);
      expect(logged.json().message).toBe('Only guests of this event');
    }
    expect(await snapshot(ev.event.id)).toEqual(before);
  });

  it('an unknown evening is 404 (Event not found)', async () => {
    for (const res of [await list(99_999_999, ann.cookie), await log(99_999_999, ann.cookie, { ratedId: ben.user.id, method: 'list' })]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Event not found');
    }
  });
});

describe('bad input', () => {
  let ev: Evening;
  let ann: Member, ben: Member;
  beforeAll(async () => {
    ev = await setUpEvening(t, { guests: 2 });
    [ann, ben] = ev.guests as [Member, Member];
    await timer(ev, 'start_timer');
  });

  it.each(['abc', '0', '-1', '1.5', '2147483648', '99999999999999999999'])('an event id %s is 400 in the bad-input shape', async (id) => {
    const before = await snapshot(ev.event.id);
    for (const res of [await list(id, ann.cookie), await log(id, ann.cookie, { ratedId: ben.user.id, method: 'list' })]) {
      const body = expectBadInput(res);
      expect(body.errors.some((e) => e.path.startsWith('params'))).toBe(true);
    }
    expect(await snapshot(ev.event.id)).toEqual(before);
  });

  const bodies: [string, unknown, string][] = [
    ['no method', { ratedId: 1 }, 'method'],
    ['an unknown method', { ratedId: 1, method: 'sms' }, 'method'],
    ['an unknown decision', { ratedId: 1, method: 'list', decision: 'maybe' }, 'decision'],
    ['a string id', { ratedId: '1', method: 'list' }, 'ratedId'],
    ['a fractional id', { ratedId: 1.5, method: 'list' }, 'ratedId'],
    ['a zero id', { ratedId: 0, method: 'list' }, 'ratedId'],
    ['a negative id', { ratedId: -4, method: 'list' }, 'ratedId'],
    ['an id of 2^31', { ratedId: 2_147_483_648, method: 'list' }, 'ratedId'],
    ['an id far beyond 2^31', { ratedId: 1e20, method: 'list' }, 'ratedId'],
    ['an empty code', { code: '', method: 'code' }, 'code'],
    ['a blank code', { code: '   ', method: 'code' }, 'code'],
    ['a code of 13 characters', { code: 'ABCDEFGHIJKLM', method: 'code' }, 'code'],
    ['a numeric code', { code: 123456, method: 'code' }, 'code'],
  ];
  it.each(bodies)('a body with %s is 400, naming the field, and logs nothing', async (_name, payload, path) => {
    const before = await snapshot(ev.event.id);
    const body = expectBadInput(await log(ev.event.id, ann.cookie, payload));
    expect(body.errors.map((e) => e.path)).toContain(path);
    expect(await snapshot(ev.event.id)).toEqual(before);
  });

  it('nobody chosen, an array, or a body that is not JSON is 400, and logs nothing', async () => {
    const before = await snapshot(ev.event.id);
    expect(expectBadInput(await log(ev.event.id, ann.cookie, { method: 'list', decision: 'yes' })).message).toBe('Choose who you talked to');
    expectBadInput(await log(ev.event.id, ann.cookie, [{ ratedId: ben.user.id, method: 'list' }]));
    expect(expectBadInput(await log(ev.event.id, ann.cookie, '{"ratedId": 1,')).message).toBe('The request body is not valid JSON');
    expect(await snapshot(ev.event.id)).toEqual(before);
  });
});

describe('two friends who booked together', () => {
  it('a yes/no between them is refused as on the rating card, even in a round they shared, and stores nothing', async () => {
    // Friends are never seated together by the plan (decision 0075); here the two already sat
    // together when the friend seat was accepted, so only the rating rule stands between them.
    const ev = await setUpEvening(t, { guests: 4 });
    await holdRounds(t, ev, 2);
    const res = await t.app.inject({ method: 'GET', url: `/api/events/${ev.event.id}/rotation`, headers: withCookie(ev.host.cookie) });
    const pair = res.json<{ round: number; a: { id: number }; b: { id: number } | null }[]>().find((r) => r.round === 1 && r.b)!;
    const [a, b] = [ev.present.find((g) => g.user.id === pair.a.id)!, ev.present.find((g) => g.user.id === pair.b!.id)!];
    await t.db.insert(friendSeats).values({
      kind: 'bring',
      eventId: ev.event.id,
      fromUserId: a.user.id,
      email: b.user.email,
      tokenHash: `booked-together-${ev.event.id}`,
      status: 'accepted',
      acceptedBy: b.user.id,
    });
    // While round 2 runs: the one-statement path refuses, and so does the path that asks rule by rule.
    let before = await snapshot(ev.event.id);
    const running = await log(ev.event.id, a.cookie, { ratedId: b.user.id, method: 'list', decision: 'yes' });
    expect(running.statusCode, running.body).toBe(409);
    expect(running.json().message).toBe(BOOKED_TOGETHER_NO_RATING);
    expect(await snapshot(ev.event.id)).toEqual(before);
    // The conversation logged without a decision (that is allowed), then decided between rounds:
    // only the rule-by-rule path runs then, and it refuses too.
    expect((await log(ev.event.id, a.cookie, { ratedId: b.user.id, method: 'list' })).statusCode).toBe(200);
    await timer(ev, 'pause_timer');
    before = await snapshot(ev.event.id);
    const paused = await log(ev.event.id, a.cookie, { ratedId: b.user.id, method: 'list', decision: 'yes' });
    expect(paused.statusCode, paused.body).toBe(409);
    expect(paused.json().message).toBe(BOOKED_TOGETHER_NO_RATING);
    expect(await snapshot(ev.event.id)).toEqual(before);
    expect(await ratingOf(ev.event.id, a, b)).toEqual([]);
  });
});
