import type { FastifyInstance } from 'fastify';
import { forgetOldIdempotencyKeys } from '../../plugins/idempotency';
import { every } from '../../lib/every';
import * as privacy from './service';

/** How often each instance sweeps (it also sweeps once at start, src/server/main.ts). */
export const RETENTION_SWEEP_MS = 3_600_000;

/**
 * One retention sweep by the app's clock (docs/decisions/0044), logged when it deleted anything.
 * Safe on every instance at once: each evening is swept by exactly one of them.
 */
export async function sweepRetention(app: FastifyInstance, days: number): Promise<privacy.SweepResult> {
  const result = await privacy.sweep(app.db, app.now(), days);
  // Idempotency keys of writes kept offline: two days is enough for a phone to come back (docs/decisions/0051).
  await forgetOldIdempotencyKeys(app.db, app.now());
  if (result.events.length || result.arrivalReports || result.meetups) {
    app.log.info(
      {
        events: result.events,
        ratings: result.ratings,
        arrivalReports: result.arrivalReports,
        accessNeeds: result.accessNeeds,
        guideQuestions: result.guideQuestions,
        meetups: result.meetups,
      },
      `deleted ratings, arrival reports, access needs and conversation guide questions of evenings, and meet-ups, over ${days} days ago`,
    );
  }
  return result;
}

/** Sweep now and then every `everyMs`; stopped when the app closes (after the sweep under way, if any). */
export function startRetention(app: FastifyInstance, days: number, everyMs: number = RETENTION_SWEEP_MS) {
  every(app, { what: 'retention sweep', everyMs, first: 'now', run: () => sweepRetention(app, days) });
}
