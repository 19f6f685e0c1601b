/**
 * The guard on the route (docs/decisions/0094): a route says who may call it in its options, the
 * auth plugin's onRequest hook answers 401/403 with the app's messages before the body is parsed,
 * and a handler reads the checked viewer as `req.me`. A small Fastify with the real plugin and
 * error handler, and a session store that knows three tokens.
 */
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../env';
import { installErrorHandler } from '../errors';
import { authPlugin, SESSION_COOKIE, type SessionStore, type Viewer } from './auth';

const person = (id: number, roles: Viewer['roles']) => ({ id, email: `p${id}@example.com`, name: `P${id}`, roles }) as unknown as Viewer;
const PEOPLE: Record<string, Viewer> = { member: person(1, ['member']), host: person(2, ['member', 'host']), admin: person(3, ['member', 'admin']) };

const sessions: SessionStore = {
  viewerFromToken: async (token) => PEOPLE[token] ?? null,
  viewerClaiming: async (token) => ({ viewer: PEOPLE[token] ?? null, claimed: false }),
  current: async () => null,
  stillOpen: async () => new Set(),
  create: async () => ({ token: 'x', expiresAt: new Date() }),
  end: async () => {},
};

let app: FastifyInstance;

async function build(register: (app: FastifyInstance) => void) {
  const a = Fastify();
  installErrorHandler(a);
  await a.register(cookie);
  await a.register(fp(async () => {}, { name: 'db' }));
  await a.register(authPlugin, { config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: '/nonexistent-test-data-dir' }), sessions });
  register(a);
  await a.ready();
  return a;
}

beforeAll(async () => {
  app = await build((a) => {
    a.get('/api/who', async (req) => ({ id: req.me.id }));
    a.post('/api/hosts-only', { config: { access: { role: 'host' } } }, async (req) => ({ id: req.me.id }));
    a.get('/api/admins-only', { config: { access: { role: 'admin' } } }, async (req) => ({ id: req.me.id }));
    a.get('/api/people/:id', { config: { access: { selfOrAdmin: 'id' } } }, async (req) => ({ id: req.me.id }));
    // Open (listed in open-routes.ts): a handler that reads req.me there is a programming error.
    a.get('/api/privacy', async (req) => ({ id: req.me.id }));
    a.get('/api/events', async (req) => ({ viewer: (await req.viewer())?.id ?? null }));
  });
});
afterAll(() => app?.close());

const call = (method: 'GET' | 'POST', url: string, who?: string, payload?: string) =>
  app.inject({
    method,
    url,
    headers: { ...(who ? { cookie: `${SESSION_COOKIE}=${who}` } : {}), ...(payload ? { 'content-type': 'application/json' } : {}) },
    ...(payload ? { payload } : {}),
  });

describe('access on the route', () => {
  it('absent: signed in; a visitor gets 401, a member reads req.me', async () => {
    const visitor = await call('GET', '/api/who');
    expect([visitor.statusCode, visitor.json().message]).toEqual([401, 'Please log in first']);
    expect((await call('GET', '/api/who', 'member')).json()).toEqual({ id: 1 });
  });

  it('a role: 403 "This is for hosts only" before the body is parsed; the role passes', async () => {
    const member = await call('POST', '/api/hosts-only', 'member', '{not json');
    expect([member.statusCode, member.json().message]).toEqual([403, 'This is for hosts only']);
    expect((await call('POST', '/api/hosts-only', 'host', '{}')).json()).toEqual({ id: 2 });
    // An admin is not a host unless given that role.
    expect((await call('POST', '/api/hosts-only', 'admin', '{}')).statusCode).toBe(403);
    const host = await call('GET', '/api/admins-only', 'host');
    expect([host.statusCode, host.json().message]).toEqual([403, 'This is for admins only']);
    expect((await call('GET', '/api/admins-only', 'admin')).statusCode).toBe(200);
    expect((await call('GET', '/api/admins-only')).statusCode).toBe(401);
  });

  it('self or admin on a parameter: yourself and admins pass, anyone else 403', async () => {
    expect((await call('GET', '/api/people/1', 'member')).json()).toEqual({ id: 1 });
    const other = await call('GET', '/api/people/2', 'member');
    expect([other.statusCode, other.json().message]).toEqual([403, 'You can only do this for your own account']);
    expect((await call('GET', '/api/people/1', 'admin')).json()).toEqual({ id: 3 });
    expect((await call('GET', '/api/people/1')).statusCode).toBe(401);
  });

  it('open routes: the nullable viewer; req.me there is a programming error (500)', async () => {
    expect((await call('GET', '/api/events')).json()).toEqual({ viewer: null });
    expect((await call('GET', '/api/events', 'host')).json()).toEqual({ viewer: 2 });
    expect((await call('GET', '/api/privacy', 'member')).statusCode).toBe(500);
  });

  it('a route that cannot have its access is refused when registered', async () => {
    await expect(build((a) => a.get('/api/privacy', { config: { access: { role: 'admin' } } }, async () => ({})))).rejects.toThrow(/cannot declare access/);
    await expect(build((a) => a.get('/api/people/:userId', { config: { access: { selfOrAdmin: 'id' } } }, async () => ({})))).rejects.toThrow(
      /no parameter :id/,
    );
  });
});
