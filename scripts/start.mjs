// npm start: build the browser app and the server when missing or older than their sources, then run the server.
// `node scripts/start.mjs --build-only` stops after the builds (the bench runs the built server itself).
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const built = path.join(root, 'dist/client/index.html');

function newest(dir) {
  let t = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    t = Math.max(t, entry.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}

const sources = Math.max(newest(path.join(root, 'src/client')), newest(path.join(root, 'src/shared')), statSync(path.join(root, 'vite.config.ts')).mtimeMs);
if (!existsSync(built) || statSync(built).mtimeMs < sources) {
  console.error('Building the browser app...'); // stderr: stdout stays log lines (JSON when piped)
  // Always a production bundle, whatever NODE_ENV the server itself runs with.
  const r = spawnSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

// The server as one plain module (docs/decisions/0019): no TypeScript loader at run time.
const server = path.join(root, 'dist/server/main.js');
const serverSources = Math.max(
  newest(path.join(root, 'src/server')),
  newest(path.join(root, 'src/shared')),
  statSync(path.join(root, 'vite.server.config.ts')).mtimeMs,
);
if (!existsSync(server) || statSync(server).mtimeMs < serverSources) {
  console.error('Building the server...');
  const r = spawnSync(
    process.execPath,
    [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--config', 'vite.server.config.ts', '--logLevel', 'warn'],
    {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    },
  );
  if (r.status !== 0) process.exit(r.status ?? 1);
  // The migrations are read from beside the module (src/server/db/client.ts: migrationsFolder).
  cpSync(path.join(root, 'src/server/db/migrations'), path.join(root, 'dist/server/migrations'), { recursive: true });
}

if (process.argv.includes('--build-only')) process.exit(0);

// Its node flags and memory settings (docs/decisions/0150), the same as deploy/speed-friendship@.service's;
// a variable already set in the environment wins.
const serverProcess = JSON.parse(readFileSync(path.join(root, 'scripts/server-process.json'), 'utf8'));
const child = spawn(process.execPath, [...serverProcess.nodeFlags, server], {
  cwd: root,
  stdio: 'inherit',
  env: { ...serverProcess.env, ...process.env },
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
