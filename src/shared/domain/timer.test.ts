import { describe, expect, it } from 'vitest';
import { applyCommand, dueTransition, initialTimer, timeRemainingSeconds, type TimerState } from './timer';

const ok = (r: ReturnType<typeof applyCommand> | null): TimerState => {
  if (!r || !r.ok) throw new Error(r ? r.error : 'no transition');
  return r.state;
};

describe('round timer', () => {
  const t0 = 1_000_000;

  it('starts round 1 for 300 s and counts down from endsAt', () => {
    const s = ok(applyCommand(initialTimer(), { type: 'start' }, t0));
    expect(s).toMatchObject({ phase: 'active', currentRound: 1, endsAt: t0 + 300_000 });
    expect(timeRemainingSeconds(s, t0 + 1)).toBe(300);
    expect(timeRemainingSeconds(s, t0 + 299_001)).toBe(1);
  });

  it('pauses with the time left and resumes from it', () => {
    const a = ok(applyCommand(initialTimer(), { type: 'start', duration: 600 }, t0));
    const p = ok(applyCommand(a, { type: 'pause' }, t0 + 100_000));
    expect(p).toMatchObject({ phase: 'paused', remainingMs: 500_000, endsAt: null });
    expect(timeRemainingSeconds(p, t0 + 999_999)).toBe(500);
    const r = ok(applyCommand(p, { type: 'resume' }, t0 + 200_000));
    expect(r.endsAt).toBe(t0 + 700_000);
  });

  it('completes a round without auto-advance, keeping the round number', () => {
    const a = ok(applyCommand(initialTimer(), { type: 'start' }, t0));
    expect(dueTransition(a, t0 + 299_999)).toBeNull();
    const done = dueTransition(a, t0 + 300_000);
    expect(done).toMatchObject({ ok: true, announce: 'round_complete' });
    expect(ok(done)).toMatchObject({ phase: 'idle', currentRound: 1 });
  });

  it('with auto-advance: 60 s grace, then the next round by itself', () => {
    const a = ok(applyCommand(initialTimer(), { type: 'start', autoAdvance: true }, t0));
    const g = ok(dueTransition(a, t0 + 300_500));
    expect(g).toMatchObject({ phase: 'grace', endsAt: t0 + 360_000 });
    const n = dueTransition(g, t0 + 360_000);
    expect(n).toMatchObject({ ok: true, announce: 'timer_started', roundStarted: true });
    expect(ok(n)).toMatchObject({ phase: 'active', currentRound: 2, endsAt: t0 + 660_000 });
  });

  it('extends by whole minutes and refuses nonsense', () => {
    const a = ok(applyCommand(initialTimer(), { type: 'start' }, t0));
    expect(ok(applyCommand(a, { type: 'extend', seconds: 120 }, t0)).endsAt).toBe(t0 + 420_000);
    expect(applyCommand(initialTimer(), { type: 'pause' }, t0)).toMatchObject({ ok: false });
    expect(applyCommand(initialTimer(), { type: 'next_round' }, t0)).toMatchObject({ ok: false });
    expect(applyCommand(a, { type: 'start' }, t0)).toMatchObject({ ok: false });
  });

  it('ending resets round and time to 0 and nothing moves it afterwards', () => {
    const a = ok(applyCommand(initialTimer(), { type: 'start' }, t0));
    const e = ok(applyCommand(a, { type: 'end' }, t0 + 5));
    expect(e).toMatchObject({ phase: 'ended', currentRound: 0 });
    expect(timeRemainingSeconds(e, t0)).toBe(0);
    expect(applyCommand(e, { type: 'start' }, t0)).toMatchObject({ ok: false });
    expect(dueTransition(e, t0 + 1e9)).toBeNull();
  });

  it('every transition bumps the version (so each happens once across instances)', () => {
    let s = initialTimer();
    const versions = [s.version];
    for (const cmd of [{ type: 'start' }, { type: 'pause' }, { type: 'resume' }, { type: 'next_round' }, { type: 'end' }] as const) {
      s = ok(applyCommand(s, cmd, t0));
      versions.push(s.version);
    }
    expect(new Set(versions).size).toBe(versions.length);
  });
});
