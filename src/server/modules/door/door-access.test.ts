import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { expectBadInput, withCookie } from '../../test/harness';
import { DOOR_HOSTS_ONLY, EXPORT_HOSTS_ONLY } from './service';
import {
  t,
  host,
  otherHost,
  member,
  otherGuest,
  admin,
  evening,
  codeOf,
  snapshot,
  getDoor,
  scan,
  search,
  undo,
  exportCsv,
  registerDoorFixtures,
  type Member,
} from './door.fixtures';

registerDoorFixtures();

describe('who may run the door', () => {
  type Call = (eventId: number, guest: Member, cookie?: string) => Promise<LightMyRequestResponse>;
  const routes: [string, Call, string, boolean][] = [
    ['GET door', (e, _g, c) => getDoor(e, c), DOOR_HOSTS_ONLY, false],
    ['POST door/scan', async (e, g, c) => scan(e, `SFTICKET:${await codeOf(e, g.user.id)}`, c), DOOR_HOSTS_ONLY, false],
    ['POST door/check-in', (e, g, c) => search(e, g.user.id, c), DOOR_HOSTS_ONLY, false],
    ['DELETE door/check-in/:userId', (e, g, c) => undo(e, g.user.id, c), DOOR_HOSTS_ONLY, true],
    ['GET attendance.csv', (e, _g, c) => exportCsv(e, c), EXPORT_HOSTS_ONLY, false],
  ];

  it.each(routes)(
    '%s: visitor 401; a member, a guest (of this or another evening) and another host 403; the host and an admin 200',
    async (_name, call, refusal, needsCheckedIn) => {
      const { event, guests } = await evening(3);
      if (needsCheckedIn) for (const g of guests.slice(0, 2)) expect((await search(event.id, g.user.id, host.cookie)).statusCode).toBe(200);
      const before = await snapshot(event.id);

      const visitor = await call(event.id, guests[0]!);
      expect(visitor.statusCode).toBe(401);
      for (const who of [member, otherGuest, otherHost, guests[2]!]) {
        const res = await call(event.id, guests[0]!, who.cookie);
        expect(res.statusCode, `${who.user.name}: ${res.body}`).toBe(403);
        expect(res.json().message).toBe(refusal);
      }
      expect(await snapshot(event.id)).toEqual(before);

      const byHost = await call(event.id, guests[0]!, host.cookie);
      expect(byHost.statusCode, byHost.body).toBe(200);
      const byAdmin = await call(event.id, guests[1]!, admin.cookie);
      expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    },
  );

  it("answers 404 'Event not found' for an unknown evening, to a host", async () => {
    expect((await getDoor(987654, host.cookie)).json()).toMatchObject({ message: 'Event not found' });
    expect((await scan(987654, 'SFTICKET:abc', host.cookie)).statusCode).toBe(404);
    expect((await search(987654, host.user.id, host.cookie)).statusCode).toBe(404);
    expect((await undo(987654, host.user.id, host.cookie)).statusCode).toBe(404);
    expect((await exportCsv(987654, host.cookie)).statusCode).toBe(404);
  });
});

describe('bad input', () => {
  it('answers 400 with errors and changes nothing', async () => {
    const { event, guests } = await evening(2);
    const before = await snapshot(event.id);
    const bad: LightMyRequestResponse[] = [
      await scan(event.id, undefined, host.cookie),
      await scan(event.id, '', host.cookie),
      await scan(event.id, '    ', host.cookie),
      await scan(event.id, 12345, host.cookie),
      await scan(event.id, 'x'.repeat(201), host.cookie),
      await scan(event.id, 'SFTICKET:   ', host.cookie),
      await scan(event.id, 'abc\u0000def', host.cookie),
      await search(event.id, 'abc', host.cookie),
      await search(event.id, 0, host.cookie),
      await search(event.id, 1.5, host.cookie),
      await search(event.id, undefined, host.cookie),
      await search(event.id, 2 ** 31, host.cookie),
      await undo(event.id, 'abc', host.cookie),
      await undo('abc', guests[0]!.user.id, host.cookie),
      await t.app.inject({ method: 'GET', url: '/api/events/abc/door', headers: withCookie(host.cookie) }),
      await t.app.inject({ method: 'GET', url: '/api/events/0/attendance.csv', headers: withCookie(host.cookie) }),
      await t.app.inject({
        method: 'POST',
        url: `/api/events/${event.id}/door/scan`,
        headers: withCookie(host.cookie, { 'content-type': 'application/json' }),
        payload: '{"code":',
      }),
    ];
    for (const res of bad) expectBadInput(res);
    expect(bad[0]!.json().errors[0].path).toBe('code');
    expect(await snapshot(event.id)).toEqual(before);
  });
});
