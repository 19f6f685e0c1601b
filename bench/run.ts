/**
 * npm run bench: the budgets of docs/architecture.md, measured honestly (docs/decisions/0018):
 * servers and load generators each in their own processes, every server warmed up the same way,
 * every figure the median of --runs runs with its spread. Prints the results; rewrites
 * bench/RESULTS.md only with --write. Flags: `npm run bench -- --help` and README "Benchmarks".
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs, SCALE } from './lib/args';
import { ensureBuilt, root } from './lib/procs';
import { api } from './sections/api';
import { frontend } from './sections/frontend';
import { live } from './sections/live';
import { nightSection } from './sections/night-report';
import { race } from './sections/race';
import { reconnectSection } from './sections/reconnect';

async function main() {
  const argv = process.argv.slice(2);
  const args = parseArgs(argv);
  if (args.cpuProf) process.env.BENCH_CPU_PROF = args.cpuProf; // read by startServer
  const lines: string[] = [];
  const log = (s: string) => {
    console.log(s);
    lines.push(s);
  };
  let commit = 'unknown';
  try {
    commit = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
  } catch {
    /* not a git checkout */
  }
  const command = `npm run bench --${argv.length ? ` ${argv.join(' ')}` : ''}`;
  const started = new Date();
  log(`# Benchmark results\n`);
  log(
    `Run ${started.toISOString()}, commit ${commit}, ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown'}), ${Math.round(os.totalmem() / 2 ** 30)} GB RAM, Node ${process.version}, ${process.platform}/${process.arch}. The machine may have been shared with other work.\n`,
  );
  log(
    `Command: \`${command}\` (sections: ${args.only.join(', ')}; runs ${args.runs}${args.only.includes('live') || args.only.includes('night') ? `; live/night: ${args.sockets} sockets, ${args.events} events, ${args.instances} instance(s), ${args.db} database, ${args.workers} client workers${args.refetch ? ', --refetch' : ''}` : ''}${args.only.includes('scale') ? `; scale: ${SCALE.sockets} sockets, ${SCALE.events} events, ${SCALE.instances} instances, ${SCALE.db}, ${args.workers} client workers` : ''}). Each section below names the exact server command it measured.\n`,
  );
  ensureBuilt();
  const step = async (name: string, fn: () => Promise<void>) => {
    const t = Date.now();
    console.error(`bench: ${name}...`);
    try {
      await fn();
    } catch (err) {
      log(`## ${name}\n\nFAILED to run: ${err instanceof Error ? err.message : String(err)}\n`);
      process.exitCode = 1;
    }
    const load = os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(', ');
    console.error(`bench: ${name} took ${((Date.now() - t) / 1000).toFixed(0)} s`);
    log(`_${name}: ${((Date.now() - t) / 1000).toFixed(0)} s; machine load average (1, 5, 15 min) at its end: ${load} on ${os.cpus().length} cores._\n`);
  };
  const paint = args.only.includes('paint');
  const lh = args.only.includes('lighthouse');
  if (paint || lh)
    await step(paint && lh ? 'first paint and Lighthouse' : paint ? 'first paint' : 'Lighthouse', () => frontend(args, { paint, lighthouse: lh }, log));
  if (args.only.includes('api')) await step('API throughput', () => api(args, log));
  if (args.only.includes('race')) await step('registration race', () => race(args, log));
  if (args.only.includes('live')) await step('live evening', () => live(args, log));
  if (args.only.includes('scale')) {
    await step('live evening at scale', () =>
      live({ ...args, ...SCALE }, log, `Live evening at scale: ${SCALE.sockets.toLocaleString('en-US')} sockets, ${SCALE.instances} instances on PostgreSQL`),
    );
  }
  if (args.only.includes('reconnect')) await step('phones back from a dropped line', () => reconnectSection(args, log));
  if (args.only.includes('night')) await step('the whole night', () => nightSection(args, log));
  log(`\nFinished in ${((Date.now() - started.getTime()) / 60_000).toFixed(1)} min.`);
  if (args.write) {
    if (process.exitCode) console.error('bench: a section failed; bench/RESULTS.md left as it was');
    else {
      // What limits the budgets this machine misses: profiles and what was tried, written by hand
      // (bench/LIMITS.md, with its own date and commands), kept with the figures it explains.
      const limits = path.join(root, 'bench/LIMITS.md');
      const appendix = existsSync(limits) ? `\n---\n\n${readFileSync(limits, 'utf8').replace(/^# /, '## ')}` : '';
      writeFileSync(path.join(root, 'bench/RESULTS.md'), lines.join('\n') + '\n' + appendix);
      console.error('bench: wrote bench/RESULTS.md');
    }
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
