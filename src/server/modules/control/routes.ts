import { timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody } from '@shared/schemas/common';
import { controlCommand, controlResult } from '@shared/schemas/control';
import { runControlCommand } from '../../control';
import { forbidden, notFound } from '../../errors';

const gzipAnswer = { content: { 'application/gzip': { schema: z.any().describe('application/gzip: the data directory as a tar') } } };

/**
 * The admin CLI's door into a running server that owns the embedded database (PGlite
 * allows one process per data directory). Only registered with a token, which lives in a
 * file readable by the server's own user; requests must also come from this machine.
 */
export const controlRoutes: FastifyPluginAsyncZod<{ token: string; adminEmails: string[]; publicUrl: string }> = async (
  app,
  { token, adminEmails, publicUrl },
) => {
  const expected = Buffer.from(token);
  const allowed = (req: FastifyRequest) => {
    const given = Buffer.from(String(req.headers['x-control-token'] ?? ''));
    const local = ['127.0.0.1', '::1', '::ffff:127.0.0.1'].includes(req.socket.remoteAddress ?? '');
    return local && given.length === expected.length && timingSafeEqual(given, expected);
  };
  app.post(
    '/api/internal/control',
    { schema: { body: controlCommand, response: { 200: controlResult, 400: errorBody, 403: errorBody, 404: errorBody } } },
    async (req) => {
      if (!allowed(req)) throw forbidden();
      return runControlCommand(app.db, req.body, { adminEmails, publicUrl, loginCodeSecret: app.loginCodeSecret, now: app.now() });
    },
  );
  // `npm run backup` while this server holds the embedded database (docs/decisions/0038-backups.md):
  // the server copies its own data directory, between queries.
  app.post('/api/internal/backup', { schema: { response: { 200: gzipAnswer, 403: errorBody, 404: errorBody } } }, async (req, reply) => {
    if (!allowed(req)) throw forbidden();
    if (!app.database.dump) throw notFound('This server has no embedded database to back up');
    const archive = Buffer.from(await (await app.database.dump()).arrayBuffer());
    req.log.info({ bytes: archive.length }, 'backup of the embedded database taken');
    return reply.type('application/gzip').header('cache-control', 'no-store').send(archive);
  });
};
