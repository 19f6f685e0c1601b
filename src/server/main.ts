import { randomBytes } from 'node:crypto';
import { chmodSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import v8 from 'node:v8';
import { buildApp } from './app';
import { controlFile, openConfiguredDatabase } from './database';
import { loadDemoData } from './demo/seed';
import { EnvError, loadConfig } from './env';
import { DRAIN_MS, drainConnections } from './lib/drain';
import { every } from './lib/every';
import { cleanUpSessions } from './modules/auth/service';
import { startRetention } from './modules/privacy/retention';
import { publicDevelopmentWarning } from './modules/dev/exposure';

/** Connections the kernel may queue for this process before it accepts them. */
const LISTEN_BACKLOG = 4096;

/**
 * V8 lets its old generation grow to up to four times what survived the last full collection before
 * it collects again: after a burst of real sign-ups and check-ins the server held 130 MB of free heap
 * (heap total 216 MB, 52 MB of it live) long after. Growing by 30% at most keeps the resident memory
 * near what is live, for more frequent, concurrent, collections (docs/decisions/0053).
 */
const HEAP_GROWING_PERCENT = 30;

async function main() {
  v8.setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof EnvError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }

  // `node dist/server/main.js --migrate`: apply this release's migrations and exit (deploy/upgrade.sh,
  // before any instance restarts). PostgreSQL only: the embedded database is one process's alone.
  if (process.argv.includes('--migrate')) {
    if (!config.databaseUrl) {
      console.error('--migrate needs DATABASE_URL: the embedded database is migrated by the server as it starts.');
      process.exit(2);
    }
    const opened = await openConfiguredDatabase(config);
    for (const name of opened.migrated) console.log(`migration applied: ${name}`);
    await opened.database.close();
    console.log(opened.migrated.length ? 'Migrations applied.' : 'No migration to apply.');
    process.exit(0);
  }

  const { database, migrated } = await openConfiguredDatabase(config);
  const demo = database.kind === 'pglite' ? (await loadDemoData(database.db)).loaded : [];

  const controlToken = database.kind === 'pglite' ? randomBytes(24).toString('hex') : undefined;
  // CLIENT_DIR: serve a client built elsewhere than dist/client (the journey with two releases, e2e/two-releases.spec.ts).
  // Without it, the client beside this module: a release folder's own (deploy/upgrade.sh); buildApp resolves links once.
  const clientDir = process.env.CLIENT_DIR ? path.resolve(process.env.CLIENT_DIR) : undefined;
  const app = await buildApp({ config, database, controlToken, clientDir });
  // Through the app's logger, so that piped output stays JSON lines (src/server/logging.ts).
  // One line per migration this start applied, none when there was nothing to do (docs/decisions/0087).
  for (const name of migrated) app.log.info({ migration: name }, `migration applied: ${name}`);
  if (demo.length) app.log.info(`Loaded demo data: ${demo.join(', ')}`);
  every(app, { what: 'session clean-up', everyMs: 3_600_000, run: () => cleanUpSessions(app.db) });
  // Ratings and arrival reports go RETENTION_DAYS after their evening: now, then hourly (docs/decisions/0044).
  startRetention(app, config.retentionDays);

  /**
   * SIGTERM (systemd, a deploy script) or SIGINT (Ctrl-C), docs/decisions/0036: readiness turns 503,
   * every phone is told 1012 (reconnect now), the listener closes (new connections are refused), the
   * open connections are drained (docs/decisions/0132), the requests in flight are answered, the live
   * timers stop and the ones under way finish, then the database closes. After SHUTDOWN_TIMEOUT_MS the process exits anyway, and says so.
   */
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    const began = Date.now();
    app.readiness.shuttingDown = true;
    app.log.info(`${signal} received, shutting down (at most ${config.shutdownTimeoutMs} ms)`);
    const force = setTimeout(() => {
      app.log.error(`shutdown not finished after SHUTDOWN_TIMEOUT_MS (${config.shutdownTimeoutMs} ms): exiting now`);
      process.exit(1);
    }, config.shutdownTimeoutMs);
    force.unref();
    // The listener closes now (app.close() closes it too, but only after its hooks have had their turns
    // of a busy event loop); the phones are sent elsewhere; the open connections are kept for what is
    // still sent on them, each closed after its next answer, until none is left or DRAIN_MS
    // (docs/decisions/0132).
    app.sendPhonesElsewhere();
    const left = await drainConnections(app.server, Math.min(DRAIN_MS, config.shutdownTimeoutMs / 3));
    app.log.info(`connections drained in ${Date.now() - began} ms${left ? ` (${left} still open are closed now)` : ''}`);
    // Fastify takes the second close in its stride.
    app.server.close();
    // A kept-alive connection is closed once it is idle: at once, or as soon as its request is answered.
    const idle = setInterval(() => app.server.closeIdleConnections(), 50);
    idle.unref();
    try {
      if (controlToken) rmSync(controlFile(config), { force: true });
      await app.close();
      clearInterval(idle);
      await database.close();
      app.log.info(`shut down cleanly in ${Date.now() - began} ms`);
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'error while shutting down');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  // A room arriving at once opens its connections faster than a busy event loop accepts them: Node's
  // queue of 511 overflowed and the kernel reset guests' connections at the door (the night bench,
  // docs/decisions/0098). The kernel caps this at net.core.somaxconn (4096 on Debian 12).
  await app.listen({ port: config.port, host: config.host, backlog: LISTEN_BACKLOG });
  if (controlToken) {
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    writeFileSync(controlFile(config), JSON.stringify({ pid: process.pid, port, token: controlToken }), { mode: 0o600 });
    chmodSync(controlFile(config), 0o600);
  }
  app.log.info(`Speed Friendship is running at ${config.publicUrl} (${database.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL'})`);
  // Loud on purpose: a development server reachable from other machines (NODE_ENV=test logs nothing, hence stderr).
  const exposed = publicDevelopmentWarning(config);
  if (exposed && config.env === 'test') console.warn(exposed);
  else if (exposed) app.log.warn(exposed);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
