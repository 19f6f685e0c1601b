/**
 * The rotation: built when round 1 starts, from the guests checked in at that moment; nobody
 * meets twice; byes shared one per round for odd counts; late arrivals join the next round.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, withCookie, type TestContext } from '../../test/harness';
import { checkIn, setUpEvening, type Member } from '../../test/live-helpers';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

interface MyRound {
  round: number;
  table: number | null;
  partner: { id: number; name: string } | null;
}

async function command(eventId: number, host: Member, payload: object) {
  const res = await t.app.inject({ method: 'POST', url: `/api/events/${eventId}/timer`, headers: withCookie(host.cookie), payload });
  expect(res.statusCode, res.body).toBe(200);
}

async function myRotation(eventId: number, m: Member): Promise<MyRound[]> {
  const res = await t.app.inject({ method: 'GET', url: `/api/events/${eventId}/rotation/me`, headers: withCookie(m.cookie) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<MyRound[]>();
}

/** Everyone's rotation as seen by each guest: round -> (guest -> partner id or null). */
async function schedule(eventId: number, people: Member[]) {
  const byRound = new Map<number, Map<number, { partner: number | null; table: number | null }>>();
  for (const m of people) {
    for (const r of await myRotation(eventId, m)) {
      const round = byRound.get(r.round) ?? new Map();
      byRound.set(r.round, round);
      expect(round.has(m.user.id), `guest ${m.user.id} appears twice in round ${r.round}`).toBe(false);
      round.set(m.user.id, { partner: r.partner?.id ?? null, table: r.table });
    }
  }
  return byRound;
}

/** The rules every schedule keeps: symmetric pairs, a table per pair, nobody meets twice, byes only for odd rooms. */
function checkSchedule(byRound: Map<number, Map<number, { partner: number | null; table: number | null }>>) {
  const met = new Set<string>();
  for (const [round, seats] of byRound) {
    const tables = new Set<number>();
    for (const [id, { partner, table }] of seats) {
      if (partner === null) {
        expect(table).toBeNull();
        continue;
      }
      expect(seats.get(partner), `round ${round}: ${id} -> ${partner} is one-sided`).toEqual({ partner: id, table });
      expect(table).toBeGreaterThan(0);
      if (id < partner) {
        const key = `${id}:${partner}`;
        expect(met.has(key), `${key} meet twice (again in round ${round})`).toBe(false);
        met.add(key);
        expect(tables.has(table!)).toBe(false);
        tables.add(table!);
      }
    }
    const byes = [...seats.values()].filter((s) => s.partner === null).length;
    expect(byes, `byes in round ${round}`).toBe(seats.size % 2);
  }
  return met;
}

describe('the rotation', () => {
  it('is built when round 1 starts, from checked-in guests only, nobody meets twice, one bye per round for an odd room', async () => {
    const { event, host, guests, present } = await setUpEvening(t, { guests: 7, checkedIn: 5 });
    const absent = guests.slice(5);
    // Nothing before the first round.
    for (const g of guests) expect(await myRotation(event.id, g)).toEqual([]);

    await command(event.id, host, { type: 'start_timer' });
    const presentIds = new Set(present.map((g) => g.user.id));
    for (const g of present) {
      const mine = await myRotation(event.id, g);
      const first = mine.find((r) => r.round === 1);
      expect(first, `guest ${g.user.id} has a round 1`).toBeDefined();
      if (first!.partner) {
        expect(presentIds.has(first!.partner.id)).toBe(true);
        expect(first!.partner.name).toBeTruthy();
      }
    }
    for (const g of absent) expect(await myRotation(event.id, g)).toEqual([]);
    // A guest sees the round under way and the one up next, never later planned rounds (docs/decisions/0063).
    for (const g of present) expect((await myRotation(event.id, g)).map((r) => r.round)).toEqual([1, 2]);

    // By the end of the evening each guest has seen every round.
    for (let r = 2; r <= 5; r++) await command(event.id, host, { type: 'next_round' });
    const byRound = await schedule(event.id, present);
    expect(byRound.size).toBe(5); // five guests: four partners each plus a bye, over five rounds
    for (const seats of byRound.values()) expect(new Set(seats.keys())).toEqual(presentIds);
    const met = checkSchedule(byRound);
    expect(met.size).toBe(10); // everyone meets everyone once
    // Each guest sits out exactly once over the evening.
    for (const id of presentIds) expect([...byRound.values()].filter((s) => s.get(id)!.partner === null)).toHaveLength(1);

    // The host's full view agrees and names nobody who is not here.
    const res = await t.app.inject({ method: 'GET', url: `/api/events/${event.id}/rotation`, headers: withCookie(host.cookie) });
    expect(res.statusCode).toBe(200);
    const rows = res.json<{ round: number; a: { id: number }; b: { id: number } | null }[]>();
    for (const r of rows) {
      expect(presentIds.has(r.a.id)).toBe(true);
      if (r.b) expect(presentIds.has(r.b.id)).toBe(true);
    }
    // Guests do not get the full rotation; strangers do not get their own.
    expect((await t.app.inject({ method: 'GET', url: `/api/events/${event.id}/rotation`, headers: withCookie(present[0]!.cookie) })).statusCode).toBe(403);
    const stranger = await signUp(t.app);
    expect((await t.app.inject({ method: 'GET', url: `/api/events/${event.id}/rotation/me`, headers: withCookie(stranger.cookie) })).statusCode).toBe(403);
  });

  it('an even room has no byes', async () => {
    const { event, host, present } = await setUpEvening(t, { guests: 4 });
    await command(event.id, host, { type: 'start_timer' });
    for (let r = 2; r <= 3; r++) await command(event.id, host, { type: 'next_round' });
    const byRound = await schedule(event.id, present);
    expect(byRound.size).toBe(3);
    expect(checkSchedule(byRound).size).toBe(6);
  });

  it('a guest checked in after round 1 appears from the next round, and still nobody meets twice', async () => {
    const { event, host, guests, present } = await setUpEvening(t, { guests: 6, checkedIn: 5 });
    const late = guests[5]!;
    await command(event.id, host, { type: 'start_timer' });
    expect(await myRotation(event.id, late)).toEqual([]);

    await checkIn(t.app, event.id, host, late);
    // Not in the round already running.
    expect((await myRotation(event.id, late)).filter((r) => r.round === 1)).toEqual([]);

    await command(event.id, host, { type: 'next_round' });
    const mine = await myRotation(event.id, late);
    expect(mine.map((r) => r.round)).toEqual([2]);
    expect(mine[0]!.partner).not.toBeNull(); // six people now: everyone has a partner
    const everyone = [...present, late];
    const ids = new Set(everyone.map((g) => g.user.id));
    expect(ids.has(mine[0]!.partner!.id)).toBe(true);

    await command(event.id, host, { type: 'next_round' });
    const byRound = await schedule(event.id, everyone);
    expect([...byRound.keys()].sort()).toEqual([1, 2, 3]);
    expect(new Set(byRound.get(1)!.keys())).toEqual(new Set(present.map((g) => g.user.id)));
    expect(new Set(byRound.get(2)!.keys())).toEqual(ids);
    expect(new Set(byRound.get(3)!.keys())).toEqual(ids);
    checkSchedule(byRound);
    expect((await myRotation(event.id, late)).map((r) => r.round)).toEqual([2, 3]);
  });
});
