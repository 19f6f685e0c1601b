/**
 * Where a server's CPU goes during each round of the live bench: reads the V8 profiles written by
 * `npm run bench -- --only=scale --runs=1 --cpu-prof=DIR` (one .cpuprofile per server process) and,
 * for each burst of samples in `broadcastState` (one per round and evening mode), sums the samples
 * from 20 ms before the burst's first to 20 ms after its last by where they were: the kernel's
 * socket writes, our code, the `ws` library and Node's streams, the pg driver, garbage collection,
 * idle. A burst is a run of broadcastState samples with gaps under 1 s.
 *
 *   npx tsx bench/probes/profile-rounds.ts DIR [--top=N]   (N: also the N functions with the most self time)
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

interface CallFrame {
  functionName: string;
  url: string;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
}

const CATEGORIES = ['kernel writes (writev/write)', 'our code', 'ws, streams, net', 'pg driver', 'garbage collection', 'idle', 'other'] as const;
type Category = (typeof CATEGORIES)[number];

function categorise(frame: CallFrame): Category {
  const { functionName: fn, url } = frame;
  if (fn === '(garbage collector)') return 'garbage collection';
  if (fn === '(idle)') return 'idle';
  if (/^(writev|writeUtf8String|writeBuffer|writeLatin1String|writeAsciiString)$/.test(fn)) return 'kernel writes (writev/write)';
  if (url.includes('node_modules/pg') || url.includes('node_modules/postgres-array')) return 'pg driver';
  if (url.includes('node_modules/ws/') || /^node:(internal\/streams|net|internal\/stream_base|stream)/.test(url)) return 'ws, streams, net';
  if (url.includes('/dist/server/') || url.includes('/src/server/') || url.includes('/src/shared/')) return 'our code';
  return 'other';
}

function analyse(file: string) {
  const p = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const inBroadcast = new Map<number, boolean>();
  const hasBroadcast = (id: number): boolean => {
    const known = inBroadcast.get(id);
    if (known !== undefined) return known;
    const n = byId.get(id);
    const up = parent.get(id);
    const v = n?.callFrame.functionName === 'broadcastState' || (up !== undefined && hasBroadcast(up));
    inBroadcast.set(id, v);
    return v;
  };
  // The category of a sample: its leaf's, except that a leaf in Node's internals called from our
  // code or ws keeps the nearest categorised caller (a `writev` is a kernel write wherever it is).
  const categoryOf = (id: number): Category => {
    let cur: number | undefined = id;
    while (cur !== undefined) {
      const c = categorise(byId.get(cur)!.callFrame);
      if (c !== 'other') return c;
      cur = parent.get(cur);
    }
    return 'other';
  };
  const times: number[] = [];
  let t = p.startTime;
  for (const d of p.timeDeltas) times.push((t += d));
  const bursts: [number, number][] = [];
  p.samples.forEach((id, i) => {
    if (!hasBroadcast(id)) return;
    const at = times[i]!;
    const last = bursts.at(-1);
    if (last && at - last[1] < 1_000_000) last[1] = at;
    else bursts.push([at, at]);
  });
  console.log(`\n${path.basename(file)}: ${bursts.length} bursts of broadcastState`);
  for (const [from, to] of bursts) {
    const lo = from - 20_000;
    const hi = to + 20_000;
    const sum = new Map<Category, number>(CATEGORIES.map((c) => [c, 0]));
    p.samples.forEach((id, i) => {
      const at = times[i]!;
      if (at < lo || at > hi) return;
      const dt = (times[i + 1] ?? at) - at;
      const c = categoryOf(id);
      sum.set(c, sum.get(c)! + dt);
    });
    const ms = (us: number) => `${(us / 1000).toFixed(0)} ms`;
    console.log(`  window ${ms(hi - lo)}: ${CATEGORIES.map((c) => `${c} ${ms(sum.get(c)!)}`).join(', ')}`);
    if (top > 0) {
      const self = new Map<string, number>();
      p.samples.forEach((id, i) => {
        const at = times[i]!;
        if (at < lo || at > hi) return;
        const f = byId.get(id)!.callFrame;
        const key = `${f.functionName || '(anonymous)'} ${f.url.replace(/^.*\/(node_modules|dist|src)\//, '$1/')}`;
        self.set(key, (self.get(key) ?? 0) + ((times[i + 1] ?? at) - at));
      });
      for (const [k, v] of [...self].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`    ${ms(v).padStart(7)}  ${k}`);
    }
  }
}

const dir = process.argv[2];
if (!dir) throw new Error('usage: profile-rounds.ts DIR [--top=N]');
const top = Number(process.argv.find((a) => a.startsWith('--top='))?.slice(6) ?? 0);
for (const f of readdirSync(dir)
  .filter((f) => f.endsWith('.cpuprofile'))
  .sort())
  analyse(path.join(dir, f));
