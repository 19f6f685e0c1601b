import fp from 'fastify-plugin';
import type { FastifyPluginAsync } from 'fastify';
import type { TimerAnnouncement, TimerState } from '@shared/domain/timer';
import type { ServerMessage } from '@shared/realtime';
import type { BusMessage } from '../../plugins/realtime';
import * as live from './service';
import { createRooms, liveSocket } from './socket';
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
      deps(): live.LiveDeps;
      /** The event's timer as stored (an idle one is made on the first read): for modules that act on the round under way. */
      timer(eventId: number): Promise<TimerState>;
    };
  }
}

/**
 * The live runtime, one per instance (docs/decisions/0056): the evening's authoritative timer is
 * persisted; each instance keeps only its own sockets (/ws, socket.ts), a timeout for the next due
 * transition (timers.ts), the places it read, the plans it makes ahead, and hears changes over the
 * bus (the realtime plugin). Registered once, before the modules that use `app.live`.
 */
const runtime: FastifyPluginAsync<{ pollMs?: number; planAhead?: boolean; publicUrl: string }> = async (
  app,
  { pollMs = 1000, planAhead = true, publicUrl },
) => {
  /** The last timer state heard on the bus, per event: the starting guess of a host's command (live.hostCommand). */
  const lastKnown = new Map<number, TimerState>();
  // Only ever forward: messages of one event may arrive out of order between instances.
  const heard = (eventId: number, state: TimerState) => {
    if ((lastKnown.get(eventId)?.version ?? -1) < state.version) lastKnown.set(eventId, state);
  };
  /**
   * When each timer change made here began (a host's command arrived, a transition fell due), by
   * event and version: where its fan-out is measured from when the bus brings it back (/metrics,
   * plugins/metrics.ts). Taken when heard; a change never heard (the bus was away) is dropped at the cap.
   */
  const began = new Map<string, number>();
  const deps = (): live.LiveDeps => {
    const start = performance.now();
    return {
      db: app.db,
      publish: (eventId, announce, state, plan) => {
        if (began.size >= 1000) began.clear();
        began.set(`${eventId}:${state.version}`, start);
        return app.bus.publish({ eventId, kind: 'timer', announce, state, ...(plan && { plan }) });
      },
      lastKnown: (eventId) => lastKnown.get(eventId),
    };
  };
  const rooms = createRooms();
  const timers = await startTimers(app, deps, pollMs);

  /**
   * Each guest's place in every round of the evening, per event watched here: read once (one
   * query) and reused for every state message until the rotation is rewritten, which the round
   * start that wrote it says on the bus (docs/decisions/0017, 0025).
   */
  const evenings = new Map<number, Promise<Map<number, live.RoundPlaces>>>();
  const placesFor = async (eventId: number, round: number) => {
    let evening = evenings.get(eventId);
    if (!evening) {
      const reading = live.eveningPlaces(app.db, eventId);
      evenings.set(eventId, (evening = reading));
      // A failed read is not kept: the next message tries again.
      reading.catch(() => {
        if (evenings.get(eventId) === reading) evenings.delete(eventId);
      });
    }
    const rounds = await evening;
    return { now: rounds.get(round) ?? new Map(), next: rounds.get(round + 1) ?? new Map() };
  };
  /** Read the evening's places now, if not kept yet, so that round 1's start finds them here (a failed read is retried when needed). */
  const readAhead = (eventId: number) => void placesFor(eventId, 1).catch(() => undefined);
  const syncFor = async (eventId: number, userId: number, host: boolean): Promise<ServerMessage> => {
    const state = await live.timerState(app.db, eventId);
    heard(eventId, state);
    const message = live.stateMessage('timer_sync', state);
    if (host) return message;
    if (state.currentRound <= 0) {
      readAhead(eventId);
      return { ...message, mine: null, upNext: null };
    }
    const places = await placesFor(eventId, state.currentRound);
    return { ...message, mine: places.now.get(userId) ?? null, upNext: places.next.get(userId) ?? null };
  };

  /**
   * Planning ahead (docs/decisions/0029, 0053): every change at the door brings the evening's plan
   * up to date before the door answers, on the instance where the change was made, then tells every
   * instance to forget the places it kept. So whenever the host presses Start, however soon after
   * the last check-in, the plan stands for everyone the door has answered for, and round 1 writes
   * nothing. Changes arriving while an evening is being planned share one plan after it: at most
   * one plan runs and one waits, per evening.
   */
  const latest = new Map<number, Promise<void>>();
  const waiting = new Map<number, Promise<void>>();
  const planOnce = (eventId: number) =>
    live
      .planAhead(app.db, eventId)
      .then((wrote) => (wrote ? app.bus.publish({ eventId, kind: 'rotation_planned' }) : undefined))
      .catch((err) => app.log.warn({ err, eventId }, 'planning the evening ahead failed (round 1 will plan it)'));
  const planNow = (eventId: number): Promise<void> => {
    if (!planAhead) return Promise.resolve();
    // A plan not yet begun will see this change: wait for it rather than queue another.
    const queued = waiting.get(eventId);
    if (queued) return queued;
    const plan = (latest.get(eventId) ?? Promise.resolve()).then(() => {
      waiting.delete(eventId);
      return planOnce(eventId);
    });
    waiting.set(eventId, plan);
    latest.set(eventId, plan);
    void plan.then(() => {
      if (latest.get(eventId) === plan) latest.delete(eventId);
    });
    return plan;
  };
  // Plans under way finish before the database closes.
  app.addHook('onClose', async () => {
    await Promise.all(latest.values());
  });

  /** A timer state heard: kept, its next transition scheduled, and said to the room here (each guest's copy with their place). */
  const tellRoom = async (eventId: number, announce: TimerAnnouncement | 'timer_sync', state: TimerState, heardAt = performance.now()) => {
    heard(eventId, state);
    timers.schedule(eventId, state.phase === 'active' || state.phase === 'grace' ? state.endsAt : null);
    const key = `${eventId}:${state.version}`;
    const start = began.get(key);
    began.delete(key);
    if (!rooms.watched(eventId)) return;
    const guests = rooms.hasGuests(eventId);
    const places = !guests ? null : state.currentRound > 0 ? await placesFor(eventId, state.currentRound) : { now: new Map(), next: new Map() };
    rooms.broadcastState(eventId, live.stateMessage(announce, state), places);
    // The last phone here was sent its copy: the round change's fan-out on this instance.
    if (announce !== 'timer_sync') app.metrics.roundFanout((performance.now() - (start ?? heardAt)) / 1000, start === undefined ? 'bus' : 'local', announce);
  };

  // Back on the bus after losing it: what was said meanwhile is lost, so this instance forgets what
  // it kept and tells every room here the state as stored, with each guest's place.
  app.bus.resumed(() => {
    evenings.clear();
    lastKnown.clear();
    Promise.all(rooms.events().map(async (eventId) => tellRoom(eventId, 'timer_sync', await live.timerState(app.db, eventId)))).catch((err) =>
      app.log.error({ err }, 'live: reading the evenings back after the bus returned failed'),
    );
  });

  app.bus.subscribe((m) => {
    const heardAt = performance.now();
    void (async () => {
      if (m.kind === 'timer') {
        // A round start forgets the places unless its sender said the rotation stood as planned;
        // nobody watching here, nothing kept.
        if (!rooms.watched(m.eventId) || (m.announce === 'timer_started' && m.plan !== 'kept')) evenings.delete(m.eventId);
        // The state rides on the bus message (one read less on every instance); older senders may omit it.
        await tellRoom(m.eventId, m.announce, m.state ?? (await live.timerState(app.db, m.eventId)), heardAt);
      } else if (m.kind === 'host_message') {
        const { message } = m;
        rooms.sendTo(m.eventId, m.recipients, { type: 'host_message', eventId: m.eventId, message });
        rooms.broadcast(m.eventId, { type: 'messages_updated', eventId: m.eventId }, true);
      } else if (m.kind === 'messages_updated') {
        if (m.userId !== undefined) rooms.sendTo(m.eventId, [m.userId], { type: 'inbox_updated', eventId: m.eventId });
        rooms.broadcast(m.eventId, { type: 'messages_updated', eventId: m.eventId }, true);
      } else if (m.kind === 'checkins_updated') {
        rooms.sendTo(m.eventId, m.userIds, { type: 'checkins_updated', eventId: m.eventId }, true);
      } else if (m.kind === 'rotation_planned') {
        evenings.delete(m.eventId);
        if (rooms.hasGuests(m.eventId)) readAhead(m.eventId);
      } else if (m.kind === 'guest_removed') {
        // The plan was rewritten: forget the places, tell the guest, then give everyone their new places.
        evenings.delete(m.eventId);
        rooms.sendTo(m.eventId, [m.userId], { type: 'guest_removed', eventId: m.eventId });
        rooms.broadcast(m.eventId, { type: 'checkins_updated', eventId: m.eventId }, true);
        await tellRoom(m.eventId, 'timer_sync', await live.timerState(app.db, m.eventId));
      } else {
        rooms.broadcast(m.eventId, { type: m.kind, eventId: m.eventId }, m.kind === 'ratings_updated');
      }
    })().catch((err) => app.log.error({ err }, 'live broadcast failed'));
  });

  app.decorate('live', {
    publishTimer: (eventId, announce) => app.bus.publish({ eventId, kind: 'timer', announce }),
    publish: (eventId, kind) => app.bus.publish({ eventId, kind }),
    publishRoom: async (m) => {
      await app.bus.publish(m);
      // The door answers once the plan counts this change (docs/decisions/0053).
      if (m.kind === 'checkins_updated') await planNow(m.eventId);
    },
    deps,
    timer: (eventId) => live.timerState(app.db, eventId),
  });

  await app.register(liveSocket, { rooms, deps, publicUrl, syncFor });
};

/** Not encapsulated: `app.live` is for every module; those that use it depend on 'live-runtime' by name. */
export const liveRuntime = fp(runtime, { name: 'live-runtime', dependencies: ['db', 'auth', 'realtime', 'metrics'] });
