import type { FastifyInstance } from 'fastify';
import type { Known, FanOut } from './fan-out';
import type { Places } from './places';
import * as live from './service';
import type { Rooms } from './rooms';

/** What this instance hears on the bus (the realtime plugin), said to its rooms. */
export function hearBus(app: FastifyInstance, rooms: Rooms, places: Places, known: Known, fanOut: FanOut) {
  const { tellRoom } = fanOut;
  // Back on the bus after losing it: what was said meanwhile is lost, so this instance forgets what
  // it kept and tells every room here the state as stored, with each guest's place.
  app.bus.resumed(() => {
    places.clear();
    known.lastKnown.clear();
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
        if (!rooms.watched(m.eventId) || (m.announce === 'timer_started' && m.plan !== 'kept')) places.forget(m.eventId);
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
        places.forget(m.eventId);
        if (rooms.hasGuests(m.eventId)) places.readAhead(m.eventId);
      } else if (m.kind === 'guest_removed') {
        // The plan was rewritten: forget the places, tell the guest, then give everyone their new places.
        places.forget(m.eventId);
        rooms.sendTo(m.eventId, [m.userId], { type: 'guest_removed', eventId: m.eventId });
        rooms.broadcast(m.eventId, { type: 'checkins_updated', eventId: m.eventId }, true);
        await tellRoom(m.eventId, 'timer_sync', await live.timerState(app.db, m.eventId));
      } else {
        rooms.broadcast(m.eventId, { type: m.kind, eventId: m.eventId }, m.kind === 'ratings_updated');
      }
    })().catch((err) => app.log.error({ err }, 'live broadcast failed'));
  });
}
