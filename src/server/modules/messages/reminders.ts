import type { FastifyInstance } from 'fastify';
import QRCode from 'qrcode';
import { REMINDER_HOURS } from '@shared/domain/arrival';
import { SELF_CHECK_IN_MINUTES } from '@shared/domain/constants';
import { TIME_ZONE } from '@shared/domain/time';
import { ticketQrText } from '@shared/schemas/door';
import type { Mailer, MailMessage } from '../../plugins/mail';
import * as messages from './service';
import type { ReminderRow } from './queries';
import { every } from '../../lib/every';

/** How often each instance looks for scheduled reminders that fell due. */
export const REMINDER_POLL_MS = 60_000;

/** 'scheduled' kinds come from REMINDER_HOURS; 'host' is the door's Send Reminders button. */
export type ReminderKind = keyof typeof REMINDER_HOURS | 'host';

const dayFmt = new Intl.DateTimeFormat('en-GB', { timeZone: TIME_ZONE, weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
const shortDayFmt = new Intl.DateTimeFormat('en-GB', { timeZone: TIME_ZONE, weekday: 'long', day: 'numeric', month: 'long' });

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Where the venue is, for a maps link: its coordinates when known, else its address (or name) and city. */
export function directionsUrl(r: Pick<ReminderRow, 'latitude' | 'longitude' | 'address' | 'city' | 'venueName'>): string {
  const destination =
    r.latitude !== null && r.longitude !== null
      ? `${r.latitude},${r.longitude}`
      : encodeURIComponent([r.address || r.venueName, r.city].filter((p) => !!p).join(', '));
  return `https://www.google.com/maps/dir/?api=1&destination=${destination}`;
}

function subject(kind: ReminderKind, r: ReminderRow) {
  const day = shortDayFmt.format(r.date);
  if (kind === '2h') return `Starting soon: ${r.title} at ${r.startTime}`;
  if (kind === '24h') return `Coming up: ${r.title}, ${day} at ${r.startTime}`;
  return `Reminder from your host: ${r.title}, ${day} at ${r.startTime}`;
}

function opening(kind: ReminderKind, r: ReminderRow) {
  if (kind === '2h') return `${r.title} starts in about ${REMINDER_HOURS['2h']} hours. We can't wait to see you!`;
  if (kind === '24h') return `Just a reminder: ${r.title} is ${shortDayFmt.format(r.date)}. Your place is booked.`;
  return `Your host is getting ready for ${r.title} and hasn't seen you at the door yet.`;
}

/**
 * A reminder e-mail: when and where, a directions link, the event page, and the ticket's QR code
 * inline (as the ticket e-mail has it), with the ticket code in the plain-text part.
 */
export async function reminderMail(publicUrl: string, kind: ReminderKind, r: ReminderRow): Promise<MailMessage> {
  const qr = await QRCode.toBuffer(ticketQrText(r.ticketCode), { type: 'png', width: 320, margin: 2, errorCorrectionLevel: 'M' });
  const link = `${publicUrl}/events/${r.eventId}`;
  const arrival = `${publicUrl}/arrival?event=${r.eventId}`;
  const directions = directionsUrl(r);
  const when = `${dayFmt.format(r.date)}, ${r.startTime}-${r.endTime}`;
  const place = [r.address, r.city].filter((p) => !!p).join(', ');
  const where = place ? `${r.venueName}, ${place}` : r.venueName;
  const checkIn = `Show the QR code in this e-mail at the door, or check in yourself on the arrival page when you get there (or from ${SELF_CHECK_IN_MINUTES} minutes before the start).`;
  return {
    to: r.email,
    subject: subject(kind, r),
    text: [
      `Hi ${r.name},`,
      '',
      opening(kind, r),
      '',
      `When:  ${when}`,
      `Where: ${where}`,
      `Directions: ${directions}`,
      `Ticket code: ${r.ticketCode}`,
      '',
      checkIn,
      '',
      `Event page: ${link}`,
      `Arrival and check-in: ${arrival}`,
      '',
      'See you there!',
      'Speed Friendship',
    ].join('\n'),
    html: `<p>Hi ${esc(r.name)},</p><p>${esc(opening(kind, r))}</p>
<p><strong>When:</strong> ${esc(when)}<br><strong>Where:</strong> ${esc(where)}<br><strong>Ticket code:</strong> ${esc(r.ticketCode)}</p>
<p><a href="${esc(directions)}">Get directions</a></p>
<p><img src="cid:ticket-qr" alt="Ticket QR code ${esc(r.ticketCode)}" width="240" height="240"></p>
<p>${esc(checkIn)}</p>
<p><a href="${esc(link)}">Open the event page</a> · <a href="${esc(arrival)}">Arrival and check-in</a></p>`,
    attachments: [{ filename: 'ticket-qr.png', content: qr, contentType: 'image/png', cid: 'ticket-qr' }],
  };
}

/** Send reminders a few at a time; a failed one is logged (never retried: it was claimed, and a double send is worse). */
export async function sendReminders(
  d: { mailer: Mailer; publicUrl: string; log: { error(obj: unknown, msg?: string): void } },
  rows: (ReminderRow & { kind: ReminderKind })[],
): Promise<number> {
  let sent = 0;
  for (let i = 0; i < rows.length; i += 5) {
    await Promise.all(
      rows.slice(i, i + 5).map(async (r) => {
        try {
          await d.mailer.send(await reminderMail(d.publicUrl, r.kind, r));
          sent++;
        } catch (err) {
          d.log.error({ err, eventId: r.eventId, userId: r.userId, kind: r.kind }, 'reminder e-mail failed');
        }
      }),
    );
  }
  return sent;
}

/**
 * One sweep: claim the scheduled reminders due by the app's clock, then send the claimed ones.
 * Safe on every instance at once: each reminder is claimed by exactly one sweep, ever. Returns
 * how many this sweep claimed.
 */
export async function sendDueReminders(app: FastifyInstance, publicUrl: string): Promise<number> {
  const due = await messages.claimDueReminders(app.db, app.now());
  if (!due.length) return 0;
  const sent = await sendReminders({ mailer: app.mailer, publicUrl, log: app.log }, due);
  app.log.info({ claimed: due.length, sent }, 'scheduled reminders sent');
  return due.length;
}

/** The periodic sweep, stopped when the app closes (after the sweep under way, if any). */
export function startReminders(app: FastifyInstance, publicUrl: string, everyMs: number = REMINDER_POLL_MS) {
  every(app, { what: 'scheduled reminders', everyMs, run: () => sendDueReminders(app, publicUrl) });
}
