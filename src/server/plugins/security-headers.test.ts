import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/harness';
import { securityHeaders, securityPolicy } from './security-headers';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const csp = (h: Record<string, unknown>) => String(h['content-security-policy']);

describe('security headers', () => {
  it('every answer carries them: a listing, a bad request, an unknown path, a refusal', async () => {
    const answers = await Promise.all([
      t.app.inject({ method: 'GET', url: '/api/events' }),
      t.app.inject({ method: 'GET', url: '/api/events/abc' }),
      t.app.inject({ method: 'GET', url: '/api/nothing-here' }),
      t.app.inject({ method: 'GET', url: '/api/events/1/participants' }),
    ]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 400, 404, 401]);
    for (const res of answers) {
      expect(csp(res.headers)).toContain("default-src 'self'");
      expect(csp(res.headers)).toContain("frame-ancestors 'none'");
      expect(csp(res.headers)).toContain("script-src 'self';");
      expect(csp(res.headers)).toContain("object-src 'none'");
      expect(csp(res.headers)).not.toContain('upgrade-insecure-requests');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
      expect(res.headers['cross-origin-embedder-policy']).toBeUndefined();
      expect(res.headers['x-powered-by']).toBeUndefined();
    }
  });

  it('Stripe is allowed only when it is configured', () => {
    const without = csp(securityHeaders(securityPolicy({ stripe: false })));
    const withStripe = csp(securityHeaders(securityPolicy({ stripe: true })));
    expect(without).not.toContain('stripe.com');
    expect(without).toContain("frame-src 'none'");
    expect(withStripe).toContain("script-src 'self' https://js.stripe.com;");
    expect(withStripe).toContain('frame-src https://js.stripe.com https://hooks.stripe.com;');
    expect(withStripe).toContain("connect-src 'self' ws: wss: https://api.stripe.com;");
  });

  it('a policy helmet refuses stops the start-up', () => {
    expect(() => securityHeaders({ contentSecurityPolicy: { directives: { defaultSrc: ["'self'"], scriptSrc: ['self'] } } })).toThrow();
  });
});
