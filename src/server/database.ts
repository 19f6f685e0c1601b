import path from 'node:path';
import { openPglite, openPostgres, type Database } from './db/client';
import type { AppConfig } from './env';

/** PostgreSQL when DATABASE_URL is set, otherwise the embedded PGlite in DATA_DIR/pglite. */
export async function openConfiguredDatabase(config: AppConfig): Promise<Database> {
  const database = config.databaseUrl ? openPostgres(config.databaseUrl) : await openPglite(path.join(config.dataDir, 'pglite'));
  await database.migrate();
  return database;
}

export const controlFile = (config: AppConfig) => path.join(config.dataDir, 'control.json');
