import { describe, expect, it } from 'vitest';
import { pairKey, planEvening, planRound, planSchedule } from './rotation';

const range = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

describe('rotation', () => {
  it.each(range(59).map((i) => i + 1))('with %i guests: nobody meets twice, everyone is seated once per round, byes are fair', (n) => {
    const guests = range(n).map((i) => i * 3 + 100);
    const rounds = Math.min(12, n % 2 === 0 ? n - 1 : n);
    const plans = planSchedule(guests, rounds);
    const met = new Set<string>();
    const byes = new Map<number, number>();
    for (const plan of plans) {
      const seen = new Set<number>();
      const tables = new Set<number>();
      for (const p of plan.pairings) {
        expect(seen.has(p.a)).toBe(false);
        seen.add(p.a);
        if (p.b === null) {
          byes.set(p.a, (byes.get(p.a) ?? 0) + 1);
          expect(p.table).toBeNull();
          continue;
        }
        expect(seen.has(p.b)).toBe(false);
        seen.add(p.b);
        expect(p.a).not.toBe(p.b);
        const k = pairKey(p.a, p.b);
        expect(met.has(k)).toBe(false);
        met.add(k);
        expect(p.table).not.toBeNull();
        expect(tables.has(p.table!)).toBe(false);
        tables.add(p.table!);
      }
      expect(seen.size).toBe(n);
      // At most one guest sits out when the count is odd, none when even.
      expect(plan.pairings.filter((p) => p.b === null).length).toBe(n % 2);
      // Tables are numbered 1..k.
      expect([...tables].sort((x, y) => x - y)).toEqual(range(tables.size));
    }
    if (n >= 2) expect(plans.length).toBe(rounds);
    // Fair byes: nobody sits out twice before everyone else has sat out once.
    const counts = guests.map((g) => byes.get(g) ?? 0);
    expect(Math.max(...counts) - Math.min(...counts)).toBeLessThanOrEqual(1);
  });

  it.each([6, 7, 11, 24, 25, 40, 59, 60])('round by round with %i guests (planRound): no repeats, one bye at most, everyone seated', (n) => {
    const guests = range(n);
    const met = new Set<string>();
    const byes = new Map<number, number>();
    for (let r = 1; r <= Math.min(8, n - 1); r++) {
      const plan = planRound(guests, met, byes, r);
      const seen = new Set<number>();
      for (const p of plan.pairings) {
        seen.add(p.a);
        if (p.b === null) {
          byes.set(p.a, (byes.get(p.a) ?? 0) + 1);
          continue;
        }
        seen.add(p.b);
        expect(met.has(pairKey(p.a, p.b))).toBe(false);
        met.add(pairKey(p.a, p.b));
      }
      expect(seen.size).toBe(n);
      const sittingOut = plan.pairings.filter((p) => p.b === null).length;
      // With plenty of unmet people left, nobody sits out beyond the odd one.
      if (n >= 16) expect(sittingOut).toBe(n % 2);
      else expect(sittingOut % 2).toBe(n % 2);
    }
  });

  it('a late arrival joins the next round without anyone repeating a partner', () => {
    const met = new Set<string>();
    const byes = new Map<number, number>();
    const first = planRound([1, 2, 3, 4], met, byes, 1);
    for (const p of first.pairings) if (p.b !== null) met.add(pairKey(p.a, p.b));
    const second = planRound([1, 2, 3, 4, 5, 6], met, byes, 2);
    const ids = second.pairings.flatMap((p) => [p.a, p.b]).filter((v) => v !== null);
    expect(new Set(ids)).toEqual(new Set([1, 2, 3, 4, 5, 6]));
    for (const p of second.pairings) if (p.b !== null) expect(met.has(pairKey(p.a, p.b))).toBe(false);
  });

  it('is deterministic for the same input', () => {
    expect(planSchedule(range(17), 10)).toEqual(planSchedule(range(17), 10));
  });
});

describe('planEvening with pairs kept apart (a block, docs/decisions/0041)', () => {
  const pairsOf = (plan: ReturnType<typeof planEvening>) => plan.flatMap((r) => r.pairings.filter((p) => p.b !== null).map((p) => pairKey(p.a, p.b!)));
  const byesOf = (plan: ReturnType<typeof planEvening>) => {
    const byes = new Map<number, number>();
    for (const r of plan) for (const p of r.pairings) if (p.b === null) byes.set(p.a, (byes.get(p.a) ?? 0) + 1);
    return byes;
  };

  it('six guests over five rounds: the blocked pair never meets and all 14 other pairs meet once, whatever the ids', () => {
    for (const ids of [
      [1, 2, 3, 4, 5, 6],
      [10, 11, 40, 41, 97, 98],
      [3, 7, 19, 23, 88, 120],
    ]) {
      for (let i = 0; i < ids.length; i++) {
        for (let j = i + 1; j < ids.length; j++) {
          const apart = new Set([pairKey(ids[i]!, ids[j]!)]);
          const plan = planEvening(ids, 5, new Set(), apart);
          const pairs = pairsOf(plan);
          expect(pairs).not.toContain(pairKey(ids[i]!, ids[j]!));
          expect(new Set(pairs).size).toBe(pairs.length);
          expect(pairs).toHaveLength(14);
          expect(Math.max(0, ...byesOf(plan).values())).toBeLessThanOrEqual(1);
          for (const r of plan) {
            const tables = r.pairings.filter((p) => p.b !== null).map((p) => p.table);
            expect(tables).toEqual(tables.map((_, k) => k + 1));
          }
        }
      }
    }
  });

  it('several blocks among nine guests: none of them meets, nobody meets twice, and guests outside the blocks sit out at most twice', () => {
    const ids = [1, 2, 3, 4, 5, 6, 7, 8, 9];
    const apart = new Set([pairKey(1, 2), pairKey(3, 4), pairKey(1, 5)]);
    const plan = planEvening(ids, 8, new Set(), apart);
    expect(plan).toHaveLength(8);
    const pairs = pairsOf(plan);
    for (const k of apart) expect(pairs).not.toContain(k);
    expect(new Set(pairs).size).toBe(pairs.length);
    const byes = byesOf(plan);
    for (const id of [6, 7, 8, 9]) expect(byes.get(id) ?? 0).toBeLessThanOrEqual(2);
  });
});
