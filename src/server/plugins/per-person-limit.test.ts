/**
 * Limits on what a member can send to others (issue 21: messages, invites and feedback had none):
 * counted per person (the signed-in account, not the address), so one spammer is stopped while
 * everyone else at the same address carries on; shared by every instance on PostgreSQL through the
 * rate-limit store (docs/decisions/0010, 0039). A real evening never comes near them.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events } from '../db/schema/index';
import { createEvent, createTestApp, createVenue, eventBody, withCookie, type TestContext } from '../test/harness';
import { setUpEvening, type Evening, type Member } from '../test/live-helpers';
import { SEND_LIMITS } from './per-person-limit';

let t: TestContext;
let ev: Evening;
let followUp: number;

beforeAll(async () => {
  t = await createTestApp();
  ev = await setUpEvening(t, { guests: 3 });
  // The evening began an hour ago (feedback and invites open); a later one to invite people to.
  await t.db
    .update(events)
    .set({ date: new Date(Date.now() - 3_600_000), endsAt: new Date(Date.now() + 3_600_000) })
    .where(eq(events.id, ev.event.id));
  const venue = await createVenue(t.app, ev.host.cookie);
  followUp = (await createEvent(t.app, ev.host.cookie, eventBody(venue.id, { price: 0 }))).id;
});
afterAll(() => t.close());

const send = (method: 'POST' | 'PUT', url: string, who: Member, payload: object) => t.app.inject({ method, url, headers: withCookie(who.cookie), payload });

/** Sends `max` times (all allowed), then once more: 429 with a clear message; someone else at the same address still gets through. */
async function expectPerPersonLimit(
  max: number,
  call: (who: Member) => Promise<{ statusCode: number; body: string; json: () => { message: string }; headers: Record<string, unknown> }>,
  other: Member,
  who: Member,
) {
  for (let i = 0; i < max; i++) {
    const res = await call(who);
    expect(res.statusCode, `request ${i + 1}: ${res.body}`).toBeLessThan(300);
  }
  const over = await call(who);
  expect(over.statusCode, over.body).toBe(429);
  expect(over.json().message).toMatch(/^You've sent a lot in a short time\. Please wait \d+ minutes? before sending more\.$/);
  expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
  const else_ = await call(other);
  expect(else_.statusCode, else_.body).toBeLessThan(300);
}

describe('per-person send limits', () => {
  it(`host messages: ${SEND_LIMITS.messages.max} in ${SEND_LIMITS.messages.minutes} minutes, then 429`, async () => {
    // Another evening's host, at the same address, is not held back by this one's limit.
    const other = await setUpEvening(t, { guests: 1 });
    const eventOf = (who: Member) => (who === ev.host ? ev.event.id : other.event.id);
    await expectPerPersonLimit(
      SEND_LIMITS.messages.max,
      (who) => send('POST', `/api/events/${eventOf(who)}/messages`, who, { text: 'Round 2 starts in five minutes' }),
      other.host,
      ev.host,
    );
  });

  it(`follow-up invites: ${SEND_LIMITS.invites.max} an hour, then 429`, async () => {
    const [a, b, c] = ev.guests as [Member, Member, Member];
    await expectPerPersonLimit(
      SEND_LIMITS.invites.max,
      (who) => send('POST', `/api/events/${ev.event.id}/invites`, who, { toUserId: who === a ? b.user.id : a.user.id, eventId: followUp }),
      c,
      a,
    );
  });

  it(`feedback: ${SEND_LIMITS.feedback.max} answers an hour, then 429`, async () => {
    const [a, b] = ev.guests as [Member, Member];
    await expectPerPersonLimit(SEND_LIMITS.feedback.max, (who) => send('PUT', `/api/events/${ev.event.id}/feedback/form`, who, { overallRating: 4 }), b, a);
  });
});
