// The server for `npm run test:e2e` (started by playwright.config.ts): `npm start` on a fresh
// embedded database in DATA_DIR, which is deleted again when the server stops, however the run
// ends (Playwright stops it with SIGTERM; Ctrl+C sends SIGINT). Data directories left by runs
// that were killed outright (.tmp/e2e-<pid> of a process that is gone) are removed first.
import { spawn } from 'node:child_process';
import { cpSync, existsSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const dataDir = process.env.DATA_DIR && path.resolve(root, process.env.DATA_DIR);
if (!dataDir) {
  console.error('e2e-server: DATA_DIR must be set (playwright.config.ts sets it)');
  process.exit(2);
}

const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return err.code === 'EPERM';
  }
};

const tmp = path.join(root, '.tmp');
try {
  for (const name of readdirSync(tmp)) {
    const pid = /^e2e-(\d+)$/.exec(name)?.[1];
    if (pid && !alive(Number(pid))) rmSync(path.join(tmp, name), { recursive: true, force: true });
  }
} catch {
  // no .tmp yet
}

const removeData = () => {
  rmSync(dataDir, { recursive: true, force: true });
  // .tmp itself goes when nothing else is in it.
  if (path.dirname(dataDir) === tmp) {
    try {
      if (readdirSync(tmp).length === 0) rmSync(tmp, { recursive: true, force: true });
    } catch {
      // already gone
    }
  }
};

removeData();
// A database created and migrated once for the whole run (e2e/global-setup.ts), copied: the server
// then opens it instead of creating one, and loads the demo data itself (docs/decisions/0126).
const template = process.env.E2E_TEMPLATE_DIR;
if (template && existsSync(template)) cpSync(template, dataDir, { recursive: true });
const child = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], { cwd: root, stdio: 'inherit', env: { ...process.env, DATA_DIR: dataDir } });
// Playwright signals the whole process group; pass a signal on in case only we received it,
// then wait for the server to close its database before deleting it.
for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(sig, () => child.kill(sig));
child.on('exit', (code, signal) => {
  removeData();
  process.exit(code ?? (signal ? 1 : 0));
});
