import { createHash } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client';
import { runPrepared, type PreparedStatement } from '../db/prepared';
import { idempotentRequests } from '../db/schema/index';
import { AppError } from '../errors';
import { SESSION_COOKIE } from './auth';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** This write honours an Idempotency-Key header (plugins/idempotency.ts). */
    idempotent?: boolean;
  }
  interface FastifyRequest {
    idempotency?: { userId: number; key: string } | null;
    /** The key was already held when the session's read tried to claim it (a replay, or a copy racing). */
    idempotencyHeld?: boolean;
  }
}

/** The header a phone sends with a write it may send again (kept offline, docs/decisions/0051). */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** A replayed answer says so. */
export const REPLAYED_HEADER = 'idempotent-replayed';
const KEY = /^[A-Za-z0-9_-]{8,100}$/;
/** How long a second copy waits for the first copy's answer before it is told to try again. */
const WAIT_MS = 5_000;
const POLL_MS = 25;
/** Keys older than this are forgotten: a phone sends its kept writes the same evening. */
export const KEEP_MS = 2 * 24 * 3_600_000;

/** What a request is before its body is read: what a key claimed with the session holds until answered. */
const target = (req: FastifyRequest) => `${req.method} ${req.url.split('?')[0]}`;

function fingerprint(req: FastifyRequest) {
  const body = createHash('sha256')
    .update(JSON.stringify(req.body ?? null))
    .digest('base64url');
  return `${target(req)} ${body}`;
}

/** The request's key: undefined without the header; a malformed one is refused in preHandler. */
function keyOf(req: FastifyRequest): string | undefined {
  const raw = req.headers[IDEMPOTENCY_HEADER];
  if (raw === undefined) return undefined;
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (!key || !KEY.test(key)) throw new AppError('bad_request', 'The Idempotency-Key header must be 8 to 100 letters, digits, - or _.');
  return key;
}

/** Answers that are not kept with their key: the write did not happen, so a retry may make it. */
const released = (status: number) => status >= 500 || status === 429;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/*
 * The two statements every keyed write makes, the claim before it and its answer after, are
 * prepared (db/prepared.ts): a guest's rating carries a key, and right after the bell every guest
 * rates at once (issue 37). On the embedded database a prepared claim costs a third of the same
 * INSERT built by Drizzle (0.09 against 0.27-0.33 ms, measured 2026-11-30, docs/decisions/0113).
 */
export const CLAIM: PreparedStatement = {
  name: 'idempotency_claim',
  text: `INSERT INTO "idempotent_requests" (user_id, key, request) VALUES ($1::int, $2::text, $3::text) ON CONFLICT DO NOTHING RETURNING key`,
};
/** An empty body is kept as NULL: a replay sends `body ?? ''`, the same answer. */
export const ANSWER: PreparedStatement = {
  name: 'idempotency_answer',
  text: `UPDATE "idempotent_requests" SET status = $3::int, body = NULLIF($4::text, ''), request = $5::text WHERE user_id = $1::int AND key = $2::text`,
};
const claim = async (db: Db, userId: number, key: string, request: string) => (await runPrepared(db, CLAIM, [userId, key, request])).length > 0;

/**
 * Idempotency keys on the writes a guest's phone keeps offline and sends on return (ratings,
 * reactions, feedback; docs/decisions/0051-the-evening-offline.md). A route opts in with
 * `config: { idempotent: true }`. The first request with a (member, key) claims the key in one
 * INSERT ... ON CONFLICT DO NOTHING, runs, and its answer is stored with the key; any other request
 * with that key (a replay, or a copy racing it on another connection or instance) gets that stored
 * answer, after waiting for it if the first is still running, and changes nothing. A 5xx is not
 * stored (the key is released: the write did not happen, so a retry may make it). Without the
 * header a route works as before.
 */
export const idempotencyPlugin = fp(
  async (app) => {
    app.decorateRequest('idempotency', null);
    app.decorateRequest('idempotencyHeld', false);

    // The claim rides on the session's read (docs/decisions/0125): one statement fewer for every
    // keyed write. It runs before the auth plugin's guard reads the viewer, which then finds it read.
    // The body is not read yet, so the key holds what the request is without it until its answer.
    app.addHook('onRequest', async (req) => {
      if (!req.routeOptions.config.idempotent) return;
      let key: string | undefined;
      try {
        key = keyOf(req);
      } catch {
        return; // refused in preHandler, after the guard's 401 to a visitor
      }
      const token = req.cookies[SESSION_COOKIE];
      if (!key || !token || req.viewerCache) return;
      const attempt = app.sessions.viewerClaiming(token, { key, request: target(req) });
      req.viewerCache = attempt.then((r) => r.viewer);
      const { viewer, claimed } = await attempt;
      if (!viewer) return;
      if (claimed) req.idempotency = { userId: viewer.id, key };
      else req.idempotencyHeld = true;
    });

    app.addHook('preHandler', async (req: FastifyRequest, reply: FastifyReply) => {
      if (!req.routeOptions.config.idempotent) return;
      const key = keyOf(req);
      if (key === undefined || req.idempotency) return;
      const viewer = await req.viewer();
      // Not signed in: the route answers 401 itself, and there is nobody to keep a key for.
      if (!viewer) return;
      const request = fingerprint(req);
      if (!req.idempotencyHeld && (await claim(app.db, viewer.id, key, request))) {
        req.idempotency = { userId: viewer.id, key };
        return;
      }
      const where = and(eq(idempotentRequests.userId, viewer.id), eq(idempotentRequests.key, key));
      const deadline = Date.now() + WAIT_MS;
      for (;;) {
        const [row] = await app.db.select().from(idempotentRequests).where(where);
        // Until it is answered, a key claimed with the session holds the request without its body.
        if (row?.status != null) {
          if (row.request !== request) throw new AppError('bad_request', 'This Idempotency-Key was already used for a different request.');
          return sendKept(reply.header(REPLAYED_HEADER, 'true'), row.status, row.body ?? '');
        }
        if (row && !request.startsWith(`${row.request} `) && row.request !== request)
          throw new AppError('bad_request', 'This Idempotency-Key was already used for a different request.');
        // The first copy failed meanwhile (a 5xx, a 429) and released the key: this copy may make the write.
        if (!row) {
          if (await claim(app.db, viewer.id, key, request)) {
            req.idempotency = { userId: viewer.id, key };
            return;
          }
        }
        if (Date.now() > deadline) throw new AppError('conflict', 'The same request is still being handled. Please try again in a moment.');
        await sleep(POLL_MS);
      }
    });

    app.addHook('onSend', async (req, reply, payload) => {
      const held = req.idempotency;
      if (!held) return payload;
      req.idempotency = null;
      if (released(reply.statusCode))
        await app.db.delete(idempotentRequests).where(and(eq(idempotentRequests.userId, held.userId), eq(idempotentRequests.key, held.key)));
      else await runPrepared(app.db, ANSWER, [held.userId, held.key, reply.statusCode, typeof payload === 'string' ? payload : '', fingerprint(req)]);
      return payload;
    });
  },
  // Registered after the cookie parser and before compression and the auth plugin (app.ts): onRequest
  // reads the session cookie and runs before the guard, onSend sees the answer as the JSON text the
  // route wrote; it reads app.db, app.sessions and req.viewer() only while handling requests, when all are there.
  { name: 'idempotency' },
);

/** A key a request holds, with what the request is (its fingerprint): what a statement writes with it. */
export interface HeldKey {
  key: string;
  request: string;
}

/**
 * For a route that answers the key in its own write's statement (a rating, docs/decisions/0127):
 * the key this request holds and what the request is, or null when it holds none.
 */
export function keyToAnswer(req: FastifyRequest): HeldKey | null {
  return req.idempotency ? { key: req.idempotency.key, request: fingerprint(req) } : null;
}

/** An answer kept with a key, sent as it was stored: a replay, or a route that stored it itself. */
export function sendKept(reply: FastifyReply, status: number, body: string) {
  return reply.code(status).type('application/json; charset=utf-8').send(body);
}

/** The route's statement stored the key's answer: nothing is written after it, whatever follows. */
export function answeredByRoute(req: FastifyRequest) {
  req.idempotency = null;
}

/** Forget keys older than KEEP_MS (called with the retention sweep). */
export async function forgetOldIdempotencyKeys(db: Db, now: Date) {
  await db.delete(idempotentRequests).where(lt(idempotentRequests.createdAt, new Date(now.getTime() - KEEP_MS)));
}
