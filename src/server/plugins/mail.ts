import fp from 'fastify-plugin';
import nodemailer, { type Transporter } from 'nodemailer';
import { mailOutbox } from '../db/schema/index';
import type { AppConfig } from '../env';
import type { MailCounters } from './metrics';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: { filename: string; content: string | Buffer; contentType?: string; cid?: string }[];
  /** The login code this mail carries: with no SMTP, the log shows it on a line of its own. */
  loginCode?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

/**
 * SMTP when SMTP_URL is set. Otherwise every mail goes to the outbox table and the log,
 * so a developer (and the tests) can read login codes without a mail server.
 */
export const mailPlugin = fp<{ config: AppConfig }>(
  async (app, { config }) => {
    const transport: Transporter | null = config.smtpUrl ? nodemailer.createTransport(config.smtpUrl) : null;
    // Counted on /metrics (plugins/metrics.ts), when that plugin is registered: queued when handed
    // over, sent or failed by the SMTP server's answer. An outbox queue calls the same three.
    const counts = (): MailCounters | null => (app.hasDecorator('metrics') ? app.metrics.mail : null);
    const mailer: Mailer = {
      async send(message) {
        const { loginCode, ...mail } = message;
        counts()?.queued();
        if (transport) {
          try {
            await transport.sendMail({ from: config.mailFrom, ...mail });
          } catch (err) {
            counts()?.failed();
            throw err;
          }
          counts()?.sent();
          return;
        }
        await app.db.insert(mailOutbox).values({
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html ?? null,
          attachments: (message.attachments ?? []).map((a) => ({
            filename: a.filename,
            contentType: a.contentType ?? 'application/octet-stream',
            size: Buffer.byteLength(a.content),
          })),
        });
        // One line: the text is in the outbox (GET /api/dev/outbox?to=...); a terminal shows
        // "Login code for EMAIL: CODE" (src/server/logging.ts).
        app.log.info({ mail: { to: message.to, subject: message.subject }, ...(loginCode ? { loginCode } : {}) }, `mail (outbox) to ${message.to}: ${message.subject}`);
      },
    };
    app.decorate('mailer', mailer);
    app.addHook('onClose', async () => transport?.close());
  },
  { name: 'mail', dependencies: ['db'] },
);
