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
  build: { outDir: r('./dist/client'), emptyOutDir: true, sourcemap: false, target: 'es2022' },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:5000', '/ws': { target: 'ws://localhost:5000', ws: true } },
  },
});
