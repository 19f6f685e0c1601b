import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { VitePWA } from 'vite-plugin-pwa';

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));

/**
 * `release.json` in the build's output folder, beside index.html: the version, the commit this build
 * is made from (RELEASE_COMMIT when set, else git's HEAD, else null) and when. The server reports it
 * on GET /api/version and in sf_build_info (src/server/lib/release.ts, docs/decisions/0088); git is
 * asked here, at build time, never by the running server.
 */
function releaseStamp(): Plugin {
  let outDir = '';
  const gitHead = () => {
    try {
      return execFileSync('git', ['rev-parse', 'HEAD'], { cwd: r('.'), encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim() || null;
    } catch {
      return null; // not a git checkout (a tarball), or no git on this machine
    }
  };
  return {
    name: 'release-stamp',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle() {
      const { version } = JSON.parse(readFileSync(r('./package.json'), 'utf8')) as { version: string };
      const given = process.env.RELEASE_COMMIT;
      if (given && !/^[0-9a-f]{7,40}$/i.test(given))
        throw new Error(`RELEASE_COMMIT must be a git commit (7-40 hexadecimal digits), got ${JSON.stringify(given)}`);
      const commit = given?.toLowerCase() || gitHead();
      writeFileSync(path.join(outDir, 'release.json'), `${JSON.stringify({ version, commit, builtAt: new Date().toISOString() }, null, 2)}\n`);
    },
  };
}

export default defineConfig({
  root: r('./src/client'),
  publicDir: r('./src/client/public'),
  plugins: [
    releaseStamp(),
    react(),
    tailwindcss(),
    // The installable app and its service worker (docs/decisions/0051-the-evening-offline.md).
    VitePWA({
      registerType: 'prompt',
      // Registered by lib/service-worker.ts, a chunk loaded once the page is idle after load: nothing in the first paint.
      injectRegister: false,
      includeAssets: ['favicon.svg', 'icons/apple-touch-icon-180.png'],
      manifest: {
        id: '/',
        name: 'Speed Friendship',
        short_name: 'Speed Friends',
        description: 'Meet 8-12 new people in relaxed five-minute conversations at cosy local venues in Prestwich, Manchester.',
        lang: 'en-GB',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'portrait',
        theme_color: '#7a2e3b',
        background_color: '#fffaf4',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        // The app shell and every screen's chunk: a screen visited once opens with no connection (the door's /check-in too).
        globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
        cleanupOutdatedCaches: true,
        // Pages: always the precached index.html of this worker's own release, online or offline, so the
        // page, its entry and every lazy chunk it may load come from one release until the guest reloads
        // into a new worker ("Reload to update"). Fetched from the server, a page could name a newer
        // release's scripts that the running worker does not hold (they then fail offline: issue 32).
        // Not for the API, the socket, or files (/robots.txt, /sitemap.xml, /sw.js) the server sends itself.
        navigateFallback: 'index.html',
        navigateFallbackDenylist: [/^\/api(\/|$)/, /^\/ws(\/|$)/, /\/[^/]+\.[a-z0-9]+$/i],
        runtimeCaching: [
          {
            // The reads of tonight's screens (ticket, /events/{id}, /timer, /notifications): the network
            // first, the last answer when there is none. Only these: cleared at logout and login
            // (lib/device-data.ts). The door's reads are not here: the door keeps its own list.
            urlPattern: ({ url, sameOrigin }) =>
              sameOrigin &&
              /^\/api\/(auth\/me|me\/matches|events|events\/upcoming|users\/\d+\/events|events\/\d+(\/(timer|rotation|rotation\/me|rounds|inbox|arrival|participants|badges|connections|feedback\/form|feedback\/user\/\d+|ratings\/\d+|matches\/\d+))?)$/.test(
                url.pathname,
              ),
            handler: 'NetworkFirst',
            options: {
              cacheName: 'api-tonight',
              networkTimeoutSeconds: 10,
              cacheableResponse: { statuses: [200] },
              expiration: { maxEntries: 200, maxAgeSeconds: 2 * 24 * 3600 },
            },
          },
        ],
      },
    }),
  ],
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
