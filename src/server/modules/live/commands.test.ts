/**
 * A host's command starts from the state this instance last heard (docs/decisions/0022). When
 * another instance moved the timer and its message has not arrived yet, the guess is stale: the
 * compare-and-set refuses it, the command is worked out again from the stored state, and nothing
 * is lost or applied twice. Real `ws` clients against a listening server.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { applyCommand } from '@shared/domain/timer';
import { roundHistory } from '../../db/schema/index';
import type { TestContext } from '../../test/harness';
import { liveTestServer, roundOneStarted, setUpEvening, timerRow, type Evening, type PendingRoundStart } from '../../test/live-helpers';
import * as q from './queries';

let t: TestContext;
let base: string;
const { join } = liveTestServer((server) => ({ t, base } = server));

/** What another instance would write: a command applied to the stored state, without telling this one. */
async function elsewhere(eventId: number, cmd: Parameters<typeof applyCommand>[1]) {
  const stored = (await q.findTimer(t.db, eventId))!;
  const r = applyCommand(stored, cmd, Date.now());
  if (!r.ok) throw new Error(r.error);
  expect(await q.writeTimerIf(t.db, eventId, stored.version, r.state)).toBe(true);
  return r.state;
}

describe('a command from a stale guess', () => {
  it('is refused by the stored state, not by the guess, and then applied once from it', async () => {
    const { event, host } = await setUpEvening(t, { guests: 2 });
    const h = (await join(base, { eventId: event.id, userId: host.user.id, isHost: true }, host.cookie)).client;
    h.send({ type: 'start_timer' });
    expect(await h.next('timer_started')).toMatchObject({ currentRound: 1, version: 1 });

    // Another instance pauses; this one still believes the round is running.
    await elsewhere(event.id, { type: 'pause' });
    // Pausing again: the guess (running) allows it, the stored state (paused) does not.
    h.send({ type: 'pause_timer' });
    expect((await h.next('error')).message).toBe('Nothing is running to pause');
    expect(await timerRow(t.db, event.id)).toMatchObject({ phase: 'paused', version: 2 });

    // Resuming: the guess (running) refuses it, the stored state (paused) allows it.
    h.send({ type: 'resume_timer' });
    expect(await h.next('timer_update')).toMatchObject({ phase: 'active', currentRound: 1, version: 3 });
    expect(await timerRow(t.db, event.id)).toMatchObject({ phase: 'active', version: 3 });
  });

  it('a Next Round after another instance started one starts the round after it, not the same one twice', async () => {
    const { event, host } = await setUpEvening(t, { guests: 4 });
    const h = (await join(base, { eventId: event.id, userId: host.user.id, isHost: true }, host.cookie)).client;
    h.send({ type: 'start_timer' });
    await h.next('timer_started');
    await elsewhere(event.id, { type: 'next_round' });
    h.send({ type: 'next_round' });
    expect(await h.next('timer_started')).toMatchObject({ currentRound: 3, version: 3 });
    expect(await timerRow(t.db, event.id)).toMatchObject({ currentRound: 3, version: 3 });
  });
});

describe('a round start in one statement', () => {
  it('two writers from the same version: one wins, the room is read for it, and the rounds are recorded once', async () => {
    const { event, host, present } = await setUpEvening(t, { guests: 3 });
    const h = (await join(base, { eventId: event.id, userId: host.user.id, isHost: true }, host.cookie)).client;
    h.send({ type: 'start_timer' });
    await h.next('timer_started');
    const stored = (await q.findTimer(t.db, event.id))!;
    const r = applyCommand(stored, { type: 'next_round' }, Date.now());
    if (!r.ok) throw new Error(r.error);

    const [a, b] = await Promise.all([q.startRoundIf(t.db, event.id, stored.version, r.state, 1), q.startRoundIf(t.db, event.id, stored.version, r.state, 1)]);
    const rooms = [a, b].filter((x) => x !== null);
    expect(rooms).toHaveLength(1);
    expect(rooms[0]!.guests).toEqual(present.map((g) => g.user.id).sort((x, y) => x - y));
    // Three guests: round 2 was planned at round 1, with everyone in it (two at a table, one bye).
    expect(rooms[0]!.planned).toEqual(rooms[0]!.guests);
    expect(await timerRow(t.db, event.id)).toMatchObject({ currentRound: 2, version: stored.version + 1 });
    const rounds = await t.db
      .select({ round: roundHistory.round, status: roundHistory.status })
      .from(roundHistory)
      .where(eq(roundHistory.eventId, event.id))
      .orderBy(roundHistory.round);
    expect(rounds).toEqual([
      { round: 1, status: 'completed' },
      { round: 2, status: 'active' },
    ]);

    // A writer from the old version now loses, and changes nothing.
    expect(await q.startRoundIf(t.db, event.id, stored.version, { ...r.state, currentRound: 3, version: stored.version + 2 }, 2)).toBeNull();
    expect(await timerRow(t.db, event.id)).toMatchObject({ currentRound: 2 });
    expect(await t.db.select().from(roundHistory).where(eq(roundHistory.eventId, event.id))).toHaveLength(2);
  });
});

describe('round starts of many evenings at once (docs/decisions/0028)', () => {
  it('go together, each evening reads its own room, and a second start or a stale one for an evening loses and changes nothing', async () => {
    const evenings: Evening[] = [];
    for (const guests of [3, 4, 5, 6, 3]) evenings.push(await setUpEvening(t, { guests }));
    const nextRound = await roundOneStarted(t, evenings);
    const [e0, e1, e2, e3, stale] = nextRound as [PendingRoundStart, PendingRoundStart, PendingRoundStart, PendingRoundStart, PendingRoundStart];

    // All in one statement, where e1 is started twice from the same version and e4 from an old one.
    const results = await Promise.all([
      ...[e0, e1, e2, e3].map((s) => q.startRoundIf(t.db, s.eventId, s.version, s.state, 1)),
      q.startRoundIf(t.db, e1.eventId, e1.version, e1.state, 1),
      q.startRoundIf(t.db, stale.eventId, stale.version - 1, stale.state, 1),
    ]);
    const ids = (ev: Evening) => ev.present.map((g) => g.user.id).sort((x, y) => x - y);
    expect(results.slice(0, 4)).toEqual(evenings.slice(0, 4).map((ev) => ({ guests: ids(ev), planned: ids(ev) })));
    expect(results.slice(4)).toEqual([null, null]);

    const rounds = async (eventId: number) =>
      t.db
        .select({ round: roundHistory.round, status: roundHistory.status })
        .from(roundHistory)
        .where(eq(roundHistory.eventId, eventId))
        .orderBy(roundHistory.round);
    for (const s of [e0, e1, e2, e3]) {
      expect(await timerRow(t.db, s.eventId)).toMatchObject({ currentRound: 2, version: s.version + 1 });
      expect(await rounds(s.eventId)).toEqual([
        { round: 1, status: 'completed' },
        { round: 2, status: 'active' },
      ]);
    }
    expect(await timerRow(t.db, stale.eventId)).toMatchObject({ currentRound: 1, version: stale.version });
    expect(await rounds(stale.eventId)).toEqual([{ round: 1, status: 'active' }]);
  });
});
