/**
 * A tiny per-instance cache for hot public reads (the event listings): concurrent requests share
 * one database query, and the serialised answer is reused for `ttlMs`. Listings may be up to
 * `ttlMs` behind; every rule (capacity, registration) is still enforced on write, in SQL.
 */
export function microCache<T>(ttlMs: number, load: () => Promise<T>) {
  let value: { body: string; at: number } | null = null;
  let inflight: Promise<string> | null = null;
  const get = async (): Promise<string> => {
    if (value && Date.now() - value.at < ttlMs) return value.body;
    if (!inflight) {
      inflight = load()
        .then((v) => {
          const body = JSON.stringify(v);
          value = { body, at: Date.now() };
          return body;
        })
        .finally(() => {
          inflight = null;
        });
    }
    return inflight;
  };
  return Object.assign(get, {
    /** Forget the cached answer (after a write in this instance). */
    clear() {
      value = null;
    },
  });
}
