/**
 * GET /api/events: our server vs a bare node:http server answering the same bytes, each in its
 * own process, autocannon in a third. At the default log level (LOG_LEVEL unset: info, a JSON line
 * per request) and at warn; cached (the default one-second listing cache) and uncached
 * (LIST_CACHE_MS=0); p99 at a fixed 500 requests/s.
 */
import type { BenchArgs } from '../lib/args';
import { cannon, removeDir, startBare, startServer, tempDir, warmUp, type CannonResult, type ServerProc } from '../lib/procs';
import { over, show, verdict } from '../lib/stats';

export async function api(args: BenchArgs, log: (s: string) => void) {
  const d = args.duration;
  const c = args.connections;
  const res: { ours: CannonResult; info: CannonResult; uncached: CannonResult; bare: CannonResult; fixed: CannonResult; bytes: number }[] = [];
  let commands: string[] = [];
  for (let run = 0; run < args.runs; run++) {
    const dirs = [tempDir('api'), tempDir('api-nocache'), tempDir('api-info')];
    const started: ServerProc[] = [];
    try {
      const ours = await startServer({ dataDir: dirs[0] });
      started.push(ours);
      const uncached = await startServer({ dataDir: dirs[1], extraEnv: { LIST_CACHE_MS: '0' } });
      started.push(uncached);
      const info = await startServer({ dataDir: dirs[2], defaultLogLevel: true });
      started.push(info);
      const body = await (await fetch(`${ours.base}/api/events`)).text();
      const bare = await startBare(body);
      started.push(bare);
      const urls = {
        ours: `${ours.base}/api/events`,
        info: `${info.base}/api/events`,
        uncached: `${uncached.base}/api/events`,
        bare: `${bare.base}/api/events`,
      };
      for (const u of Object.values(urls)) await warmUp(u);
      // Alternate the order between runs so neither side always goes first.
      const order = run % 2 ? (['bare', 'info', 'ours', 'uncached'] as const) : (['info', 'ours', 'uncached', 'bare'] as const);
      const out: Partial<Record<'ours' | 'info' | 'uncached' | 'bare', CannonResult>> = {};
      for (const k of order) out[k] = await cannon({ url: urls[k], connections: c, duration: d });
      const fixed = await cannon({ url: urls.info, connections: 20, duration: d, overallRate: 500 });
      res.push({ ours: out.ours!, info: out.info!, uncached: out.uncached!, bare: out.bare!, fixed, bytes: Buffer.byteLength(body) });
      commands = [info.command, ours.command, uncached.command, bare.command];
      console.error(
        `api run ${run + 1}: ours at the default level ${out.info!.rps.toFixed(0)}, at warn ${out.ours!.rps.toFixed(0)}, uncached ${out.uncached!.rps.toFixed(0)}, bare ${out.bare!.rps.toFixed(0)} req/s; p99 at 500/s ${fixed.p99} ms`,
      );
    } finally {
      for (const s of started.reverse()) await s.stop();
      dirs.forEach(removeDir);
    }
  }
  const f = (pick: (r: (typeof res)[number]) => number) => over(res.map(pick));
  const ratio = f((r) => r.info.rps / r.bare.rps);
  const ratioWarn = f((r) => r.ours.rps / r.bare.rps);
  const ratioUncached = f((r) => r.uncached.rps / r.bare.rps);
  const fixedP99 = f((r) => r.fixed.p99);
  log(`## API throughput\n`);
  log(
    `\`GET /api/events\` (${res[0]!.bytes} bytes, the demo data, anonymous, no compression asked) on our server vs a bare node:http server answering the same bytes. Each server is its own process, autocannon runs in a third (${c} connections, ${d} s per figure, after the same 3 s warm-up for every server). Median of ${args.runs} runs (min-max).\n`,
  );
  log(`| server | req/s | p50 ms | p99 ms | non-2xx / errors |\n|---|---|---|---|---|`);
  for (const [name, k] of [
    ['ours at the default log level (LOG_LEVEL unset: info), cached listing (default, LIST_CACHE_MS=1000)', 'info'],
    ['ours at LOG_LEVEL=warn, cached listing', 'ours'],
    ['ours at warn, uncached (LIST_CACHE_MS=0: a query and serialisation per request, concurrent ones shared)', 'uncached'],
    ['bare node:http', 'bare'],
  ] as const) {
    log(
      `| ${name} | ${show(f((r) => r[k].rps))} | ${show(f((r) => r[k].p50))} | ${show(f((r) => r[k].p99))} | ${res.reduce((s, r) => s + r[k].non2xx, 0)} / ${res.reduce((s, r) => s + r[k].errors, 0)} |`,
    );
  }
  log(
    `\nRatio at the default log level, cached: **${show(ratio, 2)}** (budget ≥ 0.50) ${verdict(ratio.median >= 0.5)}; at warn: ${show(ratioWarn, 2)}; uncached: ${show(ratioUncached, 2)}.\n`,
  );
  log(
    `At a fixed 500 requests/s (20 connections, ${d} s, the default log level, cached): p99 **${show(fixedP99, 0, ' ms')}** (budget < 50 ms) ${verdict(fixedP99.median < 50)}, non-2xx ${res.reduce((s, r) => s + r.fixed.non2xx, 0)}, errors ${res.reduce((s, r) => s + r.fixed.errors, 0)}.\n`,
  );
  log(`Servers: \`${commands.join('`; `')}\`; load: autocannon in bench/workers/autocannon.ts.\n`);
}
