import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openPglite } from '../src/server/db/client';
import { ensureBuilt } from '../scripts/processes';

/**
 * Before any worker starts its server: build the client and the server once if they are missing or
 * stale, as `npm start` does; then one embedded database, created and migrated, that every journey's
 * server starts from a copy of (E2E_TEMPLATE_DIR, read by scripts/e2e-server.mjs and serveRelease in
 * e2e/fixtures.ts; docs/decisions/0126). Creating a database costs a fresh server 6-7 CPU-seconds of
 * its 10; each server still loads the demo data itself when it starts, so its evenings are dated
 * from its own start. The copy goes when the run ends.
 */
export default async function globalSetup() {
  ensureBuilt();
  const template = mkdtempSync(path.join(tmpdir(), 'sf-e2e-template-'));
  // The server's data directory holds the embedded database in pglite/ (src/server/database.ts).
  const database = await openPglite(path.join(template, 'pglite'));
  await database.migrate();
  await database.close();
  process.env.E2E_TEMPLATE_DIR = template;
  return () => rmSync(template, { recursive: true, force: true });
}
