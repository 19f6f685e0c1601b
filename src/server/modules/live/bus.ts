import type { FastifyInstance } from 'fastify';
import type { TimerState } from '@shared/domain/timer';
import type { ServerMessage } from '@shared/realtime';
import type { CheckInChange } from '@shared/schemas/door';
import { atMostEvery } from '../../lib/at-most-every';
import type { BusMessage } from '../../plugins/realtime';
import type { FanOut, Known } from './fan-out';
import type { Places } from './places';
import type { Rooms } from './rooms';
import * as guide from '../conversation-guide/service';
import * as matching from '../matching/service';
import { ratingsNews } from './round-history';
import * as live from './service';

/**
 * The least time between two check-in news to one evening's hosts on one instance (docs/decisions/0138):
 * each made every host's door screen read the whole guest list again (now only one without the
 * changes it stands for: 0142).
 */
export const CHECKINS_NEWS_EVERY_MS = 1_000;

/** One handler per kind of bus message (docs/decisions/0100): the compiler says when a kind has none. */
export type BusHandlers = {
  [K in BusMessage['kind']]: (m: Extract<BusMessage, { kind: K }>, heardAt: number) => void | Promise<void>;
};

/** What this instance does with each message heard on the bus (the realtime plugin): said to its rooms. */
export function busHandlers(app: FastifyInstance, rooms: Rooms, places: Places, known: Known, fanOut: FanOut): BusHandlers {
  const { tellRoom } = fanOut;
  const ratingsNews = hostsRatingsNews(app, rooms, known);
  const questionsAtTheBell = guideAtTheBell(app, rooms);
  // The hosts' check-in news: at a rush, at most once per evening every CHECKINS_NEWS_EVERY_MS on
  // this instance, the last always said (docs/decisions/0138), with every change since the last
  // (0142), which their desks apply; or plain, and the desks read the list, when one came without.
  const owed = new Map<number, Map<number, CheckInChange> | 'read'>();
  const checkinsNews = atMostEvery(
    CHECKINS_NEWS_EVERY_MS,
    async (eventId) => {
      const changes = owed.get(eventId);
      owed.delete(eventId);
      const m: ServerMessage =
        changes && changes !== 'read' ? { type: 'checkins_updated', eventId, guests: [...changes.values()] } : { type: 'checkins_updated', eventId };
      rooms.broadcast(eventId, m, true);
    },
    (err, eventId) => app.log.warn({ err, eventId }, "telling the hosts' desks about check-ins failed"),
  );
  app.addHook('onClose', () => {
    checkinsNews.close();
    owed.clear();
  });
  /** Said to everyone watching (`hostsOnly`: only to the event's hosts), nothing more. */
  const plain = (hostsOnly: boolean) => (m: { eventId: number; kind: 'guide_updated' }) =>
    rooms.broadcast(m.eventId, { type: m.kind, eventId: m.eventId }, hostsOnly);
  return {
    timer: async (m, heardAt) => {
      // A round start forgets the places unless its sender said the rotation stood as planned;
      // nobody watching here, nothing kept.
      if (!rooms.watched(m.eventId) || (m.announce === 'timer_started' && m.plan !== 'kept')) places.forget(m.eventId);
      // The state rides on the bus message (one read less on every instance); older senders may omit it.
      const state = m.state ?? (await live.timerState(app.db, m.eventId));
      await tellRoom(m.eventId, m.announce, state, heardAt);
      // A round started (its sender planned it): the pairs' questions follow the bell (docs/decisions/0147).
      if (m.plan !== undefined) questionsAtTheBell(m.eventId, state);
    },
    host_message: (m) => {
      const { message } = m;
      rooms.sendTo(m.eventId, m.recipients, { type: 'host_message', eventId: m.eventId, message });
      rooms.broadcast(m.eventId, { type: 'messages_updated', eventId: m.eventId }, true);
    },
    messages_updated: (m) => {
      if (m.userId !== undefined) rooms.sendTo(m.eventId, [m.userId], { type: 'inbox_updated', eventId: m.eventId });
      rooms.broadcast(m.eventId, { type: 'messages_updated', eventId: m.eventId }, true);
    },
    // The guests named hear at once (their own screen); the hosts at most once a second (above).
    checkins_updated: async (m) => {
      // Each named guest with their own check-in when the change carries it (docs/decisions/0139).
      const named = new Set(m.userIds);
      const carried = new Map((m.states ?? []).map((s) => [s.userId, s.checkedInAt]));
      rooms.sendEach(m.eventId, (c) => {
        if (!named.has(c.userId)) return null;
        const checkedInAt = carried.get(c.userId);
        return checkedInAt === undefined ? { type: 'checkins_updated', eventId: m.eventId } : { type: 'checkins_updated', eventId: m.eventId, checkedInAt };
      });
      if (!rooms.hasHosts(m.eventId)) return;
      owe(owed, m);
      await checkinsNews.say(m.eventId);
    },
    rotation_planned: (m) => {
      places.forget(m.eventId);
      if (rooms.hasGuests(m.eventId)) places.readAhead(m.eventId);
    },
    guest_removed: async (m) => {
      // The plan was rewritten: forget the places, tell the guest, then give everyone their new places.
      places.forget(m.eventId);
      rooms.sendTo(m.eventId, [m.userId], { type: 'guest_removed', eventId: m.eventId });
      rooms.broadcast(m.eventId, { type: 'checkins_updated', eventId: m.eventId }, true);
      await tellRoom(m.eventId, 'timer_sync', await live.timerState(app.db, m.eventId));
    },
    // Each guest's own matches ride on the release (docs/decisions/0105): one read for the evening on
    // each instance, instead of every phone asking at once. Hosts, and any phone if the read fails,
    // hear the release alone and ask as before.
    contacts_released: async (m) => {
      // Hosts hear it at once; guests with their matches, once read.
      rooms.broadcast(m.eventId, { type: 'contacts_released', eventId: m.eventId }, true);
      const guests = rooms.guestIds(m.eventId);
      if (!guests.length) return;
      const own = await matching.releasedMatchesOf(app.db, m.eventId, guests).catch((err: unknown) => {
        app.log.warn({ err, eventId: m.eventId }, 'reading the matches for the release failed (phones will ask)');
        return null;
      });
      rooms.sendEach(m.eventId, (c) => {
        if (c.host) return null;
        const matches = own?.get(c.userId);
        return matches ? { type: 'contacts_released', eventId: m.eventId, matches } : { type: 'contacts_released', eventId: m.eventId };
      });
    },
    ratings_updated: (m) => ratingsNews(m.eventId),
    guide_updated: plain(false),
  };
}

/**
 * The round's questions right after its bell (docs/decisions/0147): the opening question of every pair
 * with a guest watching here is given in one go (one read and one write for the evening) and
 * sent to those guests, instead of every phone asking over the seconds after the bell. Nothing waits
 * for it: the bell has gone out. Should it fail, the phones ask as before.
 */
function guideAtTheBell(app: FastifyInstance, rooms: Rooms) {
  const underWay = new Set<Promise<void>>();
  app.addHook('onClose', async () => {
    await Promise.all(underWay);
  });
  return (eventId: number, state: TimerState) => {
    const round = state.currentRound;
    if (state.phase !== 'active' || round <= 0) return;
    const guests = rooms.guestIds(eventId);
    if (!guests.length) return;
    const giving: Promise<void> = guide
      .openingQuestions(app.db, eventId, round, guests)
      .then(
        (answers) =>
          rooms.sendEach(eventId, (c) => {
            const g = c.host ? undefined : answers.get(c.userId);
            return g ? { type: 'guide_question', eventId, round, guide: g } : null;
          }),
        (err: unknown) => app.log.warn({ err, eventId }, "giving the round's questions at the bell failed (phones will ask)"),
      )
      .finally(() => underWay.delete(giving));
    underWay.add(giving);
  };
}

/**
 * What the hosts are owed for one check-in news: each guest's change when it carries every guest it
 * names with how they came in (a later change of a guest replaces theirs), else a read of the list.
 */
function owe(owed: Map<number, Map<number, CheckInChange> | 'read'>, m: Extract<BusMessage, { kind: 'checkins_updated' }>) {
  const before = owed.get(m.eventId) ?? new Map<number, CheckInChange>();
  if (before === 'read') return;
  const states = m.states ?? [];
  const whole = m.userIds.every((id) => states.some((s) => s.userId === id && s.method !== undefined));
  if (!whole) {
    owed.set(m.eventId, 'read');
    return;
  }
  for (const s of states) before.set(s.userId, { userId: s.userId, checkedInAt: s.checkedInAt, method: s.method ?? null });
  owed.set(m.eventId, before);
}

/**
 * New ratings, said to the evening's hosts watching here with what their desks show (the round
 * history and the latest round's progress, docs/decisions/0133): one read on this instance however
 * many desks, instead of two reads by each. The news is sent without them (and each desk reads as
 * before) when the read fails, or when a timer state reached the room while it was under way (a
 * round started or ended: the read may predate it, and the desk re-reads on the state anyway).
 * At most one read per evening at a time: news that comes during one is said by one more read
 * after it, however much came (in a burst a read can take longer than the news' second).
 */
export function hostsRatingsNews(app: Pick<FastifyInstance, 'db' | 'log'>, rooms: Rooms, known: Known) {
  /** Evenings with a read under way, and whether news came meanwhile. */
  const reading = new Map<number, { again: boolean }>();
  return async (eventId: number) => {
    const under = reading.get(eventId);
    if (under) {
      under.again = true;
      return;
    }
    const state = { again: true };
    reading.set(eventId, state);
    try {
      while (state.again && rooms.hasHosts(eventId)) {
        state.again = false;
        const version = known.lastKnown.get(eventId)?.version;
        const news = await ratingsNews(app.db, eventId).catch((err: unknown) => {
          app.log.warn({ err, eventId }, "reading the ratings news failed (the hosts' desks will ask)");
          return null;
        });
        const fresh = news && known.lastKnown.get(eventId)?.version === version;
        const m: ServerMessage = fresh
          ? { type: 'ratings_updated', eventId, rounds: news.rounds, ...(news.progress ? { progress: news.progress } : {}) }
          : { type: 'ratings_updated', eventId };
        rooms.broadcast(eventId, m, true);
      }
    } finally {
      reading.delete(eventId);
    }
  };
}

/** Hands each message heard on the bus to its kind's handler; after the bus was away, reads every room here back. */
export function hearBus(app: FastifyInstance, rooms: Rooms, places: Places, known: Known, fanOut: FanOut) {
  const handlers = busHandlers(app, rooms, places, known, fanOut);
  // Back on the bus after losing it: what was said meanwhile is lost, so this instance forgets what
  // it kept and tells every room here the state as stored, with each guest's place.
  app.bus.resumed(() => {
    places.clear();
    known.lastKnown.clear();
    // The check-ins said meanwhile never reached the hosts' desks, which apply the news rather than read (decision 0142).
    for (const eventId of rooms.events()) rooms.broadcast(eventId, { type: 'checkins_updated', eventId }, true);
    Promise.all(rooms.events().map(async (eventId) => fanOut.tellRoom(eventId, 'timer_sync', await live.timerState(app.db, eventId)))).catch((err) =>
      app.log.error({ err }, 'live: reading the evenings back after the bus returned failed'),
    );
  });

  app.bus.subscribe((m) => {
    const heardAt = performance.now();
    // The map's type pairs each kind with its handler; TypeScript cannot follow `m.kind` into it.
    const handle = handlers[m.kind] as ((m: BusMessage, heardAt: number) => void | Promise<void>) | undefined;
    // A kind this instance does not know (a newer instance's, during a rolling deploy) is not for its phones.
    if (!handle) return;
    void (async () => handle(m, heardAt))().catch((err) => app.log.error({ err }, 'live broadcast failed'));
  });
}
