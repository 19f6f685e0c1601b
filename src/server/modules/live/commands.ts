import type { FastifyInstance } from 'fastify';
import type { TimerState } from '@shared/domain/timer';
import type { NoShowRule } from '@shared/domain/no-shows';
import type { ClientMessage } from '@shared/realtime';
import type { Viewer } from '../../plugins/auth';
import type { Known } from './fan-out';
import type { PlanAhead } from './plan-ahead';
import * as live from './service';

/**
 * Where a timer change enters this instance and is said on the bus: a host's command and a
 * transition that fell due. The service applies it and returns what is to be said; it is published
 * here, in plain sight, and every instance (this one too) hears it (bus.ts).
 */
export function createCommands(app: FastifyInstance, known: Known, plans: Pick<PlanAhead, 'settle'>, noShowRule: NoShowRule) {
  const d: live.LiveDeps = { db: app.db, lastKnown: known.lastKnown, noShowRule, now: () => app.now() };
  /** Said on the bus; the fan-out here is measured from `since`, when the change began. */
  const announce = async (said: live.TimerSaid, since: number) => {
    known.begin(said, since);
    await app.bus.publish(said);
  };
  return {
    /**
     * The one way in for a host command, the socket's and POST /timer's (docs/decisions/0100): the
     * host is checked at the command (live.command), then the change is said on the bus. The state it left.
     */
    async command(viewer: Viewer, eventId: number, msg: ClientMessage, opts?: { asHost: boolean }): Promise<TimerState> {
      const since = performance.now();
      // A start waits for the plan the door has asked for here, so it finds it standing (docs/decisions/0103).
      if (msg.type === 'start_timer') await plans.settle(eventId);
      const { state, said } = await live.command(d, viewer, eventId, msg, opts);
      if (said) await announce(said, since);
      return state;
    },
    /** The transition time has made due, if this instance wins it. */
    async due(eventId: number) {
      const since = performance.now();
      const said = await live.runDue(d, eventId);
      if (said) await announce(said, since);
    },
  };
}
export type Commands = ReturnType<typeof createCommands>;
