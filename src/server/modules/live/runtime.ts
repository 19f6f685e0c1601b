import fp from 'fastify-plugin';
import type { FastifyPluginAsync } from 'fastify';
import type { TimerAnnouncement, TimerState } from '@shared/domain/timer';
import type { NoShowRule } from '@shared/domain/no-shows';
import type { BusMessage } from '../../plugins/realtime';
import { atMostEvery } from '../../lib/at-most-every';
import { hearBus } from './bus';
import { createCommands, type Commands } from './commands';
import { createFanOut, createKnown } from './fan-out';
import { createPlaces } from './places';
import { createPlanAhead } from './plan-ahead';
import { createRooms } from './rooms';
import * as live from './service';
import { liveSocket } from './socket';
import { startTimers } from './timers';

/**
 * `app.live`, typed here once: how any module tells open pages about a change, on every instance.
 * A module plugin that uses it names 'live-runtime' in its `dependencies` (docs/decisions/0056).
 */
declare module 'fastify' {
  interface FastifyInstance {
    live: {
      publishTimer(eventId: number, announce: TimerAnnouncement | 'timer_sync'): Promise<void>;
      publish(eventId: number, kind: 'contacts_released' | 'ratings_updated' | 'guide_updated'): Promise<void>;
      /** Tell open pages about the door and the room (host messages, reads, check-ins), on every instance. */
      publishRoom(m: Extract<BusMessage, { kind: 'host_message' | 'messages_updated' | 'checkins_updated' }>): Promise<void>;
      /** The one way in for a host command (the socket's and POST /api/events/{id}/timer's): the host checked at the command; the state it left. */
      command: Commands['command'];
      /** The event's timer as stored (an idle one is made on the first read): for modules that act on the round under way. */
      timer(eventId: number): Promise<TimerState>;
    };
  }
}

/**
 * The least time between two "ratings updated" messages of one evening (docs/decisions/0128): right
 * after the bell every guest rates at once, and each message made every host's desk read the
 * progress, the rounds and the connections again.
 */
export const RATINGS_NEWS_EVERY_MS = 1_000;

/**
 * The live runtime, one per instance (docs/decisions/0056, 0100): the evening's authoritative timer is
 * persisted; each instance keeps only its own sockets (rooms.ts, /ws in socket.ts), a timeout for the
 * next due transition (timers.ts), the places it read (places.ts), the plans it makes ahead
 * (plan-ahead.ts), and hears changes over the bus (the realtime plugin; one handler per kind in
 * bus.ts, said to the sockets here by fan-out.ts). A host's command and a due transition enter and
 * are said on the bus in commands.ts. Registered once, before the modules that use `app.live`.
 */
const runtime: FastifyPluginAsync<{ pollMs?: number; planAhead?: boolean; publicUrl: string; noShowRule: NoShowRule }> = async (
  app,
  { pollMs = 1000, planAhead = true, publicUrl, noShowRule },
) => {
  const known = createKnown();
  const plans = createPlanAhead(app, planAhead);
  app.addHook('onClose', () => plans.close());
  const commands = createCommands(app, known, plans, noShowRule);
  const rooms = createRooms();
  const timers = await startTimers(app, commands.due, pollMs);
  const places = createPlaces(app.db);
  const fanOut = createFanOut(app, rooms, places, known, timers);
  const { syncFor } = fanOut;
  hearBus(app, rooms, places, known, fanOut);

  // Ratings are news to the hosts' desks, which read the progress again on each: at most one per
  // evening every RATINGS_NEWS_EVERY_MS, the last always said (docs/decisions/0128).
  const ratingsNews = atMostEvery(
    RATINGS_NEWS_EVERY_MS,
    (eventId) => app.bus.publish({ eventId, kind: 'ratings_updated' }),
    (err, eventId) => app.log.warn({ err, eventId }, 'telling the hosts about new ratings failed'),
  );
  app.addHook('onClose', () => ratingsNews.close());

  app.decorate('live', {
    publishTimer: (eventId, announce) => app.bus.publish({ eventId, kind: 'timer', announce }),
    publish: (eventId, kind) => (kind === 'ratings_updated' ? ratingsNews.say(eventId) : app.bus.publish({ eventId, kind })),
    publishRoom: async (m) => {
      await app.bus.publish(m);
      // The plan follows the door, which does not wait for it (docs/decisions/0103).
      if (m.kind === 'checkins_updated') plans.changed(m.eventId);
    },
    command: commands.command,
    timer: (eventId) => live.timerState(app.db, eventId),
  });

  await app.register(liveSocket, { rooms, command: commands.command, publicUrl, syncFor });
};

/** Not encapsulated: `app.live` is for every module; those that use it depend on 'live-runtime' by name. */
export const liveRuntime = fp(runtime, { name: 'live-runtime', dependencies: ['db', 'auth', 'realtime', 'metrics'] });
