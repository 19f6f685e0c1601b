import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Me } from '@shared/schemas/auth';
import type { Role } from '@shared/schemas/users';
import type { AppConfig } from '../env';
import { isGuardedUrl, OPEN_ROUTES } from '../open-routes';
import { forbidden, unauthenticated } from '../errors';

export const SESSION_COOKIE = 'sid';

/** The signed-in user, as GET /api/auth/me answers it. */
export type Viewer = Me;

/** A session as it stands now: its user, when it expires, and the key the bus names it by. */
export interface CurrentSession {
  viewer: Viewer;
  expiresAt: Date;
  /** The start of its token's hash: what a `session_ended` message on the bus names (plugins/realtime.ts). */
  key: string;
}

/** Where sessions live: the auth module's service provides it (see buildApp), so this plugin imports no feature module. */
export interface SessionStore {
  /** The user behind a session token, or null when the token is unknown or expired. */
  viewerFromToken(token: string): Promise<Viewer | null>;
  /** The session behind a token as it is now (one query), or null once it has ended. */
  current(token: string): Promise<CurrentSession | null>;
  /** Of these tokens, the ones whose session still stands (one query). */
  stillOpen(tokens: string[]): Promise<Set<string>>;
  create(userId: number): Promise<{ token: string; expiresAt: Date }>;
  end(token: string): Promise<void>;
}

/** A key for processes under NODE_ENV=test that are given none: in memory only, one per process. */
const testSecret = randomBytes(32);

/**
 * The key of the keyed hash login codes are stored under (issue 33): reading the database alone
 * gives no code. LOGIN_CODE_SECRET when set (the same on every instance); otherwise the file
 * DATA_DIR/login-code.key, made on the first start and readable by the server's user only (instances
 * on one machine share it). Under NODE_ENV=test without the variable, a key in memory.
 */
export function loginCodeSecret(config: Pick<AppConfig, 'loginCodeSecret' | 'dataDir' | 'env'>): Buffer {
  if (config.loginCodeSecret) return Buffer.from(config.loginCodeSecret);
  if (config.env === 'test') return testSecret;
  const file = path.join(config.dataDir, 'login-code.key');
  mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
  try {
    // 'wx': two instances starting at once cannot both write one; the second reads the first's.
    writeFileSync(file, randomBytes(32).toString('base64url'), { flag: 'wx', mode: 0o600 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  chmodSync(file, 0o600);
  const key = readFileSync(file, 'utf8').trim();
  if (key.length < 32) throw new Error(`${file} holds no usable key: delete it (pending login codes stop working) and start again`);
  return Buffer.from(key);
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The key login codes are hashed with (loginCodeSecret above). */
    loginCodeSecret: Buffer;
    /** The session store, for what outlives a request (a live socket re-checks its session, modules/live/socket.ts). */
    sessions: SessionStore;
  }
  interface FastifyRequest {
    /** The signed-in user, from the session cookie only (cached per request). */
    viewer(): Promise<Viewer | null>;
    viewerCache?: Promise<Viewer | null>;
  }
  interface FastifyReply {
    startSession(userId: number): Promise<void>;
    endSession(): Promise<void>;
  }
}

export const authPlugin = fp<{ config: AppConfig; sessions: SessionStore }>(
  async (app, { config, sessions }) => {
    const cookieOptions = {
      path: '/',
      httpOnly: true,
      sameSite: 'lax' as const,
      secure: config.cookieSecure,
    };

    app.decorate('sessions', sessions);
    app.decorate('loginCodeSecret', loginCodeSecret(config));
    app.decorateRequest('viewerCache', undefined);
    app.decorateRequest('viewer', function (this: FastifyRequest) {
      if (!this.viewerCache) {
        const token = this.cookies[SESSION_COOKIE];
        this.viewerCache = token ? sessions.viewerFromToken(token) : Promise.resolve(null);
      }
      return this.viewerCache;
    });

    // Signed-in by default (docs/decisions/0054): an API route not in OPEN_ROUTES answers 401 to
    // a request without a session before anything else of it runs (its body is not even parsed).
    app.addHook('onRequest', async (req) => {
      const url = req.routeOptions.url;
      if (url === undefined || !isGuardedUrl(url) || isOpenRoute(req.method, url)) return;
      await requireViewer(req);
    });

    app.decorateReply('startSession', async function (this: FastifyReply, userId: number) {
      const { token, expiresAt } = await sessions.create(userId);
      this.setCookie(SESSION_COOKIE, token, { ...cookieOptions, expires: expiresAt });
      this.request.viewerCache = undefined;
    });

    app.decorateReply('endSession', async function (this: FastifyReply) {
      const token = this.request.cookies[SESSION_COOKIE];
      if (token) await sessions.end(token);
      this.clearCookie(SESSION_COOKIE, cookieOptions);
    });
  },
  { name: 'auth', dependencies: ['db'] },
);

/** Whether `METHOD url` is one of the routes a visitor may call (HEAD counts as GET). */
export function isOpenRoute(method: string, url: string): boolean {
  return Object.hasOwn(OPEN_ROUTES, `${method === 'HEAD' ? 'GET' : method} ${url}`);
}

export async function requireViewer(request: FastifyRequest): Promise<Viewer> {
  const viewer = await request.viewer();
  if (!viewer) throw unauthenticated();
  return viewer;
}

const ROLE_LABEL: Record<Role, string> = { member: 'members', host: 'hosts', admin: 'admins' };

export async function requireRole(request: FastifyRequest, role: Role): Promise<Viewer> {
  const viewer = await requireViewer(request);
  if (!viewer.roles.includes(role)) throw forbidden(`This is for ${ROLE_LABEL[role]} only`);
  return viewer;
}

export async function requireSelfOrAdmin(request: FastifyRequest, userId: number): Promise<Viewer> {
  const viewer = await requireViewer(request);
  if (viewer.id !== userId && !viewer.roles.includes('admin')) throw forbidden('You can only do this for your own account');
  return viewer;
}

/** A userId in a payload must be the session's user. */
export function assertSelf(viewer: Viewer, userId: number) {
  if (viewer.id !== userId) throw forbidden('You can only do this for your own account');
}
