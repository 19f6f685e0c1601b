import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));
const alias = { '@shared': r('./src/shared'), '@client': r('./src/client') };

/**
 * Two projects: `server` (server and shared code against a real database, see
 * src/server/test/global-setup.ts) and `client` (pure client logic and components in a
 * DOM, happy-dom). `npm run test:coverage` reports line coverage per folder.
 */
export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'server',
          include: ['src/server/**/*.test.ts', 'src/shared/**/*.test.ts', 'eslint-rules/**/*.test.ts', 'bench/lib/**/*.test.ts'],
          globalSetup: ['./src/server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
        },
      },
      {
        plugins: [react()],
        resolve: { alias },
        test: {
          name: 'client',
          include: ['src/client/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['./src/client/test/setup.ts'],
          testTimeout: 15_000,
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
