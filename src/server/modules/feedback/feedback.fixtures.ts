import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import type { ActiveHost } from '@shared/schemas/host-program';
import type { Event } from '@shared/schemas/events';
import { events, registrations } from '../../db/schema/index';
import {
  createEvent,
  createTestApp,
  createVenue,
  eventBody,
  registerFor,
  signUp,
  signUpHost,
  TEST_ADMIN_EMAIL,
  withCookie,
  type TestContext,
} from '../../test/harness';

export type Member = Awaited<ReturnType<typeof signUp>>;

export let t: TestContext;
export let host: Member;
export let otherHost: Member;
export let admin: Member;
export let guest: Member;
export let outsider: Member;
export let venueId: number;
export let otherVenueId: number;
/** Began an hour ago: its guests may answer the form. */
export let begun: Event;
/** Still ahead: the form is not open yet. */
export let ahead: Event;
/** Another host's evening, where `outsider` is a guest. */
export let elsewhere: Event;
/** Guests of `begun` booked before it began (registration closes at the start), one per test that needs a fresh one. */
export const spareGuests: Member[] = [];
export const freshGuest = () => spareGuests.pop()!;

export const daysAgo = (d: number) => new Date(Date.now() - d * 86_400_000);

/** Move an evening (already booked) into the past: it began `d` days ago and lasted two hours. */
export async function startedDaysAgo(eventId: number, d: number) {
  await t.db
    .update(events)
    .set({ date: daysAgo(d), endsAt: new Date(daysAgo(d).getTime() + 2 * 3_600_000) })
    .where(eq(events.id, eventId));
}

/** A guest of the evening, checked in at its door (only those give feedback, issue 21) unless `checkedIn: false`. */
export async function guestOf(event: Event, name = 'Gina Guest', { checkedIn = true }: { checkedIn?: boolean } = {}) {
  const m = await signUp(t.app, { name });
  const res = await registerFor(t.app, event.id, m);
  expect(res.statusCode, res.body).toBe(201);
  if (checkedIn) await checkInAtDoor(event.id, m.user.id);
  return m;
}

/**
 * The host checked the guest in (written as the door writes it: src/server/modules/door/queries.ts),
 * by scanning their ticket unless said otherwise ('search': found by name, by hand).
 */
export async function checkInAtDoor(eventId: number, userId: number, method: 'scan' | 'search' = 'scan') {
  await t.db
    .update(registrations)
    .set({ checkedIn: true, checkedInAt: new Date(), checkInMethod: method })
    .where(and(eq(registrations.eventId, eventId), eq(registrations.userId, userId)));
}

export const hostRow = async (id: number) =>
  (await t.app.inject({ method: 'GET', url: '/api/host-program/hosts' })).json<ActiveHost[]>().find((r) => r.id === id)!;

/** The feedback form as a guest sends it (used by the form's and the insights' tests). */
export const putForm = (eventId: number | string, payload: unknown, cookie?: string) =>
  t.app.inject({ method: 'PUT', url: `/api/events/${eventId}/feedback/form`, headers: withCookie(cookie), payload: payload as object });

/** A test app with two hosts, an admin, the evenings and their guests, for each feedback test file (closed after it). */
export function registerFeedbackFixtures() {
  beforeAll(async () => {
    t = await createTestApp();
    host = await signUpHost(t, { name: 'Hana Host' });
    otherHost = await signUpHost(t, { name: 'Otto Host' });
    admin = await signUp(t.app, { email: TEST_ADMIN_EMAIL, name: 'Ada Admin' });
    venueId = (await createVenue(t.app, host.cookie)).id;
    otherVenueId = (await createVenue(t.app, otherHost.cookie)).id;
    begun = await createEvent(t.app, host.cookie, eventBody(venueId, { price: 0, title: 'Begun Evening' }));
    ahead = await createEvent(t.app, host.cookie, eventBody(venueId, { price: 0, title: 'Evening Ahead' }));
    elsewhere = await createEvent(t.app, otherHost.cookie, eventBody(otherVenueId, { price: 0, title: 'Elsewhere Evening' }));
    guest = await guestOf(begun, 'Gina Guest');
    expect((await registerFor(t.app, ahead.id, guest)).statusCode).toBe(201);
    outsider = await guestOf(elsewhere, 'Oscar Outsider');
    for (let i = 0; i < 6; i++) spareGuests.push(await guestOf(begun, `Spare Guest ${String.fromCharCode(65 + i)}`));
    await t.db
      .update(events)
      .set({ date: new Date(Date.now() - 3_600_000), endsAt: new Date(Date.now() + 3_600_000) })
      .where(eq(events.id, begun.id));
  });
  afterAll(() => t.close());
}
