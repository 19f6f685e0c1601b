import type { FastifyInstance } from 'fastify';
import type { TimerAnnouncement, TimerState } from '@shared/domain/timer';
import type { ServerMessage } from '@shared/realtime';
import type { Places } from './places';
import * as live from './service';
import type { Rooms } from './rooms';

/** What this instance last heard of each evening's timer, and when each change made here began. */
export function createKnown() {
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
  /** A change made here, about to be said on the bus: its fan-out is measured from `since`. */
  const begin = (said: { eventId: number; state?: TimerState }, since: number) => {
    if (!said.state) return;
    if (began.size >= 1000) began.clear();
    began.set(`${said.eventId}:${said.state.version}`, since);
  };
  return { lastKnown, heard, began, begin };
}
export type Known = ReturnType<typeof createKnown>;

/** The fan-out to this instance's sockets: a timer state heard goes to each socket here, each guest's copy with their place. */
export function createFanOut(
  app: FastifyInstance,
  rooms: Rooms,
  places: Places,
  known: Known,
  timers: { schedule(eventId: number, endsAt: number | null): void },
) {
  const { heard, began } = known;
  const syncFor = async (eventId: number, userId: number, host: boolean): Promise<ServerMessage> => {
    const state = await live.timerState(app.db, eventId);
    heard(eventId, state);
    const message = live.stateMessage('timer_sync', state);
    if (host) return message;
    if (state.currentRound <= 0) {
      places.readAhead(eventId);
      return { ...message, mine: null, upNext: null };
    }
    const now = await places.placesFor(eventId, state.currentRound);
    return { ...message, mine: now.now.get(userId) ?? null, upNext: now.next.get(userId) ?? null };
  };

  /** A timer state heard: kept, its next transition scheduled, and said to the room here (each guest's copy with their place). */
  const tellRoom = async (eventId: number, announce: TimerAnnouncement | 'timer_sync', state: TimerState, heardAt = performance.now()) => {
    heard(eventId, state);
    timers.schedule(eventId, state.phase === 'active' || state.phase === 'grace' ? state.endsAt : null);
    const key = `${eventId}:${state.version}`;
    const start = began.get(key);
    began.delete(key);
    if (!rooms.watched(eventId)) return;
    const guests = rooms.hasGuests(eventId);
    const round = !guests ? null : state.currentRound > 0 ? await places.placesFor(eventId, state.currentRound) : { now: new Map(), next: new Map() };
    rooms.broadcastState(eventId, live.stateMessage(announce, state), round);
    // The last phone here was sent its copy: the round change's fan-out on this instance.
    if (announce !== 'timer_sync') app.metrics.roundFanout((performance.now() - (start ?? heardAt)) / 1000, start === undefined ? 'bus' : 'local', announce);
  };
  return { syncFor, tellRoom };
}
export type FanOut = ReturnType<typeof createFanOut>;
