import { sql } from 'drizzle-orm';
import { MIGRATION_LOCK, type Db } from '../../db/client';

/**
 * Whether some instance is migrating this database now: it holds the migration lock (a session
 * advisory lock on one bigint key, db/client.ts), which pg_locks shows as classid 0, objid the key,
 * objsubid 1, in this database only.
 */
export async function migrationRunning(db: Db): Promise<boolean> {
  const result = await db.execute(sql`
    select exists (
      select 1 from pg_locks
      where locktype = 'advisory' and granted
        and database = (select oid from pg_database where datname = current_database())
        and classid = 0 and objid::bigint = ${MIGRATION_LOCK} and objsubid = 1
    ) as running`);
  const rows = (result as unknown as { rows: { running: boolean }[] }).rows;
  return rows[0]?.running === true;
}
