import { useCallback, useEffect, useRef, useState } from 'react';

/** How long a quick message waits for Undo before it goes (docs/decisions/0049-how-a-guest-got-in.md, "Undo"). */
export const UNDO_MS = 5000;

/**
 * One thing to send after a few seconds in which it can be undone (issue 22: a quick message went
 * to every guest on one tap). `queue(item)` starts the wait (one at a time: false while another
 * waits); `undo()` drops it; when the wait is over `send(item)` runs. Leaving never loses it and
 * never sends it twice (docs/decisions/0049): leaving the screen sends it at once with `send`;
 * closing or reloading the page (pagehide) sends it with `sendOnLeave`, a request that outlives
 * the page. Whichever comes first takes the item, so it goes exactly once.
 */
export function useUndoableSend<T>({ send, sendOnLeave, delayMs = UNDO_MS }: { send: (item: T) => void; sendOnLeave: (item: T) => void; delayMs?: number }) {
  const [waiting, setWaiting] = useState<{ item: T; until: number } | null>(null);
  const slot = useRef<{ item: T; timer: number } | null>(null);
  const handlers = useRef({ send, sendOnLeave });
  useEffect(() => {
    handlers.current = { send, sendOnLeave };
  });

  /** The waiting item, taken out (so nothing else sends it), or null. */
  const take = useCallback((): { item: T } | null => {
    const s = slot.current;
    if (!s) return null;
    window.clearTimeout(s.timer);
    slot.current = null;
    return { item: s.item };
  }, []);

  const queue = useCallback(
    (item: T) => {
      if (slot.current) return false;
      const timer = window.setTimeout(() => {
        const taken = take();
        setWaiting(null);
        if (taken) handlers.current.send(taken.item);
      }, delayMs);
      slot.current = { item, timer };
      setWaiting({ item, until: Date.now() + delayMs });
      return true;
    },
    [delayMs, take],
  );

  const undo = useCallback(() => {
    const taken = take();
    setWaiting(null);
    return taken !== null;
  }, [take]);

  useEffect(() => {
    const onPageHide = () => {
      const taken = take();
      if (taken) handlers.current.sendOnLeave(taken.item);
    };
    window.addEventListener('pagehide', onPageHide);
    return () => {
      window.removeEventListener('pagehide', onPageHide);
      // Leaving the screen (another page of the app): the host chose to send it, so it goes now.
      const taken = take();
      if (taken) handlers.current.send(taken.item);
    };
  }, [take]);

  return { waiting: waiting?.item ?? null, until: waiting?.until ?? null, queue, undo };
}

/** Whole seconds left until `until` (ms), re-read every second while there are some. */
export function useSecondsLeft(until: number | null) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until === null) return;
    setNow(Date.now());
    const id = window.setInterval(() => setNow(Date.now()), 250);
    return () => window.clearInterval(id);
  }, [until]);
  return until === null ? 0 : Math.max(0, Math.ceil((until - now) / 1000));
}
