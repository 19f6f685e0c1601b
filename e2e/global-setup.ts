import { execFileSync } from 'node:child_process';
import path from 'node:path';

/** Before any worker starts its server: build the client and the server once if they are missing or stale (scripts/start.mjs). */
export default function globalSetup() {
  const root = path.resolve(import.meta.dirname, '..');
  execFileSync(process.execPath, [path.join(root, 'scripts/start.mjs'), '--build-only'], { cwd: root, stdio: 'inherit' });
}
