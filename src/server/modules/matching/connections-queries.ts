import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { runPrepared, type PreparedStatement } from '../../db/prepared';
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

/**
 * Everything /live-event shows a guest, in one statement prepared once per connection (issue 37,
 * docs/decisions/0102): $1 the evening, $2 the guest. Null when they are not registered. The
 * conversations they held are those of a round that started (docs/decisions/0063), as in
 * queries.ts `conversationsHeld`; the attendees are the other guests checked in, by name.
 */
const CONNECTIONS_STATE: PreparedStatement = {
  name: 'connections_state',
  together: true,
  text: `
    SELECT g.connect_code AS code,
      coalesce((
        SELECT json_agg(json_build_object('otherId', l.other_id, 'method', l.method, 'round', l.round,
          'createdMs', (extract(epoch from l.created_at) * 1000)::float8, 'name', u.name) ORDER BY l.created_at)
        FROM "connection_logs" l JOIN "users" u ON u.id = l.other_id
        WHERE l.event_id = $1::int AND l.user_id = $2::int), '[]'::json) AS logs,
      coalesce((
        SELECT json_agg(json_build_array(r.rated_id, r.rating)) FROM "ratings" r WHERE r.event_id = $1::int AND r.rater_id = $2::int
      ), '[]'::json) AS mine,
      coalesce((
        SELECT json_agg(DISTINCT CASE WHEN r.user_a = $2::int THEN r.user_b ELSE r.user_a END) FROM "rotations" r
        WHERE r.event_id = $1::int AND r.user_b IS NOT NULL AND (r.user_a = $2::int OR r.user_b = $2::int)
          AND EXISTS (SELECT 1 FROM "round_history" h WHERE h.event_id = r.event_id AND h.round = r.round AND h.status IN ('active', 'completed'))
      ), '[]'::json) AS talked,
      coalesce((
        SELECT json_agg(json_build_object('id', o.user_id, 'name', u.name) ORDER BY u.name) FROM "registrations" o JOIN "users" u ON u.id = o.user_id
        WHERE o.event_id = $1::int AND o.checked_in AND o.user_id <> $2::int
      ), '[]'::json) AS attendees
    FROM "registrations" g WHERE g.event_id = $1::int AND g.user_id = $2::int`,
};

export interface ConnectionsRow {
  code: string;
  logs: { otherId: number; method: 'qr' | 'code' | 'list'; round: number | null; createdMs: number; name: string }[];
  /** [rated, rating] of each rating the guest gave. */
  mine: [number, number][];
  /** Everyone the guest sat with in a round that started. */
  talked: number[];
  attendees: { id: number; name: string }[];
}

const json = <T>(v: unknown): T => (typeof v === 'string' ? (JSON.parse(v) as T) : (v as T));

export async function connectionsState(db: Db, eventId: number, userId: number): Promise<ConnectionsRow | null> {
  const [row] = await runPrepared<Record<keyof ConnectionsRow, unknown>>(db, CONNECTIONS_STATE, [eventId, userId]);
  if (!row) return null;
  return {
    code: String(row.code),
    logs: json(row.logs),
    mine: json(row.mine),
    talked: json(row.talked),
    attendees: json(row.attendees),
  };
}
