/**
 * A host's command starts from the state this instance last heard (docs/decisions/0022). When
 * another instance moved the timer and its message has not arrived yet, the guess is stale: the
 * compare-and-set refuses it, the command is worked out again from the stored state, and nothing
 * is lost or applied twice. Real `ws` clients against a listening server.
 */
import { describe, expect, it } from 'vitest';
import { applyCommand } from '@shared/domain/timer';
import type { TestContext } from '../../test/harness';
import { liveTestServer, setUpEvening, timerRow } from '../../test/live-helpers';
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
