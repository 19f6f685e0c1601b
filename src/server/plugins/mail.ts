import { randomUUID } from 'node:crypto';
import fp from 'fastify-plugin';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Db } from '../db/client';
import type { OutboxAttachment } from '../db/schema/index';
import type { AppConfig } from '../env';
import { every } from '../lib/every';
import * as outbox from './mail-outbox';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: { filename: string; content: string | Buffer; contentType?: string; cid?: string }[];
  /** The login code this mail carries: with no SMTP, the log shows it on a line of its own. */
  loginCode?: string;
}

/**
 * What happened to a mail, for counters (metrics) that must not reach into the sender:
 * 'kept' written to the local outbox only (no SMTP); 'queued' written and waiting for SMTP;
 * 'sent' accepted by the SMTP server; 'retrying' an attempt failed, another will follow;
 * 'failed' the last attempt failed.
 */
export interface MailEvent {
  type: 'kept' | 'queued' | 'sent' | 'retrying' | 'failed';
  id: number;
  /** Attempts made so far (0 when kept or queued). */
  attempts: number;
}

export interface Mailer {
  /**
   * Write the mail to the outbox and return; with SMTP its first attempt starts at once in the
   * background (docs/decisions/0037). Rejects only when the outbox cannot be written.
   */
  send(message: MailMessage): Promise<void>;
  /** Listen to what happens to mail (see MailEvent); returns the function that stops listening. */
  onEvent(listener: (event: MailEvent) => void): () => void;
  /** Deliver every mail that is due now, and wait for it (the background loop does this by itself). */
  deliverDue(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

/** Mails one pass claims at a time. */
const BATCH = 10;
/**
 * How long a claim holds a mail: longer than any one SMTP attempt can take (the transport's
 * timeouts below), so a live sender's claim never runs out; a crashed sender's mail is taken
 * up again after it.
 */
export const MAIL_LEASE_MS = 5 * 60_000;
/** The longest wait between two attempts. */
const MAX_DELAY_MS = 30 * 60_000;
/** The longest wait for the next look at the outbox (another instance's mail, a lapsed claim). */
const MAX_POLL_MS = 5_000;
const PURGE_EVERY_MS = 3_600_000;
/** How long closing waits for an attempt under way (main.ts gives the whole shutdown 10 s). */
const CLOSE_WAIT_MS = 3_000;

/** The wait after the `attempts`-th failure: base, doubling, at most 30 minutes, with up to 10% jitter. */
export function retryDelayMs(baseMs: number, attempts: number) {
  const delay = Math.min(MAX_DELAY_MS, baseMs * 2 ** Math.max(0, attempts - 1));
  return Math.round(delay * (1 + Math.random() * 0.1));
}

/** `<uuid@domain>`, the domain taken from MAIL_FROM's address. */
export function newMessageId(mailFrom: string) {
  const domain = /@([^\s>]+)>?\s*$/.exec(mailFrom)?.[1] ?? 'speedfriendship.invalid';
  return `<${randomUUID()}@${domain}>`;
}

/** An SMTP error for the log and the outbox: its message and the server's answer, never the URL or credentials. */
function describe(err: unknown) {
  const e = err as { message?: unknown; code?: unknown; responseCode?: unknown };
  const parts = [typeof e.code === 'string' ? e.code : null, typeof e.responseCode === 'number' ? String(e.responseCode) : null].filter(Boolean);
  const message = typeof e.message === 'string' ? e.message : String(err);
  return (parts.length ? `${parts.join(' ')}: ` : '') + message.slice(0, 500);
}

const toStored = (a: NonNullable<MailMessage['attachments']>[number]): OutboxAttachment => {
  const content = typeof a.content === 'string' ? Buffer.from(a.content, 'utf8') : a.content;
  return {
    filename: a.filename,
    contentType: a.contentType ?? 'application/octet-stream',
    size: content.byteLength,
    ...(a.cid ? { cid: a.cid } : {}),
    content: content.toString('base64'),
  };
};

/**
 * Every mail is first a row in the outbox (docs/decisions/0037-mail-outbox-and-delivery.md).
 * With SMTP_URL a sender delivers the rows, retrying with backoff while the server is down; with
 * several instances each row is claimed by one at a time. Without SMTP the row is the mail: the
 * development outbox (/api/dev/outbox) and the log show it, so a developer and the tests can
 * read login codes without a mail server.
 */
export const mailPlugin = fp<{ config: AppConfig }>(
  async (app, { config }) => {
    const db: Db = app.db;
    const listeners = new Set<(event: MailEvent) => void>();
    const emit = (event: MailEvent) => {
      for (const listener of listeners) {
        try {
          listener(event);
        } catch (err) {
          app.log.warn({ err }, 'a mail event listener threw');
        }
      }
    };

    // Short timeouts: an attempt that hangs holds its claim (MAIL_LEASE_MS) and nothing else.
    const transport: Transporter | null = config.smtpUrl
      ? nodemailer.createTransport({ url: config.smtpUrl, connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 60_000 })
      : null;

    let stopped = false;
    let running: Promise<void> | null = null;
    let again = false;
    let lastPurge = 0;
    let outboxDown = false;

    async function attempt(mail: outbox.ClaimedMail) {
      const log = { mailId: mail.id, messageId: mail.messageId, to: mail.to, attempt: mail.attempts };
      try {
        await transport!.sendMail({
          from: config.mailFrom,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          ...(mail.html !== null ? { html: mail.html } : {}),
          // The same Message-ID and Date on every attempt: a duplicate is the same mail.
          messageId: mail.messageId,
          date: mail.createdAt,
          attachments: mail.attachments.map((a) => ({
            filename: a.filename,
            contentType: a.contentType,
            content: Buffer.from(a.content ?? '', 'base64'),
            ...(a.cid ? { cid: a.cid } : {}),
          })),
        });
      } catch (err) {
        const error = describe(err);
        if (mail.attempts >= config.mailRetry.limit) {
          if (await outbox.markFailed(db, { id: mail.id, attempts: mail.attempts, error })) {
            app.log.error({ ...log, error }, `mail to ${mail.to} failed after ${mail.attempts} attempts, given up`);
            emit({ type: 'failed', id: mail.id, attempts: mail.attempts });
          }
          return;
        }
        const delayMs = retryDelayMs(config.mailRetry.baseMs, mail.attempts);
        if (await outbox.markRetry(db, { id: mail.id, attempts: mail.attempts, delayMs, error })) {
          app.log.warn(
            { ...log, error, retryInMs: delayMs },
            `mail to ${mail.to} not sent (attempt ${mail.attempts}), retrying in ${Math.round(delayMs / 1000)} s`,
          );
          emit({ type: 'retrying', id: mail.id, attempts: mail.attempts });
        }
        return;
      }
      // Accepted: mark it in the same step. A crash right here sends it again after the claim
      // lapses, with the same Message-ID (at least once, docs/decisions/0037).
      await outbox.markSent(db, mail.id);
      app.log.info(log, `mail sent to ${mail.to}`);
      emit({ type: 'sent', id: mail.id, attempts: mail.attempts });
    }

    /** One pass: claim due mail a batch at a time and try each; returns when nothing is due. */
    async function pass() {
      for (;;) {
        if (stopped) return;
        const claimed = await outbox.claimDue(db, { limit: BATCH, leaseMs: MAIL_LEASE_MS });
        await Promise.all(claimed.map((mail) => attempt(mail)));
        if (claimed.length < BATCH) break;
      }
      if (Date.now() - lastPurge > PURGE_EVERY_MS) {
        lastPurge = Date.now();
        await outbox.purgeOld(db);
      }
    }

    /** Run passes until nothing is due; a kick during a pass asks for one more. */
    function deliverDue(): Promise<void> {
      if (!transport || stopped) return Promise.resolve();
      if (running) {
        again = true;
        return running;
      }
      running = (async () => {
        try {
          do {
            again = false;
            await pass();
          } while (again && !stopped);
          if (outboxDown) app.log.info('mail outbox reachable again');
          outboxDown = false;
        } catch (err) {
          // The database is down: the mail waits in the outbox; say so once per outage.
          if (!outboxDown) app.log.warn({ err }, 'mail outbox unreachable, will try again');
          outboxDown = true;
        } finally {
          running = null;
        }
      })();
      return running;
    }

    const mailer: Mailer = {
      async send(message) {
        const { loginCode } = message;
        const { id } = await outbox.insertMail(db, {
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html ?? null,
          attachments: (message.attachments ?? []).map(toStored),
          messageId: newMessageId(config.mailFrom),
          status: transport ? 'pending' : 'local',
        });
        if (!transport) {
          emit({ type: 'kept', id, attempts: 0 });
          if (config.env === 'production') {
            // Nobody reads the outbox in production (no /api/dev routes): say so, without the code.
            app.log.warn({ mailId: id, to: message.to }, `mail to ${message.to} kept in the outbox only: set SMTP_URL to send mail`);
            return;
          }
          // One line: the text is in the outbox (GET /api/dev/outbox?to=...); a terminal shows
          // "Login code for EMAIL: CODE" (src/server/logging.ts).
          app.log.info(
            { mail: { to: message.to, subject: message.subject }, ...(loginCode ? { loginCode } : {}) },
            `mail (outbox) to ${message.to}: ${message.subject}`,
          );
          return;
        }
        // The subject of a login mail carries the code: it stays out of the log.
        const subject = loginCode ? message.subject.split(loginCode).join('******') : message.subject;
        app.log.info({ mailId: id, to: message.to }, `mail queued for ${message.to}: ${subject}`);
        emit({ type: 'queued', id, attempts: 0 });
        // The first attempt starts now, in the background: the caller (a login request) waits for the row only.
        void deliverDue();
      },
      onEvent(listener) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
      deliverDue,
    };
    app.decorate('mailer', mailer);
    // Counted on /metrics (plugins/metrics.ts, docs/decisions/0035): queued when written to the
    // outbox (kept there without SMTP), sent when the SMTP server accepted it, failed when given up.
    if (app.hasDecorator('metrics')) {
      const counts = app.metrics.mail;
      mailer.onEvent((event) => {
        if (event.type === 'queued' || event.type === 'kept') counts.queued();
        else if (event.type === 'sent') counts.sent();
        else if (event.type === 'failed') counts.failed();
      });
    }

    // Retries fall due, other instances queue mail, a crashed sender's claim lapses: look regularly.
    // The close below waits for the attempt under way in its own way (at most CLOSE_WAIT_MS).
    if (transport)
      every(app, { what: 'mail delivery', everyMs: Math.min(MAX_POLL_MS, config.mailRetry.baseMs), first: 'ready', closeWaits: false, run: deliverDue });
    app.addHook('onClose', async () => {
      stopped = true;
      // An attempt under way may finish and mark its mail; one stuck on a silent server is left:
      // its claim lapses and the mail is sent by another instance or after the restart.
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([running, new Promise((resolve) => (timer = setTimeout(resolve, CLOSE_WAIT_MS)))]);
      clearTimeout(timer);
      transport?.close();
    });
  },
  { name: 'mail', dependencies: ['db'] },
);
