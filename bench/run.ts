/**
 * npm run bench: measures the budgets of ARCHITECTURE.md that exist so far and writes
 * bench/RESULTS.md. Needs a built client (npm run build) and /usr/bin/chromium.
 *
 * - first paint of `/`: gzipped JavaScript the browser loads (budget 100 KB)
 * - API: an authenticated JSON read through the whole stack vs a bare node:http JSON server,
 *   throughput ratio (budget ≥ 0.5) and p99 at a fixed 500 requests/s (budget < 50 ms)
 */
import { readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import autocannon from 'autocannon';
import { buildApp, defaultClientDir } from '../src/server/app';
import { openPglite } from '../src/server/db/client';
import { loadDemoData } from '../src/server/demo/seed';
import { loadConfig } from '../src/server/env';

const root = path.resolve(import.meta.dirname, '..');
const lines: string[] = [];
const log = (s: string) => {
  console.log(s);
  lines.push(s);
};

async function firstPaintJs(base: string) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
  const scripts = new Set<string>();
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.add(new URL(r.url()).pathname);
  });
  await page.goto(`${base}/`, { waitUntil: 'networkidle' });
  await browser.close();
  let total = 0;
  const rows: string[] = [];
  for (const p of scripts) {
    const gz = gzipSync(readFileSync(path.join(defaultClientDir, p))).length;
    total += gz;
    rows.push(`  - ${p}: ${(gz / 1024).toFixed(1)} KB`);
  }
  return { total, rows };
}

async function bareServer() {
  const body = JSON.stringify({ id: 3, email: 'member@speedfriendship.test', name: 'Jamie Clarke', roles: ['member'] });
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(body);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return server;
}

async function main() {
  const database = await openPglite(null);
  await database.migrate();
  await loadDemoData(database.db);
  const config = { ...loadConfig({ NODE_ENV: 'test', AUTH_RATE_LIMIT: '100000' }), logLevel: 'silent' as const };
  const app = await buildApp({ config, database });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

  // A real session for the demo member.
  await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'member@speedfriendship.test' } });
  const mails = (await app.inject({ method: 'GET', url: '/api/dev/outbox?to=member@speedfriendship.test' })).json() as { text: string }[];
  const code = mails[0]!.text.match(/\b(\d{6})\b/)![1]!;
  const verify = await app.inject({ method: 'POST', url: '/api/auth/verify', payload: { email: 'member@speedfriendship.test', code } });
  const cookie = `sid=${verify.cookies.find((c) => c.name === 'sid')!.value}`;

  log(`# Benchmark results\n\nRun ${new Date().toISOString()} on ${process.version}, ${process.platform}/${process.arch}. Embedded database (PGlite), one process.\n`);

  const js = await firstPaintJs(base);
  log(`## First paint of \`/\`\n\nJavaScript loaded (gzip): **${(js.total / 1024).toFixed(1)} KB** (budget 100 KB) ${js.total <= 100 * 1024 ? 'PASS' : 'FAIL'}\n`);
  js.rows.forEach(log);

  const bare = await bareServer();
  const bareUrl = `http://127.0.0.1:${(bare.address() as AddressInfo).port}/`;
  const url = `${base}/api/auth/me`;
  await autocannon({ url, connections: 10, duration: 2, headers: { cookie } }); // warm-up
  const ours = await autocannon({ url, connections: 10, duration: 8, headers: { cookie } });
  const theirs = await autocannon({ url: bareUrl, connections: 10, duration: 8 });
  const ratio = ours.requests.average / theirs.requests.average;
  log(`\n## API throughput\n\n\`GET /api/auth/me\` with a session (session lookup + roles, 2 queries) vs a bare node:http JSON server, 10 connections, 8 s each.\n`);
  log(`| server | req/s (mean) | p50 ms | p99 ms | non-2xx |\n|---|---|---|---|---|`);
  log(`| ours | ${ours.requests.average.toFixed(0)} | ${ours.latency.p50} | ${ours.latency.p99} | ${ours.non2xx} |`);
  log(`| bare node:http | ${theirs.requests.average.toFixed(0)} | ${theirs.latency.p50} | ${theirs.latency.p99} | ${theirs.non2xx} |`);
  log(`\nRatio ${ratio.toFixed(2)} (budget ≥ 0.50) ${ratio >= 0.5 ? 'PASS' : 'FAIL'}`);

  const fixed = await autocannon({ url, connections: 20, duration: 8, overallRate: 500, headers: { cookie } });
  log(`\nAt a fixed 500 requests/s for 8 s: p99 **${fixed.latency.p99} ms** (budget < 50 ms) ${fixed.latency.p99 < 50 ? 'PASS' : 'FAIL'}, non-2xx ${fixed.non2xx}, errors ${fixed.errors}.`);

  bare.close();
  await app.close();
  await database.close();
  writeFileSync(path.join(root, 'bench/RESULTS.md'), lines.join('\n') + '\n');
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
