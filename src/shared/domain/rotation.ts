/**
 * The rotation of an evening: who talks to whom in each round, at which table.
 *
 * Rules (docs/product.md, "The live evening"): every round pairs guests who have not met; each pair
 * meets at most once; when the count is odd one guest sits out (a bye), and byes are shared
 * fairly (nobody gets a second bye before everyone has had one, where possible); each pair
 * gets a table number; late arrivals join from the next round.
 *
 * Beyond the spec (GitHub issue 9): pairs who already met at an earlier evening (`metBefore`)
 * are avoided. An earlier pair is kept in a round only when no swap inside that round could
 * avoid it (see `fewerRepeats`), and a schedule puts its unavoidable repeats in its last rounds.
 * With no earlier pairs, plans are exactly those of the rules above.
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

const NONE: ReadonlySet<string> = new Set();

/**
 * Plan one round for the guests present, given who has met and how many byes each has had.
 * Deterministic for the same input. Returns pairs of guests who have not met tonight, as many as
 * possible; guests left without a new partner sit out (fewest byes first). Among such pairings it
 * avoids pairs in `metBefore` (met at an earlier evening): see `fewerRepeats`.
 */
export function planRound(
  guests: number[],
  met: ReadonlySet<string>,
  byes: ReadonlyMap<number, number>,
  round: number,
  metBefore: ReadonlySet<string> = NONE,
): RoundPlan {
  const ids = [...new Set(guests)].sort((x, y) => x - y);
  let best = maximumPairing(ids, met, byes, round, NONE);
  if (metBefore.size > 0) {
    // Looking at fresh partners first finds fewer repeats; keep it unless it pairs fewer people.
    const fresh = maximumPairing(ids, met, byes, round, metBefore);
    if (fresh.length >= best.length) best = fresh;
  }
  const paired = new Set(best.flat());
  const slots: Slot[] = best.map(([a, b]) => [a, b]);
  for (const id of ids) if (!paired.has(id)) slots.push([id, null]);
  if (metBefore.size > 0) {
    fewerRepeats(slots, {
      free: (x, y) => !met.has(pairKey(x, y)),
      before: (x, y) => metBefore.has(pairKey(x, y)),
      // Sitting out instead of z keeps byes fair when x has had no more byes than z.
      mayTakeBye: (x, z) => (byes.get(x) ?? 0) <= (byes.get(z) ?? 0),
    });
  }
  const pairings: Pairing[] = [];
  let table = 1;
  for (const [a, b] of slots) if (b !== null) pairings.push({ a: Math.min(a, b), b: Math.max(a, b), table: table++ });
  const out = slots.filter(([, b]) => b === null).map(([a]) => a);
  for (const a of out.sort((x, y) => x - y)) pairings.push({ a, b: null, table: null });
  return { round, pairings };
}

/**
 * Find as many new pairs as possible. Guests with the most byes are placed first so byes
 * rotate; a rotating offset by round keeps the schedule varied. Backtracking is bounded, so
 * this stays fast for the largest room. Partners in `avoid` are tried last.
 */
function maximumPairing(
  ids: number[],
  met: ReadonlySet<string>,
  byes: ReadonlyMap<number, number>,
  round: number,
  avoid: ReadonlySet<string>,
): [number, number][] {
  const n = ids.length;
  if (n < 2) return [];
  const target = Math.floor(n / 2);
  // Work on indices into `ids`, with who may meet (and who met at an earlier evening) in tables.
  const byesOf = ids.map((id) => byes.get(id) ?? 0);
  const can = new Uint8Array(n * n);
  const avoided = new Uint8Array(n * n);
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      const key = pairKey(ids[i]!, ids[j]!);
      if (!met.has(key)) can[i * n + j] = can[j * n + i] = 1;
      if (avoid.size > 0 && avoid.has(key)) avoided[i * n + j] = avoided[j * n + i] = 1;
    }
  }
  // Order: most byes first (they must play), then a rotation so different guests lead each round.
  const order = ids.map((_, i) => i).sort((x, y) => byesOf[y]! - byesOf[x]! || rot(ids[x]!, round, n) - rot(ids[y]!, round, n));
  let best: [number, number][] = [];
  let budget = 20_000;

  const used = new Uint8Array(n);
  const current: [number, number][] = [];
  // Byes allowed: n - 2 * target (0 or 1) plus any shortfall we accept when no full pairing exists.
  function search(i: number, skipsLeft: number): boolean {
    if (--budget < 0) return true;
    while (i < order.length && used[order[i]!]) i++;
    if (i >= order.length) {
      if (current.length > best.length) best = current.map((p) => [...p] as [number, number]);
      return current.length === target;
    }
    const x = order[i]!;
    used[x] = 1;
    const partners = order.filter((y) => !used[y] && can[x * n + y]);
    // Prefer partners not met at an earlier evening, then fewer options left (fail-first), then those who had more byes.
    const left = new Map(partners.map((p) => [p, options(p)]));
    partners.sort((p, q) => avoided[x * n + p]! - avoided[x * n + q]! || left.get(p)! - left.get(q)! || byesOf[q]! - byesOf[p]!);
    for (const y of partners) {
      used[y] = 1;
      current.push([x, y]);
      if (search(i + 1, skipsLeft)) return true;
      current.pop();
      used[y] = 0;
    }
    if (skipsLeft > 0 && search(i + 1, skipsLeft - 1)) return true;
    used[x] = 0;
    return false;
  }
  function options(y: number) {
    let c = 0;
    for (let z = 0; z < n; z++) if (!used[z] && can[y * n + z]) c++;
    return c;
  }
  for (let skips = n - 2 * target; skips <= n && best.length < target; skips += 2) {
    budget = 20_000;
    if (search(0, skips)) break;
  }
  return best.map(([x, y]) => {
    const [a, b] = [ids[x]!, ids[y]!];
    return a < b ? [a, b] : [b, a];
  });
}

/** One seat of a round: a pair, or a guest sitting out (second null). */
type Slot = [number, number | null];

interface SwapRules {
  /** May x and y be partners in this round: they are not partners at another round of this evening. */
  free(x: number, y: number): boolean;
  /** Did x and y meet at an earlier evening? */
  before(x: number, y: number): boolean;
  /** May x (now paired) sit out this round instead of z (now sitting out), the byes staying fair? */
  mayTakeBye(x: number, z: number): boolean;
  /** A slot was replaced (so the caller can keep its tallies). */
  replaced?(from: Slot, to: Slot): void;
}

/**
 * Remove earlier-evening pairs from one round by swaps inside the round, until none helps.
 * The condition this leaves (and the property tests check): for every pair {x, y} in the round
 * that met at an earlier evening,
 *  - no other pair {u, v} of the round can be re-paired as {x, u} + {y, v} (or {x, v} + {y, u})
 *    with both new pairs free (not partners at another round tonight) and fewer earlier pairs
 *    among them than before (in particular, not both new pairs unmet);
 *  - no guest z sitting out can take x's place ({z, y}, x sits out), or y's, when {z, y} is free
 *    and unmet and the byes stay fair.
 * Each swap removes at least one earlier pair from the round, so this ends.
 */
function fewerRepeats(slots: Slot[], rules: SwapRules): boolean {
  let changed = false;
  for (let again = true; again;) {
    again = false;
    for (let i = 0; i < slots.length; i++) {
      const [x, y] = slots[i]!;
      if (y === null || !rules.before(x, y)) continue;
      for (let j = 0; j < slots.length; j++) {
        if (j === i) continue;
        const swap = betterSwap(x, y, slots[j]!, rules);
        if (!swap) continue;
        rules.replaced?.(slots[i]!, swap[0]);
        rules.replaced?.(slots[j]!, swap[1]);
        slots[i] = swap[0];
        slots[j] = swap[1];
        again = changed = true;
        break;
      }
    }
  }
  return changed;
}

/** A re-pairing of the earlier pair {x, y} with another slot that removes earlier pairs, if any. */
function betterSwap(x: number, y: number, [u, v]: Slot, rules: SwapRules): [Slot, Slot] | null {
  if (v === null) {
    // u sits out: u joins one of the two, the other sits out.
    if (rules.free(u, y) && !rules.before(u, y) && rules.mayTakeBye(x, u))
      return [
        [u, y],
        [x, null],
      ];
    if (rules.free(u, x) && !rules.before(u, x) && rules.mayTakeBye(y, u))
      return [
        [u, x],
        [y, null],
      ];
    return null;
  }
  const was = 1 + (rules.before(u, v) ? 1 : 0);
  for (const [p, q] of [
    [u, v],
    [v, u],
  ] as const) {
    if (!rules.free(x, p) || !rules.free(y, q)) continue;
    if ((rules.before(x, p) ? 1 : 0) + (rules.before(y, q) ? 1 : 0) < was)
      return [
        [x, p],
        [y, q],
      ];
  }
  return null;
}

function rot(id: number, round: number, n: number) {
  return (((id * 7919 + round * 104_729) % (n * 131 + 1)) + n * 131 + 1) % (n * 131 + 1);
}

/**
 * A whole schedule for a fixed set of guests by the circle method (Berger tables): over n-1
 * rounds (n even) or n rounds (n odd) everyone meets everyone exactly once and, for odd n,
 * everyone sits out exactly once. Asking for fewer rounds takes a prefix, so byes differ by at
 * most one.
 *
 * With pairs met at earlier evenings (`metBefore`), the guests are first seated on the circle so
 * that as few of those pairs as possible fall in the rounds played; then each round is improved
 * by swaps (`fewerRepeats`, checked against every other round of the schedule so nobody meets
 * twice); last, rounds with fewer earlier pairs come first, so a shortened evening repeats least.
 * The result keeps every rule above: it is still a set of circle-method rounds re-paired only by
 * swaps that keep pairs unique and byes fair.
 */
export function planSchedule(guests: number[], rounds: number, metBefore: ReadonlySet<string> = NONE): RoundPlan[] {
  const ids = [...new Set(guests)].sort((x, y) => x - y);
  if (ids.length < 2) return [];
  const m = ids.length;
  // Work on indices into `ids`; the bye seat of an odd room is -1.
  const ring: number[] = Array.from({ length: m }, (_, i) => i);
  if (m % 2) ring.push(-1);
  const n = ring.length;
  const total = Math.max(0, Math.min(rounds, n - 1));
  const schedule: Slot[][] = [];
  for (let r = 0; r < total; r++) {
    const slots: Slot[] = [];
    for (let i = 0; i < n / 2; i++) {
      const x = ring[i]!;
      const y = ring[n - 1 - i]!;
      slots.push(x < 0 || y < 0 ? [Math.max(x, y), null] : [x, y]);
    }
    schedule.push(slots);
    // Keep the first seat fixed, rotate the rest by one.
    ring.splice(1, 0, ring.pop()!);
  }
  const earlier = metBefore.size > 0 ? metMatrix(ids, metBefore) : null;
  let plan = schedule;
  if (earlier) {
    const seat = seatGuests(schedule, m, earlier);
    plan = schedule.map((slots) => slots.map(([x, y]): Slot => [seat[x]!, y === null ? null : seat[y]!]));
    improveRounds(plan, m, earlier);
    const repeats = (slots: Slot[]) => slots.filter(([x, y]) => y !== null && earlier[x * m + y] === 1).length;
    plan = plan
      .map((slots, i) => ({ slots, i, k: repeats(slots) }))
      .sort((p, q) => p.k - q.k || p.i - q.i)
      .map((p) => p.slots);
  }
  return plan.map((slots, r) => {
    const pairings: Pairing[] = [];
    let table = 1;
    for (const [x, y] of slots) {
      if (y === null) pairings.push({ a: ids[x]!, b: null, table: null });
      else pairings.push({ a: Math.min(ids[x]!, ids[y]!), b: Math.max(ids[x]!, ids[y]!), table: table++ });
    }
    return { round: r + 1, pairings };
  });
}

/** 1 where guests i and j (indices into ids) met at an earlier evening. */
function metMatrix(ids: number[], metBefore: ReadonlySet<string>) {
  const m = ids.length;
  const earlier = new Uint8Array(m * m);
  for (let i = 0; i < m; i++) for (let j = i + 1; j < m; j++) if (metBefore.has(pairKey(ids[i]!, ids[j]!))) earlier[i * m + j] = earlier[j * m + i] = 1;
  return earlier;
}

/**
 * Who sits in which seat of the circle: start with guest i in seat i and exchange two guests'
 * seats (in every round at once, so the schedule stays valid) while that lowers the number of
 * earlier pairs in the schedule. Returns seat -> guest index.
 */
function seatGuests(schedule: Slot[][], m: number, earlier: Uint8Array) {
  const near: number[][] = Array.from({ length: m }, () => []);
  for (const slots of schedule) {
    for (const [x, y] of slots) {
      if (y === null) continue;
      near[x]!.push(y);
      near[y]!.push(x);
    }
  }
  const seat = Array.from({ length: m }, (_, i) => i);
  const met = (a: number, b: number) => earlier[seat[a]! * m + seat[b]!]!;
  const cost = (p: number) => near[p]!.reduce((c, s) => c + met(p, s), 0);
  // Each exchange lowers the count by at least one, so this ends; the cap only bounds the time.
  for (let pass = 0, better = true; better && pass < 50; pass++) {
    better = false;
    for (let p = 0; p < m; p++) {
      if (cost(p) === 0) continue;
      for (let q = 0; q < m; q++) {
        if (q === p) continue;
        let delta = 0;
        for (const s of near[p]!) if (s !== q) delta += earlier[seat[q]! * m + seat[s]!]! - met(p, s);
        for (const s of near[q]!) if (s !== p) delta += earlier[seat[p]! * m + seat[s]!]! - met(q, s);
        if (delta < 0) {
          [seat[p], seat[q]] = [seat[q]!, seat[p]!];
          better = true;
          if (cost(p) === 0) break;
        }
      }
    }
  }
  return seat;
}

/** Run `fewerRepeats` on every round, against the whole schedule, until no round changes. */
function improveRounds(plan: Slot[][], m: number, earlier: Uint8Array) {
  const together = new Uint16Array(m * m);
  const byes = new Uint16Array(m);
  const count = ([x, y]: Slot, by: number) => {
    if (y === null) byes[x]! += by;
    else {
      together[x * m + y]! += by;
      together[y * m + x]! += by;
    }
  };
  for (const slots of plan) for (const s of slots) count(s, 1);
  const rules: SwapRules = {
    free: (x, y) => together[x * m + y] === 0,
    before: (x, y) => earlier[x * m + y] === 1,
    // x's byes elsewhere are byes[x]; z's are byes[z] - 1 (this round's). Fair while x's are fewer.
    mayTakeBye: (x, z) => byes[x]! < byes[z]!,
    replaced: (from, to) => {
      count(from, -1);
      count(to, 1);
    },
  };
  for (let again = true; again;) {
    again = false;
    for (const slots of plan) if (fewerRepeats(slots, rules)) again = true;
  }
}

/**
 * A whole evening for `guests` where the pairs in `apart` are never seated together (a member
 * blocked the other: docs/decisions/0041). The circle method is tried first, with the `apart`
 * pairs counted as met before so its seating puts them outside the rounds played; if one still
 * falls in a round, that table becomes a bye for both, or the evening is planned round by round
 * (`planRound`, the `apart` pairs counted as met tonight), whichever seats more pairs with fair byes:
 * nobody meets twice, and an `apart` pair never sits together. With no `apart` pair among the guests, this is `planSchedule`.
 */
export function planEvening(guests: number[], rounds: number, metBefore: ReadonlySet<string> = NONE, apart: ReadonlySet<string> = NONE): RoundPlan[] {
  const ids = [...new Set(guests)].sort((x, y) => x - y);
  const relevant = new Set<string>();
  for (let i = 0; i < ids.length; i++)
    for (let j = i + 1; j < ids.length; j++) if (apart.has(pairKey(ids[i]!, ids[j]!))) relevant.add(pairKey(ids[i]!, ids[j]!));
  if (relevant.size === 0) return planSchedule(ids, rounds, metBefore);
  const circle = planSchedule(ids, rounds, new Set([...metBefore, ...relevant]));
  if (!circle.some((r) => r.pairings.some((p) => p.b !== null && relevant.has(pairKey(p.a, p.b))))) return circle;
  // Two candidates: the circle with each `apart` table turned into a bye for both (every other pair
  // still meets once), and the round-by-round plan. The one where more pairs meet wins, among those
  // whose byes differ by at most one between guests.
  const split = circle.map((r) => ({
    round: r.round,
    pairings: renumberTables(
      r.pairings.flatMap((p) =>
        p.b !== null && relevant.has(pairKey(p.a, p.b))
          ? [
              { a: p.a, b: null, table: null },
              { a: p.b, b: null, table: null },
            ]
          : [p],
      ),
    ),
  }));
  const byRound = planRounds(ids, 1, rounds, new Set(relevant), new Map(), metBefore);
  const score = (plan: RoundPlan[]) => {
    const byes = new Map<number, number>(ids.map((id) => [id, 0]));
    let pairs = 0;
    for (const r of plan)
      for (const p of r.pairings)
        if (p.b === null) byes.set(p.a, byes.get(p.a)! + 1);
        else pairs++;
    const counts = [...byes.values()];
    return { fair: Math.max(...counts) - Math.min(...counts) <= 1, pairs };
  };
  const [a, b] = [score(split), score(byRound)];
  if (a.fair !== b.fair) return a.fair ? split : byRound;
  return a.pairs >= b.pairs ? split : byRound;
}

/** Tables numbered 1.. in order, byes without a table. */
function renumberTables(pairings: Pairing[]): Pairing[] {
  let table = 1;
  return pairings.map((p) => (p.b === null ? { ...p, table: null } : { ...p, table: table++ }));
}

/**
 * Rounds `from`..`to` planned one at a time for the guests present (`planRound`): `met` holds the
 * pairs that may not sit together (partners earlier tonight, pairs kept apart), `byes` the byes so
 * far. Each round's pairs and byes are added as it is planned. Used when the room changes mid-evening
 * (a guest removed, docs/decisions/0042) and for evenings with pairs kept apart.
 */
export function planRounds(
  guests: number[],
  from: number,
  to: number,
  met: Set<string>,
  byes: Map<number, number>,
  metBefore: ReadonlySet<string> = NONE,
): RoundPlan[] {
  const plans: RoundPlan[] = [];
  for (let round = from; round <= to; round++) {
    const plan = planRound(guests, met, byes, round, metBefore);
    for (const p of plan.pairings) {
      if (p.b === null) byes.set(p.a, (byes.get(p.a) ?? 0) + 1);
      else met.add(pairKey(p.a, p.b));
    }
    plans.push(plan);
  }
  return plans;
}
