import { ROUND_DURATION_SECONDS } from '@shared/domain/constants';
import { GRACE_SECONDS } from '@shared/domain/timer';
import type { TimerStateMessage } from '@shared/realtime';
import { ROUND_DURATIONS } from '@shared/schemas/events';

/** docs/spec/member-app.md §4/§9: the progress bar is relative to the standard round (300 seconds). */
export const PROGRESS_BASE_SECONDS = ROUND_DURATION_SECONDS;
/** docs/spec/organiser-tools.md §9: the switch overlay shows for 20 s, vibrating every 2 s and beeping every 1 s. */
export const SWITCH_OVERLAY_MS = 20_000;
/** A guest who taps inside the overlay (a rating) keeps it at least this long after the tap, to see "Saved". */
export const SWITCH_HOLD_MS = 5_000;
export const VIBRATE_PATTERN = [300, 200, 300, 200, 300, 500];
export const VIBRATE_EVERY_MS = 2_000;
export const BEEP_HZ = 800;
export const BEEP_EVERY_MS = 1_000;

export { GRACE_SECONDS };

/** The host's round length choices (docs/spec/member-app.md §9), in words. */
export const DURATION_CHOICES = ROUND_DURATIONS.map((seconds) => ({ seconds, label: durationLabel(seconds) }));

export function durationLabel(seconds: number): string {
  if (seconds === 3600) return '1 hour';
  if (seconds === 5400) return '1.5 hours';
  const m = Math.round(seconds / 60);
  return `${m} ${m === 1 ? 'minute' : 'minutes'}`;
}

/** '5-minute rounds'. */
export function roundLengthPhrase(seconds: number): string {
  if (seconds >= 3600 && seconds % 1800 === 0) return `${seconds / 3600}-hour rounds`;
  return `${Math.round(seconds / 60)}-minute rounds`;
}

export type Phase = TimerStateMessage['phase'];

/** What the room is doing, derived from the state: a finished round is idle with its number kept. */
export type Stage = 'waiting' | 'active' | 'paused' | 'grace' | 'complete' | 'ended';

export function stageOf(t: TimerStateMessage | null): Stage {
  if (!t) return 'waiting';
  if (t.phase === 'idle') return t.currentRound > 0 ? 'complete' : 'waiting';
  return t.phase;
}

/** Host console badge (docs/spec/organiser-tools.md §2.6 plus the states the real timer has). */
export const HOST_STAGE_LABEL: Record<Stage, string> = {
  waiting: 'Waiting',
  active: 'Active',
  grace: 'Grace Period',
  paused: 'Paused',
  complete: 'Round Complete',
  ended: 'Ended',
};

/** Dashboard statuses (docs/spec/organiser-tools.md §4): waiting, active, break, completed. */
export type DashboardStatus = 'waiting' | 'active' | 'break' | 'completed';
export function dashboardStatus(t: TimerStateMessage): DashboardStatus {
  switch (stageOf(t)) {
    case 'waiting':
      return 'waiting';
    case 'active':
    case 'grace':
      return 'active';
    case 'paused':
    case 'complete':
      return 'break';
    case 'ended':
      return 'completed';
  }
}

/** Participant colours (docs/spec/member-app.md §9): red at 30 s or less, orange at 60 s or less. Light on a dark panel. */
export function participantTone(stage: Stage, seconds: number): 'normal' | 'orange' | 'red' | 'grace' | 'muted' {
  if (stage === 'grace') return 'grace';
  if (stage !== 'active' && stage !== 'paused') return 'muted';
  if (seconds <= 30) return 'red';
  if (seconds <= 60) return 'orange';
  return 'normal';
}

/** Text colours for the dark timer panel; each passes AA against it. */
export const DARK_TONE_TEXT = {
  normal: 'text-cream',
  orange: 'text-orange-300',
  red: 'text-red-400',
  grace: 'text-amber-300',
  muted: 'text-wine-200',
} as const;

export const DARK_TONE_BAR = {
  normal: 'bg-emerald-400',
  orange: 'bg-orange-400',
  red: 'bg-red-500',
  grace: 'bg-amber-300',
  muted: 'bg-wine-300',
} as const;

/** Host console bar (docs/spec/organiser-tools.md §4): red at 60 s or less, otherwise green; yellow in grace. */
export function hostTone(stage: Stage, seconds: number): 'green' | 'red' | 'yellow' | 'muted' {
  if (stage === 'grace') return 'yellow';
  if (stage !== 'active' && stage !== 'paused') return 'muted';
  return seconds <= 60 ? 'red' : 'green';
}

/** Dashboard time colours (docs/spec/organiser-tools.md §4): 30 s or less red, 60 s or less yellow, else green. */
export function dashboardTone(seconds: number): 'red' | 'yellow' | 'green' {
  if (seconds <= 30) return 'red';
  if (seconds <= 60) return 'yellow';
  return 'green';
}

/** Share of the bar to fill (0-100). */
export function barPercent(seconds: number, base: number): number {
  if (base <= 0) return 0;
  return Math.max(0, Math.min(100, (seconds / base) * 100));
}

/** Seconds to show: a waiting or finished timer shows the next round's full length or zero. */
export function displaySeconds(t: TimerStateMessage | null, remaining: number): number {
  const stage = stageOf(t);
  if (stage === 'waiting') return t?.roundDuration ?? PROGRESS_BASE_SECONDS;
  if (stage === 'complete' || stage === 'ended') return 0;
  return remaining;
}
