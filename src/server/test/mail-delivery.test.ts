import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Event } from '@shared/schemas/events';
import { registrations } from '../db/schema/index';
import { inviteMail } from '../modules/missed-connections/invite-mail';
import { reminderMail } from '../modules/messages/reminders';
import { buyTicket, createEvent, createVenue, eventBody, existingMember, sessionCookie, signUp, signUpHost, verify } from './harness';
import { smtp, t, arrived, whenSent, expectWellFormed, registerMailFixtures } from './mail.fixtures';

registerMailFixtures();

describe('mail over SMTP: what arrives', () => {
  it('the login code arrives (From, To, Subject, Message-ID, Date, text) and signs the member in', async () => {
    const { user } = await existingMember(t.app, { name: 'Lena Login' });
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: user.email } });
    expect(res.statusCode, res.body).toBe(200);
    const [mail] = await arrived(smtp, user.email);
    const m = mail!.parsed;
    expectWellFormed(m, user.email, /^Your Speed Friendship login code: \d{6}$/);
    expect(mail!.envelope).toEqual({ from: 'hello@speedfriendship.test', to: [user.email] });
    const code = m.subject!.match(/(\d{6})$/)![1]!;
    expect(m.text).toContain(`Your login code is ${code}.`);
    expect(m.text).toContain('Hi Lena Login,');

    const [row] = await whenSent(t, user.email);
    expect(row).toMatchObject({ status: 'sent', attempts: 1, messageId: m.messageId, lastError: null });
    expect(row!.sentAt).toBeInstanceOf(Date);

    const ok = await verify(t.app, user.email, code);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(sessionCookie(ok)).toBeDefined();
    // Not a dev outbox any more: that route does not exist with SMTP.
    expect((await t.app.inject({ method: 'GET', url: '/api/dev/outbox', query: { to: user.email } })).statusCode).toBe(404);
  });

  it('the ticket: text and HTML, the QR inline (cid) and as a file, and the .ics with the evening start', async () => {
    const host = await signUpHost(t);
    const venue = await createVenue(t.app, host.cookie, { name: 'The Mail Room' });
    const event: Event = await createEvent(t.app, host.cookie, eventBody(venue.id, { title: 'Posted Evening', price: 1500 }));
    const member = await signUp(t.app, { name: 'Tom Ticket' });
    await buyTicket(t.app, event.id, member);
    // The code that proved the address at sign-up, then the ticket.
    const [mail] = (await arrived(smtp, member.user.email, 2)).filter((x) => x.parsed.subject?.startsWith('Your ticket'));
    expect(mail).toBeDefined();
    const m = mail!.parsed;
    expectWellFormed(m, member.user.email, /^Your ticket: Posted Evening, \w+day, \d+ \w+ \d{4}$/);
    const [reg] = await t.db.select().from(registrations).where(eq(registrations.userId, member.user.id));
    expect(m.text).toContain(`Ticket code: ${reg!.ticketCode}`);
    expect(m.text).toContain('Price: £15.00 paid');
    expect(m.html).toContain('<img src="cid:ticket-qr"');
    expect(m.html).toContain(`${t.config.publicUrl}/events/${event.id}`);

    const inline = m.attachments.find((a) => a.cid === 'ticket-qr');
    expect(inline).toMatchObject({ contentType: 'image/png', contentDisposition: 'inline', related: true });
    const file = m.attachments.find((a) => a.filename === `ticket-${reg!.ticketCode}.png`);
    expect(file).toMatchObject({ contentType: 'image/png', contentDisposition: 'attachment' });
    const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(inline!.content.subarray(0, 8)).toEqual(PNG);
    expect(inline!.content.length).toBeGreaterThan(200);
    expect(file!.content.equals(inline!.content)).toBe(true);

    const ics = m.attachments.find((a) => a.filename === 'speed-friendship.ics');
    expect(ics?.contentType).toBe('text/calendar');
    const text = ics!.content.toString('utf8');
    const vevent = text.slice(text.indexOf('BEGIN:VEVENT'), text.indexOf('END:VEVENT'));
    expect(vevent).not.toBe('');
    const stamp = (iso: string) => iso.replace(/[-:]/g, '').replace(/\.\d{3}/, '');
    expect(vevent.split(/\r?\n/)).toEqual(expect.arrayContaining([`DTSTART:${stamp(event.date)}`, 'SUMMARY:Posted Evening']));
  });

  it('a reminder: text and HTML with the ticket QR inline', async () => {
    const to = `rita.reminder.${Date.now()}@example.com`;
    const row = {
      eventId: 7,
      userId: 1,
      name: 'Rita Reminder',
      email: to,
      ticketCode: 'ABCD2345',
      title: 'Wine & Words',
      date: new Date('2026-12-24T19:00:00Z'),
      startTime: '19:00',
      endTime: '22:00',
      venueName: 'The Wine Bar',
      address: '1 Bury Old Road',
      city: 'Prestwich',
      latitude: null,
      longitude: null,
    };
    await t.app.mailer.send(await reminderMail(t.config.publicUrl, '24h', row));
    const [mail] = await arrived(smtp, to);
    const m = mail!.parsed;
    expectWellFormed(m, to, /^Coming up: Wine & Words, \w+day \d+ \w+ at 19:00$/);
    expect(m.text).toContain('Ticket code: ABCD2345');
    expect(m.text).toContain('https://www.google.com/maps/dir/?api=1&destination=');
    expect(m.html).toContain('<img src="cid:ticket-qr"');
    expect(m.html).toContain('Wine &#38; Words');
    expect(m.attachments).toHaveLength(1);
    expect(m.attachments[0]).toMatchObject({ cid: 'ticket-qr', contentType: 'image/png', filename: 'ticket-qr.png' });
  });

  it('a follow-up invite: text and HTML, the stop link, no attachments', async () => {
    const to = `ivy.invite.${Date.now()}@example.com`;
    await t.app.mailer.send(
      inviteMail(t.config.publicUrl, {
        to: { email: to, firstName: 'Ivy' },
        fromFirstName: 'Sarah',
        event: { id: 42, title: 'Coffee & Conversation', date: new Date('2026-12-30T10:00:00Z'), startTime: '10:00', venue: 'The Café' },
        stopToken: 'stop-token-123',
      }),
    );
    const [mail] = await arrived(smtp, to);
    const m = mail!.parsed;
    expectWellFormed(m, to, 'Sarah invited you to Coffee & Conversation');
    expect(m.text).toContain('Hi Ivy,');
    expect(m.text).toContain(`${t.config.publicUrl}/missed-connections?stop=stop-token-123`);
    expect(m.html).toContain(`${t.config.publicUrl}/events/42`);
    expect(m.attachments).toEqual([]);
  });
});
