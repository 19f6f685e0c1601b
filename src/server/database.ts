import { chmodSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { openPglite, openPostgres, type Database } from './db/client';
import type { AppConfig } from './env';

/** PostgreSQL when DATABASE_URL is set, otherwise the embedded PGlite in DATA_DIR/pglite. */
export async function openConfiguredDatabase(config: AppConfig): Promise<Database> {
  // DATA_DIR holds the embedded database, the control file and the login-code key: the server user's alone (issue 33).
  if (!config.databaseUrl) {
    mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
    chmodSync(config.dataDir, 0o700);
  }
  const database = config.databaseUrl ? openPostgres(config.databaseUrl) : await openPglite(path.join(config.dataDir, 'pglite'));
  await database.migrate();
  return database;
}

export const controlFile = (config: AppConfig) => path.join(config.dataDir, 'control.json');
