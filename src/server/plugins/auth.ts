import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Me } from '@shared/schemas/auth';
import { idParam } from '@shared/schemas/common';
import type { Role } from '@shared/schemas/users';
import type { AppConfig } from '../env';
import { isGuardedUrl, OPEN_ROUTES } from '../open-routes';
import { forbidden, unauthenticated, type AppError } from '../errors';

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
  /**
   * The same, and an Idempotency-Key claimed for that viewer in the same statement
   * (plugins/idempotency.ts, docs/decisions/0125): `claimed` is false when no viewer, or when the
   * key is already held.
   */
  viewerClaiming(token: string, claim: { key: string; request: string }): Promise<{ viewer: Viewer | null; claimed: boolean }>;
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

/**
 * Who may call a route, said in its options: `{ config: { access: ... } }` (docs/decisions/0094).
 * - absent: signed in (the default, docs/decisions/0054); 401 "Please log in first" otherwise.
 * - `{ role: 'host' }` (or 'admin', 'member'): signed in with that role; 403 "This is for hosts only".
 * - `{ selfOrAdmin: 'id' }`: signed in as the user the path parameter `:id` names, or an admin;
 *   403 "You can only do this for your own account".
 * Open routes say nothing here: they are listed by name, with their reason, in open-routes.ts.
 * The onRequest hook below enforces it before the body is parsed.
 */
export type Access = { role: Role } | { selfOrAdmin: string };

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call this route (Access above); absent means signed in. */
    access?: Access;
  }
  interface FastifyInstance {
    /** The key login codes are hashed with (loginCodeSecret above). */
    loginCodeSecret: Buffer;
    /** The session store, for what outlives a request (a live socket re-checks its session, modules/live/socket.ts). */
    sessions: SessionStore;
  }
  interface FastifyRequest {
    /**
     * The signed-in user, or null for a visitor, from the session cookie only (cached per request).
     * For open routes that treat visitors differently, and for plugins that run before the guard.
     */
    viewer(): Promise<Viewer | null>;
    viewerCache?: Promise<Viewer | null>;
    /**
     * The signed-in user, never null: the guard has checked the session (and the route's access)
     * before the handler runs. On an open route it throws: read `await req.viewer()` there.
     */
    readonly me: Viewer;
    /** Where the guard keeps the viewer it checked (read it as `req.me`). */
    signedIn?: Viewer;
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

    app.decorateRequest('signedIn', undefined);
    app.decorateRequest('me', {
      getter(this: FastifyRequest): Viewer {
        if (this.signedIn) return this.signedIn;
        throw new Error(
          `req.me read on ${this.method} ${this.routeOptions.url ?? this.url}, which the guard did not sign in (an open route: read await req.viewer() there)`,
        );
      },
    });

    // A route's access is checked when it is registered: an open route declares none, and a
    // self-or-admin parameter is one of its path's.
    app.addHook('onRoute', (route) => {
      const access = route.config?.access;
      if (!access) return;
      for (const method of [route.method].flat()) {
        if (!isGuardedUrl(route.url) || isOpenRoute(method, route.url))
          throw new Error(`${method} ${route.url} is open or outside the API, so it cannot declare access (plugins/auth.ts)`);
      }
      if ('selfOrAdmin' in access && !route.url.split('/').includes(`:${access.selfOrAdmin}`))
        throw new Error(`${route.url} has no parameter :${access.selfOrAdmin} for its selfOrAdmin access`);
    });

    // Signed-in by default (docs/decisions/0054): an API route not in OPEN_ROUTES answers 401 to
    // a request without a session before anything else of it runs (its body is not even parsed);
    // then the route's access (docs/decisions/0094) answers 403 to a viewer it does not admit.
    app.addHook('onRequest', async (req) => {
      const url = req.routeOptions.url;
      if (url === undefined || !isGuardedUrl(url) || isOpenRoute(req.method, url)) return;
      const viewer = await req.viewer();
      if (!viewer) throw unauthenticated();
      const refusal = refusalOf(req.routeOptions.config.access, viewer, req.params as Record<string, string | undefined>);
      if (refusal) throw refusal;
      req.signedIn = viewer;
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

const ROLE_LABEL: Record<Role, string> = { member: 'members', host: 'hosts', admin: 'admins' };

/** Whether the viewer has the role (an admin is not a host unless given that role too). */
export const hasRole = (viewer: Viewer, role: Role) => viewer.roles.includes(role);

/** The 403 a viewer without the role is answered (the live socket's role check too). */
export function roleRefusal(viewer: Viewer, role: Role): AppError | null {
  return hasRole(viewer, role) ? null : forbidden(`This is for ${ROLE_LABEL[role]} only`);
}

/** The 403 a signed-in viewer gets for a route's access, or null when admitted. */
function refusalOf(access: Access | undefined, viewer: Viewer, params: Record<string, string | undefined>): AppError | null {
  if (!access) return null;
  if ('role' in access) return roleRefusal(viewer, access.role);
  const raw = params[access.selfOrAdmin];
  // An id that is no id at all is bad input: the route's schema answers it with a 400 (issue 11), not this 403.
  if (!idParam.safeParse(raw).success) return null;
  if (viewer.id === Number(raw) || hasRole(viewer, 'admin')) return null;
  return forbidden('You can only do this for your own account');
}

/** A userId in a payload must be the session's user. */
export function assertSelf(viewer: Viewer, userId: number) {
  if (viewer.id !== userId) throw forbidden('You can only do this for your own account');
}
