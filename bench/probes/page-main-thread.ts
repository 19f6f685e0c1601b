/**
 * Where a page's main-thread time goes on a cold load, under Lighthouse's 4x CPU slowdown
 * (bench/LIMITS.md, "Lighthouse performance 95"). Starts the built server with the demo data, signs
 * in as the demo member (as the Lighthouse section does), opens the page in Chromium with the CPU
 * slowed 4x and the cache empty, and traces it (tasks and CPU profile) from navigation until the
 * network has been idle. Prints each task over 50 ms (what Total Blocking Time counts) with the
 * code that ran in it, and the time by source file, read through the client build's source maps
 * when it has them:
 *
 *   npx vite build --sourcemap && npx tsx bench/probes/page-main-thread.ts [path=/events/demo] [runs=3]
 *
 * (`npm run build` afterwards puts back the build without maps.) `/events/demo` is the demo event.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { SourceMapConsumer, type RawSourceMap } from 'source-map-js';
import { rememberSignIn, signedInMember, type SignedInMember } from '../lib/member';
import { removeDir, root, startServer, tempDir } from '../lib/procs';
import { percentile } from '../lib/stats';

const wanted = process.argv[2] ?? '/events/demo';
const runs = Number(process.argv[3] ?? 3);

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}

const maps = new Map<string, SourceMapConsumer | null>();
function mapFor(url: string): SourceMapConsumer | null {
  if (maps.has(url)) return maps.get(url)!;
  const file = path.join(root, 'dist/client', new URL(url).pathname + '.map');
  const consumer = existsSync(file) ? new SourceMapConsumer(JSON.parse(readFileSync(file, 'utf8')) as RawSourceMap) : null;
  maps.set(url, consumer);
  return consumer;
}

/** The source file a frame's code came from: node_modules/<package> or src/..., else the chunk. */
function origin(frame: ProfileNode['callFrame']): string {
  if (!frame.url) return frame.functionName.startsWith('(') ? frame.functionName : `(${frame.functionName || 'program'})`;
  if (!frame.url.includes('/assets/')) return new URL(frame.url).pathname;
  const m = mapFor(frame.url);
  const chunk = new URL(frame.url).pathname.replace(/^\/assets\//, '');
  if (!m) return chunk;
  const pos = m.originalPositionFor({ line: frame.lineNumber + 1, column: frame.columnNumber });
  if (!pos.source) return chunk;
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(pos.source);
  return pkg ? pkg[1]! : pos.source.replace(/^(\.\.\/)+/, '');
}

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  tid: number;
  pid: number;
  args?: { name?: string; data?: { url?: string; cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] }; timeDeltas?: number[]; startTime?: number } };
}

/**
 * One cold load under a 4x slower CPU, traced: the main thread's tasks (RunTask) and the CPU
 * profile's samples (ProfileChunk), on one clock, so each long task's time can be put to its code.
 */
async function measure(base: string, pagePath: string, member: SignedInMember) {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
  try {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
    await context.addCookies([{ name: 'sid', value: member.sid, url: base }]);
    await context.addInitScript(rememberSignIn, member.hint);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await browser.startTracing(page, {
      categories: ['loading', 'devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'disabled-by-default-v8.cpu_profiler'],
    });
    await page.goto(`${base}${pagePath}`, { waitUntil: 'networkidle' });
    await page.waitForTimeout(500);
    const trace = JSON.parse((await browser.stopTracing()).toString('utf8')) as { traceEvents: TraceEvent[] };
    return trace.traceEvents;
  } finally {
    await browser.close();
  }
}

/** The page's main thread: the renderer's main thread that was busiest (RunTask time). */
function mainThread(events: TraceEvent[]) {
  const mains = events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const busy = (m: TraceEvent) => events.reduce((sum, e) => sum + (e.name === 'RunTask' && e.pid === m.pid && e.tid === m.tid ? (e.dur ?? 0) : 0), 0);
  const best = mains.sort((a, b) => busy(b) - busy(a))[0];
  if (!best) throw new Error('no renderer main thread in the trace');
  return { pid: best.pid, tid: best.tid };
}

/** Each sample of the CPU profile: when it was taken and the code it was in. */
function samples(events: TraceEvent[], pid: number) {
  const nodes = new Map<number, ProfileNode['callFrame']>();
  const out: { ts: number; frame: ProfileNode['callFrame'] }[] = [];
  const start = events.find((e) => e.name === 'Profile' && e.pid === pid)?.args?.data?.startTime;
  let ts = start ?? 0;
  for (const e of events) {
    if (e.name !== 'ProfileChunk' || e.pid !== pid) continue;
    const data = e.args?.data;
    for (const n of data?.cpuProfile?.nodes ?? []) nodes.set(n.id, n.callFrame);
    const ids = data?.cpuProfile?.samples ?? [];
    ids.forEach((id, i) => {
      ts += data?.timeDeltas?.[i] ?? 0;
      out.push({ ts, frame: nodes.get(id) ?? { functionName: '(unknown)', url: '', lineNumber: 0, columnNumber: 0 } });
    });
  }
  return out.sort((a, b) => a.ts - b.ts);
}

/** Busy time by source file between two moments (ms), each sample counted until the next one. */
function timeByOrigin(taken: ReturnType<typeof samples>, from = -Infinity, to = Infinity) {
  const time = new Map<string, number>();
  taken.forEach((s, i) => {
    const next = taken[i + 1];
    if (!next || s.ts < from || s.ts > to || s.frame.functionName === '(idle)') return;
    const key = origin(s.frame);
    time.set(key, (time.get(key) ?? 0) + Math.min(next.ts - s.ts, 1000) / 1000);
  });
  return time;
}

const dataDir = tempDir('probe-page');
const server = await startServer({ dataDir });
try {
  const member = await signedInMember(server.base);
  const demo = (await (await fetch(`${server.base}/api/events/demo`)).json()) as { id: number };
  const pagePath = wanted.replace('/events/demo', `/events/${demo.id}`);
  console.log(`${pagePath}, cold cache, CPU 4x slower, ${runs} runs; build ${existsSync(path.join(root, 'dist/client/assets')) ? 'dist/client' : 'missing'}`);
  const byOrigin = new Map<string, number[]>();
  const blocking: number[] = [];
  for (let run = 0; run < runs; run++) {
    const events = await measure(server.base, pagePath, member);
    const { pid, tid } = mainThread(events);
    const taken = samples(events, pid);
    const tasks = events.filter((e) => e.name === 'RunTask' && e.pid === pid && e.tid === tid && (e.dur ?? 0) > 50_000).sort((a, b) => a.ts - b.ts);
    for (const [k, ms] of timeByOrigin(taken)) byOrigin.set(k, [...(byOrigin.get(k) ?? []), ms]);
    // Total Blocking Time counts what a task takes beyond 50 ms, from the first contentful paint on.
    const fcp = events.find((e) => e.name === 'firstContentfulPaint' && e.pid === pid)?.ts ?? 0;
    const tbt = tasks.filter((t) => t.ts >= fcp).reduce((sum, t) => sum + Math.max(0, (t.dur ?? 0) / 1000 - 50), 0);
    blocking.push(tbt);
    const first = events.find((e) => e.name === 'navigationStart' && e.pid === pid)?.ts ?? tasks[0]?.ts ?? 0;
    console.log(
      `\nrun ${run + 1}: first contentful paint at ${Math.round((fcp - first) / 1000)} ms; ${tasks.length} tasks over 50 ms, blocking after it ${Math.round(tbt)} ms`,
    );
    for (const t of tasks) {
      const end = t.ts + (t.dur ?? 0);
      const inside = timeByOrigin(taken, t.ts, end);
      // The browser's own work in the task, by trace event (nested events counted in each).
      const work = new Map<string, number>();
      for (const e of events) {
        if (e.ph !== 'X' || e.pid !== pid || e.tid !== tid || e.ts < t.ts || e.ts > end || e.name === 'RunTask' || !e.dur) continue;
        const url = e.args?.data?.url;
        const key =
          url && /^(EvaluateScript|v8\.compile|v8\.compileModule|v8\.evaluateModule)$/.test(e.name) ? `${e.name} ${url.replace(/^.*\//, '')}` : e.name;
        work.set(key, (work.get(key) ?? 0) + e.dur / 1000);
      }
      const top = (m: Map<string, number>, n: number) =>
        [...m]
          .sort((a, b) => b[1] - a[1])
          .slice(0, n)
          .map(([k, ms]) => `${k} ${Math.round(ms)}`)
          .join(', ');
      console.log(
        `  at ${Math.round((t.ts - first) / 1000)} ms${t.ts < fcp ? ' (before the paint)' : ''}, ${Math.round((t.dur ?? 0) / 1000)} ms: ${top(inside, 6)}\n      trace: ${top(work, 6)}`,
      );
    }
  }
  console.log(
    `\nblocking time, median of ${runs}: ${Math.round(percentile(blocking, 0.5))} ms\n\nmain-thread time by source (median ms of ${runs} runs, 4x slower):`,
  );
  const rows = [...byOrigin].map(([k, v]) => [k, percentile([...v, ...Array<number>(runs - v.length).fill(0)], 0.5)] as const).sort((a, b) => b[1] - a[1]);
  for (const [k, ms] of rows.slice(0, 25)) if (ms >= 1) console.log(`${ms.toFixed(0).padStart(6)}  ${k}`);
} finally {
  await server.stop();
  removeDir(dataDir);
}
