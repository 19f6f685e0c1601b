import { beforeAll, describe, expect, it } from 'vitest';
import { MESSAGE_MAX_LENGTH } from '@shared/schemas/messages';
import { REMINDER_GAP_MS } from './service';
import { expectBadInput, withCookie } from '../../test/harness';
import { setUpEvening, type Evening } from '../../test/live-helpers';
import { t, clock, admin, member, other, post, get, messageCount, sendAs, inboxOf, registerMessagesFixtures } from './messages.fixtures';

registerMessagesFixtures();

describe('who may use the room', () => {
  let ev: Evening;
  let messageId: number;
  beforeAll(async () => {
    ev = await setUpEvening(t, { guests: 2, checkedIn: 1 });
    messageId = (await sendAs(ev.host.cookie, ev.event.id)).id;
  });

  type Who = 'visitor' | 'member' | 'otherGuest' | 'otherHost' | 'host' | 'admin';
  const cookieOf = (who: Who) =>
    ({
      visitor: undefined,
      member: member.cookie,
      otherGuest: other.guests[0]!.cookie,
      otherHost: other.host.cookie,
      host: ev.host.cookie,
      admin: admin.cookie,
    })[who];
  const strangers: [Who, number][] = [
    ['visitor', 401],
    ['member', 403],
    ['otherGuest', 403],
    ['otherHost', 403],
  ];

  it.each([...strangers, ['host', 201], ['admin', 201]] as [Who, number][])('POST messages as %s: %i', async (who, status) => {
    const before = await messageCount(ev.event.id);
    const res = await post(`/api/events/${ev.event.id}/messages`, cookieOf(who), { text: `Hello from ${who}` });
    expect(res.statusCode, res.body).toBe(status);
    expect(await messageCount(ev.event.id)).toBe(before + (status === 201 ? 1 : 0));
    if (status === 403) expect(res.json().message).toBe('Only the host of this event can message its guests');
    if (status === 401) expect(res.json().message).toMatch(/log in/i);
  });

  it.each([...strangers, ['host', 200], ['admin', 200]] as [Who, number][])('GET messages as %s: %i', async (who, status) => {
    const res = await get(`/api/events/${ev.event.id}/messages`, cookieOf(who));
    expect(res.statusCode, res.body).toBe(status);
    if (status === 403) expect(res.json().message).toMatch(/Only the host of this event/);
  });

  it.each([...strangers, ['host', 403], ['admin', 403]] as [Who, number][])('GET inbox as %s: %i', async (who, status) => {
    const res = await get(`/api/events/${ev.event.id}/inbox`, cookieOf(who));
    expect(res.statusCode, res.body).toBe(status);
    if (status === 403) expect(res.json().message).toBe('Only guests of this event have messages for it');
  });

  it.each(['read', 'acknowledge'])('POST inbox/:messageId/%s: only the recipient', async (action) => {
    const url = `/api/events/${ev.event.id}/inbox/${messageId}/${action}`;
    for (const [who, status] of [...strangers, ['host', 403], ['admin', 403]] as [Who, number][]) {
      const res = await post(url, cookieOf(who));
      expect(res.statusCode, `${who}: ${res.body}`).toBe(status);
    }
    // A guest of the evening it was not sent to (not checked in).
    const notSent = await post(url, ev.guests[1]!.cookie);
    expect(notSent.statusCode).toBe(404);
    expect(notSent.json().message).toBe('Message not found');
    const mine = await post(url, ev.present[0]!.cookie);
    expect(mine.statusCode, mine.body).toBe(200);
  });

  it.each([...strangers, ['host', 200], ['admin', 200]] as [Who, number][])('POST reminders as %s: %i', async (who, status) => {
    const before = await messageCount(ev.event.id);
    // One reminder an hour per evening: each allowed sender here is an hour after the last.
    if (status === 200) clock.ahead += REMINDER_GAP_MS + 1000;
    const res = await post(`/api/events/${ev.event.id}/reminders`, cookieOf(who));
    expect(res.statusCode, res.body).toBe(status);
    if (status === 200) expect(res.json()).toEqual({ sent: 1 });
    expect(await messageCount(ev.event.id)).toBe(before + (status === 200 ? 1 : 0));
  });

  it('an unknown event is 404 Event not found on every route', async () => {
    const id = 2_000_000_000;
    for (const [method, url] of [
      ['POST', `/api/events/${id}/messages`],
      ['GET', `/api/events/${id}/messages`],
      ['GET', `/api/events/${id}/inbox`],
      ['POST', `/api/events/${id}/inbox/1/read`],
      ['POST', `/api/events/${id}/inbox/1/acknowledge`],
      ['POST', `/api/events/${id}/reminders`],
    ] as const) {
      const res = await t.app.inject({
        method,
        url,
        headers: withCookie(admin.cookie),
        ...(url.endsWith('/messages') && method === 'POST' ? { payload: { text: 'Hi' } } : {}),
      });
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(404);
      expect(res.json().message).toBe('Event not found');
    }
  });
});

describe('bad input', () => {
  let ev: Evening;
  beforeAll(async () => {
    ev = await setUpEvening(t, { guests: 1 });
  });

  it.each([
    ['empty text', { text: '' }],
    ['whitespace only', { text: '   \n\t ' }],
    ['too long', { text: 'x'.repeat(MESSAGE_MAX_LENGTH + 1) }],
    ['no text', { type: 'general' }],
    ['text not a string', { text: 42 }],
    ['unknown type', { text: 'Hi', type: 'shout' }],
    ['NUL', { text: 'Hi\u0000there' }],
    ['escape sequence', { text: 'Hi \u001b[31mred' }],
    ['DEL', { text: 'Hi\u007f' }],
    ['lone surrogate', { text: 'Hi \ud800' }],
    ['requiresAction not a boolean', { text: 'Hi', requiresAction: 'yes' }],
  ])('%s: 400 and nothing stored', async (_name, body) => {
    const res = await post(`/api/events/${ev.event.id}/messages`, ev.host.cookie, body);
    expectBadInput(res);
    expect(await messageCount(ev.event.id)).toBe(0);
  });

  it('the limit is on the trimmed text, and text is kept as plain text', async () => {
    const text = `<b>${'y'.repeat(MESSAGE_MAX_LENGTH - 7)}</b>`;
    const sent = await sendAs(ev.host.cookie, ev.event.id, { text: `  ${text}  `, type: 'urgent', requiresAction: true });
    expect(sent).toMatchObject({ text, type: 'urgent', requiresAction: true, audience: 'room', sentTo: 1, readCount: 0, acknowledgedCount: 0 });
    expect((await inboxOf(ev.guests[0]!, ev.event.id)).messages[0]!.text).toBe(text);
  });

  it.each(['abc', '0', '-1', '1.5', '2147483648'])('bad ids (%s) are 400 on every route and change nothing', async (bad) => {
    const id = ev.event.id;
    const before = await messageCount(id);
    for (const [method, url] of [
      ['POST', `/api/events/${bad}/messages`],
      ['GET', `/api/events/${bad}/messages`],
      ['GET', `/api/events/${bad}/inbox`],
      ['POST', `/api/events/${bad}/inbox/1/read`],
      ['POST', `/api/events/${id}/inbox/${bad}/read`],
      ['POST', `/api/events/${id}/inbox/${bad}/acknowledge`],
      ['POST', `/api/events/${bad}/reminders`],
    ] as const) {
      const res = await t.app.inject({
        method,
        url,
        headers: withCookie(ev.host.cookie),
        ...(url.endsWith('/messages') && method === 'POST' ? { payload: { text: 'Hi' } } : {}),
      });
      expectBadInput(res);
    }
    expect(await messageCount(id)).toBe(before);
  });
});
