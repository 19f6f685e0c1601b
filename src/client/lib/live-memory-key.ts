/**
 * Where ./live-memory.ts keeps what this phone last heard of an evening (docs/decisions/0065), and
 * its removal at a sign-out. A module of its own: the session, on every first paint, forgets the
 * memory without loading the code that reads and keeps it, which only the live screens need
 * (docs/architecture.md Budgets: the first paint of `/`).
 */
export const LIVE_MEMORY_PREFIX = 'liveMemory:';

/** Forget every evening's memory (a sign-out). */
export function forgetLiveMemory() {
  try {
    for (let i = localStorage.length - 1; i >= 0; i--) {
      const k = localStorage.key(i);
      if (k?.startsWith(LIVE_MEMORY_PREFIX)) localStorage.removeItem(k);
    }
  } catch {
    // nothing kept
  }
}
