import { execFileSync } from 'node:child_process';
import { defineConfig, devices } from '@playwright/test';

/**
 * A free local port, found synchronously (this file is loaded before anything else runs):
 * a throwaway Node process listens on port 0 and reports the port it was given.
 */
function freePort(): number {
  const script = "const s=require('node:net').createServer();s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})";
  return Number(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }));
}

// This file is loaded by the runner and again by every worker. The runner chooses once and puts
// its choice in the environment, which the workers (forked after this) inherit, so all agree.
process.env.E2E_PORT ||= String(freePort());
process.env.E2E_DATA_DIR ||= `.tmp/e2e-${process.pid}`;
const PORT = Number(process.env.E2E_PORT);
const DATA_DIR = process.env.E2E_DATA_DIR;

/** Browser journeys against the real app (built client, real server, fresh embedded database with demo data). */
export default defineConfig({
  testDir: './e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  projects: [{ name: 'phone', use: { ...devices['Pixel 7'], browserName: 'chromium' } }],
  webServer: {
    // A fresh database in DATA_DIR, deleted when the server stops (scripts/e2e-server.mjs).
    command: 'node scripts/e2e-server.mjs',
    url: `http://127.0.0.1:${PORT}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    // SIGTERM (not Playwright's default SIGKILL), so the server closes its database and the script deletes it.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${PORT}`,
      DATA_DIR,
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT: '200',
    },
  },
});
