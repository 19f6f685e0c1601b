/**
 * Live-evening load generator, one process among several (child_process.fork): it holds either
 * guest sockets or the hosts' sockets, each opened with that person's own session cookie.
 *
 * A guest behaves like the real phone: it keeps the latest state (round, ends-at) and its clock
 * offset from `serverNow`, and it needs its own partner and table for a new round. A state message
 * whose `mine` names this round (docs/decisions/0017) gives them (`mine: null` or another round's
 * place does not); one without `mine` makes the guest fetch GET /api/events/:id/rotation/me, as the
 * client did before, and it has them when that answers. A sample of the places from `mine` is
 * checked against GET /rotation/me after each round (`verify`). Each guest's clock is skewed
 * (uniform ±skewMs) and redraws its countdown every 250 ms at its own phase; `sample` reads the
 * whole seconds it shows against the server's clock (bench/lib/phone.ts).
 */
import WebSocket from 'ws';
import { placeFor, samePlace, shownError, shownSeconds, TICK_MS, type Place } from '../lib/phone';

interface User {
  id: number;
  cookie: string;
  eventId: number;
  base: string;
}

interface Guest extends User {
  ws?: WebSocket;
  skew: number;
  /** When, within each 250 ms, this phone redraws its countdown. */
  tickPhase: number;
  /** serverNow - the guest's own clock, from the latest state message. */
  offset: number | null;
  endsAt: number | null;
  round: number;
  /** When this guest had the armed round's state message, and when it had its partner and table too. */
  stateAt?: number;
  doneAt?: number;
  via?: 'mine' | 'fetch';
  fetchFailed?: boolean;
  /** This round's place as the socket gave it. */
  place?: Place;
}

type Msg =
  | { type: 'open'; role: 'guests' | 'hosts'; users: User[]; skewMs: number; concurrency: number; refetch: boolean }
  | { type: 'arm'; round: number }
  | { type: 'command'; msg: Record<string, unknown> }
  | { type: 'report' }
  | { type: 'count' }
  | { type: 'sample' }
  | { type: 'verify'; max: number }
  | { type: 'close' };

let role: 'guests' | 'hosts' = 'guests';
const guests: Guest[] = [];
const hosts: { user: User; ws?: WebSocket }[] = [];
let armed = 0;
/** Ignore `mine` and always fetch /rotation/me, as the client did before docs/decisions/0017. */
let refetch = false;
let closing = false;
let dropped = 0;
const hostErrors: string[] = [];
/** One raw message that gave a guest this round's place (the floor sends the same bytes). */
let sampleMessage: string | null = null;

const reply = (m: object) => process.send!(m);

function wsUrl(u: User, isHost: boolean) {
  return `${u.base.replace(/^http/, 'ws')}/ws?eventId=${u.eventId}&userId=${u.id}&isHost=${isHost}`;
}

function open(u: User, isHost: boolean, onMessage: (raw: WebSocket.RawData) => void): Promise<WebSocket | null> {
  return new Promise((resolve) => {
    const ws = new WebSocket(wsUrl(u, isHost), { headers: { cookie: u.cookie }, perMessageDeflate: false });
    const t = setTimeout(() => done(null), 60_000);
    const done = (v: WebSocket | null) => {
      clearTimeout(t);
      if (!v) ws.terminate();
      resolve(v);
    };
    ws.on('message', onMessage);
    ws.once('open', () => {
      ws.on('close', () => {
        if (!closing) dropped++;
      });
      done(ws);
    });
    ws.once('error', () => done(null));
    ws.once('unexpected-response', () => done(null));
  });
}

/** GET /rotation/me: this guest's place in `round`, or undefined (the answer failed or has none). */
async function rotationMe(g: Guest, round: number): Promise<Place | undefined> {
  try {
    const r = await fetch(`${g.base}/api/events/${g.eventId}/rotation/me`, { headers: { cookie: g.cookie } });
    const list = (await r.json()) as Place[];
    return r.ok && Array.isArray(list) ? list.find((x) => x.round === round) : undefined;
  } catch {
    return undefined;
  }
}

async function fetchMine(g: Guest, round: number) {
  if (!(await rotationMe(g, round))) g.fetchFailed = true;
  if (armed === round && g.doneAt === undefined && !g.fetchFailed) g.doneAt = Date.now();
}

function onGuestMessage(g: Guest, raw: WebSocket.RawData) {
  const at = Date.now();
  const text = String(raw);
  const m = JSON.parse(text) as { type: string; serverNow?: number; endsAt?: number | null; currentRound?: number; phase?: string; mine?: unknown };
  if (typeof m.serverNow !== 'number') return; // not a state message
  // As the client: the offset is the server's clock minus this phone's own clock when the message is handled.
  g.offset = m.serverNow - (at + g.skew);
  g.endsAt = m.endsAt ?? null;
  const newRound = (m.currentRound ?? 0) > g.round;
  g.round = m.currentRound ?? g.round;
  if (!armed || m.currentRound !== armed || m.phase !== 'active' || m.endsAt == null || g.doneAt !== undefined) return;
  g.stateAt ??= at;
  const place = refetch ? null : placeFor(m, armed);
  if (place) {
    g.doneAt = at;
    g.via = 'mine';
    g.place = place;
    sampleMessage ??= text;
  } else if (refetch || !('mine' in m)) {
    if (newRound || g.via === undefined) {
      g.via = 'fetch';
      void fetchMine(g, armed);
    }
  }
}

async function openAll<T>(items: T[], concurrency: number, fn: (x: T) => Promise<boolean>) {
  let next = 0;
  let ok = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, items.length) }, async () => {
      while (next < items.length) {
        const x = items[next++]!;
        if (await fn(x)) ok++;
      }
    }),
  );
  return ok;
}

process.on('message', (m: Msg) => {
  void (async () => {
    switch (m.type) {
      case 'open': {
        role = m.role;
        refetch = m.refetch;
        const started = Date.now();
        let opened: number;
        if (role === 'guests') {
          for (const u of m.users)
            guests.push({ ...u, skew: (Math.random() * 2 - 1) * m.skewMs, tickPhase: Math.random() * TICK_MS, offset: null, endsAt: null, round: 0 });
          opened = await openAll(guests, m.concurrency, async (g) => {
            g.ws = (await open(g, false, (raw) => onGuestMessage(g, raw))) ?? undefined;
            return !!g.ws;
          });
        } else {
          for (const u of m.users) hosts.push({ user: u });
          opened = await openAll(hosts, m.concurrency, async (h) => {
            h.ws =
              (await open(h.user, true, (raw) => {
                const msg = JSON.parse(String(raw)) as { type: string; message?: string };
                if (msg.type === 'error') hostErrors.push(msg.message ?? 'error');
              })) ?? undefined;
            return !!h.ws;
          });
        }
        return reply({ type: 'opened', opened, failed: m.users.length - opened, ms: Date.now() - started });
      }
      case 'arm':
        armed = m.round;
        sampleMessage = null;
        for (const g of guests) {
          g.stateAt = undefined;
          g.doneAt = undefined;
          g.via = undefined;
          g.fetchFailed = false;
          g.place = undefined;
        }
        return reply({ type: 'armed' });
      case 'command': {
        // Every host at once; the time each command left is the start of its guests' wait.
        // (A host may hold one socket per bare floor instance; its guests' wait starts at its first.)
        const sentAt: [number, number][] = [];
        const text = JSON.stringify(m.msg);
        for (const h of hosts) {
          if (!h.ws) continue;
          if (!sentAt.some(([e]) => e === h.user.eventId)) sentAt.push([h.user.eventId, Date.now()]);
          h.ws.send(text);
        }
        return reply({ type: 'sent', sentAt });
      }
      case 'count': {
        // Cheap while a round is under way: how many guests have it all.
        let done = 0;
        for (const g of guests) if (g.doneAt !== undefined) done++;
        return reply({ type: 'count', done });
      }
      case 'report': {
        const rows = guests
          .filter((g) => g.ws)
          .map((g) => [g.eventId, g.stateAt ?? -1, g.doneAt ?? -1, g.via === 'mine' ? 1 : g.via === 'fetch' ? 2 : 0, g.fetchFailed ? 1 : 0]);
        return reply({ type: 'report', rows, hostErrors: hostErrors.splice(0), sample: sampleMessage });
      }
      case 'verify': {
        // Up to `max` phones that had their place from the socket, spread over all of them: does
        // GET /rotation/me agree (round, table, partner)?
        const had = guests.filter((g) => g.via === 'mine' && g.place);
        const step = Math.max(1, Math.floor(had.length / m.max));
        let agreed = 0;
        let disagreed = 0;
        let failed = 0;
        for (let i = 0; i < had.length && i / step < m.max; i += step) {
          const g = had[i]!;
          const stored = await rotationMe(g, armed);
          if (!stored) failed++;
          else if (samePlace(g.place!, stored)) agreed++;
          else disagreed++;
        }
        return reply({ type: 'verified', agreed, disagreed, failed });
      }
      case 'sample': {
        // The whole seconds each phone shows now (drawn at its last tick from its own skewed
        // clock and its offset) against the server's true remaining time: the server's clock is
        // this machine's clock, read here, not the phone's.
        const errors: number[] = [];
        let right = 0;
        for (const g of guests) {
          if (!g.ws || g.offset === null || g.endsAt === null) continue;
          const now = Date.now();
          const shown = shownSeconds({ endsAt: g.endsAt, offset: g.offset, skew: g.skew, tickPhase: g.tickPhase }, now);
          const truth = g.endsAt - now;
          const error = shownError(shown, truth);
          errors.push(error);
          if (error === 0) right++;
        }
        return reply({ type: 'sample', errors, right });
      }
      case 'close': {
        closing = true;
        for (const g of guests) g.ws?.terminate();
        for (const h of hosts) h.ws?.terminate();
        reply({ type: 'closed', dropped });
        process.disconnect();
        return;
      }
    }
  })().catch((err: unknown) => reply({ type: 'failed', error: String(err) }));
});
