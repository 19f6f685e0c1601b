import { timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody } from '@shared/schemas/common';
import { controlCommand, controlResult } from '@shared/schemas/control';
import { runControlCommand } from '../../control';
import { forbidden } from '../../errors';

/**
 * The admin CLI's door into a running server that owns the embedded database (PGlite
 * allows one process per data directory). Only registered with a token, which lives in a
 * file readable by the server's own user; requests must also come from this machine.
 */
export const controlRoutes: FastifyPluginAsyncZod<{ token: string }> = async (app, { token }) => {
  const expected = Buffer.from(token);
  app.post('/api/internal/control', { schema: { body: controlCommand, response: { 200: controlResult, 400: errorBody, 403: errorBody, 404: errorBody } } }, async (req) => {
    const given = Buffer.from(String(req.headers['x-control-token'] ?? ''));
    const local = ['127.0.0.1', '::1', '::ffff:127.0.0.1'].includes(req.socket.remoteAddress ?? '');
    if (!local || given.length !== expected.length || !timingSafeEqual(given, expected)) throw forbidden();
    return runControlCommand(app.db, req.body);
  });
};
