import QRCode from 'qrcode';
import { formatPounds } from '@shared/domain/constants';
import { calendar } from '../../lib/ical';
import * as events from '../events/service';
import type { TicketDeps } from './service';

const dateFmt = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The ticket: a confirmation e-mail with the QR code to show at the door and an .ics invitation. */
export async function sendTicket(d: Pick<TicketDeps, 'db' | 'mailer' | 'publicUrl'>, eventId: number, userId: number) {
  const event = await events.getEventRow(d.db, eventId);
  const reg = await events.findRegistration(d.db, eventId, userId);
  const who = await events.contactOf(d.db, userId);
  if (!reg || !who) return;
  const qr = await QRCode.toBuffer(`SFTICKET:${reg.ticketCode}`, { type: 'png', width: 320, margin: 2, errorCorrectionLevel: 'M' });
  const link = `${d.publicUrl}/events/${event.id}`;
  const when = `${dateFmt.format(event.date)}, ${event.startTime}-${event.endTime}`;
  const ics = calendar(event.title, [
    { uid: `event-${event.id}@speedfriendship`, start: event.date, end: event.endsAt, summary: event.title, description: event.description, location: event.venue, url: link },
  ], { method: 'PUBLISH' });
  const price = event.price > 0 ? `£${formatPounds(event.price)} paid` : 'Free';
  await d.mailer.send({
    to: who.email,
    subject: `Your ticket: ${event.title}, ${dateFmt.format(event.date)}`,
    text: [
      `Hi ${who.name},`,
      '',
      `You're in! Here is your ticket for ${event.title}.`,
      '',
      `When:  ${when}`,
      `Where: ${event.venue}`,
      `Price: ${price}`,
      `Ticket code: ${reg.ticketCode}`,
      '',
      'Show the QR code in this e-mail at the door, or check in from the event page from 60 minutes before the start.',
      'Cancel 24 hours or more before the start for a full refund.',
      '',
      `Event page: ${link}`,
      '',
      'See you there!',
      'Speed Friendship',
    ].join('\n'),
    html: `<p>Hi ${esc(who.name)},</p><p>You're in! Here is your ticket for <strong>${esc(event.title)}</strong>.</p>
<p><strong>When:</strong> ${esc(when)}<br><strong>Where:</strong> ${esc(event.venue)}<br><strong>Price:</strong> ${esc(price)}<br><strong>Ticket code:</strong> ${esc(reg.ticketCode)}</p>
<p><img src="cid:ticket-qr" alt="Ticket QR code ${esc(reg.ticketCode)}" width="240" height="240"></p>
<p>Show this QR code at the door, or check in from the event page from 60 minutes before the start. Cancel 24 hours or more before the start for a full refund.</p>
<p><a href="${esc(link)}">Open the event page</a></p>`,
    attachments: [
      { filename: 'ticket-qr.png', content: qr, contentType: 'image/png', cid: 'ticket-qr' },
      { filename: 'speed-friendship.ics', content: ics, contentType: 'text/calendar; charset=utf-8; method=PUBLISH' },
    ],
  });
}
