/**
 * Says something about a key (an evening) at most once every `everyMs`: the first at once, and all
 * that follow within the interval once, at its end, so the last change is always said
 * (docs/decisions/0128). Nothing is kept for a key once an interval passes with nothing to say.
 */
export interface AtMostEvery {
  /** Says it now, or owes it to the end of the interval. Resolves when said now; at once when owed. */
  say(key: number): Promise<void>;
  /** Forgets what is owed (the server is closing). */
  close(): void;
}

export function atMostEvery(everyMs: number, say: (key: number) => Promise<void>, onError: (err: unknown, key: number) => void): AtMostEvery {
  const keys = new Map<number, { owed: boolean; timer: NodeJS.Timeout }>();
  const arm = (key: number) => {
    const timer = setTimeout(() => {
      const state = keys.get(key);
      if (!state?.owed) {
        keys.delete(key);
        return;
      }
      state.owed = false;
      say(key).catch((err: unknown) => onError(err, key));
      state.timer = arm(key);
    }, everyMs);
    timer.unref();
    return timer;
  };
  return {
    say(key) {
      const state = keys.get(key);
      if (state) {
        state.owed = true;
        return Promise.resolve();
      }
      keys.set(key, { owed: false, timer: arm(key) });
      return say(key);
    },
    close() {
      for (const { timer } of keys.values()) clearTimeout(timer);
      keys.clear();
    },
  };
}
