/**
 * Pairing history across evenings (GitHub issue 9, beyond docs/product.md "The live evening"):
 * the rotation avoids pairs who met at an earlier evening, repeating one only when no swap inside
 * the round could avoid it, and never at the cost of a pair, a fair bye or a repeat tonight.
 *
 * The checkable condition ("no swap could have avoided it"), for a round R of a plan and a pair
 * {x, y} of R that met at an earlier evening. Call {p, q} FRESH when p and q did not meet at an
 * earlier evening and are not partners at any other round of tonight (for a schedule: any other
 * planned round; for planRound: the rounds before). Then:
 *  1. for every other pair {u, v} of R, neither {x, u} and {y, v} nor {x, v} and {y, u} are both fresh;
 *  2. for every guest z sitting out R, neither {z, y} nor {z, x} is fresh while the other of x, y
 *     could sit out instead of z with the byes staying fair (schedule: the whole evening's bye
 *     counts still differ by at most one; planRound: that guest has had no more byes than z).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pairKey, planRound, planSchedule, type RoundPlan } from './rotation';

/** A small deterministic generator, so a failing case is reproduced from its seed. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** `n` distinct guest ids (not 1..n, so nothing depends on ids being small or dense). */
const guestIds = (n: number, seed: number) => Array.from({ length: n }, (_, i) => 1000 + i * 7 + (seed % 5));

/** Pairs of these guests met at earlier evenings, each with probability `density`, plus some of people not here. */
function earlierPairs(ids: number[], density: number, seed: number) {
  const next = random(seed);
  const pairs = new Set<string>();
  for (let i = 0; i < ids.length; i++) for (let j = i + 1; j < ids.length; j++) if (next() < density) pairs.add(pairKey(ids[i]!, ids[j]!));
  pairs.add(pairKey(ids[0]!, 1));
  pairs.add(pairKey(2, 3));
  return pairs;
}

const scenario = fc.record({
  n: fc.integer({ min: 2, max: 60 }),
  density: fc.oneof(fc.constant(0.02), fc.double({ min: 0, max: 1, noNaN: true }), fc.constant(0.9)),
  seed: fc.integer({ min: 0, max: 2 ** 31 - 1 }),
  rounds: fc.integer({ min: 1, max: 64 }),
});

const pairsOf = (plan: RoundPlan) => plan.pairings.filter((p) => p.b !== null).map((p) => [p.a, p.b!] as const);
const sittingOut = (plan: RoundPlan) => plan.pairings.filter((p) => p.b === null).map((p) => p.a);

/** Condition 1 and 2 above for round `plan`; `fresh` and `mayTakeBye` as defined there. Returns what breaks it. */
function avoidableRepeats(
  plan: RoundPlan,
  metBefore: ReadonlySet<string>,
  fresh: (p: number, q: number) => boolean,
  mayTakeBye: (x: number, z: number) => boolean,
) {
  const broken: string[] = [];
  const pairs = pairsOf(plan);
  for (const [x, y] of pairs) {
    if (!metBefore.has(pairKey(x, y))) continue;
    for (const [u, v] of pairs) {
      if (u === x) continue;
      if (fresh(x, u) && fresh(y, v)) broken.push(`round ${plan.round}: ${x}-${y} could be ${x}-${u} + ${y}-${v}`);
      if (fresh(x, v) && fresh(y, u)) broken.push(`round ${plan.round}: ${x}-${y} could be ${x}-${v} + ${y}-${u}`);
    }
    for (const z of sittingOut(plan)) {
      if (fresh(z, y) && mayTakeBye(x, z)) broken.push(`round ${plan.round}: ${x}-${y} could be ${z}-${y}, ${x} sitting out`);
      if (fresh(z, x) && mayTakeBye(y, z)) broken.push(`round ${plan.round}: ${x}-${y} could be ${z}-${x}, ${y} sitting out`);
    }
  }
  return broken;
}

const spread = (counts: number[]) => Math.max(...counts) - Math.min(...counts);

describe('planSchedule with pairs met at earlier evenings', () => {
  it('keeps every rule of a schedule and repeats an earlier pair only when no swap could avoid it', () => {
    fc.assert(
      fc.property(scenario, ({ n, density, seed, rounds }) => {
        const ids = guestIds(n, seed);
        const metBefore = earlierPairs(ids, density, seed);
        const plans = planSchedule(ids, rounds, metBefore);
        expect(plans.length).toBe(Math.min(rounds, n % 2 ? n : n - 1));

        // (a) and (c): everyone seated once a round, tables 1..k, at most one bye, no pair twice tonight.
        const roundsOf = new Map<string, number[]>();
        for (const [r, plan] of plans.entries()) {
          expect(plan.round).toBe(r + 1);
          const seated = plan.pairings.flatMap((p) => (p.b === null ? [p.a] : [p.a, p.b]));
          expect(seated.slice().sort((a, b) => a - b)).toEqual(ids);
          expect(sittingOut(plan)).toHaveLength(n % 2);
          expect(plan.pairings.filter((p) => p.b !== null).map((p) => p.table)).toEqual(pairsOf(plan).map((_, i) => i + 1));
          for (const p of plan.pairings) if (p.b === null) expect(p.table).toBeNull();
          for (const [a, b] of pairsOf(plan)) {
            expect(a).toBeLessThan(b);
            const key = pairKey(a, b);
            expect(roundsOf.has(key), `${key} meet twice`).toBe(false);
            roundsOf.set(key, [plan.round]);
          }
        }
        // Byes fair over the evening, and over any shorter evening (the host may end it early).
        const byes = new Map(ids.map((id) => [id, 0]));
        for (const plan of plans) {
          for (const z of sittingOut(plan)) byes.set(z, byes.get(z)! + 1);
          expect(spread([...byes.values()])).toBeLessThanOrEqual(1);
        }

        // (b): against the whole schedule (a swap must not make a pair meet twice).
        const fresh = (p: number, q: number) => !metBefore.has(pairKey(p, q)) && !roundsOf.has(pairKey(p, q));
        const mayTakeBye = (x: number, z: number) => spread([...byes.entries()].map(([id, c]) => c + (id === x ? 1 : 0) - (id === z ? 1 : 0))) <= 1;
        for (const plan of plans) expect(avoidableRepeats(plan, metBefore, fresh, mayTakeBye)).toEqual([]);

        // Unavoidable repeats come last: a shortened evening repeats least.
        const repeats = plans.map((plan) => pairsOf(plan).filter(([a, b]) => metBefore.has(pairKey(a, b))).length);
        expect(repeats).toEqual(repeats.slice().sort((a, b) => a - b));
      }),
      { numRuns: 150 },
    );
  });

  it('is the plain schedule when nobody here met before (pairs of other people do not matter)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 60 }), fc.integer({ min: 1, max: 14 }), (n, rounds) => {
        const ids = guestIds(n, 0);
        expect(planSchedule(ids, rounds, new Set([pairKey(1, 2), pairKey(ids[0]!, 3)]))).toEqual(planSchedule(ids, rounds));
      }),
    );
  });

  it('never pairs two people who met before when the evening has room to avoid it', () => {
    // From 15 guests, 12 rounds leave each guest two or more partners unplayed (with 14, only one).
    for (let n = 15; n <= 60; n++) {
      const ids = guestIds(n, 1);
      // Without history, these pairs meet in rounds 1, 2 and 3.
      const plain = planSchedule(ids, 12)
        .slice(0, 3)
        .map((plan) => pairsOf(plan)[1]!);
      const metBefore = new Set([...plain.map(([a, b]) => pairKey(a, b)), pairKey(ids[1]!, ids[2]!)]);
      const plans = planSchedule(ids, 12, metBefore);
      for (const plan of plans) for (const [a, b] of pairsOf(plan)) expect(metBefore.has(pairKey(a, b)), `round ${plan.round}: ${a}-${b}`).toBe(false);
    }
  });

  it('meets an unavoidable earlier pair in the last round (six guests meet everyone)', () => {
    const ids = [1, 2, 3, 4, 5, 6];
    const plans = planSchedule(ids, 5, new Set([pairKey(1, 6)]));
    const together = plans.filter((plan) => pairsOf(plan).some(([a, b]) => a === 1 && b === 6)).map((plan) => plan.round);
    expect(together).toEqual([5]);
  });

  it('plans 100 guests over 12 rounds quickly, with the fewest repeats it can', () => {
    const ids = guestIds(100, 3);
    const metBefore = earlierPairs(ids, 0.3, 7);
    const start = performance.now();
    const plans = planSchedule(ids, 12, metBefore);
    const ms = performance.now() - start;
    expect(plans).toHaveLength(12);
    // About 30% of the 4,950 pairs met before, 600 pairs are played: far fewer than 30% repeat.
    const repeats = plans.flatMap(pairsOf).filter(([a, b]) => metBefore.has(pairKey(a, b))).length;
    expect(repeats).toBeLessThan(60);
    // A generous bound (measured at a few milliseconds), to catch only a blow-up.
    expect(ms).toBeLessThan(1000);
  });
});

describe('planRound with pairs met at earlier evenings', () => {
  it('pairs as many as without the history, never twice tonight, and repeats an earlier pair only when no swap could avoid it', () => {
    fc.assert(
      fc.property(scenario, fc.double({ min: 0, max: 0.3, noNaN: true }), ({ n, density, seed, rounds }, away) => {
        const ids = guestIds(n, seed);
        const metBefore = earlierPairs(ids, density, seed);
        const next = random(seed ^ 0x5bd1e995);
        const met = new Set<string>();
        const byes = new Map<number, number>();
        for (let round = 1; round <= Math.min(rounds, 10); round++) {
          // Some guests are away for a round (arriving late, or stepping out).
          const here = ids.filter(() => next() >= away);
          const plan = planRound(here, met, byes, round, metBefore);
          const plain = planRound(here, met, byes, round);

          // (c) everyone who can be paired is: as many pairs as the plan without history.
          expect(pairsOf(plan)).toHaveLength(pairsOf(plain).length);
          const seated = plan.pairings.flatMap((p) => (p.b === null ? [p.a] : [p.a, p.b]));
          expect(seated.slice().sort((a, b) => a - b)).toEqual(here);
          expect(plan.pairings.filter((p) => p.b !== null).map((p) => p.table)).toEqual(pairsOf(plan).map((_, i) => i + 1));
          // Nobody sitting out could have been paired with another sitting out.
          const out = sittingOut(plan);
          for (const z of out) for (const w of out) if (z < w) expect(met.has(pairKey(z, w)), `${z} and ${w} both sit out`).toBe(true);

          // (a) no pair twice tonight.
          for (const [a, b] of pairsOf(plan)) expect(met.has(pairKey(a, b)), `${a}-${b} again in round ${round}`).toBe(false);

          // (b) against the rounds before this one.
          const fresh = (p: number, q: number) => !metBefore.has(pairKey(p, q)) && !met.has(pairKey(p, q));
          const mayTakeBye = (x: number, z: number) => (byes.get(x) ?? 0) <= (byes.get(z) ?? 0);
          expect(avoidableRepeats(plan, metBefore, fresh, mayTakeBye)).toEqual([]);

          for (const [a, b] of pairsOf(plan)) met.add(pairKey(a, b));
          for (const z of out) byes.set(z, (byes.get(z) ?? 0) + 1);
        }
      }),
      { numRuns: 60 },
    );
  });

  it('is the plain round when nobody here met before', () => {
    const ids = guestIds(25, 0);
    const met = new Set([pairKey(ids[0]!, ids[1]!)]);
    const byes = new Map([[ids[2]!, 1]]);
    expect(planRound(ids, met, byes, 3, new Set([pairKey(1, 2)]))).toEqual(planRound(ids, met, byes, 3));
  });

  it('keeps two who met before apart when others are free', () => {
    const ids = [10, 20, 30, 40, 50, 60, 70, 80];
    for (let round = 1; round <= 8; round++) {
      const plain = planRound(ids, new Set(), new Map(), round);
      const [a, b] = pairsOf(plain)[0]!;
      const plan = planRound(ids, new Set(), new Map(), round, new Set([pairKey(a, b)]));
      expect(pairsOf(plan)).toHaveLength(4);
      expect(pairsOf(plan).some(([x, y]) => x === a && y === b)).toBe(false);
    }
  });
});
