/**
 * Community groups (docs/spec/organiser-tools.md §2.17, docs/spec/member-app.md §4 'Verified
 * Friendship Groups'): a group is a clique of mutual matches. Every pair in it matched each other,
 * at any of their evenings, and it cannot grow (maximal). Only groups of 3 or more that include
 * the member count: the member and at least two matches who also matched each other.
 */

/** The smallest group: the member and two matches who matched each other too. */
export const GROUP_MIN_SIZE = 3;

/** One mutual match between two people (order does not matter). */
export type Pair = readonly [number, number];

/** Undirected adjacency of the pairs (self-pairs ignored). */
export function adjacency(pairs: readonly Pair[]): Map<number, Set<number>> {
  const adj = new Map<number, Set<number>>();
  const add = (a: number, b: number) => {
    if (!adj.has(a)) adj.set(a, new Set());
    adj.get(a)!.add(b);
  };
  for (const [a, b] of pairs) {
    if (a === b) continue;
    add(a, b);
    add(b, a);
  }
  return adj;
}

/** True when every two distinct people of `ids` appear as a pair. */
export function isClique(ids: readonly number[], adj: Map<number, Set<number>>): boolean {
  return ids.every((a, i) => ids.slice(i + 1).every((b) => a !== b && !!adj.get(a)?.has(b)));
}

/**
 * The member's groups: maximal cliques of at least GROUP_MIN_SIZE people that contain `memberId`,
 * in the graph of `pairs` (Bron–Kerbosch with pivoting, started from the member's neighbours).
 * Each group is sorted by id, the member included; groups come largest first, then by ids.
 */
export function friendGroups(memberId: number, pairs: readonly Pair[]): number[][] {
  const adj = adjacency(pairs);
  const mine = adj.get(memberId);
  if (!mine) return [];
  const out: number[][] = [];
  const nbrs = (v: number) => adj.get(v) ?? new Set<number>();
  const expand = (r: number[], p: Set<number>, x: Set<number>) => {
    if (p.size === 0 && x.size === 0) {
      if (r.length >= GROUP_MIN_SIZE) out.push([...r].sort((a, b) => a - b));
      return;
    }
    let pivot = -1;
    let best = -1;
    for (const u of [...p, ...x]) {
      let n = 0;
      for (const w of nbrs(u)) if (p.has(w)) n++;
      if (n > best) {
        best = n;
        pivot = u;
      }
    }
    const pivotNbrs = nbrs(pivot);
    for (const v of [...p]) {
      if (pivotNbrs.has(v)) continue;
      const nv = nbrs(v);
      expand([...r, v], new Set([...p].filter((w) => nv.has(w))), new Set([...x].filter((w) => nv.has(w))));
      p.delete(v);
      x.add(v);
    }
  };
  expand([memberId], new Set(mine), new Set());
  return out.sort((a, b) => b.length - a.length || a.join(',').localeCompare(b.join(','), 'en', { numeric: true }));
}
