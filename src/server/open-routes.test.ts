/**
 * Signed-in is the default (docs/decisions/0054). The routes a visitor may call are listed here
 * by hand: adding a public route means adding it to OPEN_ROUTES *and* to this list, on purpose.
 * Every other API route, and any route added later, answers 401 to a visitor before its handler
 * runs, whatever the body.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isGuardedUrl, OPEN_ROUTES } from './open-routes';
import { startFakeStripe, type FakeStripe } from './test/fake-stripe';
import { appRoutes, createTestApp, signUp, withCookie, type Route, type TestContext } from './test/harness';

const EXPECTED_OPEN_ROUTES = [
  'GET /api/calendar/members/:file',
  'GET /api/calendar/venues/:file',
  'GET /api/dev/outbox',
  'GET /api/events',
  'GET /api/events/:id',
  'GET /api/events/:id/calendar.ics',
  'GET /api/events/:id/card.png',
  'GET /api/events/:id/feedback',
  'GET /api/events/:id/public',
  'GET /api/events/demo',
  'GET /api/events/upcoming',
  'GET /api/health',
  'GET /api/health/live',
  'GET /api/health/ready',
  'GET /api/ping',
  'GET /api/version',
  'GET /api/host-program/hosts',
  'GET /api/met-again/:token',
  'GET /api/privacy',
  'GET /api/share/links',
  'GET /api/still-coming/:token',
  'GET /ws',
  'POST /api/accessibility/reports',
  'POST /api/auth/login',
  'POST /api/auth/logout',
  'POST /api/auth/unlock',
  'POST /api/auth/verify',
  'POST /api/internal/backup',
  'POST /api/internal/control',
  'POST /api/invites/stop',
  'POST /api/met-again/:token',
  'POST /api/share/events',
  'POST /api/share/visits',
  'POST /api/events/:id/visits',
  'POST /api/still-coming/:token',
  'POST /api/users',
  'POST /api/webhooks/stripe',
];

let plain: TestContext;
let withStripe: TestContext;
let fake: FakeStripe;
let routes: Route[];

beforeAll(async () => {
  // Two apps, so every route exists somewhere: the test card form without Stripe, the webhook with it.
  fake = await startFakeStripe({ secretKey: 'sk_test_open_routes' });
  [plain, withStripe] = await Promise.all([
    createTestApp({ controlToken: 'open-routes-control-token-never-sent-here' }),
    createTestApp({
      env: { STRIPE_SECRET_KEY: 'sk_test_open_routes', STRIPE_PUBLISHABLE_KEY: 'pk_test_open_routes', STRIPE_WEBHOOK_SECRET: 'whsec_open_routes' },
      stripeConnection: fake.connection,
    }),
  ]);
  const seen = new Map<string, { route: Route; ctx: TestContext }>();
  for (const ctx of [plain, withStripe]) for (const route of appRoutes(ctx.app)) seen.set(`${route.method} ${route.url}`, { route, ctx });
  routes = [...seen.values()].map((v) => v.route);
}, 60_000);
afterAll(async () => {
  await Promise.all([plain?.close(), withStripe?.close()]);
  await fake?.close();
});

const appFor = (route: Route) => (plain.app.hasRoute({ method: route.method as 'GET', url: route.url }) ? plain : withStripe);
const concrete = (url: string) => url.replace(/:[A-Za-z]+/g, '1');

describe('signed-in by default', () => {
  it('the open routes are exactly the listed ones, each with its reason', () => {
    expect(Object.keys(OPEN_ROUTES).sort()).toEqual([...EXPECTED_OPEN_ROUTES].sort());
    for (const reason of Object.values(OPEN_ROUTES)) expect(reason.length).toBeGreaterThan(5);
  });

  it("decision 0054 states how many open routes there are, and it is this list's length", () => {
    const dir = new URL('../../docs/decisions/', import.meta.url);
    const record = readdirSync(dir).find((f) => f.startsWith('0054-'))!;
    const stated = /\((\d+) open routes on /.exec(readFileSync(new URL(record, dir), 'utf8'));
    expect(stated, 'docs/decisions/0054 says "(N open routes on DATE"').not.toBeNull();
    expect(Number(stated![1])).toBe(Object.keys(OPEN_ROUTES).length);
  });

  it('every open route exists (no stale entry keeps a door open for a route added later)', () => {
    for (const key of Object.keys(OPEN_ROUTES)) {
      const [method, url] = key.split(' ') as [string, string];
      const exists = [plain, withStripe].some((ctx) => ctx.app.hasRoute({ method: method as 'GET', url }));
      expect(exists, key).toBe(true);
    }
  });

  it('every other API route answers 401 to a visitor before reading the request', async () => {
    const guarded = routes.filter(
      (r) => r.method !== 'HEAD' && r.method !== 'OPTIONS' && isGuardedUrl(r.url) && !Object.hasOwn(OPEN_ROUTES, `${r.method} ${r.url}`),
    );
    // The app has far more signed-in routes than open ones: a filter that matched nothing would prove nothing.
    expect(guarded.length).toBeGreaterThan(80);
    const wrong: string[] = [];
    for (const r of guarded) {
      const hasBody = r.method !== 'GET' && r.method !== 'DELETE';
      // A body that is not even JSON: the guard answers before anything parses it.
      const res = await appFor(r).app.inject({
        method: r.method as 'GET',
        url: concrete(r.url),
        ...(hasBody ? { payload: '{not json', headers: { 'content-type': 'application/json' } } : {}),
      });
      if (res.statusCode !== 401 || res.json<{ message: string }>().message !== 'Please log in first')
        wrong.push(`${r.method} ${r.url}: ${res.statusCode} ${res.body.slice(0, 80)}`);
    }
    expect(wrong).toEqual([]);
  });

  it('an unknown or expired session is a visitor; a signed-in member passes the guard', async () => {
    const bogus = await plain.app.inject({ method: 'GET', url: '/api/me/matches', headers: withCookie('sid=not-a-session') });
    expect(bogus.statusCode).toBe(401);
    const member = await signUp(plain.app);
    const mine = await plain.app.inject({ method: 'GET', url: '/api/me/matches', headers: withCookie(member.cookie) });
    expect(mine.statusCode, mine.body).toBe(200);
  });

  it('open routes still answer a visitor', async () => {
    expect((await plain.app.inject({ method: 'GET', url: '/api/events' })).statusCode).toBe(200);
    expect((await plain.app.inject({ method: 'GET', url: '/api/privacy' })).statusCode).toBe(200);
  });
});
