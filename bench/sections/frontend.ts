/**
 * First paint of `/` (Playwright chromium, every script requested until network idle, gzipped)
 * and Lighthouse 12.8.2 (mobile preset, its CLI in its own process) on the seven pages (bench/lib/args.ts PAGES).
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS } from '../../scripts/chromium';
import type { BenchArgs } from '../lib/args';
import { rememberSignIn, signedInMember, type SignedInMember } from '../lib/member';
import { freePort, removeDir, root, startServer, tempDir, warmUp } from '../lib/procs';
import { over, show, verdict } from '../lib/stats';

const CHROME_FLAGS = ['--no-sandbox', '--headless', '--disable-gpu', '--disable-dev-shm-usage'];

async function firstPaint(base: string, chromiumPath: string) {
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: CHROMIUM_ARGS,
  });
  try {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const scripts = new Set<string>();
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.add(new URL(r.url()).pathname);
    });
    await page.goto(`${base}/`, { waitUntil: 'networkidle' });
    const rows = [...scripts].map((p) => ({ path: p, gz: gzipSync(readFileSync(path.join(root, 'dist/client', p))).length }));
    return { total: rows.reduce((s, r) => s + r.gz, 0), rows };
  } finally {
    await browser.close();
  }
}

interface LhCategory {
  score: number | null;
  auditRefs: { id: string; weight: number; group?: string }[];
}
interface LhAudit {
  id: string;
  title: string;
  score: number | null;
  scoreDisplayMode: string;
  displayValue?: string;
  numericValue?: number;
}
interface LhReport {
  finalDisplayedUrl?: string;
  categories: Record<string, LhCategory>;
  audits: Record<string, LhAudit>;
  runtimeError?: { message: string };
}

/** The performance metrics Lighthouse weighs, with the unit each is shown in. */
const METRICS = [
  ['first-contentful-paint', 'FCP', 'ms'],
  ['largest-contentful-paint', 'LCP', 'ms'],
  ['total-blocking-time', 'TBT', 'ms'],
  ['cumulative-layout-shift', 'CLS', ''],
  ['speed-index', 'Speed Index', 'ms'],
] as const;

const CATEGORIES = [
  ['performance', 95],
  ['accessibility', 100],
  ['best-practices', 100],
  ['seo', 100],
] as const;

function lighthouse(url: string, chromiumPath: string, signedInPort: number | null): Promise<LhReport> {
  const args = [
    path.join(root, 'node_modules/lighthouse/cli/index.js'),
    url,
    '--quiet',
    '--output=json',
    '--output-path=stdout',
    `--only-categories=${CATEGORIES.map((c) => c[0]).join(',')}`,
    // Signed in: the browser the bench prepared (session cookie and the client's sign-in hint in
    // localStorage, as after a real login), kept as it is; otherwise Lighthouse's own fresh browser.
    ...(signedInPort ? [`--port=${signedInPort}`, '--disable-storage-reset'] : [`--chrome-flags=${CHROME_FLAGS.join(' ')}`]),
  ];
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      args,
      { cwd: root, env: { ...process.env, CHROME_PATH: chromiumPath }, maxBuffer: 512 * 1024 * 1024, timeout: 180_000 },
      (err, stdout, stderr) => {
        if (err) return reject(new Error(`lighthouse ${url}: ${err.message} ${stderr.slice(-2000)}`));
        try {
          resolve(JSON.parse(stdout) as LhReport);
        } catch (e) {
          reject(new Error(`lighthouse ${url}: bad JSON (${String(e)}) ${stderr.slice(-2000)}`));
        }
      },
    );
  });
}

/** Idle and total time of all cores since boot (/proc/stat), or null where there is no such file. */
function cpuTimes(): { idle: number; total: number } | null {
  try {
    const f = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
    return { idle: f[3]! + (f[4] ?? 0), total: f.reduce((a, b) => a + b, 0) };
  } catch {
    return null;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Waits until the CPU has been at least 90% idle for 3 s, for at most `maxSec`: the seconds waited,
 * or null when it gave up (the run then starts anyway, and is counted as such).
 */
async function quietCpu(maxSec: number): Promise<number | null> {
  const start = Date.now();
  for (;;) {
    const a = cpuTimes();
    await sleep(3000);
    const b = cpuTimes();
    if (!a || !b || (b.idle - a.idle) / Math.max(1, b.total - a.total) >= 0.9) return (Date.now() - start) / 1000;
    if (Date.now() - start >= maxSec * 1000) return null;
    await sleep(2000);
  }
}

/** Audits that cost points in a category (performance: under 0.9 with weight, or under 0.5). */
function failing(r: LhReport, category: string): LhAudit[] {
  const out: LhAudit[] = [];
  for (const ref of r.categories[category]?.auditRefs ?? []) {
    const a = r.audits[ref.id];
    if (!a || a.score === null || ['notApplicable', 'informative', 'manual'].includes(a.scoreDisplayMode)) continue;
    if (category !== 'performance' ? a.score >= 1 : a.score >= (ref.weight > 0 ? 0.9 : 0.5)) continue;
    out.push(a);
  }
  return out;
}

/**
 * A browser in which the demo member is signed in as after a real login: the session cookie from
 * the dev outbox's code flow, and the client's sign-in hint (src/client/lib/session.ts) in
 * localStorage. Lighthouse attaches to it through its debugging port.
 */
async function signedInBrowser(base: string, chromiumPath: string, member: SignedInMember) {
  const port = await freePort();
  const userDir = tempDir('chrome');
  const context = await chromium.launchPersistentContext(userDir, {
    executablePath: chromiumPath,
    headless: true,
    args: [...CHROME_FLAGS.filter((f) => f !== '--headless'), `--remote-debugging-port=${port}`],
  });
  await context.addCookies([{ name: 'sid', value: member.sid, url: base }]);
  const page = await context.newPage();
  await page.goto(`${base}/login`);
  await page.evaluate(rememberSignIn, member.hint);
  await page.close();
  return {
    port,
    async close() {
      await context.close();
      removeDir(userDir);
    },
  };
}

export async function frontend(args: BenchArgs, want: { paint: boolean; lighthouse: boolean }, log: (s: string) => void) {
  const dataDir = tempDir('front');
  const server = await startServer({ dataDir });
  try {
    await warmUp(`${server.base}/api/events`);
    if (want.paint) {
      const runs: Awaited<ReturnType<typeof firstPaint>>[] = [];
      for (let i = 0; i < args.runs; i++) runs.push(await firstPaint(server.base, args.chromium));
      const total = over(runs.map((r) => r.total / 1024));
      log(`## First paint of \`/\`\n`);
      log(`Every script the browser (${args.chromium}, Playwright, 390x844) requests until the network is idle, gzipped from dist/client.\n`);
      log(`JavaScript loaded: **${show(total, 1, ' KB')}** (budget 100 KB) ${verdict(total.median <= 100)}; ${runs[0]!.rows.length} scripts:\n`);
      for (const r of [...runs[0]!.rows].sort((a, b) => b.gz - a.gz)) log(`- ${r.path}: ${(r.gz / 1024).toFixed(1)} KB`);
      log(`\nServer: \`${server.command}\` (embedded database with the demo data).\n`);
    }
    if (want.lighthouse) {
      const demo = (await (await fetch(`${server.base}/api/events/demo`)).json()) as { id: number };
      const member = await signedInMember(server.base);
      // The public page of an evening a visitor can book: the first upcoming one, not starting within two hours, with seats.
      const upcoming = (await (await fetch(`${server.base}/api/events/upcoming`)).json()) as { id: number; date: string; spotsLeft: number }[];
      const open = upcoming.find((e) => Date.parse(e.date) > Date.now() + 2 * 3_600_000 && e.spotsLeft > 0);
      if (args.pages.includes('/events/public') && !open) throw new Error('lighthouse: no open evening in the demo data for /events/public');
      // /events, /events/:id (as a member) and /profile are measured as the demo member; /events/public is an open
      // evening's page and /events/visitor the list of evenings, both as a visitor without a cookie (docs/decisions/0045, issue 34).
      // `label` names the page in the tables: the same path is measured as a member and as a visitor.
      const pages = args.pages.map((path) =>
        path === '/events/public'
          ? { path: `/events/${open!.id}`, label: `/events/${open!.id} (visitor)`, signedIn: false }
          : path === '/events/visitor'
            ? { path: '/events', label: '/events (visitor)', signedIn: false }
            : path === '/events/demo'
              ? { path: `/events/${demo.id}`, label: `/events/${demo.id}`, signedIn: true }
              : { path, label: path, signedIn: !['/', '/login'].includes(path) },
      );
      const problems: string[] = [];
      const metricRows: string[] = [];
      const retries: string[] = [];
      const waits = { runs: 0, seconds: 0, gaveUp: 0 };
      const browser = await signedInBrowser(server.base, args.chromium, member);
      try {
        log(`## Lighthouse\n`);
        log(
          `Lighthouse 12.8.2, mobile preset (simulated throttling), ${args.chromium} with \`${CHROME_FLAGS.join(' ')}\`; /events, /events/${demo.id} (the demo event) and /profile as the demo member, /events/${open?.id ?? '{id}'} (an open evening's public page) and /events (the list of evenings) as a visitor with no cookie (marked "visitor"); the members: signed in through the dev outbox's code, its session cookie and the client's sign-in hint (localStorage) set in a browser Lighthouse attaches to (--port, --disable-storage-reset). Median of ${args.runs} runs per page (min-max). Budget: performance 95, accessibility, best practices and SEO 100.\n`,
        );
        log(`| page | performance | accessibility | best practices | SEO |\n|---|---|---|---|---|`);
        for (const p of pages) {
          const reports: LhReport[] = [];
          for (let i = 0; i < args.runs; i++) {
            // Lighthouse now and then fails to record the trace (NO_NAVSTART, NO_FCP): such a run is
            // repeated, up to twice, and counted below; a score is never taken from a failed run.
            let r: LhReport | null = null;
            for (let attempt = 0; attempt < 3 && !r; attempt++) {
              if (args.quietCpu > 0) {
                const waited = await quietCpu(args.quietCpu);
                waits.runs++;
                if (waited === null) waits.gaveUp++;
                waits.seconds += waited ?? args.quietCpu;
              }
              try {
                r = await lighthouse(`${server.base}${p.path}`, args.chromium, p.signedIn ? browser.port : null);
                if (r.runtimeError) throw new Error(r.runtimeError.message);
              } catch (err) {
                r = null;
                const msg = err instanceof Error ? err.message : String(err);
                retries.push(`${p.label}: ${/\(([A-Z_]{4,})\)/.exec(msg)?.[1] ?? msg.slice(0, 160)}`);
                if (attempt === 2) throw err;
              }
            }
            if (!r) throw new Error(`lighthouse ${p.path} failed`);
            // A signed-in page that sent the browser to /login would measure the wrong page.
            if (r.finalDisplayedUrl && new URL(r.finalDisplayedUrl).pathname !== p.path)
              throw new Error(`lighthouse ${p.path} ended on ${r.finalDisplayedUrl}`);
            reports.push(r);
          }
          const cells = CATEGORIES.map(([id, budget]) => {
            const f = over(reports.map((r) => Math.round((r.categories[id]?.score ?? NaN) * 100)));
            return `${show(f)} ${verdict(f.median >= budget)}`;
          });
          log(`| ${p.label} | ${cells.join(' | ')} |`);
          metricRows.push(
            `| ${p.label} | ${METRICS.map(([id, , unit]) => {
              const f = over(reports.map((r) => r.audits[id]?.numericValue ?? NaN));
              return unit ? show(f, 0, ` ${unit}`) : show(f, 3);
            }).join(' | ')} |`,
          );
          for (const [id] of CATEGORIES) {
            const seen = new Map<string, { a: LhAudit; runs: number }>();
            for (const r of reports) for (const a of failing(r, id)) seen.set(a.id, { a, runs: (seen.get(a.id)?.runs ?? 0) + 1 });
            if (seen.size)
              problems.push(
                `- ${p.label} ${id}: ${[...seen.values()].map(({ a, runs }) => `\`${a.id}\` ${a.title}${a.displayValue ? ` (${a.displayValue})` : ''}, score ${a.score}, in ${runs}/${reports.length} runs`).join('; ')}`,
              );
          }
        }
      } finally {
        await browser.close();
      }
      log(
        `\nThe performance metrics (simulated; median of the runs, min-max):\n\n| page | ${METRICS.map((m) => m[1]).join(' | ')} |\n|---|${METRICS.map(() => '---|').join('')}`,
      );
      metricRows.forEach(log);
      log(`\nAudits that cost points (value and score of the last run that failed it; performance: weighted metrics under 0.9 and other audits under 0.5):\n`);
      problems.forEach(log);
      if (!problems.length) log('- none');
      if (args.quietCpu > 0)
        log(
          `\nEach run started once the CPU had been at least 90% idle for 3 s (--quiet-cpu=${args.quietCpu}): ${Math.round(waits.seconds)} s waited over ${waits.runs} runs; ${waits.gaveUp} started without, after waiting ${args.quietCpu} s.`,
        );
      if (retries.length)
        log(
          `\nRuns repeated after a Lighthouse runtime error (not scored): ${retries.length}: ${[...new Set(retries.map((x) => x.replace(/http:\/\/127\.0\.0\.1:\d+/g, '')))].join('; ')}`,
        );
      log(
        `\nServer: \`${server.command}\`; each run: \`CHROME_PATH=${args.chromium} node node_modules/lighthouse/cli/index.js <url> --output=json --only-categories=performance,accessibility,best-practices,seo --chrome-flags="${CHROME_FLAGS.join(' ')}" \` (signed-in pages: \`--port=<the prepared browser> --disable-storage-reset\` instead of --chrome-flags)\n`,
      );
    }
  } finally {
    await server.stop();
    removeDir(dataDir);
  }
}
