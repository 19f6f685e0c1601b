/**
 * What the database receives while a request runs (issue 37: the statements per request at a rush
 * are what the embedded database's one connection spends its time on). Tests count them over the
 * real route so that a change adding a read to a hot path fails.
 */
import type { Db } from '../db/client';
import { BETWEEN } from '../db/prepared';

type Client = Record<'query' | 'exec' | 'transaction' | 'connect', ((...args: unknown[]) => unknown) | undefined>;

/** What the database receives while `fn` runs: each statement's SQL, and 'TRANSACTION' for each transaction or pooled connection taken. */
export async function statementsSent(db: Db, fn: () => Promise<unknown>): Promise<string[]> {
  const client = (db as unknown as { $client: Client }).$client;
  const seen: string[] = [];
  const originals = { query: client.query, exec: client.exec, transaction: client.transaction, connect: client.connect };
  client.query = function (this: unknown, ...args: unknown[]) {
    const first = args[0];
    seen.push(typeof first === 'string' ? first : String((first as { text?: string }).text ?? ''));
    return originals.query!.apply(this, args);
  };
  // PGlite's EXECUTEs sent together at a rush (db/prepared.ts): each one counts.
  if (originals.exec)
    client.exec = function (this: unknown, ...args: unknown[]) {
      seen.push(...String(args[0]).split(BETWEEN));
      return originals.exec!.apply(this, args);
    };
  // PGlite runs a transaction on its own (client.transaction); node-postgres takes a pooled client (pool.connect).
  for (const key of ['transaction', 'connect'] as const) {
    const original = originals[key];
    if (original)
      client[key] = function (this: unknown, ...args: unknown[]) {
        // pg's own pool.query takes a client with a callback: that is the statement above, not a transaction.
        if (typeof args[0] !== 'function') seen.push('TRANSACTION');
        return original.apply(this, args);
      };
  }
  try {
    await fn();
  } finally {
    Object.assign(client, originals);
  }
  // The live timers' poll for due transitions runs on its own clock (every second), not the request's.
  return seen.filter((s) => !/^select "event_id" from "event_timers" where \("event_timers"."phase" in/.test(s));
}
