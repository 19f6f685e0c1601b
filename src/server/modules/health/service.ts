import type { ReadyDown } from '@shared/schemas/health';
import type { Database } from '../../db/client';
import { PING_TIMEOUT_MS, withTimeout, type DatabaseWatch } from './watch';

/** What readiness looks at: this instance only (docs/decisions/0087). */
export interface ReadinessState {
  /** Set on SIGTERM (main.ts), before the app closes. */
  shuttingDown: boolean;
}

/**
 * Whether this database answers a ping within the probe's bound; an outage's start and end are
 * logged once each by the watch, however often the probes ask.
 */
export async function databaseAnswers(database: Database, watch: DatabaseWatch): Promise<boolean> {
  try {
    await withTimeout(database.ping(), PING_TIMEOUT_MS);
  } catch (err) {
    watch.failed(err);
    return false;
  }
  watch.answered();
  return true;
}

/**
 * Why this instance should get no traffic now, or null when it should: it is shutting down, it is
 * applying its own migrations (or waiting for the lock to do so), or its database does not answer.
 * A migration another process runs does not make this instance unready: it keeps serving on the
 * schema it has, which every migration must suit (README "Upgrading").
 */
export async function notReadyReason(state: ReadinessState, database: Database, watch: DatabaseWatch): Promise<ReadyDown['reason'] | null> {
  if (state.shuttingDown) return 'shutting_down';
  if (database.migrating) return 'migrating';
  if (!(await databaseAnswers(database, watch))) return 'database_down';
  // SIGTERM may have come while the ping was under way.
  if (state.shuttingDown) return 'shutting_down';
  return null;
}
