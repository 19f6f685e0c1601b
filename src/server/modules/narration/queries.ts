import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { narrationSettings } from '../../db/schema/index';

/** The member's stored settings (as written: the service reads them through the shared schema), or null. */
export async function stored(db: Db, userId: number): Promise<unknown> {
  const [row] = await db.select({ settings: narrationSettings.settings }).from(narrationSettings).where(eq(narrationSettings.userId, userId)).limit(1);
  return row ? row.settings : null;
}

/** Insert or replace the member's settings in one statement. */
export async function save(db: Db, userId: number, settings: Record<string, unknown>): Promise<void> {
  await db
    .insert(narrationSettings)
    .values({ userId, settings })
    .onConflictDoUpdate({ target: narrationSettings.userId, set: { settings, updatedAt: new Date() } });
}
