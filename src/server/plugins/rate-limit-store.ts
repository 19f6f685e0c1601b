import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

/**
 * @fastify/rate-limit's counters in PostgreSQL (table rate_limits), so every instance on one
 * database shares one budget per key (docs/decisions/0010-rate-limits-shared-through-postgresql.md).
 * One atomic upsert per hit: a fixed window per key, started by its first hit; the database's
 * clock decides, so the instances' clocks do not have to agree. Expired rows are swept now and then.
 * `now()` is each transaction's start: a hit that started before the window's first one but
 * waited for its row lock would see a little more than the window left, so the ttl is capped.
 */
export async function hitRateLimit(db: Db, key: string, windowMs: number) {
  const r = await db.execute(sql`
    INSERT INTO rate_limits AS r (key, window_start, expires_at, count)
    VALUES (${key}, now(), now() + ${windowMs} * interval '1 millisecond', 1)
    ON CONFLICT (key) DO UPDATE SET
      window_start = CASE WHEN r.expires_at <= now() THEN excluded.window_start ELSE r.window_start END,
      expires_at = CASE WHEN r.expires_at <= now() THEN excluded.expires_at ELSE r.expires_at END,
      count = CASE WHEN r.expires_at <= now() THEN 1 ELSE r.count + 1 END
    RETURNING r.count, least(${windowMs}, greatest(0, ceil(extract(epoch from (r.expires_at - now())) * 1000)))::float8 AS ttl_ms`);
  const row = (r as unknown as { rows: { count: number; ttl_ms: number }[] }).rows[0]!;
  return { current: Number(row.count), ttl: Number(row.ttl_ms) };
}

export async function deleteExpiredRateLimits(db: Db) {
  await db.execute(sql`DELETE FROM rate_limits WHERE expires_at < now()`);
}

const SWEEP_EVERY_MS = 60_000;

/** A store class for @fastify/rate-limit's `store` option, counting in this database. */
export function postgresRateLimitStore(db: Db): FastifyRateLimitStoreCtor {
  let lastSweep = 0;
  const sweep = () => {
    const now = Date.now();
    if (now - lastSweep < SWEEP_EVERY_MS) return;
    lastSweep = now;
    deleteExpiredRateLimits(db).catch(() => {});
  };

  class PostgresRateLimitStore implements FastifyRateLimitStore {
    constructor(
      _options?: unknown,
      private readonly prefix = 'rl:',
    ) {}

    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number) {
      sweep();
      hitRateLimit(db, this.prefix + key, timeWindow).then(
        (result) => callback(null, result),
        (err: Error) => callback(err),
      );
    }

    /** Each limited route counts apart, as the in-memory store does: its method and URL join the key. */
    child(routeOptions: unknown): FastifyRateLimitStore {
      // The types say RouteOptions; the plugin passes its merged parameters, the route in `routeInfo`.
      const info = (routeOptions as { routeInfo?: { method?: unknown; url?: unknown } }).routeInfo ?? {};
      const route = info.method && info.url ? `${String(info.method)} ${String(info.url)}` : 'custom';
      return new PostgresRateLimitStore(undefined, `${this.prefix}${route}:`);
    }
  }
  return PostgresRateLimitStore as unknown as FastifyRateLimitStoreCtor;
}
