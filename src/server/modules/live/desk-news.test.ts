/**
 * What the hosts' desks are told and read of the ratings, with real `ws` clients against a listening
 * server: the ratings news (docs/decisions/0128, 0133) and the round history with its progress.
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { roundHistory } from '../../db/schema/index';
import { withCookie, type TestContext } from '../../test/harness';
import { hostTimer, liveTestServer, setUpEvening } from '../../test/live-helpers';

let t: TestContext;
let base: string;
const { join } = liveTestServer((server) => ({ t, base } = server));

/** An evening of `guests` with the host's desk open and round 1 started: its pairs, and each guest by id. */
async function deskInRoundOne(guests: number) {
  const ev = await setUpEvening(t, { guests });
  const { client: desk } = await join(base, { eventId: ev.event.id, userId: ev.host.user.id, isHost: true }, ev.host.cookie);
  await hostTimer(t.app, ev, 'start_timer');
  const res = await t.app.inject({ method: 'GET', url: `/api/events/${ev.event.id}/rotation`, headers: withCookie(ev.host.cookie) });
  const pairs = res.json<{ round: number; a: { id: number }; b: { id: number } | null }[]>().filter((r) => r.round === 1 && r.b);
  const guest = (id: number) => ev.present.find((g) => g.user.id === id)!;
  return { ev, desk, pairs, guest };
}

describe("the hosts' desks hear of new ratings", () => {
  it('at once, then once more after the last of many at once: not once per rating (docs/decisions/0128)', async () => {
    const { ev, desk, pairs, guest } = await deskInRoundOne(10);
    // Every guest rates their round-1 partner, all at once, as right after the bell.
    const answers = await Promise.all(
      pairs.flatMap((p) =>
        [
          [p.a.id, p.b!.id],
          [p.b!.id, p.a.id],
        ].map(([from, to]) =>
          t.app.inject({
            method: 'POST',
            url: `/api/events/${ev.event.id}/ratings`,
            headers: withCookie(guest(from!).cookie),
            payload: { raterId: from, ratedId: to, rating: 4 },
          }),
        ),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 201));
    expect(answers.length).toBe(10);
    // The first is heard at once; those after it within the interval, together at its end.
    await desk.next('ratings_updated');
    await desk.next('ratings_updated', 5_000);
    const total = desk.count('ratings_updated');
    // Ten ratings (and the matches' calculations they set off) within about a second: two messages, a
    // third only if the machine took over a second for them. Before: one per rating and per calculation.
    expect(total).toBeLessThanOrEqual(3);
  });
});

describe("the ratings news carries what the hosts' desks show (docs/decisions/0133)", () => {
  it('the round history and the round in progress, as GET /rounds and /progress answer them, so no desk reads them', async () => {
    const { ev, desk, pairs, guest } = await deskInRoundOne(6);
    // One side of each pair rates: half the room has submitted.
    for (const p of pairs) {
      const r = await t.app.inject({
        method: 'POST',
        url: `/api/events/${ev.event.id}/ratings`,
        headers: withCookie(guest(p.a.id).cookie),
        payload: { raterId: p.a.id, ratedId: p.b!.id, rating: 5 },
      });
      expect(r.statusCode, r.body).toBe(201);
    }
    type News = { rounds?: { round: number; participantsSubmitted: number }[]; progress?: { round: number; rows: { id: number; hasSubmitted: boolean }[] } };
    const last = () => desk.messages.filter((m) => m.type === 'ratings_updated').at(-1) as News | undefined;
    // The news after the last rating says all of them.
    await vi.waitFor(() => expect(last()?.rounds?.[0]?.participantsSubmitted).toBe(pairs.length), { timeout: 5_000 });
    const news = last()!;
    const read = async (url: string) => (await t.app.inject({ method: 'GET', url, headers: withCookie(ev.host.cookie) })).json<unknown>();
    expect(news.rounds).toEqual(await read(`/api/events/${ev.event.id}/rounds`));
    expect(news.progress).toEqual({ round: 1, rows: await read(`/api/events/${ev.event.id}/progress?round=1`) });
    expect(
      news
        .progress!.rows.filter((r) => r.hasSubmitted)
        .map((r) => r.id)
        .sort(),
    ).toEqual(pairs.map((p) => p.a.id).sort());
  });
});

describe('round history', () => {
  it('is recorded per round and visible to the host only', async () => {
    const { event, host, guests } = await setUpEvening(t, { guests: 1 });
    const post = (cookie: string, payload: object) =>
      t.app.inject({ method: 'POST', url: `/api/events/${event.id}/timer`, headers: withCookie(cookie), payload });
    expect((await post(host.cookie, { type: 'start_timer' })).statusCode).toBe(200);
    expect((await post(host.cookie, { type: 'next_round' })).statusCode).toBe(200);
    const res = await t.app.inject({ method: 'GET', url: `/api/events/${event.id}/rounds`, headers: withCookie(host.cookie) });
    expect(res.statusCode).toBe(200);
    expect(res.json().map((r: { round: number; status: string }) => [r.round, r.status])).toEqual([
      [1, 'completed'],
      [2, 'active'],
    ]);
    expect((await t.app.inject({ method: 'GET', url: `/api/events/${event.id}/rounds`, headers: withCookie(guests[0]!.cookie) })).statusCode).toBe(403);
    const rows = await t.db
      .select()
      .from(roundHistory)
      .where(and(eq(roundHistory.eventId, event.id), eq(roundHistory.round, 1)));
    expect(rows).toHaveLength(1);
  });

  it('counts, per round, the paired guests who rated that round’s partner, as the progress panel does', async () => {
    // Three guests: each round two talk and one sits out, so '2 of 2', never '2/3'.
    const { event, host, guests } = await setUpEvening(t, { guests: 3 });
    const post = (cookie: string | undefined, url: string, payload: object) =>
      t.app.inject({ method: 'POST', url, headers: withCookie(cookie ?? ''), payload });
    expect((await post(host.cookie, `/api/events/${event.id}/timer`, { type: 'start_timer' })).statusCode).toBe(200);
    const rotation = (await t.app.inject({ method: 'GET', url: `/api/events/${event.id}/rotation`, headers: withCookie(host.cookie) })).json<
      { round: number; a: { id: number }; b: { id: number } | null }[]
    >();
    const pair = rotation.find((r) => r.round === 1 && r.b)!;
    const byId = (id: number) => guests.find((g) => g.user.id === id)!;
    for (const [rater, rated] of [
      [pair.a.id, pair.b!.id],
      [pair.b!.id, pair.a.id],
    ] as const) {
      const res = await post(byId(rater).cookie, `/api/events/${event.id}/ratings`, { raterId: rater, ratedId: rated, rating: 5, round: 1 });
      expect(res.statusCode, res.body).toBeLessThan(300);
    }
    expect((await post(host.cookie, `/api/events/${event.id}/timer`, { type: 'next_round' })).statusCode).toBe(200);
    const history = (await t.app.inject({ method: 'GET', url: `/api/events/${event.id}/rounds`, headers: withCookie(host.cookie) })).json<
      { round: number; status: string; participantsSubmitted: number; totalParticipants: number }[]
    >();
    expect(history.map((r) => [r.round, r.status, r.participantsSubmitted, r.totalParticipants])).toEqual([
      [1, 'completed', 2, 2],
      [2, 'active', 0, 2],
    ]);
    const progress = (await t.app.inject({ method: 'GET', url: `/api/events/${event.id}/progress?round=1`, headers: withCookie(host.cookie) })).json<
      { hasSubmitted: boolean }[]
    >();
    expect(progress.filter((p) => p.hasSubmitted)).toHaveLength(2);
  });
});
