import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events } from '../db/schema/index';
import { createEvent, createTestApp, createVenue, eventBody, expectBadInput, me, signUp, signUpHost, withCookie, type TestContext } from '../test/harness';
import { CROSS_SITE_MESSAGE, crossSiteReason } from './same-origin';

const CONTROL_TOKEN = 'control-token-for-same-origin-tests-0123';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: 'https://friends.example.com' }, controlToken: CONTROL_TOKEN });
});
afterAll(() => t.close());

const releasedAt = async (eventId: number) => (await t.db.select({ at: events.contactsReleasedAt }).from(events).where(eq(events.id, eventId)))[0]?.at ?? null;

async function hostedEvent() {
  const host = await signUpHost(t);
  const venue = await createVenue(t.app, host.cookie);
  const event = await createEvent(t.app, host.cookie, eventBody(venue.id));
  return { host, event };
}

function expectCrossSiteRefusal(res: { statusCode: number; json: () => unknown }) {
  expect(res.statusCode).toBe(403);
  expect(res.json()).toEqual({ message: CROSS_SITE_MESSAGE, error: CROSS_SITE_MESSAGE });
}

describe('cross-site state-changing requests are refused (CSRF)', () => {
  it('a text/plain POST from a foreign Origin cannot release contacts: 403, nothing changed', async () => {
    const { host, event } = await hostedEvent();
    for (const contentType of ['text/plain', 'application/json']) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/events/${event.id}/release-contacts`,
        headers: withCookie(host.cookie, { origin: 'https://evil.example', 'content-type': contentType }),
        payload: '{}',
      });
      expectCrossSiteRefusal(res);
    }
    expect(await releasedAt(event.id)).toBeNull();
  });

  it('a foreign Origin cannot log a member out', async () => {
    const { cookie } = await signUp(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: withCookie(cookie, { origin: 'http://localhost.evil.example', 'content-type': 'text/plain' }),
      payload: '',
    });
    expectCrossSiteRefusal(res);
    expect((await me(t.app, cookie)).statusCode).toBe(200);
  });

  it('PUT, PATCH and DELETE are checked too; an opaque Origin ("null") is foreign', async () => {
    const { user, cookie } = await signUp(t.app);
    for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
      const res = await t.app.inject({ method, url: `/api/users/${user.id}`, headers: withCookie(cookie, { origin: 'null' }), payload: { name: 'Mallory' } });
      expectCrossSiteRefusal(res);
    }
    expect((await me(t.app, cookie)).json()).toMatchObject({ id: user.id, name: user.name });
  });

  it('without Origin, Sec-Fetch-Site cross-site or same-site is refused', async () => {
    const { host, event } = await hostedEvent();
    for (const site of ['cross-site', 'same-site']) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/events/${event.id}/release-contacts`,
        headers: withCookie(host.cookie, { 'sec-fetch-site': site }),
        payload: {},
      });
      expectCrossSiteRefusal(res);
    }
    expect(await releasedAt(event.id)).toBeNull();
  });

  it("the site's own pages pass: PUBLIC_URL's origin, the request's own host, Sec-Fetch-Site same-origin or none", async () => {
    const { host, event } = await hostedEvent();
    const post = (headers: Record<string, string>) =>
      t.app.inject({ method: 'POST', url: `/api/events/${event.id}/release-contacts`, headers: withCookie(host.cookie, headers), payload: {} });
    expect((await post({ origin: 'https://friends.example.com' })).statusCode).toBe(200);
    // A second instance reached directly (localhost:5000, 127.0.0.1, a LAN address): the Host it was sent to.
    expect((await post({ origin: 'http://localhost:5000', host: 'localhost:5000' })).statusCode).toBe(200);
    expect((await post({ origin: 'http://127.0.0.1:41234', host: '127.0.0.1:41234' })).statusCode).toBe(200);
    expect((await post({ origin: 'http://[::1]:5000', host: '[::1]:5000' })).statusCode).toBe(200);
    expect((await post({ 'sec-fetch-site': 'same-origin' })).statusCode).toBe(200);
    expect((await post({ 'sec-fetch-site': 'none' })).statusCode).toBe(200);
    // Same host name on another port is another origin.
    expectCrossSiteRefusal(await post({ origin: 'http://localhost:5001', host: 'localhost:5000' }));
    expect(await releasedAt(event.id)).not.toBeNull();
  });

  it('requests with neither header (curl, servers, inject) pass; GET is never refused', async () => {
    const { cookie } = await signUp(t.app);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/auth/me',
          headers: withCookie(cookie, { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' }),
        })
      ).statusCode,
    ).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: withCookie(cookie) })).statusCode).toBe(204);
    expect((await me(t.app, cookie)).statusCode).toBe(401);
  });

  it('behind a trusted proxy, the forwarded host is this site', async () => {
    const proxied = await createTestApp({ env: { TRUST_PROXY: 'true' }, shareDatabaseWith: t });
    try {
      const { cookie } = await signUp(proxied.app);
      const res = await proxied.app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        headers: withCookie(cookie, {
          origin: 'https://friends.proxy.example',
          host: '127.0.0.1:5000',
          'x-forwarded-host': 'friends.proxy.example',
          'x-forwarded-proto': 'https',
        }),
      });
      expect(res.statusCode).toBe(204);
      const { cookie: other } = await signUp(proxied.app);
      expectCrossSiteRefusal(
        await proxied.app.inject({
          method: 'POST',
          url: '/api/auth/logout',
          headers: withCookie(other, { origin: 'https://evil.example', host: '127.0.0.1:5000', 'x-forwarded-host': 'friends.proxy.example' }),
        }),
      );
      expect((await me(proxied.app, other)).statusCode).toBe(200);
    } finally {
      await proxied.close();
    }
  });

  it('the signed Stripe webhook and the loopback control route are exempt', async () => {
    const stripe = await createTestApp({
      env: { STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_PUBLISHABLE_KEY: 'pk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_test' },
      shareDatabaseWith: t,
    });
    try {
      const res = await stripe.app.inject({
        method: 'POST',
        url: '/api/webhooks/stripe',
        headers: {
          origin: 'https://hooks.stripe.example',
          'sec-fetch-site': 'cross-site',
          'content-type': 'application/json',
          'stripe-signature': 't=1,v1=bad',
        },
        payload: '{}',
      });
      // Reaches its handler, which checks the signature.
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message: 'Invalid webhook signature' });
    } finally {
      await stripe.close();
    }
    const { user } = await signUp(t.app);
    const control = await t.app.inject({
      method: 'POST',
      url: '/api/internal/control',
      headers: { origin: 'https://elsewhere.example', 'x-control-token': CONTROL_TOKEN },
      payload: { command: 'grant', email: user.email, role: 'host' },
    });
    expect(control.statusCode, control.body).toBe(200);
  });

  it('second layer: a JSON route refuses a text/plain or form body even without Origin (400, bad input)', async () => {
    const { cookie } = await signUp(t.app);
    for (const contentType of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: withCookie(cookie, { 'content-type': contentType }), payload: '{}' });
      expect(expectBadInput(res).message).toBe('The request body must be JSON (Content-Type: application/json)');
    }
    expect((await me(t.app, cookie)).statusCode).toBe(200);
  });
});

describe('crossSiteReason', () => {
  const req = (method: string, headers: Record<string, string>, host = 'localhost:5000') => ({ method, headers, host });
  it('matches default ports and refuses look-alikes', () => {
    const pub = 'https://friends.example.com';
    expect(crossSiteReason(req('POST', { origin: 'https://friends.example.com' }), pub)).toBeNull();
    expect(crossSiteReason(req('POST', { origin: 'https://app.example' }, 'app.example'), pub)).toBeNull();
    expect(crossSiteReason(req('POST', { origin: 'https://app.example' }, 'app.example:443'), pub)).toBeNull();
    expect(crossSiteReason(req('POST', { origin: 'http://app.example' }, 'app.example:80'), pub)).toBeNull();
    expect(crossSiteReason(req('POST', { origin: 'https://app.example:8443' }, 'app.example'), pub)).not.toBeNull();
    expect(crossSiteReason(req('POST', { origin: 'https://friends.example.com.evil.example' }), pub)).not.toBeNull();
    expect(crossSiteReason(req('POST', { origin: 'not a url' }), pub)).not.toBeNull();
    expect(crossSiteReason(req('GET', { origin: 'https://evil.example' }), pub)).toBeNull();
    expect(crossSiteReason(req('DELETE', {}, ''), pub)).toBeNull();
  });
});
