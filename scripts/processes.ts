/**
 * Processes the bench (bench/) and the browser journeys (e2e/) both start: the repository's root,
 * the build `npm start` would make, a free port, and stopping a child. One place both import
 * (e2e/ does not import bench/).
 */
import { spawnSync, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '..');

/**
 * Build the browser app and the server when missing or older than their sources, exactly as
 * `npm start` does (scripts/start.mjs --build-only), so the bench measures what `npm start` runs.
 */
export function ensureBuilt() {
  const r = spawnSync(process.execPath, [path.join(root, 'scripts/start.mjs'), '--build-only'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) throw new Error('the build failed');
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

export async function stopChild(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM') {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  child.kill(signal);
  const t = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(t);
}
