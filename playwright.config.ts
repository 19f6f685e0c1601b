import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './scripts/chromium';

/**
 * Browser journeys against the real app: the built client and the real server, each worker with a
 * server of its own on a fresh embedded database with the demo data (e2e/fixtures.ts). Specs import
 * `test` and `expect` from e2e/fixtures.ts. E2E_WORKERS sets the number of workers (3 by default:
 * docs/decisions/0060, 0114).
 */
const PHONE = { ...devices['Pixel 7'], browserName: 'chromium' as const };
const LONGEST = /\/(reconnect|two-releases)\.spec\.ts$/;

export default defineConfig({
  testDir: './e2e',
  globalSetup: './e2e/global-setup.ts',
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 3),
  retries: 0,
  // A hang detector, not a speed check (docs/decisions/0106): a passing test is not slowed by it.
  timeout: 120_000,
  expect: { timeout: 20_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    // Journeys not about them run without the service worker and with reduced motion
    // (docs/decisions/0099): the specs about the evening offline and new versions allow the worker.
    serviceWorkers: 'block',
    reducedMotion: 'reduce',
    // A failed journey keeps its trace: every action, request, console line and the source; no DOM
    // snapshot per action and no screencast, which cost a third of the journeys' CPU (docs/decisions/0111).
    // The failure's screenshot and page snapshot are kept beside it.
    trace: { mode: 'retain-on-failure', snapshots: false, screenshots: false, sources: true },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
  },
  // The longest journeys first, so they never run alone at the end while the other workers sit idle
  // (docs/decisions/0114): reconnect waits through real 5, 30 and 120 s cuts, two-releases builds
  // the app twice. Playwright hands out a project's files before the next project's.
  projects: [
    { name: 'phone, long', testMatch: LONGEST, use: PHONE },
    { name: 'phone', testIgnore: LONGEST, use: PHONE },
  ],
});
