import { useEffect, useRef, useState } from 'react';
import type { TimerStateMessage } from '@shared/realtime';
import { stageOf, type Stage } from '../lib/timer';

type Bucket = 'more' | 'minute' | 'half';

const bucketOf = (seconds: number): Bucket => (seconds > 60 ? 'more' : seconds > 30 ? 'minute' : 'half');

/**
 * What a screen reader should hear (voice narration promise, docs/spec/organiser-tools.md §9): round starts,
 * 1 minute left, 30 seconds left, round complete, pause and end. Never every second; nothing
 * is said for the state found on arrival.
 */
export function useTimerAnnouncements(timer: TimerStateMessage | null, remaining: number): string {
  const [message, setMessage] = useState('');
  const stage = stageOf(timer);
  const round = timer?.currentRound ?? 0;
  const bucket = bucketOf(remaining);
  const prev = useRef<{ stage: Stage; round: number; bucket: Bucket } | null>(null);

  useEffect(() => {
    if (!timer) return;
    const before = prev.current;
    prev.current = { stage, round, bucket };
    if (!before) return;
    let say: string | null = null;
    if (stage !== before.stage || round !== before.round) {
      if (stage === 'active' && (round !== before.round || before.stage !== 'paused')) say = `Round ${round} has started.`;
      else if (stage === 'active') say = `Round ${round} resumed.`;
      else if (stage === 'paused') say = `Round ${round} paused.`;
      else if (stage === 'complete') say = `Round ${round} complete! Time to switch.`;
      else if (stage === 'grace') say = `Round ${round} complete! Time to switch. One minute to rate your partner before the next round.`;
      else if (stage === 'ended') say = 'The event has ended. Thank you for coming.';
    } else if (stage === 'active' && bucket !== before.bucket) {
      if (bucket === 'minute') say = '1 minute left.';
      else if (bucket === 'half') say = '30 seconds left.';
    }
    if (say) setMessage(say);
  }, [timer, stage, round, bucket]);

  return message;
}
