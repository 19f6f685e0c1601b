/**
 * The evening planned ahead as its guests check in (docs/decisions/0029, 0053, 0103): the plan
 * follows the door soon after each change (the door does not wait for it), a rush of arrivals shares
 * a plan, and the host's Start on this instance waits for the plan still to come, so however soon
 * after the last check-in it comes, it finds the plan standing and writes none; a guest checked in
 * by a path that does not go through the door is planned in when round 1 starts; guests see no plan
 * before then. Real `ws` clients against a listening server.
 */
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import type { RoundAssignment, ServerMessage } from '@shared/realtime';
import { registrations, rotations } from '../../db/schema/index';
import type { BusMessage } from '../../plugins/realtime';
import { withCookie, type TestContext } from '../../test/harness';
import { checkIn, liveTestServer, setUpEvening, type Evening } from '../../test/live-helpers';
import * as live from './service';

let t: TestContext;
let base: string;
const { join } = liveTestServer((server) => ({ t, base } = server), { livePlanAhead: true });

/** Checked in straight in the database, by no path that tells the door (nor plans ahead). */
const inBehindTheDoor = (eventId: number, g: Evening['present'][number]) =>
  t.db
    .update(registrations)
    .set({ checkedIn: true, checkedInAt: new Date(), checkInMethod: 'search' })
    .where(and(eq(registrations.eventId, eventId), eq(registrations.userId, g.user.id)));

const mineOf = (m: ServerMessage) => ('mine' in m ? m.mine : undefined) as RoundAssignment | null | undefined;

async function get<T>(url: string, cookie: string) {
  const res = await t.app.inject({ method: 'GET', url, headers: withCookie(cookie) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<T>();
}

/** The stored plan's rows, each with the transaction that wrote it (xmin), which shows whether the plan was written again. */
async function storedPlan(eventId: number) {
  const r = await t.db.execute(
    sql`select round, table_no, user_a, user_b, xmin::text as written_by from ${rotations} where event_id = ${eventId} order by round, table_no nulls last, user_a`,
  );
  return (r as unknown as { rows: { round: number; table_no: number | null; user_a: number; user_b: number | null; written_by: string }[] }).rows.map(
    (row) => ({
      round: row.round,
      table: row.table_no,
      pair: [row.user_a, row.user_b],
      writtenBy: row.written_by,
    }),
  );
}

/** Who the stored plan puts into round 1, sorted. */
async function plannedIntoRoundOne(eventId: number) {
  const rows = (await storedPlan(eventId)).filter((r) => r.round === 1);
  return rows
    .flatMap((r) => r.pair)
    .filter((id): id is number => id !== null)
    .sort((a, b) => a - b);
}
const idsOf = (members: Evening['present']) => members.map((g) => g.user.id).sort((a, b) => a - b);

/** The plan follows the door: wait until it counts exactly these guests (a plan begins once the door is quiet for PLAN_AHEAD_QUIET_MS). */
const plannedFor = (eventId: number, members: Evening['present']) =>
  vi.waitFor(async () => expect(await plannedIntoRoundOne(eventId)).toEqual(idsOf(members)), { timeout: 10_000, interval: 50 });

function heardOnTheBus(eventId: number) {
  const said: BusMessage[] = [];
  t.app.bus.subscribe((m) => {
    if (m.eventId === eventId && (m.kind === 'rotation_planned' || (m.kind === 'timer' && m.announce === 'timer_started'))) said.push(m);
  });
  return said;
}

describe('the evening planned ahead as its guests check in', () => {
  it('is planned for everyone at the door, hidden from guests until round 1, and standing when the host starts right after the last check-in: nothing is written then and every phone gets its place', async () => {
    const { event, host, guests, present } = await setUpEvening(t, { guests: 6, checkedIn: 4 });
    const said = heardOnTheBus(event.id);
    // The plan follows the door: once it is quiet, a plan counts the four guests checked in.
    await plannedFor(event.id, present);
    // The host sees the plan as it stands; a guest sees none before the evening starts.
    expect((await get<unknown[]>(`/api/events/${event.id}/rotation`, host.cookie)).length).toBeGreaterThan(0);
    expect(await get<unknown[]>(`/api/events/${event.id}/rotation/me`, present[0]!.cookie)).toEqual([]);

    const phones = await Promise.all(guests.map((g) => join(base, { eventId: event.id, userId: g.user.id }, g.cookie)));
    const hostSocket = await join(base, { eventId: event.id, userId: host.user.id, isHost: true }, host.cookie);

    // Two more arrive back to back, and the host presses Start the moment the last is answered: the
    // plan that counts them was still to come (waiting for the door to go quiet).
    const plansBefore = said.filter((m) => m.kind === 'rotation_planned').length;
    await checkIn(t.app, event.id, host, guests[4]!);
    await checkIn(t.app, event.id, host, guests[5]!);
    hostSocket.client.send({ type: 'start_timer' });
    const got = (await Promise.all(phones.map((p) => p.client.next('timer_started', 3000)))).map(mineOf);
    // The start waited for that plan: it was written before the bell, which kept it and wrote nothing.
    expect(said.slice(-2)).toMatchObject([{ kind: 'rotation_planned' }, { kind: 'timer', plan: 'kept' }]);
    expect(said.filter((m) => m.kind === 'rotation_planned').length).toBeGreaterThan(plansBefore);
    expect(await plannedIntoRoundOne(event.id)).toEqual(idsOf(guests));
    // One plan's rows (one transaction wrote them all), and each phone's place is the stored one.
    expect(new Set((await storedPlan(event.id)).map((r) => r.writtenBy)).size).toBe(1);
    for (const [i, g] of guests.entries()) {
      const mine = await get<RoundAssignment[]>(`/api/events/${event.id}/rotation/me`, g.cookie);
      expect(got[i]).toEqual(mine.find((r) => r.round === 1));
    }
    expect(got.filter((a) => a?.partner === null)).toHaveLength(0);
  });

  it('a guest checked in where the door did not see it is planned in by the start, and planning ahead after the start changes nothing', async () => {
    const { event, host, guests, present } = await setUpEvening(t, { guests: 4, checkedIn: 3 });
    const said = heardOnTheBus(event.id);
    await plannedFor(event.id, present);
    const phones = await Promise.all(guests.map((g) => join(base, { eventId: event.id, userId: g.user.id }, g.cookie)));
    const hostSocket = await join(base, { eventId: event.id, userId: host.user.id, isHost: true }, host.cookie);

    // The fourth guest is in, written straight into the database: the door said nothing of it.
    await inBehindTheDoor(event.id, guests[3]!);
    hostSocket.client.send({ type: 'start_timer' });
    const got = (await Promise.all(phones.map((p) => p.client.next('timer_started', 3000)))).map(mineOf);
    // The start planned them, or a plan ahead still to come when it was pressed did, before the bell
    // (the start waits for it); either way nobody sits out and the bell's places are the stored ones.
    expect(said.at(-1)).toMatchObject({ kind: 'timer' });
    expect(got.every((a) => a?.partner !== null)).toBe(true);
    expect(await plannedIntoRoundOne(event.id)).toEqual(idsOf([...present, guests[3]!]));

    // A plan ahead falling due once the evening has started leaves its plan alone.
    const started = await storedPlan(event.id);
    expect(await live.planAhead(t.db, event.id)).toBe(false);
    expect(await storedPlan(event.id)).toEqual(started);
  });

  it('with no plan ahead at all (nobody came through the door), the start plans the room itself', async () => {
    const { event, host, guests } = await setUpEvening(t, { guests: 4, checkedIn: 0 });
    const said = heardOnTheBus(event.id);
    for (const g of guests) await inBehindTheDoor(event.id, g);
    const phones = await Promise.all(guests.map((g) => join(base, { eventId: event.id, userId: g.user.id }, g.cookie)));
    const hostSocket = await join(base, { eventId: event.id, userId: host.user.id, isHost: true }, host.cookie);
    hostSocket.client.send({ type: 'start_timer' });
    const got = (await Promise.all(phones.map((p) => p.client.next('timer_started', 3000)))).map(mineOf);
    expect(said).toMatchObject([{ kind: 'timer', plan: 'written' }]);
    expect(got.every((a) => a?.round === 1 && a.partner !== null)).toBe(true);
    expect(await plannedIntoRoundOne(event.id)).toEqual(idsOf(guests));
  });

  it('phones opened only after everyone checked in get their places from the plan kept at the start', async () => {
    const { event, host, guests } = await setUpEvening(t, { guests: 6 });
    const said = heardOnTheBus(event.id);
    const phones = await Promise.all(guests.map((g) => join(base, { eventId: event.id, userId: g.user.id }, g.cookie)));
    const hostSocket = await join(base, { eventId: event.id, userId: host.user.id, isHost: true }, host.cookie);
    hostSocket.client.send({ type: 'start_timer' });
    const got = (await Promise.all(phones.map((p) => p.client.next('timer_started', 3000)))).map(mineOf);
    expect(said.at(-1)).toMatchObject({ kind: 'timer', plan: 'kept' });
    expect(got.every((a) => a?.round === 1 && a.partner !== null)).toBe(true);
  });

  it('eight guests checked in at the same moment at several desks share at most two plans, and all are in the plan', async () => {
    const { event, host, guests } = await setUpEvening(t, { guests: 8, checkedIn: 0 });
    const said = heardOnTheBus(event.id);
    await Promise.all(guests.map((g) => checkIn(t.app, event.id, host, g)));
    await plannedFor(event.id, guests);
    // A rush shares a plan, begun once the door is quiet (two if the rush itself had a quiet second).
    expect(said.filter((m) => m.kind === 'rotation_planned').length).toBeLessThanOrEqual(2);
  });

  it('a mistaken check-in undone at the door is planned out again', async () => {
    const { event, host, present } = await setUpEvening(t, { guests: 3 });
    await plannedFor(event.id, present);
    const res = await t.app.inject({ method: 'DELETE', url: `/api/events/${event.id}/door/check-in/${present[2]!.user.id}`, headers: withCookie(host.cookie) });
    expect(res.statusCode, res.body).toBe(200);
    await plannedFor(event.id, present.slice(0, 2));
  });
});
