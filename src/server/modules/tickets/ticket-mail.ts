import QRCode from 'qrcode';
import { formatPounds, REFUND_WINDOW_HOURS, SELF_CHECK_IN_MINUTES } from '@shared/domain/constants';
import { mapLink, placeLine } from '@shared/domain/public-evening';
import { TIME_ZONE } from '@shared/domain/time';
import type { Db } from '../../db/client';
import type { Mailer } from '../../plugins/mail';
import * as cal from '../calendar/service';
import * as events from '../events/service';

/** What sending a ticket needs (a part of the tickets service's deps). */
export interface TicketMailDeps {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
}

const dateFmt = new Intl.DateTimeFormat('en-GB', { timeZone: TIME_ZONE, weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The ticket: a confirmation e-mail with the QR code to show at the door and an .ics invitation. */
export async function sendTicket(d: TicketMailDeps, eventId: number, userId: number) {
  const event = await events.getEventRow(d.db, eventId);
  const reg = await events.findRegistration(d.db, eventId, userId);
  const who = await events.contactOf(d.db, userId);
  if (!reg || !who) return;
  const qr = await QRCode.toBuffer(`SFTICKET:${reg.ticketCode}`, { type: 'png', width: 320, margin: 2, errorCorrectionLevel: 'M' });
  const link = `${d.publicUrl}/events/${event.id}`;
  const refunds = `${d.publicUrl}/refunds`;
  const when = `${dateFmt.format(event.date)}, ${event.startTime}-${event.endTime}`;
  const place = await events.venuePlace(d.db, event.venueId);
  // Where to go: the street address and a map link (issue 34), as the calendar file's LOCATION.
  const where = placeLine(event.venue, place);
  const map = place ? mapLink({ name: event.venue, ...place }) : null;
  const ics = cal.eventInvitation(event, d.publicUrl, place);
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
      `Where: ${where}`,
      ...(map ? [`Map:   ${map}`] : []),
      `Price: ${price}`,
      `Ticket code: ${reg.ticketCode}`,
      '',
      `When you arrive at ${event.venue} on ${dateFmt.format(event.date)}, show the QR code in this e-mail (or on the event page) to the host at the door. You can also check yourself in on the event page when you are at the venue, or from ${SELF_CHECK_IN_MINUTES} minutes before the start.`,
      `Cancel ${REFUND_WINDOW_HOURS} hours or more before the start for a full refund (the refund rule: ${refunds}).`,
      '',
      `Event page: ${link}`,
      '',
      'See you there!',
      'Speed Friendship',
    ].join('\n'),
    html: `<p>Hi ${esc(who.name)},</p><p>You're in! Here is your ticket for <strong>${esc(event.title)}</strong>.</p>
<p><strong>When:</strong> ${esc(when)}<br><strong>Where:</strong> ${esc(where)}${map ? ` (<a href="${esc(map)}">map</a>)` : ''}<br><strong>Price:</strong> ${esc(price)}<br><strong>Ticket code:</strong> ${esc(reg.ticketCode)}</p>
<p><img src="cid:ticket-qr" alt="Ticket QR code ${esc(reg.ticketCode)}" width="240" height="240"></p>
<p>When you arrive at ${esc(event.venue)} on ${esc(dateFmt.format(event.date))}, show this QR code (or the one on the event page) to the host at the door. You can also check yourself in on the event page when you are at the venue, or from ${SELF_CHECK_IN_MINUTES} minutes before the start. Cancel ${REFUND_WINDOW_HOURS} hours or more before the start for a full refund (<a href="${esc(refunds)}">the refund rule</a>).</p>
<p><a href="${esc(link)}">Open the event page</a></p>`,
    attachments: [
      { filename: 'ticket-qr.png', content: qr, contentType: 'image/png', cid: 'ticket-qr' },
      // The same QR as a file of its own, to save or print (a mail client may hide the inline one).
      { filename: `ticket-${reg.ticketCode}.png`, content: qr, contentType: 'image/png' },
      { filename: 'speed-friendship.ics', content: ics, contentType: 'text/calendar; charset=utf-8; method=PUBLISH' },
    ],
  });
}
