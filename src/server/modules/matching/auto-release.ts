import type { FastifyInstance } from 'fastify';
import * as matching from './service';
import { every } from '../../lib/every';

/** How often each instance looks for evenings due for automatic release. */
export const AUTO_RELEASE_POLL_MS = 60_000;

/**
 * One sweep: release the contacts of evenings that ended 24 hours ago or more (by the app's
 * clock), then tell open pages as a host's release does. Safe to run on every instance at once:
 * each evening is released by exactly one sweep. Returns the ids this sweep released.
 */
export async function releaseDueContacts(app: FastifyInstance): Promise<number[]> {
  const ids = await matching.releaseDue(app.db, app.now());
  for (const id of ids) await app.live.publish(id, 'contacts_released');
  if (ids.length) app.log.info({ events: ids }, 'contacts released automatically 24 hours after the evening');
  return ids;
}

/** The periodic sweep, stopped when the app closes (after the sweep under way, if any). */
export function startAutoRelease(app: FastifyInstance, everyMs: number = AUTO_RELEASE_POLL_MS) {
  every(app, { what: 'automatic contact release', everyMs, run: () => releaseDueContacts(app) });
}
