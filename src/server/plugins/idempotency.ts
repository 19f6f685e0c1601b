import { createHash } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client';
import { runPrepared, type PreparedStatement } from '../db/prepared';
import { idempotentRequests } from '../db/schema/index';
import { AppError } from '../errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** This write honours an Idempotency-Key header (plugins/idempotency.ts). */
    idempotent?: boolean;
  }
  interface FastifyRequest {
    idempotency?: { userId: number; key: string } | null;
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

function fingerprint(req: FastifyRequest) {
  const body = createHash('sha256')
    .update(JSON.stringify(req.body ?? null))
    .digest('base64url');
  return `${req.method} ${req.url.split('?')[0]} ${body}`;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/*
 * The two statements every keyed write makes, the claim before it and its answer after, are
 * prepared (db/prepared.ts): a guest's rating carries a key, and right after the bell every guest
 * rates at once (issue 37). On the embedded database a prepared claim costs a third of the same
 * INSERT built by Drizzle (0.09 against 0.27-0.33 ms, measured 2026-11-30, docs/decisions/0113).
 */
const CLAIM: PreparedStatement = {
  name: 'idempotency_claim',
  text: `INSERT INTO "idempotent_requests" (user_id, key, request) VALUES ($1::int, $2::text, $3::text) ON CONFLICT DO NOTHING RETURNING key`,
};
/** An empty body is kept as NULL: a replay sends `body ?? ''`, the same answer. */
const ANSWER: PreparedStatement = {
  name: 'idempotency_answer',
  text: `UPDATE "idempotent_requests" SET status = $3::int, body = NULLIF($4::text, '') WHERE user_id = $1::int AND key = $2::text`,
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

    app.addHook('preHandler', async (req: FastifyRequest, reply: FastifyReply) => {
      if (!req.routeOptions.config.idempotent) return;
      const raw = req.headers[IDEMPOTENCY_HEADER];
      if (raw === undefined) return;
      const key = Array.isArray(raw) ? raw[0] : raw;
      if (!key || !KEY.test(key)) throw new AppError('bad_request', 'The Idempotency-Key header must be 8 to 100 letters, digits, - or _.');
      const viewer = await req.viewer();
      // Not signed in: the route answers 401 itself, and there is nobody to keep a key for.
      if (!viewer) return;
      const request = fingerprint(req);
      if (await claim(app.db, viewer.id, key, request)) {
        req.idempotency = { userId: viewer.id, key };
        return;
      }
      const where = and(eq(idempotentRequests.userId, viewer.id), eq(idempotentRequests.key, key));
      const deadline = Date.now() + WAIT_MS;
      for (;;) {
        const [row] = await app.db.select().from(idempotentRequests).where(where);
        if (row && row.request !== request) throw new AppError('bad_request', 'This Idempotency-Key was already used for a different request.');
        if (row?.status != null) {
          return reply
            .code(row.status)
            .header(REPLAYED_HEADER, 'true')
            .type('application/json; charset=utf-8')
            .send(row.body ?? '');
        }
        // The first copy failed with a 5xx meanwhile and released the key: this copy may make the write.
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
      if (reply.statusCode >= 500)
        await app.db.delete(idempotentRequests).where(and(eq(idempotentRequests.userId, held.userId), eq(idempotentRequests.key, held.key)));
      else await runPrepared(app.db, ANSWER, [held.userId, held.key, reply.statusCode, typeof payload === 'string' ? payload : '']);
      return payload;
    });
  },
  // Registered before compression (app.ts), so onSend sees the answer as the JSON text the route wrote;
  // it reads app.db and req.viewer() only while handling requests, when both are there.
  { name: 'idempotency' },
);

/** Forget keys older than KEEP_MS (called with the retention sweep). */
export async function forgetOldIdempotencyKeys(db: Db, now: Date) {
  await db.delete(idempotentRequests).where(lt(idempotentRequests.createdAt, new Date(now.getTime() - KEEP_MS)));
}
