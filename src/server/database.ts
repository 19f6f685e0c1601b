import { chmodSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { openPglite, openPostgres, type Database } from './db/client';
import type { AppConfig } from './env';

/**
 * PostgreSQL when DATABASE_URL is set, otherwise the embedded PGlite in DATA_DIR/pglite, migrated;
 * `migrated` names the migrations this start applied (main.ts logs one line each, none when the
 * database was up to date).
 */
export async function openConfiguredDatabase(config: AppConfig): Promise<{ database: Database; migrated: string[] }> {
  // DATA_DIR holds the embedded database, the control file and the login-code key: the server user's alone (issue 33).
  if (!config.databaseUrl) {
    mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
    chmodSync(config.dataDir, 0o700);
  }
  const database = config.databaseUrl ? openPostgres(config.databaseUrl) : await openPglite(path.join(config.dataDir, 'pglite'));
  try {
    return { database, migrated: await database.migrate() };
  } catch (err) {
    await database.close().catch(() => {});
    throw err;
  }
}

export const controlFile = (config: AppConfig) => path.join(config.dataDir, 'control.json');
