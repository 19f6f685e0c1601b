import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

/**
 * The server as one ES module for `npm start` (docs/decisions/0019): plain `node dist/server/main.js`
 * needs no TypeScript loader at run time (the tsx loader thread alone costs ~50 MB of memory).
 * Dependencies stay in node_modules; only our own code is bundled.
 */
const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));

export default defineConfig({
  resolve: { alias: { '@shared': r('./src/shared') } },
  build: {
    ssr: r('./src/server/main.ts'),
    outDir: 'dist/server',
    emptyOutDir: true,
    target: 'node20',
    minify: false,
    sourcemap: true,
    copyPublicDir: false,
  },
  publicDir: false,
  logLevel: 'warn',
});
