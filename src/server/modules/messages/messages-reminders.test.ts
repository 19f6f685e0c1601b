import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Door } from '@shared/schemas/door';
import { REMINDER_GAP_MS } from './service';
import { events } from '../../db/schema/index';
import { checkIn, setUpEvening, type Member } from '../../test/live-helpers';
import { t, clock, post, get, messageCount, inboxOf, roomOf, reminderMails, registerMessagesFixtures } from './messages.fixtures';

registerMessagesFixtures();

describe('Send Reminders', () => {
  it('reminds every registered guest not yet checked in, once per click, by e-mail and in the inbox', async () => {
    const ev = await setUpEvening(t, { guests: 3, checkedIn: 1 });
    const [present, b, c] = ev.guests as [Member, Member, Member];
    const res = await post(`/api/events/${ev.event.id}/reminders`, ev.host.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ sent: 2 });

    for (const g of [b, c]) {
      const mails = await reminderMails(g);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.subject).toContain(ev.event.title);
      expect(mails[0]!.text).toContain(`/events/${ev.event.id}`);
      expect(mails[0]!.text).toContain('https://www.google.com/maps/dir/?api=1&destination=');
      expect(mails[0]!.attachments).toEqual([expect.objectContaining({ filename: 'ticket-qr.png', contentType: 'image/png' })]);
      const box = await inboxOf(g, ev.event.id);
      expect(box.unread).toBe(1);
      expect(box.messages[0]).toMatchObject({ type: 'general', requiresAction: false, isRead: false });
      expect(box.messages[0]!.text).toContain(ev.event.title);
    }
    // The checked-in guest gets neither.
    expect(await reminderMails(present)).toEqual([]);
    expect((await inboxOf(present, ev.event.id)).messages).toEqual([]);

    const room = await roomOf(ev.host.cookie, ev.event.id);
    expect(room.messages).toHaveLength(1);
    expect(room.messages[0]).toMatchObject({ audience: 'reminder', type: 'general', sentTo: 2, readCount: 0 });

    // A click an hour later reminds again, once each; a guest who checked in meanwhile is left out.
    await checkIn(t.app, ev.event.id, ev.host, b);
    clock.ahead += REMINDER_GAP_MS + 1000;
    expect((await post(`/api/events/${ev.event.id}/reminders`, ev.host.cookie)).json()).toEqual({ sent: 1 });
    expect(await reminderMails(b)).toHaveLength(1);
    expect(await reminderMails(c)).toHaveLength(2);
    expect((await inboxOf(c, ev.event.id)).unread).toBe(2);
  });

  // Issue 21: 20 reminder e-mails in a row reached each guest 20 times.
  it('at most one reminder an hour per evening: a second click (or five at once) is 429 saying when the next can go; the door shows it', async () => {
    const ev = await setUpEvening(t, { guests: 2, checkedIn: 0 });
    const [g] = ev.guests as [Member];
    const clicks = await Promise.all(Array.from({ length: 5 }, () => post(`/api/events/${ev.event.id}/reminders`, ev.host.cookie)));
    expect(clicks.map((r) => r.statusCode).sort()).toEqual([200, 429, 429, 429, 429]);
    const refused = clicks.find((r) => r.statusCode === 429)!;
    expect(refused.json().message).toMatch(
      /^Reminders went to this evening's guests at \d\d:\d\d\. The next can go from \d\d:\d\d \(one an hour, so nobody gets a pile of e-mails\)\.$/,
    );
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(REMINDER_GAP_MS / 1000 - 60);
    expect(await reminderMails(g)).toHaveLength(1);
    expect((await roomOf(ev.host.cookie, ev.event.id)).messages).toHaveLength(1);

    const door = (await get(`/api/events/${ev.event.id}/door`, ev.host.cookie)).json<Door>();
    const sentAt = Date.parse(door.reminders.lastSentAt!);
    expect(Date.parse(door.reminders.nextAt!) - sentAt).toBe(REMINDER_GAP_MS);

    clock.ahead += REMINDER_GAP_MS - 60_000;
    expect((await post(`/api/events/${ev.event.id}/reminders`, ev.host.cookie)).statusCode).toBe(429);
    clock.ahead += 61_000;
    expect((await post(`/api/events/${ev.event.id}/reminders`, ev.host.cookie)).json()).toEqual({ sent: 2 });
    expect(await reminderMails(g)).toHaveLength(2);
    expect((await get(`/api/events/${ev.event.id}/door`, ev.host.cookie)).json<Door>().reminders.nextAt).not.toBe(door.reminders.nextAt);
  });

  it('nobody to remind: {sent: 0}, nothing stored, nothing mailed', async () => {
    const ev = await setUpEvening(t, { guests: 2, checkedIn: 2 });
    const res = await post(`/api/events/${ev.event.id}/reminders`, ev.host.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ sent: 0 });
    expect(await messageCount(ev.event.id)).toBe(0);
    for (const g of ev.guests) expect(await reminderMails(g)).toEqual([]);
    const empty = await setUpEvening(t, { guests: 0 });
    expect((await post(`/api/events/${empty.event.id}/reminders`, empty.host.cookie)).json()).toEqual({ sent: 0 });
  });

  it('an evening that is over reminds nobody (409)', async () => {
    const ev = await setUpEvening(t, { guests: 2, checkedIn: 0 });
    await t.db.update(events).set({ status: 'completed' }).where(eq(events.id, ev.event.id));
    const res = await post(`/api/events/${ev.event.id}/reminders`, ev.host.cookie);
    expect(res.statusCode).toBe(409);
    expect(await messageCount(ev.event.id)).toBe(0);
    for (const g of ev.guests) expect(await reminderMails(g)).toEqual([]);
  });
});
