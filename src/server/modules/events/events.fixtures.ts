/** Set-up shared by the parts of the former events.test.ts (split by what they test, issue 40). */
import { count } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { londonDay, londonInstant } from '@shared/domain/time';
import { events as eventsTable } from '../../db/schema/index';
import { createVenue, createTestApp, signUp, signUpHost, TEST_ADMIN_EMAIL, withCookie, type TestContext } from '../../test/harness';

export let t: TestContext;
export let host: Awaited<ReturnType<typeof signUpHost>>;
export let admin: Awaited<ReturnType<typeof signUp>>;
export let venueId: number;

export const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: withCookie(cookie) });
export const postEvent = (payload: unknown, cookie?: string) =>
  t.app.inject({ method: 'POST', url: '/api/events', headers: withCookie(cookie), payload: payload as object });

export async function eventRows() {
  const [row] = await t.db.select({ n: count() }).from(eventsTable);
  return Number(row?.n ?? 0);
}

/**
 * An evening written straight into the database (the API refuses a start in the past), at `startsIn`
 * ms from now; a day or more ahead it starts at 10:00 London time that day, clear of the 19:00
 * evenings the tests book at the same venue (whatever the hour the suite runs).
 */
export async function insertEvening(title: string, startsIn: number, over: Partial<typeof eventsTable.$inferInsert> = {}) {
  const at = new Date(Date.now() + startsIn);
  const start = startsIn >= 86_400_000 ? londonInstant(londonDay(at), '10:00') : at;
  const [row] = await t.db
    .insert(eventsTable)
    .values({
      title,
      date: start,
      endsAt: new Date(start.getTime() + 2 * 3_600_000),
      startTime: '19:00',
      endTime: '21:00',
      venue: 'The Test Wine Bar',
      venueId,
      ageRangeMin: 18,
      ageRangeMax: 65,
      maxParticipants: 12,
      price: 1500,
      hostId: host.user.id,
      ...over,
    })
    .returning({ id: eventsTable.id });
  return row!.id;
}

/** An evening that ended yesterday (created in the database: the API refuses past dates). */
export const insertPastEvent = (title: string) => insertEvening(title, -26 * 3_600_000);

/** The set-up every part of events.test.ts shares; call once at the top of each part. */
export function registerEventsFixtures() {
  beforeAll(async () => {
    t = await createTestApp();
    host = await signUpHost(t);
    admin = await signUp(t.app, { email: TEST_ADMIN_EMAIL, name: 'Alex Admin' });
    venueId = (await createVenue(t.app, host.cookie, { name: 'The Test Wine Bar' })).id;
  });
  afterAll(() => t.close());
}
