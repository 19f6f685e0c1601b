import type { Database } from '../../db/client';
import { migrationRunning } from './queries';

/**
 * Whether a migration runs on this database now; throws when the database does not answer. On
 * PostgreSQL the lock query is the ping; the embedded database migrates in this process before it
 * listens (main.ts), so nobody can ask while it does: a ping is all there is to check.
 */
export async function migrating(database: Database): Promise<boolean> {
  if (database.kind === 'postgres') return migrationRunning(database.db);
  await database.ping();
  return false;
}
