/**
 * Processes of the bench: every server (ours and the bare node:http one) and every load
 * generator runs as its own child process; the bench process only orchestrates.
 */
import { fork, spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort, root, stopChild } from '../../scripts/processes';
import serverProcess from '../../scripts/server-process.json' with { type: 'json' };

/** What the journeys need too lives in scripts/processes.ts, which both import. */
export { ensureBuilt, freePort, root, stopChild } from '../../scripts/processes';

const TSX = ['--import', 'tsx'];

export interface ServerProc {
  base: string;
  port: number;
  pid: number;
  child: ChildProcess;
  /** The command line and environment, for RESULTS.md. */
  command: string;
  stop(): Promise<void>;
}

/**
 * One instance of our server, `node --max-semi-space-size=8 --enable-source-maps dist/server/main.js`
 * with `MALLOC_ARENA_MAX=2` (scripts/server-process.json), as `npm start` runs it (the build done once
 * before by ensureBuilt). Embedded database in `dataDir` unless `databaseUrl`.
 */
export async function startServer(opts: {
  dataDir?: string;
  databaseUrl?: string;
  extraEnv?: Record<string, string>;
  defaultLogLevel?: boolean;
}): Promise<ServerProc> {
  const port = await freePort();
  const env: Record<string, string> = {
    ...serverProcess.env, // as npm start sets it (docs/decisions/0150)
    NODE_ENV: 'development', // the dev outbox lets the bench log in; nothing else on the measured paths differs
    // defaultLogLevel: LOG_LEVEL unset, so info, as an operator who sets nothing runs it (its JSON lines go to /dev/null).
    ...(opts.defaultLogLevel ? {} : { LOG_LEVEL: 'warn' }),
    HOST: '127.0.0.1',
    PORT: String(port),
    AUTH_RATE_LIMIT: '1000000',
    ...(opts.dataDir ? { DATA_DIR: opts.dataDir } : {}),
    ...(opts.databaseUrl ? { DATABASE_URL: opts.databaseUrl } : {}),
    ...opts.extraEnv,
    // BENCH_SERVER_ENV='{"K":"V"}': extra environment for every server (experiments, e.g. glibc's MALLOC_ARENA_MAX).
    ...(process.env.BENCH_SERVER_ENV ? (JSON.parse(process.env.BENCH_SERVER_ENV) as Record<string, string>) : {}),
  };
  // BENCH_CPU_PROF=<dir>: each server writes a V8 CPU profile there when it stops (open it in Chrome DevTools).
  const prof = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(process.env.BENCH_CPU_PROF)}`] : [];
  if (prof.length) mkdirSync(path.resolve(process.env.BENCH_CPU_PROF!), { recursive: true });
  // BENCH_NODE_FLAGS: extra node flags for every server (experiments, e.g. V8's heap sizing).
  const flags = process.env.BENCH_NODE_FLAGS ? process.env.BENCH_NODE_FLAGS.split(' ').filter(Boolean) : [];
  // As npm start runs it (scripts/server-process.json, docs/decisions/0150); BENCH_NODE_FLAGS come after and win.
  const child = spawn(process.execPath, [...serverProcess.nodeFlags, ...flags, ...prof, path.join(root, 'dist/server/main.js')], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => {
    stderr += String(d);
    if (stderr.length > 20_000) stderr = stderr.slice(-10_000);
  });
  const base = `http://127.0.0.1:${port}`;
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}): ${stderr}`);
    try {
      const r = await fetch(`${base}/api/health`);
      if (r.ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() - started > 120_000) {
      child.kill('SIGKILL');
      throw new Error(`server did not start in 120 s: ${stderr}`);
    }
    await sleep(200);
  }
  const shownEnv = Object.entries(env)
    .map(([k, v]) => `${k}=${k === 'DATA_DIR' ? '<tmp>' : k === 'PORT' ? '<free port>' : v.replace(/\/bench_[a-z0-9_]+$/, '/<fresh db>')}`)
    .join(' ');
  return {
    base,
    port,
    pid: child.pid!,
    child,
    command: `${shownEnv} node ${[...serverProcess.nodeFlags, ...flags].join(' ')} ${prof.length ? '--cpu-prof ' : ''}dist/server/main.js`,
    stop: () => stopChild(child),
  };
}

/** A worker of bench/workers/, forked with tsx; it talks over the IPC channel. */
export function forkWorker(name: string, args: string[] = []): ChildProcess {
  return fork(path.join(root, 'bench/workers', name), args, {
    cwd: root,
    execArgv: TSX,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    serialization: 'advanced',
  });
}

/** Send one request to a worker and wait for its one answer (rejects if it dies first). */
export function ask<T>(child: ChildProcess, msg: unknown, type?: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const onMsg = (m: { type?: string; error?: string }) => {
      if (type && m.type !== type) return;
      cleanup();
      if (m.error) reject(new Error(m.error));
      else resolve(m as T);
    };
    const onExit = (code: number | null) => {
      cleanup();
      reject(new Error(`worker exited (${code}) before answering`));
    };
    const cleanup = () => {
      child.off('message', onMsg);
      child.off('exit', onExit);
    };
    child.on('message', onMsg);
    child.once('exit', onExit);
    if (msg !== undefined) child.send(msg as object);
  });
}

export interface CannonResult {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  total: number;
}

/** autocannon in its own process (bench/workers/autocannon.ts). */
export async function cannon(opts: {
  url: string;
  connections: number;
  duration: number;
  overallRate?: number;
  headers?: Record<string, string>;
}): Promise<CannonResult> {
  const w = forkWorker('autocannon.ts');
  try {
    return await ask<CannonResult>(w, opts, 'result');
  } finally {
    await stopChild(w);
  }
}

/** The same warm-up for every server before it is measured: 3 s of GET /api/events (or /). */
export async function warmUp(url: string) {
  await cannon({ url, connections: 10, duration: 3 });
}

/** The bare node:http server answering `body` to everything, in its own process. */
export async function startBare(body: string): Promise<ServerProc> {
  const port = await freePort();
  const w = forkWorker('bare.ts');
  await ask(w, { port, body }, 'listening');
  return { base: `http://127.0.0.1:${port}`, port, pid: w.pid!, child: w, command: 'node --import tsx bench/workers/bare.ts', stop: () => stopChild(w) };
}

/** Resident memory of a process (VmRSS), in MB. */
export function rssMb(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
}

export function tempDir(prefix: string) {
  return mkdtempSync(path.join(os.tmpdir(), `sf-bench-${prefix}-`));
}

export function removeDir(dir: string) {
  rmSync(dir, { recursive: true, force: true });
}

/** A fresh PostgreSQL database for one run; `drop()` removes it (connections closed by force). */
export async function freshPostgres(adminUrl: string) {
  const name = `bench_${process.pid}_${Date.now().toString(36)}_${Math.floor(Math.random() * 1e6).toString(36)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
