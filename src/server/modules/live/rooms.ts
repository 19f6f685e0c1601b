import type { WebSocket } from '@fastify/websocket';
import type { ServerMessage, TimerStateMessage } from '@shared/realtime';
import type { RoundPlaces } from './service';

/** The session a socket was opened with (issue 33): it closes when that session ends. */
export interface ConnSession {
  /** The session cookie's token, kept to check the session again on each command. */
  token: string;
  /** The key the bus names the session by (plugins/realtime.ts, `session_ended`). */
  key: string;
  expiresAt: Date;
  /** Closes the socket with SESSION_ENDED. */
  end(): void;
}

export interface Conn {
  ws: Pick<WebSocket, 'readyState' | 'OPEN' | 'send'>;
  userId: number;
  host: boolean;
  session: ConnSession | null;
  /**
   * What the room sent this socket before its own timer_sync went out, held so that the sync is
   * always the first message (a broadcast may arrive while the sync is being read); null after.
   */
  held: string[] | null;
}

const deliver = (c: Conn, text: string) => {
  if (c.held) c.held.push(text);
  else if (c.ws.readyState === c.ws.OPEN) c.ws.send(text);
};
export const send = (c: Conn, m: ServerMessage) => deliver(c, JSON.stringify(m));

/** This instance's open sockets, one room per event. */
export function createRooms() {
  const rooms = new Map<number, Set<Conn>>();
  return {
    /** A new socket joins its event's room; what the room sends it is held until `opened`. */
    join(eventId: number, ws: Conn['ws'], userId: number, host: boolean, session: ConnSession | null = null) {
      const conn: Conn = { ws, userId, host, session, held: [] };
      const room = rooms.get(eventId) ?? new Set<Conn>();
      rooms.set(eventId, room);
      room.add(conn);
      return {
        conn,
        leave() {
          room.delete(conn);
          if (!room.size) rooms.delete(eventId);
        },
        /** The socket's first message (its timer_sync), then whatever the room sent meanwhile. */
        opened(first: ServerMessage) {
          const held = conn.held ?? [];
          conn.held = null;
          send(conn, first);
          for (const text of held) deliver(conn, text);
        },
      };
    },
    /**
     * A session ended (the bus said so): the sockets it opened here close. Without `key`, every
     * socket of the user closes (suspended, deleted, a role taken away).
     */
    endSessions(userId: number, key?: string) {
      for (const room of rooms.values()) {
        for (const c of room) if (c.userId === userId && c.session && (key === undefined || c.session.key === key)) c.session.end();
      }
    },
    /** Sockets whose session has expired by `now` close. */
    endExpired(now: number) {
      for (const room of rooms.values()) for (const c of room) if (c.session && c.session.expiresAt.getTime() <= now) c.session.end();
    },
    /** Every socket here with its session, to check them all at once (after the bus was away). */
    sessions() {
      const out: ConnSession[] = [];
      for (const room of rooms.values()) for (const c of room) if (c.session) out.push(c.session);
      return out;
    },
    /** The events someone here is watching. */
    events() {
      return [...rooms.keys()];
    },
    /** Someone here is watching this event. */
    watched(eventId: number) {
      return !!rooms.get(eventId)?.size;
    },
    /** To the sockets of these people (and, with `andHosts`, the event's hosts). */
    sendTo(eventId: number, userIds: Iterable<number>, m: ServerMessage, andHosts = false) {
      const who = new Set(userIds);
      for (const c of rooms.get(eventId) ?? []) {
        if (who.has(c.userId) || (andHosts && c.host)) send(c, m);
      }
    },
    /** The guests (not hosts) watching here, each once. */
    guestIds(eventId: number): number[] {
      const ids = new Set<number>();
      for (const c of rooms.get(eventId) ?? []) if (!c.host) ids.add(c.userId);
      return [...ids];
    },
    /** To everyone watching, each socket its own message or none (one JSON per person, however many sockets they have). */
    sendEach(eventId: number, messageFor: (c: { userId: number; host: boolean }) => ServerMessage | null) {
      const texts = new Map<string, string | null>();
      for (const c of rooms.get(eventId) ?? []) {
        const key = `${c.host ? 'h' : 'g'}${c.userId}`;
        let text = texts.get(key);
        if (text === undefined) {
          const m = messageFor(c);
          texts.set(key, (text = m && JSON.stringify(m)));
        }
        if (text !== null) deliver(c, text);
      }
    },
    /** A host of the event is watching here. */
    hasHosts(eventId: number) {
      for (const c of rooms.get(eventId) ?? []) if (c.host) return true;
      return false;
    },
    /** Anyone but hosts watching (so someone's `mine` is worth computing). */
    hasGuests(eventId: number) {
      for (const c of rooms.get(eventId) ?? []) if (!c.host) return true;
      return false;
    },
    /**
     * A timer state to everyone watching: each guest's copy carries their own place in the round
     * (`mine`, docs/decisions/0017); hosts get the state alone.
     */
    broadcastState(eventId: number, m: TimerStateMessage & { type: string }, places: { now: RoundPlaces; next: RoundPlaces } | null) {
      const plain = JSON.stringify(m);
      // The state's JSON once, then each guest's entries spliced in before the closing brace.
      const head = plain.slice(0, -1);
      for (const c of rooms.get(eventId) ?? []) {
        if (c.ws.readyState !== c.ws.OPEN) continue;
        if (c.host || !places) deliver(c, plain);
        else deliver(c, `${head},"mine":${JSON.stringify(places.now.get(c.userId) ?? null)},"upNext":${JSON.stringify(places.next.get(c.userId) ?? null)}}`);
      }
    },
    /** To everyone watching the event; `hostsOnly` for what only its hosts may hear. */
    broadcast(eventId: number, m: ServerMessage, hostsOnly = false) {
      for (const c of rooms.get(eventId) ?? []) {
        if (hostsOnly && !c.host) continue;
        send(c, m);
      }
    },
  };
}
export type Rooms = ReturnType<typeof createRooms>;
