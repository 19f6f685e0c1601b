import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));
const alias = { '@shared': r('./src/shared'), '@client': r('./src/client') };

/**
 * Four projects: `server` (the server against a real database, see
 * src/server/test/global-setup.ts), `shared` (pure rules and the lint rules' probes),
 * `client` (client logic and components in a DOM, happy-dom) and `build` (rules checked
 * on the production build of the client). The PostgreSQL pass of CI runs `server` only.
 * `npm run test:coverage` reports line coverage per folder.
 */
export default defineConfig({
  resolve: { alias },
  test: {
    // Vitest's default is one fewer worker than cores: one on these 2-core machines, where a test
    // file spends much of its time waiting (sockets, timers, PostgreSQL). Two keep both cores busy.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'server',
          include: ['src/server/**/*.test.ts'],
          globalSetup: ['./src/server/test/global-setup.ts'],
          // Time limits are hang detectors, not speed checks (docs/decisions/0106): a passing test is not
          // slowed by them, and a loaded machine must not fail one (200 registrations at once took 38 s beside a journey run).
          testTimeout: 90_000,
          hookTimeout: 60_000,
          pool: 'forks',
          // Test files share a worker's modules (docs/decisions/0059): each builds its own app on its own database.
          isolate: false,
        },
      },
      {
        // Pure rules shared by both sides, the lint rules' probes and the bench's own rules: no database.
        resolve: { alias },
        test: {
          name: 'shared',
          include: ['src/shared/**/*.test.ts', 'eslint-rules/**/*.test.ts', 'bench/lib/**/*.test.ts'],
          // A hang detector (docs/decisions/0106): the first import probe starts ESLint with type
          // information, which took over 30 s beside a journey run.
          testTimeout: 90_000,
          pool: 'forks',
          isolate: false,
        },
      },
      {
        plugins: [react()],
        resolve: { alias },
        test: {
          name: 'client',
          include: ['src/client/**/*.test.{ts,tsx}'],
          exclude: ['src/client/**/*.build.test.ts'],
          environment: 'happy-dom',
          setupFiles: ['./src/client/test/setup.ts'],
          testTimeout: 45_000,
          // Test files share a worker's modules (docs/decisions/0059); setup.ts resets what a test leaves behind.
          isolate: false,
        },
      },
      {
        // Checks on the production build of the client (e.g. what the first paint of / loads).
        test: {
          name: 'build',
          include: ['src/client/**/*.build.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
        },
      },
    ],
    coverage: {
      provider: 'v8',
      include: ['src/client/**/*.{ts,tsx}'],
      exclude: ['src/client/**/*.test.{ts,tsx}', 'src/client/**/*.fixtures.ts', 'src/client/test/**', 'src/client/main.tsx'],
      reporter: ['text', 'text-summary'],
      thresholds: { lines: 60 },
    },
  },
});
