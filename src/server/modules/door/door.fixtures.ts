/**
 * The door (/check-in, docs/spec/organiser-tools.md §2.19): who may run it, scanning tickets (QR
 * text or a typed code), a ticket of another evening, a cancelled ticket, two scans at once,
 * search, undo, counts and the recent list, the attendance export, the existing /checkin's method,
 * and the host's socket hearing of check-ins.
 */
/** Set-up shared by the parts of the former door.test.ts (split by what they test, issue 40). */
import { asc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import type { Event } from '@shared/schemas/events';
import { registrations } from '../../db/schema/index';
import {
  createEvent,
  createTestApp,
  createVenue,
  dayFromNow,
  eventBody,
  registerFor,
  signUp,
  signUpHost,
  TEST_ADMIN_EMAIL,
  withCookie,
  type TestContext,
} from '../../test/harness';

export type Member = Awaited<ReturnType<typeof signUp>>;

/** The app's clock: the real time moved by `shift` ms, or a fixed instant. */
export const clock = { shift: 0, fixed: null as Date | null };
export let t: TestContext;
export let host: Member;
export let otherHost: Member;
export let member: Member;
export let otherGuest: Member;
export let admin: Member;
export let otherEvent: Event;

/** A free evening of `host`'s at a venue of its own, `n` registered guests (named as given). */
export async function evening(n: number, opts: { names?: string[] } = {}) {
  const venue = await createVenue(t.app, host.cookie);
  const event = await createEvent(t.app, host.cookie, eventBody(venue.id, { price: 0 }));
  const guests: Member[] = [];
  for (let i = 0; i < n; i++) {
    const g = await signUp(t.app, { name: opts.names?.[i] ?? `Guest ${String.fromCharCode(65 + i)}` });
    expect((await registerFor(t.app, event.id, g)).statusCode).toBe(201);
    guests.push(g);
  }
  return { event, guests };
}

export async function row(eventId: number, userId: number) {
  return (await t.db.select().from(registrations).where(eq(registrations.eventId, eventId))).find((r) => r.userId === userId) ?? null;
}
export const codeOf = async (eventId: number, userId: number) => (await row(eventId, userId))!.ticketCode;
/** Every registration of the evening, to show a refused request changed nothing. */
export const snapshot = (eventId: number) => t.db.select().from(registrations).where(eq(registrations.eventId, eventId)).orderBy(asc(registrations.id));

export const getDoor = (eventId: number, cookie?: string) => t.app.inject({ method: 'GET', url: `/api/events/${eventId}/door`, headers: withCookie(cookie) });
export const scan = (eventId: number, code: unknown, cookie?: string) =>
  t.app.inject({ method: 'POST', url: `/api/events/${eventId}/door/scan`, headers: withCookie(cookie), payload: { code } });
export const search = (eventId: number, userId: unknown, cookie?: string) =>
  t.app.inject({ method: 'POST', url: `/api/events/${eventId}/door/check-in`, headers: withCookie(cookie), payload: { userId } });
export const undo = (eventId: number | string, userId: number | string, cookie?: string) =>
  t.app.inject({ method: 'DELETE', url: `/api/events/${eventId}/door/check-in/${userId}`, headers: withCookie(cookie) });
export const exportCsv = (eventId: number, cookie?: string) =>
  t.app.inject({ method: 'GET', url: `/api/events/${eventId}/attendance.csv`, headers: withCookie(cookie) });

/** The set-up every part of door.test.ts shares; call once at the top of each part. */
export function registerDoorFixtures() {
  beforeAll(async () => {
    t = await createTestApp({ now: () => clock.fixed ?? new Date(Date.now() + clock.shift) });
    host = await signUpHost(t, { name: 'Hana Host' });
    otherHost = await signUpHost(t, { name: 'Otto Otherhost' });
    member = await signUp(t.app, { name: 'Mo Member' });
    otherGuest = await signUp(t.app, { name: 'Gus Otherguest' });
    admin = await signUp(t.app, { email: TEST_ADMIN_EMAIL, name: 'Ada Admin' });
    const otherVenue = await createVenue(t.app, otherHost.cookie);
    otherEvent = await createEvent(t.app, otherHost.cookie, eventBody(otherVenue.id, { price: 0, title: 'The Other Evening', date: dayFromNow(5) }));
    expect((await registerFor(t.app, otherEvent.id, otherGuest)).statusCode).toBe(201);
  });
  afterEach(() => {
    clock.shift = 0;
    clock.fixed = null;
  });
  afterAll(() => t.close());
}
