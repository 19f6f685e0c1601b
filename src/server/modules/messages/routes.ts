import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody, idParam, idParams } from '@shared/schemas/common';
import { remindersResult } from '@shared/schemas/door';
import { inboxMessageSchema, inboxSchema, roomSchema, sendMessageBody, sentMessageSchema } from '@shared/schemas/messages';
import { sendReminders, startReminders } from './reminders';
import * as messages from './service';
import { perPerson } from '../../plugins/per-person-limit';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody, 429: errorBody };
const messageParams = z.object({ id: idParam, messageId: idParam });

/**
 * The room (docs/spec/organiser-tools.md §2.22-2.23): host messages to the checked-in guests,
 * the guest's inbox with read and acknowledged state, and reminders (the door's Send Reminders,
 * and scheduled e-mails 24 and 2 hours before the start).
 */
const plugin: FastifyPluginAsyncZod<{ publicUrl: string; reminderPollMs?: number }> = async (app, opts) => {
  startReminders(app, opts.publicUrl, opts.reminderPollMs);

  app.post(
    '/api/events/:id/messages',
    { config: perPerson('messages'), schema: { params: idParams, body: sendMessageBody, response: { 201: sentMessageSchema, ...errors } } },
    async (req, reply) => {
      const { sent, message, recipients } = await messages.send(app.db, req.me, req.params.id, req.body);
      await app.live.publishRoom({ eventId: req.params.id, kind: 'host_message', message, recipients });
      return reply.code(201).send(sent);
    },
  );

  app.get('/api/events/:id/messages', { schema: { params: idParams, response: { 200: roomSchema, ...errors } } }, async (req) =>
    messages.room(app.db, req.me, req.params.id),
  );

  app.get('/api/events/:id/inbox', { schema: { params: idParams, response: { 200: inboxSchema, ...errors } } }, async (req) =>
    messages.inbox(app.db, req.me, req.params.id),
  );

  for (const action of ['read', 'acknowledge'] as const) {
    app.post(
      `/api/events/:id/inbox/:messageId/${action}`,
      { schema: { params: messageParams, response: { 200: inboxMessageSchema, ...errors } } },
      async (req) => {
        const viewer = req.me;
        const { message, changed } = await messages.markRead(app.db, viewer, req.params.id, req.params.messageId, action === 'acknowledge');
        // The host's read counts, and the guest's other devices.
        if (changed) await app.live.publishRoom({ eventId: req.params.id, kind: 'messages_updated', userId: viewer.id });
        return message;
      },
    );
  }

  app.post('/api/events/:id/reminders', { schema: { params: idParams, response: { 200: remindersResult, ...errors } } }, async (req, reply) => {
    const viewer = req.me;
    const reminded = await messages.remind(app.db, viewer, req.params.id, app.now()).catch((err: unknown) => {
      if (err instanceof messages.ReminderTooSoonError) reply.header('retry-after', String(err.retryAfterSeconds));
      throw err;
    });
    if (!reminded) return { sent: 0 };
    await app.live.publishRoom({ eventId: req.params.id, kind: 'host_message', message: reminded.message, recipients: reminded.recipients });
    await sendReminders(
      { mailer: app.mailer, publicUrl: opts.publicUrl, log: req.log },
      reminded.rows.map((r) => ({ ...r, kind: 'host' as const })),
    );
    return { sent: reminded.recipients.length };
  });
};

/** Tells open pages through `app.live`: the live runtime comes first (docs/decisions/0056). */
export const messageRoutes = fp(plugin, { name: 'messages', dependencies: ['live-runtime'], encapsulate: true });
