/**
 * The upgrade that keeps a friend's seat's claim link only as its hash (migration 0030,
 * docs/decisions/0124): a link mailed before it keeps working after it, and the table no longer
 * holds the secret. Run on a clone of the migrated test database, taken back to the state before.
 */
import { eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { createTestApp, createEvent, createVenue, eventBody, signUp, signUpHost, withCookie } from '../../test/harness';
import { pendingMigrations } from '../../db/client';
import { friendSeats } from '../../db/schema/index';

it('a claim link mailed before the upgrade still opens its seat after it, and the table keeps only its hash', async () => {
  const t = await createTestApp();
  try {
    const host = await signUpHost(t);
    const venue = await createVenue(t.app, host.cookie);
    const event = await createEvent(t.app, host.cookie, eventBody(venue.id));
    const giver = await signUp(t.app, { name: 'Gina Giver' });
    const friend = await signUp(t.app, { name: 'Fran Friend' });
    // Before 0030: the column held the link's secret itself.
    await t.db.execute(sql`alter table friend_seats rename column token_hash to token`);
    await t.db.execute(sql`alter index friend_seats_token_hash_unique rename to friend_seats_token_unique`);
    await t.db.execute(sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`);
    expect(await pendingMigrations(t.db)).toEqual(['0030_friend_seat_token_hash']);
    const secret = 'mailed-before-the-upgrade-0123456789';
    await t.db.execute(
      sql`insert into friend_seats (kind, event_id, from_user_id, email, token, status) values ('transfer', ${event.id}, ${giver.user.id}, ${friend.user.email.toLowerCase()}, ${secret}, 'pending')`,
    );

    expect(await t.database.migrate()).toEqual(['0030_friend_seat_token_hash']);

    const rows = await t.db.select({ tokenHash: friendSeats.tokenHash }).from(friendSeats).where(eq(friendSeats.eventId, event.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).not.toBe(secret);
    expect(rows[0]!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    const view = await t.app.inject({ method: 'GET', url: `/api/friend-seats/claim/${secret}`, headers: withCookie(friend.cookie) });
    expect(view.statusCode, view.body).toBe(200);
    expect(view.json()).toMatchObject({ kind: 'transfer', status: 'pending', fromName: 'Gina Giver', event: { id: event.id } });
  } finally {
    await t.close();
  }
}, 60_000);
