/**
 * Pairing history across evenings (beyond the spec, GitHub issue 9): when round 1 starts, the
 * rotation avoids seating together two guests who already met at another evening, where others
 * are free; only rounds that took place at that evening count.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pairKey, planRound, planSchedule } from '@shared/domain/rotation';
import { createEvent, createTestApp, createVenue, eventBody, registerFor, signUpHost, signUpMany, withCookie, type TestContext } from '../../test/harness';
import { checkIn, setUpEvening, type Member } from '../../test/live-helpers';
import { pairsMetElsewhere } from './queries';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

interface RotationRow {
  round: number;
  table: number | null;
  a: { id: number };
  b: { id: number } | null;
}

async function command(eventId: number, host: Member, payload: object) {
  const res = await t.app.inject({ method: 'POST', url: `/api/events/${eventId}/timer`, headers: withCookie(host.cookie), payload });
  expect(res.statusCode, res.body).toBe(200);
}

/** The host's view of the whole rotation. */
async function rotation(eventId: number, host: Member): Promise<RotationRow[]> {
  const res = await t.app.inject({ method: 'GET', url: `/api/events/${eventId}/rotation`, headers: withCookie(host.cookie) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<RotationRow[]>();
}

/** Another evening (another host, another venue) these members registered for and were checked in at. */
async function otherEvening(members: Member[]) {
  const host = (await signUpHost(t)) as Member;
  const venue = await createVenue(t.app, host.cookie);
  const event = await createEvent(t.app, host.cookie, eventBody(venue.id, { price: 0 }));
  for (const m of members) {
    const res = await registerFor(t.app, event.id, m);
    expect(res.statusCode, res.body).toBe(201);
    await checkIn(t.app, event.id, host, m);
  }
  return { event, host };
}

const pairsIn = (rows: RotationRow[], round: number) => rows.filter((r) => r.round === round && r.b !== null).map((r) => pairKey(r.a.id, r.b!.id));

/** Every round seats everyone once, in pairs at tables 1..k, and nobody meets twice. */
function expectValid(rows: RotationRow[], ids: number[], rounds: number) {
  const met = new Set<string>();
  for (let round = 1; round <= rounds; round++) {
    const inRound = rows.filter((r) => r.round === round);
    expect(inRound.flatMap((r) => (r.b ? [r.a.id, r.b.id] : [r.a.id])).sort((a, b) => a - b)).toEqual(ids);
    expect(inRound.filter((r) => r.b === null)).toHaveLength(ids.length % 2);
    expect(
      inRound
        .filter((r) => r.b !== null)
        .map((r) => r.table)
        .sort((a, b) => a! - b!),
    ).toEqual(inRound.filter((r) => r.b !== null).map((_, i) => i + 1));
    for (const key of pairsIn(rows, round)) {
      expect(met.has(key), `${key} meet twice`).toBe(false);
      met.add(key);
    }
  }
  expect(Math.max(...rows.map((r) => r.round))).toBe(rounds);
}

describe('pairing history across evenings', () => {
  it('two guests who met at a previous evening are not paired in round 1 tonight while others are free', async () => {
    const tonight = await setUpEvening(t, { guests: 6 });
    const ids = tonight.present.map((g) => g.user.id).sort((a, b) => a - b);
    // Without history, the plan seats the first and the last guest together in round 1.
    const [x, y] = [ids[0]!, ids[5]!];
    expect(planSchedule(ids, 5)[0]!.pairings).toContainEqual({ a: x, b: y, table: 1 });
    const byId = new Map(tonight.present.map((g) => [g.user.id, g]));

    // x and y met at round 1 of an earlier evening, which then ended.
    const before = await otherEvening([byId.get(x)!, byId.get(y)!]);
    await command(before.event.id, before.host, { type: 'start_timer' });
    expect(pairsIn(await rotation(before.event.id, before.host), 1)).toEqual([pairKey(x, y)]);
    await command(before.event.id, before.host, { type: 'end_event' });

    await command(tonight.event.id, tonight.host, { type: 'start_timer' });
    const rows = await rotation(tonight.event.id, tonight.host);
    expectValid(rows, ids, 5);
    expect(pairsIn(rows, 1)).not.toContain(pairKey(x, y));
    // Six guests meet everyone over five rounds: the one repeat is left to the last round.
    const together = rows.filter((r) => r.b !== null && pairKey(r.a.id, r.b.id) === pairKey(x, y)).map((r) => r.round);
    expect(together).toEqual([5]);

    // Each of them sees someone new in round 1.
    const res = await t.app.inject({ method: 'GET', url: `/api/events/${tonight.event.id}/rotation/me`, headers: withCookie(byId.get(x)!.cookie) });
    expect(res.statusCode, res.body).toBe(200);
    const first = res.json<{ round: number; partner: { id: number } | null }[]>().find((r) => r.round === 1)!;
    expect(first.partner).not.toBeNull();
    expect(first.partner!.id).not.toBe(y);
  });

  it('a round planned afresh for a late arrival also avoids a partner met at another evening', async () => {
    const tonight = await setUpEvening(t, { guests: 6, checkedIn: 5 });
    const late = tonight.guests[5]!;
    await command(tonight.event.id, tonight.host, { type: 'start_timer' });

    // Who the late guest would meet in round 2 without history (the same inputs as the server's).
    const met = new Set<string>();
    const byes = new Map<number, number>();
    for (const r of (await rotation(tonight.event.id, tonight.host)).filter((r) => r.round === 1)) {
      if (r.b === null) byes.set(r.a.id, 1);
      else met.add(pairKey(r.a.id, r.b.id));
    }
    const everyone = tonight.guests.map((g) => g.user.id).sort((a, b) => a - b);
    const plain = planRound(everyone, met, byes, 2).pairings.find((p) => p.a === late.user.id || p.b === late.user.id)!;
    const wouldMeet = plain.a === late.user.id ? plain.b! : plain.a;
    const other = tonight.guests.find((g) => g.user.id === wouldMeet)!;

    // They met at round 1 of another evening.
    const before = await otherEvening([late, other]);
    await command(before.event.id, before.host, { type: 'start_timer' });

    await checkIn(t.app, tonight.event.id, tonight.host, late);
    await command(tonight.event.id, tonight.host, { type: 'next_round' });
    const round2 = (await rotation(tonight.event.id, tonight.host)).filter((r) => r.round === 2);
    expect(round2.flatMap((r) => (r.b ? [r.a.id, r.b.id] : [r.a.id])).sort((a, b) => a - b)).toEqual(everyone);
    expect(round2.every((r) => r.b !== null)).toBe(true);
    const mine = round2.find((r) => r.a.id === late.user.id || r.b?.id === late.user.id)!;
    expect([mine.a.id, mine.b!.id]).not.toContain(other.user.id);
    for (const r of round2) expect(met.has(pairKey(r.a.id, r.b!.id))).toBe(false);
  });

  it('counts only rounds that took place at other evenings, between guests here tonight', async () => {
    const tonight = await setUpEvening(t, { guests: 8 });
    const ids = tonight.present.map((g) => g.user.id).sort((a, b) => a - b);
    const [outsider] = (await signUpMany(t.app, 1)) as Member[];

    // Four of tonight's guests and someone else: five rounds planned, only round 1 played.
    const before = await otherEvening([...tonight.present.slice(0, 4), outsider!]);
    await command(before.event.id, before.host, { type: 'start_timer' });
    await command(before.event.id, before.host, { type: 'end_event' });
    const planned = await rotation(before.event.id, before.host);
    expect(new Set(planned.map((r) => r.round))).toEqual(new Set([1, 2, 3, 4, 5]));
    const here = new Set(ids);
    const playedHere = planned.filter((r) => r.round === 1 && r.b !== null && here.has(r.a.id) && here.has(r.b.id)).map((r) => pairKey(r.a.id, r.b!.id));
    expect(playedHere.length).toBeGreaterThan(0);

    const met = async () => new Set((await pairsMetElsewhere(t.db, tonight.event.id, ids)).map((p) => pairKey(p.userA, p.userB)));
    expect(await met()).toEqual(new Set(playedHere));

    // Tonight's own rounds are not "another evening". Eight guests meet everyone over seven rounds: earlier pairs come later.
    await command(tonight.event.id, tonight.host, { type: 'start_timer' });
    expect(await met()).toEqual(new Set(playedHere));
    const rows = await rotation(tonight.event.id, tonight.host);
    expectValid(rows, ids, 7);
    for (const key of playedHere) expect(pairsIn(rows, 1)).not.toContain(key);
  });
});
