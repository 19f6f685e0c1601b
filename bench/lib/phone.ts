/**
 * What a guest's phone knows and shows, as the client computes it (src/client/lib/live-socket.ts,
 * src/client/lib/format.ts): used by the live load generator (bench/workers/live-client.ts) to
 * count a phone as ready only when it really has this round's place, and to read the countdown the
 * guest sees.
 */
import { secondsLeft } from '../../src/client/lib/format';

export interface Place {
  round: number;
  table: number | null;
  partner: { id: number } | null;
}

/**
 * The phone's own place for `round` from a state message: only when `mine` names that round (a
 * message with `mine: null`, or with another round's place, does not give the guest their partner
 * and table).
 */
export function placeFor(message: { mine?: unknown }, round: number): Place | null {
  const mine = message.mine as Place | null | undefined;
  if (!mine || typeof mine !== 'object' || mine.round !== round) return null;
  return mine;
}

/** Whether the place the socket gave matches the one GET /rotation/me answers for that round. */
export function samePlace(a: Place, b: Place | undefined): boolean {
  return !!b && a.round === b.round && a.table === b.table && (a.partner?.id ?? null) === (b.partner?.id ?? null);
}

/** The client redraws its countdown every 250 ms (useRemainingSeconds). */
export const TICK_MS = 250;

/**
 * The whole seconds the phone shows at machine time `now`: drawn at its last tick (each phone's
 * ticks at their own phase), from its own clock (`now + skew`) corrected by the offset it took
 * from the last state message (`serverNow - its clock when that message arrived`).
 */
export function shownSeconds(p: { endsAt: number; offset: number; skew: number; tickPhase: number }, now: number): number {
  const lastTick = now - ((((now - p.tickPhase) % TICK_MS) + TICK_MS) % TICK_MS);
  return secondsLeft(p.endsAt - (lastTick + p.skew + p.offset));
}

/**
 * How far what the phone shows is from the truth, in ms: 0 when the server's remaining time
 * (`trueMs`, by the server's clock) lies within the second shown ((shown-1) s, shown s]; otherwise
 * the distance to that second. Whole-second display included: showing 10 when 10.4 s are left is
 * 400 ms wrong.
 */
export function shownError(shown: number, trueMs: number): number {
  const hi = shown * 1000;
  const lo = (shown - 1) * 1000;
  if (trueMs > hi) return trueMs - hi;
  if (trueMs <= lo) return lo - trueMs;
  return 0;
}
