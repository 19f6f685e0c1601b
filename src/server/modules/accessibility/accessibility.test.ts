/**
 * The accessibility statement's barrier reports (docs/decisions/0078), through the real app and
 * database: anyone can send one, the admins are e-mailed and read the list, nobody else reads it,
 * bad input changes nothing, and one address cannot flood the admins.
 */
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BarrierReportList } from '@shared/schemas/accessibility';
import { barrierReports } from '../../db/schema/index';
import { createTestApp, expectBadInput, outbox, signUp, TEST_ADMIN_EMAIL, withCookie, type TestContext } from '../../test/harness';
import { ADMINS_ONLY, BARRIER_THANKS } from './service';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const reportCount = async () => Number((await t.db.select({ n: count() }).from(barrierReports))[0]!.n);
const send = (payload: unknown, cookie?: string, ip = '198.51.100.7') =>
  t.app.inject({ method: 'POST', url: '/api/accessibility/reports', payload: payload as object, headers: withCookie(cookie), remoteAddress: ip });
const list = (cookie?: string) => t.app.inject({ method: 'GET', url: '/api/accessibility/reports', headers: withCookie(cookie) });

describe('a barrier report', () => {
  it('from a visitor reaches every admin by e-mail and the admins’ list; members and visitors cannot read the list', async () => {
    const admin = await signUp(t.app, { name: 'Ada Admin', email: TEST_ADMIN_EMAIL });
    const member = await signUp(t.app, { name: 'Mia Member' });

    const res = await send({ page: '/events/3', description: 'The Book button is hidden behind the tab bar at 200% zoom.', replyTo: 'Lip.Reader@Example.com' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<{ message: string }>().message).toBe(BARRIER_THANKS);

    const mails = (await outbox(t.app, TEST_ADMIN_EMAIL)).filter((m) => m.subject.startsWith('Accessibility barrier reported'));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Accessibility barrier reported: /events/3');
    expect(mails[0]!.text).toContain('The Book button is hidden behind the tab bar at 200% zoom.');
    expect(mails[0]!.text).toContain('lip.reader@example.com');
    expect(mails[0]!.text).toContain('a visitor who was not signed in');

    const seen = await list(admin.cookie);
    expect(seen.statusCode, seen.body).toBe(200);
    const [first] = seen.json<BarrierReportList>().reports;
    expect(first).toMatchObject({ page: '/events/3', replyTo: 'lip.reader@example.com', from: null });

    expect((await list(member.cookie)).statusCode).toBe(403);
    expect((await list(member.cookie)).json<{ message: string }>().message).toBe(ADMINS_ONLY);
    expect((await list()).statusCode).toBe(401);
  });

  it('from a signed-in member names them; the page and the address are optional', async () => {
    const member = await signUp(t.app, { name: 'Sam Signed' });
    const res = await send({ description: 'The timer sound cannot be heard with my hearing aid.' }, member.cookie, '198.51.100.8');
    expect(res.statusCode, res.body).toBe(201);
    const rows = await t.db.select().from(barrierReports);
    const mine = rows.find((r) => r.description.startsWith('The timer sound'));
    expect(mine).toMatchObject({ page: 'Not given', replyTo: null, userId: member.user.id });
  });

  it('bad input is refused with a clear message and stores nothing', async () => {
    const before = await reportCount();
    for (const [i, body] of [
      {},
      { description: 'short' },
      { description: 'x'.repeat(2001) },
      { description: 'A long enough description of the problem.', replyTo: 'not-an-address' },
      { description: 'A long enough description of the problem.', page: 'p'.repeat(201) },
      { description: 'A long enough description\u0000 of the problem.' },
      { description: 42 },
    ].entries()) {
      // Each from its own address: a refused report counts against its sender's hourly limit too.
      expectBadInput(await send(body, undefined, `198.51.101.${i}`));
    }
    expect(await reportCount()).toBe(before);
  });

  it('one address sends at most five an hour', async () => {
    const ip = '198.51.100.10';
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) codes.push((await send({ description: `Report number ${i} about a barrier.` }, undefined, ip)).statusCode);
    expect(codes).toEqual([201, 201, 201, 201, 201, 429]);
    // Another address is not held back by the first.
    expect((await send({ description: 'From another address entirely.' }, undefined, '198.51.100.11')).statusCode).toBe(201);
  });
});
