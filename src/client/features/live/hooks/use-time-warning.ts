import { useEffect, useRef, useState } from 'react';
import type { TimerStateMessage } from '@shared/realtime';
import { stageOf } from '../lib/timer';

export type TimeWarning = 'minute' | 'half';

/** How long the one-minute or 30-second warning stays on screen. */
export const WARNING_SHOWN_MS = 6_000;

const rank = (seconds: number) => (seconds > 60 ? 0 : seconds > 30 ? 1 : 2);

/**
 * The one-minute and 30-second warnings of a running round (docs/decisions/0080): when the time
 * left crosses 60 s or 30 s, `onWarn` is called once (sound and vibration) and the warning is
 * returned for WARNING_SHOWN_MS, to be shown on screen. Nothing for the time found on arrival, a
 * paused round, or a new round.
 */
export function useTimeWarning(timer: TimerStateMessage | null, remaining: number, onWarn: (w: TimeWarning) => void): TimeWarning | null {
  const [shown, setShown] = useState<TimeWarning | null>(null);
  const stage = stageOf(timer);
  const round = timer?.currentRound ?? 0;
  const now = rank(remaining);
  const prev = useRef<{ round: number; rank: number; active: boolean } | null>(null);
  const warn = useRef(onWarn);
  useEffect(() => {
    warn.current = onWarn;
  }, [onWarn]);

  useEffect(() => {
    if (!timer) return;
    const before = prev.current;
    const active = stage === 'active';
    prev.current = { round, rank: now, active };
    if (!before || !active || !before.active || before.round !== round || now <= before.rank) return;
    const w: TimeWarning = now === 1 ? 'minute' : 'half';
    warn.current(w);
    setShown(w);
  }, [timer, stage, round, now]);

  useEffect(() => {
    if (!shown) return;
    const t = window.setTimeout(() => setShown(null), WARNING_SHOWN_MS);
    return () => window.clearTimeout(t);
  }, [shown]);
  // A round that ends or pauses takes its warning with it.
  return stage === 'active' ? shown : null;
}
