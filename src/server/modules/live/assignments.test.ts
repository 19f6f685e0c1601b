/**
 * The state message carries each guest's own place in the round (docs/decisions/0017): the bell
 * reaches a phone with the partner's public profile and the table, so nothing is fetched after it.
 * Real `ws` clients against a listening server.
 */
import { describe, expect, it } from 'vitest';
import type { RoundAssignment, ServerMessage } from '@shared/realtime';
import { withCookie, type TestContext } from '../../test/harness';
import type { BusMessage } from '../../plugins/realtime';
import { checkIn, liveTestServer, setUpEvening } from '../../test/live-helpers';

let t: TestContext;
let base: string;
const { join } = liveTestServer((server) => ({ t, base } = server));

const mineOf = (m: ServerMessage) => ('mine' in m ? m.mine : undefined) as RoundAssignment | null | undefined;

/** The rotation as GET /api/events/:id/rotation/me answers it, for comparison. */
async function restRound(eventId: number, cookie: string, round: number) {
  const res = await t.app.inject({ method: 'GET', url: `/api/events/${eventId}/rotation/me`, headers: withCookie(cookie) });
  expect(res.statusCode).toBe(200);
  return (res.json<RoundAssignment[]>().find((r) => r.round === round) ?? null) as RoundAssignment | null;
}

describe("each guest's place rides on the state message", () => {
  it('round 1 and a later round: every guest gets their own partner and table (a bye as null), the same as the REST rotation; the host gets none', async () => {
    const { event, host, present } = await setUpEvening(t, { guests: 5 });
    const guests = await Promise.all(present.map((g) => join(base, { eventId: event.id, userId: g.user.id }, g.cookie)));
    const hostSocket = await join(base, { eventId: event.id, userId: host.user.id, isHost: true }, host.cookie);
    // Before any round: the guests' sync says so with mine null; the host's has no mine at all.
    for (const g of guests) expect(mineOf(g.sync)).toBeNull();
    expect(mineOf(hostSocket.sync)).toBeUndefined();

    hostSocket.client.send({ type: 'start_timer' });
    for (const round of [1, 2]) {
      if (round === 2) hostSocket.client.send({ type: 'next_round' });
      const got = await Promise.all(guests.map((g) => g.client.next('timer_started', 3000, (m) => m.currentRound === round)));
      const mine = got.map(mineOf);
      // Five guests: two pairs and one bye.
      expect(mine.filter((a) => a?.partner === null)).toHaveLength(1);
      expect(mine.every((a) => a?.round === round)).toBe(true);
      for (let i = 0; i < present.length; i++) {
        expect(mine[i]).toEqual(await restRound(event.id, present[i]!.cookie, round));
        const partner = mine[i]!.partner;
        if (partner) {
          // Pairs are mutual, at the same table; the partner is shown as public profile only.
          const j = present.findIndex((p) => p.user.id === partner.id);
          expect(mine[j]!.partner?.id).toBe(present[i]!.user.id);
          expect(mine[j]!.table).toBe(mine[i]!.table);
          expect(Object.keys(partner).sort()).toEqual(['age', 'bio', 'id', 'interests', 'name', 'profileImage']);
        }
      }
      expect(mineOf(await hostSocket.client.next('timer_started', 3000, (m) => m.currentRound === round))).toBeUndefined();
    }
    // Nobody has the same partner twice.
    for (const g of guests) {
      const partners = g.client.messages
        .filter((m) => m.type === 'timer_started')
        .map((m) => mineOf(m)?.partner?.id ?? null)
        .filter((id) => id !== null);
      expect(new Set(partners).size).toBe(partners.length);
    }
  });

  it('a guest who opens the socket mid-round gets their place at once; a pause keeps it', async () => {
    const { event, host, present } = await setUpEvening(t, { guests: 4 });
    const hostSocket = await join(base, { eventId: event.id, userId: host.user.id, isHost: true }, host.cookie);
    hostSocket.client.send({ type: 'start_timer' });
    await hostSocket.client.next('timer_started');
    const late = await join(base, { eventId: event.id, userId: present[2]!.user.id }, present[2]!.cookie);
    expect(late.sync.currentRound).toBe(1);
    expect(mineOf(late.sync)).toEqual(await restRound(event.id, present[2]!.cookie, 1));
    expect(mineOf(late.sync)?.partner).not.toBeNull();

    hostSocket.client.send({ type: 'pause_timer' });
    const paused = await late.client.next('timer_paused');
    expect(mineOf(paused)).toEqual(mineOf(late.sync));
    late.client.send({ type: 'sync' });
    expect(mineOf(await late.client.next('timer_sync'))).toEqual(mineOf(late.sync));
  });

  it('a registered guest who is not checked in has no place this round (mine null), and learns nothing of others', async () => {
    const { event, host, guests } = await setUpEvening(t, { guests: 3, checkedIn: 2 });
    const absent = await join(base, { eventId: event.id, userId: guests[2]!.user.id }, guests[2]!.cookie);
    const hostSocket = await join(base, { eventId: event.id, userId: host.user.id, isHost: true }, host.cookie);
    hostSocket.client.send({ type: 'start_timer' });
    const started = await absent.client.next('timer_started');
    expect(started.currentRound).toBe(1);
    expect(mineOf(started)).toBeNull();
  });

  it("the evening's places are kept between rounds while the plan stands, and replaced when someone arrives and the round is planned afresh", async () => {
    const { event, host, guests, present } = await setUpEvening(t, { guests: 5, checkedIn: 4 });
    const said: BusMessage[] = [];
    t.app.bus.subscribe((m) => {
      if (m.eventId === event.id && m.kind === 'timer') said.push(m);
    });
    const hostSocket = await join(base, { eventId: event.id, userId: host.user.id, isHost: true }, host.cookie);
    const late = guests[4]!;
    const sockets = await Promise.all([...present, late].map((g) => join(base, { eventId: event.id, userId: g.user.id }, g.cookie)));
    const placesIn = async (round: number) => {
      const got = await Promise.all(sockets.map((g) => g.client.next('timer_started', 3000, (m) => m.currentRound === round)));
      return got.map(mineOf);
    };

    hostSocket.client.send({ type: 'start_timer' });
    const first = await placesIn(1);
    expect(first[4]).toBeNull(); // not here yet
    hostSocket.client.send({ type: 'next_round' });
    const second = await placesIn(2);
    // Four guests, a plan that stands: said so on the bus, and round 2 is the plan's round 2.
    expect(said.filter((m) => m.kind === 'timer' && m.announce === 'timer_started').map((m) => m.kind === 'timer' && m.plan)).toEqual(['written', 'kept']);
    for (let i = 0; i < 4; i++) expect(second[i]).toEqual(await restRound(event.id, present[i]!.cookie, 2));

    // The fifth guest arrives: round 3 is planned afresh, and every phone gets the new plan, the newcomer included.
    await checkIn(t.app, event.id, host, late);
    hostSocket.client.send({ type: 'next_round' });
    const third = await placesIn(3);
    expect(said.at(-1)).toMatchObject({ announce: 'timer_started', plan: 'written' });
    for (const [i, g] of [...present, late].entries()) expect(third[i]).toEqual(await restRound(event.id, g.cookie, 3));
    expect(third[4]).not.toBeNull();
    expect(third.filter((a) => a?.partner === null)).toHaveLength(1);
  });
});
