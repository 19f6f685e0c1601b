/**
 * The round timer as a pure state machine. The server keeps one per event (persisted) and
 * applies host commands and due transitions; clients only display it, counting down locally
 * from `endsAt` corrected by the server clock offset.
 */
export const GRACE_SECONDS = 60;
import { ROUND_DURATION_SECONDS } from './constants';
/** The host extends a round by one or two minutes (docs/spec/organiser-tools.md: "+2 min" and "extend +1 minute"). */
export const EXTEND_CHOICES_SECONDS = [60, 120] as const;

export type TimerPhase = 'idle' | 'active' | 'paused' | 'grace' | 'ended';

export interface TimerState {
  phase: TimerPhase;
  currentRound: number;
  roundDuration: number;
  /** When the running phase (active or grace) ends, ms since epoch. */
  endsAt: number | null;
  /** Time left when paused, ms. */
  remainingMs: number | null;
  autoAdvance: boolean;
  version: number;
}

export const initialTimer = (roundDuration = ROUND_DURATION_SECONDS): TimerState => ({
  phase: 'idle',
  currentRound: 0,
  roundDuration,
  endsAt: null,
  remainingMs: null,
  autoAdvance: false,
  version: 0,
});

export type TimerCommand =
  | { type: 'start'; duration?: number | undefined; autoAdvance?: boolean | undefined }
  | { type: 'pause' }
  | { type: 'resume' }
  | { type: 'next_round'; duration?: number | undefined }
  | { type: 'extend'; seconds: number }
  | { type: 'end' };

/** What a transition announces to everyone. */
export type TimerAnnouncement = 'timer_started' | 'timer_paused' | 'timer_update' | 'round_complete' | 'grace_started' | 'event_ended';

export type TimerResult = { ok: true; state: TimerState; announce: TimerAnnouncement; roundStarted: boolean } | { ok: false; error: string };

const fail = (error: string): TimerResult => ({ ok: false, error });

export function timeRemainingMs(s: TimerState, now: number): number {
  if (s.phase === 'paused') return Math.max(0, s.remainingMs ?? 0);
  if ((s.phase === 'active' || s.phase === 'grace') && s.endsAt !== null) return Math.max(0, s.endsAt - now);
  return 0;
}

/** Seconds shown to people: whole seconds, rounded up so 0 means done. */
export const timeRemainingSeconds = (s: TimerState, now: number) => Math.ceil(timeRemainingMs(s, now) / 1000);

export const isActive = (s: TimerState) => s.phase === 'active' || s.phase === 'grace';

function startRound(s: TimerState, now: number, duration: number): TimerState {
  return {
    ...s,
    phase: 'active',
    currentRound: s.currentRound + 1,
    roundDuration: duration,
    endsAt: now + duration * 1000,
    remainingMs: null,
    version: s.version + 1,
  };
}

/** A host's command. Commands that make no sense in the current phase are refused, changing nothing. */
export function applyCommand(s: TimerState, cmd: TimerCommand, now: number): TimerResult {
  if (s.phase === 'ended') return fail('The event has ended');
  switch (cmd.type) {
    case 'start': {
      if (s.phase === 'active' || s.phase === 'grace') return fail('A round is already running');
      if (s.phase === 'paused') return fail('The round is paused: resume it or go to the next round');
      const next = startRound(s, now, cmd.duration ?? s.roundDuration);
      return { ok: true, state: { ...next, autoAdvance: cmd.autoAdvance ?? s.autoAdvance }, announce: 'timer_started', roundStarted: true };
    }
    case 'pause': {
      if (s.phase !== 'active' && s.phase !== 'grace') return fail('Nothing is running to pause');
      return {
        ok: true,
        state: { ...s, phase: 'paused', remainingMs: timeRemainingMs(s, now), endsAt: null, version: s.version + 1 },
        announce: 'timer_paused',
        roundStarted: false,
      };
    }
    case 'resume': {
      if (s.phase !== 'paused') return fail('The timer is not paused');
      return {
        ok: true,
        state: { ...s, phase: 'active', endsAt: now + (s.remainingMs ?? 0), remainingMs: null, version: s.version + 1 },
        announce: 'timer_update',
        roundStarted: false,
      };
    }
    case 'next_round': {
      if (s.currentRound === 0) return fail('Start the first round first');
      return { ok: true, state: startRound(s, now, cmd.duration ?? s.roundDuration), announce: 'timer_started', roundStarted: true };
    }
    case 'extend': {
      if (s.phase === 'paused')
        return {
          ok: true,
          state: { ...s, remainingMs: (s.remainingMs ?? 0) + cmd.seconds * 1000, version: s.version + 1 },
          announce: 'timer_paused',
          roundStarted: false,
        };
      if (s.phase === 'grace') {
        // Extending during grace gives the round its time back.
        return {
          ok: true,
          state: { ...s, phase: 'active', endsAt: now + cmd.seconds * 1000, version: s.version + 1 },
          announce: 'timer_update',
          roundStarted: false,
        };
      }
      if (s.phase !== 'active' || s.endsAt === null) return fail('No round is running');
      return { ok: true, state: { ...s, endsAt: s.endsAt + cmd.seconds * 1000, version: s.version + 1 }, announce: 'timer_update', roundStarted: false };
    }
    case 'end':
      return {
        ok: true,
        state: { ...s, phase: 'ended', currentRound: 0, endsAt: null, remainingMs: null, version: s.version + 1 },
        announce: 'event_ended',
        roundStarted: false,
      };
  }
}

/**
 * The transition due by time, if any: a round running out (then grace when auto-advance is
 * on, otherwise round complete), or grace running out (then the next round starts by itself).
 */
export function dueTransition(s: TimerState, now: number): TimerResult | null {
  if (s.endsAt === null || now < s.endsAt) return null;
  if (s.phase === 'active') {
    if (s.autoAdvance) {
      return {
        ok: true,
        state: { ...s, phase: 'grace', endsAt: s.endsAt + GRACE_SECONDS * 1000, version: s.version + 1 },
        announce: 'grace_started',
        roundStarted: false,
      };
    }
    return {
      ok: true,
      state: { ...s, phase: 'idle', endsAt: null, remainingMs: null, version: s.version + 1 },
      announce: 'round_complete',
      roundStarted: false,
    };
  }
  if (s.phase === 'grace') {
    return { ok: true, state: startRound(s, s.endsAt, s.roundDuration), announce: 'timer_started', roundStarted: true };
  }
  return null;
}
