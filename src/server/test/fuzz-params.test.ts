import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { appRoutes, type Route } from './harness';
import { evilNumbers, evilSegment, evilText } from './fuzz-arbitraries';
import {
  SEED,
  RUNS,
  ROLES,
  t,
  requests,
  statuses,
  QUERIES,
  targeted,
  realParam,
  sampleBody,
  visitorOnly,
  pathOf,
  probe,
  registerFuzzFixtures,
} from './fuzz.fixtures';

registerFuzzFixtures();

describe('fuzzing every route: never a 5xx, and a rejected request changes nothing', () => {
  let routes: Route[] = [];
  beforeAll(() => {
    routes = appRoutes(t.app).filter(targeted);
  });

  // docs/product.md "Bad input" (issue 33): `/api/events/0x10` was read as evening 16.
  it('reads an id in a path as decimal digits only: the real id written 0x10, 1e1 or +16 is a 400', async () => {
    let checked = 0;
    for (const route of routes) {
      // Not ids: a calendar feed's file name, a desk's name, an e-mailed link's secret.
      const names = [...route.url.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1]!).filter((n) => n !== 'file' && n !== 'deskId' && n !== 'token');
      const sample = sampleBody(route);
      const payload = sample === undefined ? undefined : JSON.stringify(sample);
      for (const name of names) {
        const real = Number(realParam(route.url, name));
        for (const value of [`0x${real.toString(16)}`, `0o${real.toString(8)}`, `${real}e0`, `+${real}`, `${real}.0`, ` ${real}`, `${real}\t`]) {
          const res = await probe('admin', { method: route.method, url: pathOf(route, { name, value }), payload }, route);
          expect(res.statusCode, `${route.method} ${route.url} with ${name}=${JSON.stringify(value)}: ${res.body}`).toBe(400);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(100);
  });

  it('generated path parameters and query strings', async () => {
    const started = Date.now();
    const before = requests;
    let k = 1000;
    for (const route of routes) {
      const names = [...route.url.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1]!);
      const query = QUERIES[`${route.method} ${route.url}`] ?? {};
      if (!names.length && !Object.keys(query).length) continue;
      const sample = sampleBody(route);
      const payload = sample === undefined ? undefined : JSON.stringify(sample);
      for (const role of ROLES) {
        if (visitorOnly(route) && role !== 'visitor') continue;
        const arb = fc.record({
          param: names.length ? fc.option(fc.record({ name: fc.constantFrom(...names), value: evilSegment }), { nil: undefined }) : fc.constant(undefined),
          query: fc.dictionary(fc.constantFrom(...Object.keys(query), 'extra'), fc.oneof(evilText, evilNumbers.map(String)), { maxKeys: 3 }),
        });
        await fc.assert(
          fc.asyncProperty(arb, async ({ param, query: q }) => {
            // Without a broken parameter, break the query (a valid query with the real ids could be accepted and destroy the roles).
            if (!param && !Object.keys(q).length) return;
            if (!param && route.method !== 'GET') return;
            const full = { ...Object.fromEntries(Object.entries(query).map(([key, v]) => [key, v()])), ...q };
            const qs = new URLSearchParams(full as Record<string, string>).toString();
            await probe(role, { method: route.method, url: `${pathOf(route, param)}${qs ? `?${qs}` : ''}`, payload }, route);
          }),
          { seed: SEED + k++, numRuns: RUNS, endOnFailure: true },
        );
      }
    }
    console.log(`fuzz params: ${requests - before} requests in ${Date.now() - started} ms (FUZZ_SEED=${SEED}); answers by status: ${JSON.stringify(statuses)}`);
  }, 300_000);
});
