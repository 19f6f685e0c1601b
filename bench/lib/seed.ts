/**
 * Fast set-up: hosts, events, guests, registrations and sessions written straight into the
 * database before the servers start (never thousands of sign-ups through HTTP). Sessions are
 * made as the auth module makes them (a random token; the table keeps its SHA-256,
 * src/server/modules/auth/service.ts), so every guest connects with its own real cookie.
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { openPglite, openPostgres, type Database, type Db } from '../../src/server/db/client';
import { events, registrations, sessions, userRoles, users } from '../../src/server/db/schema/index';
import { hashToken } from '../../src/server/modules/auth/service';

export interface SeededUser {
  id: number;
  cookie: string;
  eventId: number;
}

export interface Seeded {
  hosts: SeededUser[];
  guests: SeededUser[];
  eventIds: number[];
}

const token = () => randomBytes(32).toString('base64url');
const CHUNK = 1000;

async function insertChunks<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += CHUNK) await insert(rows.slice(i, i + CHUNK));
}

/**
 * `eventCount` events, each with its own host; `guestsPerEvent[i]` guests registered for event i
 * (checked in when `checkedIn`); every host and guest with a session. `tonight`: the evenings
 * start in 30 minutes with their guests registered (checked in or not), else in 10 days.
 * `sameGuests`: the same guests for every event (the race: 500 members, one event per run).
 */
export async function seed(
  db: Db,
  p: { tag: string; eventCount: number; guestsPerEvent: number; maxParticipants: number; checkedIn: boolean; tonight?: boolean; sameGuests?: boolean },
): Promise<Seeded> {
  const expiresAt = new Date(Date.now() + 7 * 86_400_000);
  const hostRows = await db
    .insert(users)
    .values(
      Array.from({ length: p.eventCount }, (_, i) => ({ username: `${p.tag}host${i}`, name: `Host ${i}`, email: `${p.tag}host${i}@bench.test`, age: 40 })),
    )
    .returning({ id: users.id });
  await db.insert(userRoles).values(hostRows.map((h) => ({ userId: h.id, role: 'host' as const })));
  const tonight = p.tonight ?? p.checkedIn;
  const start = new Date(Date.now() + (tonight ? 30 * 60_000 : 10 * 86_400_000));
  const end = new Date(start.getTime() + 2 * 3_600_000);
  const full = !p.sameGuests && tonight;
  const eventRows = await db
    .insert(events)
    .values(
      hostRows.map((h, i) => ({
        title: `Bench evening ${i}`,
        date: start,
        startTime: '19:00',
        endTime: '21:00',
        venue: 'Bench hall',
        endsAt: end,
        ageRangeMin: 18,
        ageRangeMax: 99,
        maxParticipants: p.maxParticipants,
        participantCount: full ? p.guestsPerEvent : 0,
        seatsTaken: full ? p.guestsPerEvent : 0,
        price: 0,
        hostId: h.id,
      })),
    )
    .returning({ id: events.id });
  const eventIds = eventRows.map((e) => e.id);
  const guestCount = p.sameGuests ? p.guestsPerEvent : p.guestsPerEvent * p.eventCount;
  const guestIds: number[] = [];
  await insertChunks(
    Array.from({ length: guestCount }, (_, i) => ({
      username: `${p.tag}g${i}`,
      name: `Guest ${i}`,
      email: `${p.tag}g${i}@bench.test`,
      age: 20 + (i % 50),
      bio: 'Here for the bench.',
      interests: ['running', 'books'],
    })),
    async (chunk) => guestIds.push(...(await db.insert(users).values(chunk).returning({ id: users.id })).map((r) => r.id)),
  );
  const hosts = hostRows.map((h, i) => ({ id: h.id, cookie: token(), eventId: eventIds[i]! }));
  const guests = guestIds.map((id, i) => ({ id, cookie: token(), eventId: p.sameGuests ? eventIds[0]! : eventIds[Math.floor(i / p.guestsPerEvent)]! }));
  await insertChunks([...hosts, ...guests], (chunk) =>
    db.insert(sessions).values(chunk.map((u) => ({ tokenHash: hashToken(u.cookie), userId: u.id, expiresAt }))),
  );
  if (!p.sameGuests) {
    const now = new Date();
    await insertChunks(guests, (chunk) =>
      db.insert(registrations).values(
        chunk.map((g) => ({
          eventId: g.eventId,
          userId: g.id,
          consentToShare: true,
          checkedIn: p.checkedIn,
          checkedInAt: p.checkedIn ? now : null,
          checkInMethod: p.checkedIn ? ('search' as const) : null,
          ticketCode: randomBytes(12).toString('base64url'),
        })),
      ),
    );
  }
  const asCookie = (u: SeededUser) => ({ ...u, cookie: `sid=${u.cookie}` });
  return { hosts: hosts.map(asCookie), guests: guests.map(asCookie), eventIds };
}

/** Open the database a server will use, migrate, seed, close: then start the server on it. */
export async function seedBeforeStart(target: { dataDir?: string; databaseUrl?: string }, p: Parameters<typeof seed>[1]) {
  const database: Database = target.databaseUrl ? openPostgres(target.databaseUrl) : await openPglite(path.join(target.dataDir!, 'pglite'));
  try {
    await database.migrate();
    return await seed(database.db, p);
  } finally {
    await database.close();
  }
}
