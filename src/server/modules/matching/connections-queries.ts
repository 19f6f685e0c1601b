import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { connectionLogs, registrations, users } from '../../db/schema/index';

/** The queries of /live-event's connection log (connections.ts); the ratings' own are in queries.ts. */

export async function registrationByCode(db: Db, eventId: number, code: string) {
  return (
    (
      await db
        .select({ userId: registrations.userId, checkedIn: registrations.checkedIn })
        .from(registrations)
        .where(and(eq(registrations.eventId, eventId), eq(registrations.connectCode, code)))
        .limit(1)
    )[0] ?? null
  );
}

export async function logConnection(db: Db, v: { eventId: number; userId: number; otherId: number; method: 'qr' | 'code' | 'list'; round: number | null }) {
  const rows = await db.insert(connectionLogs).values(v).onConflictDoNothing().returning({ id: connectionLogs.id });
  return rows.length > 0;
}

export async function connectionsOf(db: Db, eventId: number, userId: number) {
  return db
    .select({
      otherId: connectionLogs.otherId,
      method: connectionLogs.method,
      round: connectionLogs.round,
      createdAt: connectionLogs.createdAt,
      name: users.name,
    })
    .from(connectionLogs)
    .innerJoin(users, eq(users.id, connectionLogs.otherId))
    .where(and(eq(connectionLogs.eventId, eventId), eq(connectionLogs.userId, userId)))
    .orderBy(asc(connectionLogs.createdAt));
}
