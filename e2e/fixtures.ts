import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync } from 'node:fs';
import path from 'node:path';
import { test as base } from '@playwright/test';
import { freePort, root, stopChild } from '../scripts/processes';

export { expect } from '@playwright/test';

/**
 * The journeys' `test`: each Playwright worker runs its own server (`npm start` on a fresh embedded
 * database with the demo data, scripts/e2e-server.mjs) on a port of its own, and every page,
 * request and context of that worker talks to it through `baseURL`. Two workers keep both cores
 * busy while one journey waits on a timer or a dropped connection, and no journey sees another's
 * evenings (docs/decisions/0060). The built client comes from e2e/global-setup.ts; the process
 * helpers are shared with the bench (scripts/processes.ts).
 */

async function waitForHealth(url: string, child: ChildProcess, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the e2e server exited with code ${child.exitCode} before it answered ${url}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the e2e server did not answer ${url} within ${timeoutMs / 1000} s`);
}

export interface AppServer {
  baseURL: string;
  port: number;
}

export const test = base.extend<object, { appServer: AppServer }>({
  appServer: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a function asks for from its first argument
    async ({}, use) => {
      const port = await freePort();
      const baseURL = `http://127.0.0.1:${port}`;
      const child = spawn(process.execPath, [path.join(root, 'scripts/e2e-server.mjs')], {
        cwd: root,
        stdio: ['ignore', 'inherit', 'inherit'],
        env: {
          ...process.env,
          PORT: String(port),
          HOST: '127.0.0.1',
          PUBLIC_URL: baseURL,
          DATA_DIR: `.tmp/e2e-${process.pid}`,
          NODE_ENV: 'development',
          LOG_LEVEL: 'warn',
          AUTH_RATE_LIMIT: '200',
        },
      });
      try {
        await waitForHealth(`${baseURL}/api/health`, child, 180_000);
        await use({ baseURL, port });
      } finally {
        // SIGTERM: the server closes its database, then the script deletes it (SIGKILL after 15 s).
        await stopChild(child);
      }
    },
    { scope: 'worker', timeout: 200_000 },
  ],
  baseURL: async ({ appServer }, use) => {
    await use(appServer.baseURL);
  },
});

/**
 * A release of the client built on its own into `outDir` (outside dist/, so no other journey's build
 * is touched): the app as vite.config.ts builds it, with `mark` in every screen's header and every
 * chunk (e2e/vite.release.config.ts). For the journey across a new version (e2e/two-releases.spec.ts).
 */
export function buildRelease(mark: string, outDir: string): Promise<void> {
  const child = spawn(
    process.execPath,
    [
      path.join(root, 'node_modules/vite/bin/vite.js'),
      'build',
      '--config',
      'e2e/vite.release.config.ts',
      '--outDir',
      outDir,
      '--emptyOutDir',
      '--logLevel',
      'warn',
    ],
    { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production', RELEASE_MARK: mark, VITE_CONFIG_NATIVE_IGNORE_WARNING: 'true' } },
  );
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`the build of release ${mark} failed`))));
  });
}

/**
 * The built server (dist/server/main.js, built by global-setup.ts) serving the client in `clientDir`
 * (CLIENT_DIR) on `port`, its embedded database in `dataDir`, which outlives it: stop it and start
 * another release on the same port and database, as a deploy does.
 */
export async function serveRelease(opts: { clientDir: string; dataDir: string; port: number }) {
  const baseURL = `http://127.0.0.1:${opts.port}`;
  // A new data directory starts from the run's migrated database, as every journey's server does (e2e/global-setup.ts).
  const template = process.env.E2E_TEMPLATE_DIR;
  if (template && !existsSync(opts.dataDir)) cpSync(template, opts.dataDir, { recursive: true });
  const child = spawn(process.execPath, ['--enable-source-maps', path.join(root, 'dist/server/main.js')], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      PORT: String(opts.port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseURL,
      DATA_DIR: opts.dataDir,
      CLIENT_DIR: opts.clientDir,
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT: '200',
    },
  });
  try {
    await waitForHealth(`${baseURL}/api/health`, child, 120_000);
  } catch (err) {
    await stopChild(child);
    throw err;
  }
  return { baseURL, stop: () => stopChild(child) };
}
