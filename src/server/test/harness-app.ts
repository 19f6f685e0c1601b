/**
 * The test app itself (part of harness.ts, which re-exports it): the real buildApp() on a real
 * database (a clone of the template made by global-setup.ts), its routes, and the bad-input answer.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, expect, inject } from 'vitest';
import { buildApp } from '../app';
import { openPglite, openPostgres, type Database, type Db } from '../db/client';
import { loadConfig, type AppConfig } from '../env';
import type { StripeConnection } from '../plugins/payments';
import { databaseUrl } from './global-setup';

export type TestApp = Awaited<ReturnType<typeof buildApp>>;

export interface TestAppOverrides {
  /** Environment variables for loadConfig, on top of the test defaults. */
  env?: Record<string, string | undefined>;
  /** Registers the admin CLI's control route with this token. */
  controlToken?: string;
  /**
   * Build this app on another test app's database instead of a fresh clone (saves the
   * clone when a file needs a second configuration). Closing this app leaves it open.
   */
  shareDatabaseWith?: TestContext;
  /** Where the Stripe SDK connects (a local fake Stripe, see fake-stripe.ts). */
  stripeConnection?: StripeConnection;
  /** The app's clock (buildApp's `now`), for rules that depend on the time of day. */
  now?: () => Date;
  /** buildApp's `livePlanAhead`; off unless a test asks (round 1 then plans at its start, as most tests expect). */
  livePlanAhead?: boolean;
  /** buildApp's `livePingMs`: how often the live sockets are pinged. */
  livePingMs?: number;
  /**
   * buildApp's `clientDir`: a folder with the built client (or a fixture index.html). Without it,
   * a folder that does not exist, so a test never depends on whether `npm run build` has run.
   */
  clientDir?: string;
}

export interface TestContext {
  app: TestApp;
  db: Db;
  database: Database;
  config: AppConfig;
  /** Closes the app and the database (and drops a PostgreSQL clone). Safe to call twice. */
  close(): Promise<void>;
}

export const TEST_ADMIN_EMAIL = 'admin@test.example';

const TEST_ENV: Record<string, string> = {
  NODE_ENV: 'test',
  ADMIN_EMAILS: TEST_ADMIN_EMAIL,
  // High, so that ordinary tests never trip the per-minute login limit.
  AUTH_RATE_LIMIT: '10000',
  LOG_LEVEL: 'silent',
  DATA_DIR: '/nonexistent-test-data-dir',
};

let templateBlob: Blob | undefined;
let cloneCounter = 0;

/** Open a private copy of the migrated template database. */
async function cloneDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const info = inject('testDatabase');
  if (!info) throw new Error('testDatabase was not provided: is src/server/test/global-setup.ts the globalSetup?');
  if (info.kind === 'pglite') {
    templateBlob ??= new Blob([readFileSync(info.templateFile)]);
    return { database: await openPglite(null, { loadDataDir: templateBlob }), drop: async () => {} };
  }
  const name = `${info.prefix}${process.pid}_${++cloneCounter}_${randomBytes(3).toString('hex')}`;
  await withAdmin(info.adminUrl, async (c) => {
    // Two files may clone at the same instant; PostgreSQL then answers 55006 (template in use).
    for (let attempt = 0; ; attempt++) {
      try {
        await c.query(`CREATE DATABASE "${name}" TEMPLATE "${info.template}"`);
        return;
      } catch (err) {
        if ((err as { code?: string }).code !== '55006' || attempt >= 20) throw err;
        await new Promise((r) => setTimeout(r, 50 + Math.random() * 100));
      }
    }
  });
  return {
    database: openPostgres(databaseUrl(info.adminUrl, name), { max: 5 }),
    drop: () => withAdmin(info.adminUrl, (c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)).then(() => {}),
  };
}

async function withAdmin<T>(adminUrl: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

const open = new Set<TestContext>();

/**
 * Build the whole app on a fresh clone of the migrated database. Call close() in afterAll;
 * anything still open when the test file ends is closed anyway (an open PGlite keeps Node alive).
 */
export async function createTestApp(overrides: TestAppOverrides = {}): Promise<TestContext> {
  const config = loadConfig({ ...TEST_ENV, ...overrides.env });
  const shared = overrides.shareDatabaseWith;
  const { database, drop } = shared ? { database: shared.database, drop: async () => {} } : await cloneDatabase();
  const closeDatabase = shared ? async () => {} : () => database.close();
  let app: TestApp;
  try {
    app = await buildApp({
      config,
      database,
      controlToken: overrides.controlToken,
      logger: false,
      ...(overrides.stripeConnection ? { stripeConnection: overrides.stripeConnection } : {}),
      ...(overrides.now ? { now: overrides.now } : {}),
      livePlanAhead: overrides.livePlanAhead ?? false,
      ...(overrides.livePingMs ? { livePingMs: overrides.livePingMs } : {}),
      clientDir: overrides.clientDir ?? '/nonexistent-test-client-dir',
    });
    await app.ready();
  } catch (err) {
    await closeDatabase();
    await drop();
    throw err;
  }
  let closing: Promise<void> | undefined;
  const ctx: TestContext = {
    app,
    db: database.db,
    database,
    config,
    close() {
      closing ??= (async () => {
        open.delete(ctx);
        await app.close();
        await closeDatabase().catch(() => {});
        await drop();
      })();
      return closing;
    },
  };
  open.add(ctx);
  return ctx;
}

afterAll(async () => {
  await Promise.all([...open].map((ctx) => ctx.close()));
});

export interface Route {
  method: string;
  url: string;
}

/** Every route of the app, from Fastify's own route tree (printRoutes without common prefixes). */
export function appRoutes(app: TestApp): Route[] {
  const tree = app.printRoutes({ commonPrefix: false });
  const stack: string[] = [];
  const out: Route[] = [];
  for (const line of tree.split('\n')) {
    const m = /^((?:[│ ] {3})*)[├└]── (\S+)(?: \(([^)]*)\))?/.exec(line);
    if (!m) continue;
    const depth = m[1]!.length / 4;
    stack.length = depth;
    // Sibling parameters share a node ('/:userId|:matchId'): keep the first name.
    stack.push(m[2]!.replace(/\|:[A-Za-z]+/g, ''));
    const url = stack.join('');
    for (const method of (m[3] ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean))
      out.push({ method, url });
  }
  return out;
}

/** A 400 in the API's bad-input shape: { message, error === message, errors: [{ path, message }] }. */
export function expectBadInput(res: LightMyRequestResponse) {
  expect(res.statusCode, res.body).toBe(400);
  const body = res.json<{ message: string; error: string; errors: { path: string; message: string }[] }>();
  expect(typeof body.message).toBe('string');
  expect(body.message.length).toBeGreaterThan(0);
  expect(body.error).toBe(body.message);
  expect(Array.isArray(body.errors)).toBe(true);
  expect(body.errors.length).toBeGreaterThan(0);
  for (const e of body.errors) {
    expect(typeof e.path).toBe('string');
    expect(typeof e.message).toBe('string');
  }
  return body;
}
