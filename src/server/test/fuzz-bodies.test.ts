import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { appRoutes, type Route } from './harness';
import { bodyArb } from './fuzz-arbitraries';
import { SEED, RUNS, ROLES, t, requests, fingerprintMs, targeted, sampleBody, visitorOnly, pathOf, probe, encode, registerFuzzFixtures } from './fuzz.fixtures';

registerFuzzFixtures();

describe('fuzzing every route: never a 5xx, and a rejected request changes nothing', () => {
  let routes: Route[] = [];
  beforeAll(() => {
    routes = appRoutes(t.app).filter(targeted);
  });

  it('finds the routes to fuzz', () => {
    expect(routes.length).toBeGreaterThan(20);
    const names = routes.map((r) => `${r.method} ${r.url}`);
    console.log(`fuzzing ${routes.length} routes: ${names.join(', ')}`);
    for (const must of [
      'PUT /api/users/:id',
      'POST /api/users',
      'POST /api/events',
      'POST /api/venues',
      'POST /api/events/:id/ratings',
      'POST /api/create-payment-intent',
    ])
      expect(names).toContain(must);
  });

  it('generated bodies', async () => {
    const started = Date.now();
    let k = 0;
    for (const route of routes) {
      if (route.method === 'GET' || route.method === 'DELETE') continue;
      const sample = sampleBody(route);
      for (const role of ROLES) {
        if (visitorOnly(route) && role !== 'visitor') continue;
        await fc.assert(
          fc.asyncProperty(bodyArb(sample), async (b) => {
            await probe(role, { method: route.method, url: pathOf(route), payload: encode(b) }, route);
          }),
          { seed: SEED + k++, numRuns: RUNS * 3, endOnFailure: true },
        );
      }
    }
    console.log(`fuzz bodies: ${requests} requests in ${Date.now() - started} ms, ${Math.round(fingerprintMs)} ms of it fingerprinting (FUZZ_SEED=${SEED})`);
  }, 300_000);
});
