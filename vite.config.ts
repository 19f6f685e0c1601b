import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));

export default defineConfig({
  root: r('./src/client'),
  publicDir: r('./src/client/public'),
  plugins: [react(), tailwindcss()],
  resolve: { alias: { '@shared': r('./src/shared'), '@client': r('./src/client') } },
  build: {
    outDir: r('./dist/client'),
    emptyOutDir: true,
    sourcemap: false,
    target: 'es2022',
    // .vite/manifest.json: which files make each chunk, so the server can preload the public
    // evening page's chunks in the page it sends (modules/public-evening, docs/decisions/0045).
    manifest: true,
    rolldownOptions: {
      // An app, not a library: its entry exports nothing anyone imports (needed by the inlining below).
      preserveEntrySignatures: false,
      output: {
        codeSplitting: {
          // Every screen is a lazy chunk, and what several screens share became its own chunk: each
          // icon, each small ui piece, a few hundred bytes apiece (78 scripts on /events/{id}). Shared
          // chunks under 8 KB of source are copied into the chunks that use them instead: /events/{id}
          // loads 23 scripts, / 13, and / loads slightly fewer bytes. (Rolldown then keeps each module's
          // code in source order, as it does by itself for this option: strictExecutionOrder.)
          experimentalInlineCommonChunks: { maxSize: 8 * 1024 },
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:5000', '/ws': { target: 'ws://localhost:5000', ws: true } },
  },
});
