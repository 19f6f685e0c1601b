import type { RoundAssignment, TimerStateMessage } from '@shared/realtime';
import type { MyRound } from '@shared/schemas/live';
import { LIVE_MEMORY_PREFIX } from './live-memory-key';

/**
 * What this phone last heard of an evening's live timer, kept across a reload (docs/decisions/0065):
 * the state, the server clock offset measured when it arrived, when the phone last heard the server,
 * and the guest's own place in that round and the next (`mine`, `upNext` of the socket's state).
 *
 * The service worker answers GET /timer and /rotation/me offline with the last answer it saw, which
 * may be from before round 1 (an empty rotation) and whose `serverNow` is as old as the answer: an
 * offset measured from it would count down from the remaining time of back then. This memory is the
 * newest the phone knows, whichever way it came, so an offline reload shows the round, the partner,
 * the table and a clock counted from the end instant. In localStorage: one small entry per evening
 * and member, read synchronously for the first paint, gone with the rest at a sign-out that clears it.
 */
export interface LiveMemory {
  /** The timer state, without the guest's places (those are in `places`). */
  state: TimerStateMessage;
  /** serverNow - Date.now() when `state` arrived (ms). */
  offset: number;
  /** When (this phone's clock, ms) it last heard the server: a message, or the socket still open. */
  heardAt: number;
  /** The guest's place in `round` and the one after, as the socket last said (absent on a host's socket). */
  places?: { round: number; mine: RoundAssignment | null; upNext: RoundAssignment | null };
}

const keyOf = (eventId: number, userId: number) => `${LIVE_MEMORY_PREFIX}${eventId}:${userId}`;

export function readLiveMemory(eventId: number, userId: number | null): LiveMemory | null {
  if (userId === null) return null;
  try {
    const raw = localStorage.getItem(keyOf(eventId, userId));
    if (!raw) return null;
    const m = JSON.parse(raw) as LiveMemory;
    return m && typeof m === 'object' && m.state && typeof m.state.serverNow === 'number' && typeof m.offset === 'number' ? m : null;
  } catch {
    return null;
  }
}

function write(eventId: number, userId: number, m: LiveMemory) {
  try {
    localStorage.setItem(keyOf(eventId, userId), JSON.stringify(m));
  } catch {
    // Storage full or refused: the page still works, a reload offline knows less.
  }
}

/** Strip a state message down to the timer fields (no type, no places). */
function timerOf(m: TimerStateMessage & { mine?: unknown; upNext?: unknown; type?: unknown }): TimerStateMessage {
  const { timeRemaining, currentRound, isActive, phase, endsAt, serverNow, roundDuration, autoAdvance, version } = m;
  return { timeRemaining, currentRound, isActive, phase, endsAt, serverNow, roundDuration, autoAdvance, version };
}

/**
 * Keep a state just heard from the server (a socket message, or an HTTP answer newer than what is
 * kept). `mine`/`upNext`, when the message has them, replace the kept places; a state without them
 * keeps the places of its round.
 */
export function rememberState(
  eventId: number,
  userId: number,
  m: TimerStateMessage & { mine?: RoundAssignment | null; upNext?: RoundAssignment | null },
  offset: number,
  now = Date.now(),
): LiveMemory {
  const old = readLiveMemory(eventId, userId);
  if (old && old.state.serverNow > m.serverNow) return old;
  // An ended evening has no round to come: nothing of it is laid over the rotation (its last planned
  // rounds never took place).
  const places =
    m.phase === 'ended'
      ? undefined
      : m.mine !== undefined && m.currentRound > 0
        ? { round: m.currentRound, mine: m.mine, upNext: m.upNext ?? null }
        : old?.places && old.places.round === m.currentRound
          ? old.places
          : undefined;
  const next: LiveMemory = { state: timerOf(m), offset, heardAt: now, ...(places ? { places } : {}) };
  write(eventId, userId, next);
  return next;
}

/** The phone was still hearing the server at `now` (the socket open, or the moment it dropped). */
export function rememberHeard(eventId: number, userId: number, now = Date.now()) {
  const old = readLiveMemory(eventId, userId);
  if (old && now > old.heardAt) write(eventId, userId, { ...old, heardAt: now });
}

const samePlace = (a: MyRound | undefined, b: RoundAssignment) => !!a && a.table === b.table && (a.partner?.id ?? null) === (b.partner?.id ?? null);

/**
 * A rotation answer with what the socket last said laid over it. An answer that does not know the
 * kept round's place (the worker's copy from before round 1 is empty), or knows another one, is older
 * than the memory: this round and the next come from the memory, as the socket would have set them.
 * Otherwise the answer stands, and only a next round it lacks is filled in.
 */
export function withKnownPlaces(rows: MyRound[], memory: LiveMemory | null): MyRound[] {
  const p = memory?.places;
  if (!p || memory.state.phase === 'ended') return rows;
  const at = (round: number) => rows.find((r) => r.round === round);
  const older = p.mine !== null && !samePlace(at(p.round), p.mine);
  const replace = new Set<number>();
  const add: MyRound[] = [];
  if (older) {
    replace.add(p.round);
    replace.add(p.round + 1);
    add.push(p.mine!);
    if (p.upNext) add.push(p.upNext);
  } else if (p.upNext && !at(p.round + 1)) {
    add.push(p.upNext);
  }
  if (add.length === 0 && replace.size === 0) return rows;
  return [...rows.filter((r) => !replace.has(r.round)), ...add].sort((a, b) => a.round - b.round);
}
