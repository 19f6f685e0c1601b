import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { adjacency, friendGroups, GROUP_MIN_SIZE, isClique, type Pair } from './friend-groups';

const SARAH = 1;
const MICHAEL = 2;
const EMMA = 3;
const DAVID = 4;

describe('friendGroups', () => {
  test('Sarah matched Michael and Emma, who did not match each other: no group', () => {
    expect(
      friendGroups(SARAH, [
        [SARAH, MICHAEL],
        [EMMA, SARAH],
      ]),
    ).toEqual([]);
  });

  test('a real triangle is one group, whatever the order of the pairs', () => {
    const pairs: Pair[] = [
      [MICHAEL, SARAH],
      [SARAH, EMMA],
      [EMMA, MICHAEL],
    ];
    expect(friendGroups(SARAH, pairs)).toEqual([[SARAH, MICHAEL, EMMA]]);
    expect(friendGroups(EMMA, pairs)).toEqual([[SARAH, MICHAEL, EMMA]]);
  });

  test('two overlapping cliques are two groups, the larger first', () => {
    // {1,2,3,4} all matched; {1,4,5} matched; 5 did not match 2 or 3.
    const pairs: Pair[] = [
      [1, 2],
      [1, 3],
      [1, 4],
      [2, 3],
      [2, 4],
      [3, 4],
      [1, 5],
      [4, 5],
    ];
    expect(friendGroups(1, pairs)).toEqual([
      [1, 2, 3, 4],
      [1, 4, 5],
    ]);
    // 3 is not in {1,4,5}: only the first.
    expect(friendGroups(3, pairs)).toEqual([[1, 2, 3, 4]]);
  });

  test('a clique without the member is not the member’s group', () => {
    expect(
      friendGroups(SARAH, [
        [MICHAEL, EMMA],
        [EMMA, DAVID],
        [MICHAEL, DAVID],
        [SARAH, MICHAEL],
      ]),
    ).toEqual([]);
  });

  test('no matches, a single match, repeated pairs and self-pairs', () => {
    expect(friendGroups(SARAH, [])).toEqual([]);
    expect(friendGroups(SARAH, [[SARAH, MICHAEL]])).toEqual([]);
    expect(
      friendGroups(SARAH, [
        [SARAH, SARAH],
        [SARAH, MICHAEL],
        [MICHAEL, SARAH],
        [SARAH, EMMA],
        [MICHAEL, EMMA],
        [EMMA, MICHAEL],
      ]),
    ).toEqual([[SARAH, MICHAEL, EMMA]]);
  });
});

/** Random graphs on people 1..8 (the member is 1). */
const graph = fc.uniqueArray(fc.tuple(fc.integer({ min: 1, max: 8 }), fc.integer({ min: 1, max: 8 })), {
  maxLength: 28,
  selector: ([a, b]) => (a < b ? `${a}:${b}` : `${b}:${a}`),
});

describe('friendGroups properties', () => {
  test('every group holds the member, has at least 3 people, and every pair in it matched', () => {
    fc.assert(
      fc.property(graph, (pairs) => {
        const adj = adjacency(pairs);
        for (const g of friendGroups(1, pairs)) {
          expect(g).toContain(1);
          expect(g.length).toBeGreaterThanOrEqual(GROUP_MIN_SIZE);
          expect(new Set(g).size).toBe(g.length);
          expect(isClique(g, adj)).toBe(true);
        }
      }),
    );
  });

  test('every group is maximal: nobody else matched all of its members', () => {
    fc.assert(
      fc.property(graph, (pairs) => {
        const adj = adjacency(pairs);
        for (const g of friendGroups(1, pairs)) {
          for (const v of adj.keys()) if (!g.includes(v)) expect(isClique([...g, v], adj)).toBe(false);
        }
      }),
    );
  });

  test('every clique of 3 or more with the member lies inside a reported group, and groups are distinct', () => {
    fc.assert(
      fc.property(graph, (pairs) => {
        const adj = adjacency(pairs);
        const groups = friendGroups(1, pairs);
        expect(new Set(groups.map((g) => g.join(','))).size).toBe(groups.length);
        const others = [...(adj.get(1) ?? [])];
        for (let i = 0; i < others.length; i++)
          for (let j = i + 1; j < others.length; j++) {
            const tri = [1, others[i]!, others[j]!];
            if (isClique(tri, adj)) expect(groups.some((g) => tri.every((v) => g.includes(v)))).toBe(true);
          }
      }),
    );
  });
});
