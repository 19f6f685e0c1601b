/**
 * The rotation of an evening: who talks to whom in each round, at which table.
 *
 * Rules (docs/product.md, "The live evening"): every round pairs guests who have not met; each pair
 * meets at most once; when the count is odd one guest sits out (a bye), and byes are shared
 * fairly (nobody gets a second bye before everyone has had one, where possible); each pair
 * gets a table number; late arrivals join from the next round.
 */
export interface Pairing {
  a: number;
  /** null: `a` has a bye this round. */
  b: number | null;
  table: number | null;
}

export interface RoundPlan {
  round: number;
  pairings: Pairing[];
}

export const pairKey = (x: number, y: number) => (x < y ? `${x}:${y}` : `${y}:${x}`);

/** Default length of an evening: each guest meets 8-12 people where the room allows. */
export function defaultRounds(guests: number) {
  const possible = guests % 2 === 0 ? guests - 1 : guests;
  return Math.max(1, Math.min(possible, Math.max(8, Math.min(12, possible))));
}

/**
 * Plan one round for the guests present, given who has met and how many byes each has had.
 * Deterministic for the same input. Returns pairs of guests who have not met; guests left
 * without a new partner sit out (fewest byes first).
 */
export function planRound(guests: number[], met: ReadonlySet<string>, byes: ReadonlyMap<number, number>, round: number): RoundPlan {
  const ids = [...new Set(guests)].sort((x, y) => x - y);
  const best = maximumPairing(ids, met, byes, round);
  const paired = new Set(best.flat());
  const pairings: Pairing[] = best.map(([a, b], i) => ({ a, b, table: i + 1 }));
  for (const id of ids) if (!paired.has(id)) pairings.push({ a: id, b: null, table: null });
  return { round, pairings };
}

/**
 * Find as many new pairs as possible. Guests with the most byes are placed first so byes
 * rotate; a rotating offset by round keeps the schedule varied. Backtracking is bounded, so
 * this stays fast for the largest room (60 guests).
 */
function maximumPairing(ids: number[], met: ReadonlySet<string>, byes: ReadonlyMap<number, number>, round: number): [number, number][] {
  const n = ids.length;
  if (n < 2) return [];
  const target = Math.floor(n / 2);
  // Order: most byes first (they must play), then a rotation so different guests lead each round.
  const order = [...ids].sort((x, y) => (byes.get(y) ?? 0) - (byes.get(x) ?? 0) || rot(x, round, n) - rot(y, round, n));
  const canMeet = (x: number, y: number) => x !== y && !met.has(pairKey(x, y));
  let best: [number, number][] = [];
  let budget = 20_000;

  const used = new Set<number>();
  const current: [number, number][] = [];
  // Byes allowed: n - 2 * target (0 or 1) plus any shortfall we accept when no full pairing exists.
  function search(i: number, skipsLeft: number): boolean {
    if (--budget < 0) return true;
    while (i < order.length && used.has(order[i]!)) i++;
    if (i >= order.length) {
      if (current.length > best.length) best = current.map((p) => [...p] as [number, number]);
      return current.length === target;
    }
    const x = order[i]!;
    used.add(x);
    const partners = order.filter((y) => !used.has(y) && canMeet(x, y));
    // Prefer partners with fewer options left (fail-first), then those who had more byes.
    partners.sort((p, q) => options(p) - options(q) || (byes.get(q) ?? 0) - (byes.get(p) ?? 0));
    for (const y of partners) {
      used.add(y);
      current.push([x, y]);
      if (search(i + 1, skipsLeft)) return true;
      current.pop();
      used.delete(y);
    }
    if (skipsLeft > 0 && search(i + 1, skipsLeft - 1)) return true;
    used.delete(x);
    return false;
  }
  function options(y: number) {
    let c = 0;
    for (const z of order) if (!used.has(z) && canMeet(y, z)) c++;
    return c;
  }
  for (let skips = n - 2 * target; skips <= n && best.length < target; skips += 2) {
    budget = 20_000;
    if (search(0, skips)) break;
  }
  return best.map(([a, b]) => (a < b ? [a, b] : [b, a]));
}

function rot(id: number, round: number, n: number) {
  return (((id * 7919 + round * 104_729) % (n * 131 + 1)) + n * 131 + 1) % (n * 131 + 1);
}

/**
 * A whole schedule for a fixed set of guests by the circle method (Berger tables): over n-1
 * rounds (n even) or n rounds (n odd) everyone meets everyone exactly once and, for odd n,
 * everyone sits out exactly once. Asking for fewer rounds takes a prefix, so byes differ by at
 * most one.
 */
export function planSchedule(guests: number[], rounds: number): RoundPlan[] {
  const ids = [...new Set(guests)].sort((x, y) => x - y);
  if (ids.length < 2) return [];
  const ring: (number | null)[] = ids.length % 2 ? [...ids, null] : [...ids];
  const n = ring.length;
  const total = Math.min(rounds, n - 1);
  const plans: RoundPlan[] = [];
  for (let r = 0; r < total; r++) {
    const pairings: Pairing[] = [];
    let table = 1;
    for (let i = 0; i < n / 2; i++) {
      const x = ring[i]!;
      const y = ring[n - 1 - i]!;
      if (x === null || y === null) pairings.push({ a: (x ?? y)!, b: null, table: null });
      else pairings.push({ a: Math.min(x, y), b: Math.max(x, y), table: table++ });
    }
    plans.push({ round: r + 1, pairings });
    // Keep the first seat fixed, rotate the rest by one.
    ring.splice(1, 0, ring.pop()!);
  }
  return plans;
}
