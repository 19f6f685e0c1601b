/**
 * A tiny per-instance cache for hot public reads (the event listings): concurrent requests share
 * one database query, and the answer is serialised once and reused for `ttlMs`. Listings may be
 * up to `ttlMs` behind; every rule (capacity, registration) is still enforced on write, in SQL.
 *
 * The route still returns the typed value (its response schema types it); `serializer` is the
 * route's serializer compiler, which hands Fastify the bytes made when the value was loaded.
 */
export function microCache<T extends object>(ttlMs: number, load: () => Promise<T>, serialize: (value: T) => string) {
  let value: { data: T; at: number } | null = null;
  let inflight: Promise<T> | null = null;
  // Bodies by value: a value that left the cache is forgotten with it.
  const bodies = new WeakMap<object, string>();
  const get = async (): Promise<T> => {
    if (value && Date.now() - value.at < ttlMs) return value.data;
    if (!inflight) {
      inflight = load()
        .then((data) => {
          bodies.set(data, serialize(data));
          value = { data, at: Date.now() };
          return data;
        })
        .finally(() => {
          inflight = null;
        });
    }
    return inflight;
  };
  /** The body serialised when `data` was loaded (or serialised now, for a value from elsewhere). */
  const body = (data: unknown) => (typeof data === 'object' && data !== null && bodies.get(data)) || serialize(data as T);
  return Object.assign(get, {
    /** Forget the cached answer (after a write in this instance). */
    clear() {
      value = null;
    },
    /** For the route's `serializerCompiler` option. */
    serializer: () => body,
    /** Whether `data` is a value this cache loaded (a route serving two caches picks the one that made it). */
    holds: (data: unknown) => typeof data === 'object' && data !== null && bodies.has(data),
  });
}
