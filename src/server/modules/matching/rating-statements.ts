/**
 * The rating's and the quick yes/no's one statements (docs/decisions/0092, 0102, 0127, 0130), prepared
 * once per connection: every rule of a rating kept in SQL, in one round trip.
 */
import type { Db } from '../../db/client';
import { runPrepared, type PreparedStatement } from '../../db/prepared';
import type { HeldKey } from '../../plugins/idempotency';

/**
 * The two CTEs every one-statement rating starts with: `met`, the first started round in which $2
 * and $3 of evening $1 sat together, and `stored`, the rating $4 (source $5) written only when every
 * rule holds, and only for a row of `alsoFrom` when one is named (a CTE of the statement). The
 * statements below add what each caller needs in the same round trip.
 */
const metAndStored = (alsoFrom?: string) => `met AS (
      SELECT r.round FROM "rotations" r
      WHERE r.event_id = $1::int AND ((r.user_a = $2::int AND r.user_b = $3::int) OR (r.user_a = $3::int AND r.user_b = $2::int))
        AND EXISTS (SELECT 1 FROM "round_history" h WHERE h.event_id = r.event_id AND h.round = r.round AND h.status IN ('active', 'completed'))
      ORDER BY r.round LIMIT 1
    ),
    stored AS (
      INSERT INTO "ratings" AS t (event_id, rater_id, rated_id, rating, round, source)
      SELECT $1::int, $2::int, $3::int, $4::int, met.round, $5::text
      FROM met${alsoFrom ? ` CROSS JOIN ${alsoFrom}` : ''} JOIN "events" ev ON ev.id = $1::int
      WHERE ev.contacts_released_at IS NULL AND ev.personal_data_purged_at IS NULL
        AND EXISTS (SELECT 1 FROM "registrations" g WHERE g.event_id = $1::int AND g.user_id = $2::int AND g.checked_in)
        AND EXISTS (SELECT 1 FROM "registrations" g WHERE g.event_id = $1::int AND g.user_id = $3::int AND g.checked_in)
        AND NOT EXISTS (
          SELECT 1 FROM "friend_seats" f WHERE f.event_id = $1::int AND f.kind = 'bring' AND f.status = 'accepted'
            AND ((f.from_user_id = $2::int AND f.accepted_by = $3::int) OR (f.from_user_id = $3::int AND f.accepted_by = $2::int)))
      ON CONFLICT (event_id, rater_id, rated_id) DO UPDATE SET rating = excluded.rating, round = excluded.round, source = excluded.source, updated_at = now()
      RETURNING t.id, t.rating, t.round, t.created_at, (extract(epoch from t.created_at) * 1000)::float8 AS created_ms
    )`;

/**
 * A rating in one statement (docs/decisions/0092): stored (or changed) only when every rule holds,
 * the round being the first started round in which the two sat together; and, in the same round
 * trip, whether the rater has now rated everyone they talked to. Null: a rule refused it, and the
 * caller asks which (ratings.ts), off the fast path. The rules are those of ratings.ts `rate`: both
 * checked in, contacts not released, ratings not deleted, not two friends who booked together.
 */
/**
 * The rating's one statement (docs/decisions/0092), prepared once per connection
 * (docs/decisions/0102): $1 the evening, $2 the rater, $3 the rated, $4 the rating, $5 its source;
 * $6 the Idempotency-Key the request holds ('' for none) and $7 what the request is: when the rating
 * is stored, the key is answered in the same statement, its body the rating as JSON written here, which
 * the route sends as it is (docs/decisions/0127).
 */
export const RATE_IN_ONE_STATEMENT: PreparedStatement = {
  name: 'rate_in_one_statement',
  together: true,
  text: `
    WITH ${metAndStored()},
    answered AS (
      UPDATE "idempotent_requests" k SET status = 201, request = $7::text, body = (
        SELECT json_build_object('id', s.id, 'raterId', $2::int, 'ratedId', $3::int, 'rating', s.rating, 'round', s.round,
          'createdAt', to_char(s.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))::text
        FROM stored s)
      WHERE $6::text <> '' AND k.user_id = $2::int AND k.key = $6::text AND k.status IS NULL AND EXISTS (SELECT 1 FROM stored)
      RETURNING k.body
    ),
    partners AS (
      SELECT DISTINCT CASE WHEN r.user_a = $2::int THEN r.user_b ELSE r.user_a END AS p FROM "rotations" r
      WHERE r.event_id = $1::int AND r.user_b IS NOT NULL AND (r.user_a = $2::int OR r.user_b = $2::int)
        AND EXISTS (SELECT 1 FROM "round_history" h WHERE h.event_id = r.event_id AND h.round = r.round AND h.status IN ('active', 'completed'))
    )
    SELECT s.id, s.rating, s.round, s.created_ms, (SELECT a.body FROM answered a) AS answer,
      NOT EXISTS (
        SELECT 1 FROM partners p WHERE p.p <> $3::int
          AND NOT EXISTS (SELECT 1 FROM "ratings" o WHERE o.event_id = $1::int AND o.rater_id = $2::int AND o.rated_id = p.p)
      ) AS rated_all
    FROM stored s`,
};

export async function rateInOneStatement(
  db: Db,
  v: { eventId: number; raterId: number; ratedId: number; rating: number; source: 'card' | 'quick' },
  /** The key the rating's request holds, answered by this statement (docs/decisions/0127). */
  keyed: HeldKey | null = null,
) {
  const rows = await runPrepared<{ id: number; rating: number; round: number | null; created_ms: number; answer: string | null; rated_all: boolean }>(
    db,
    RATE_IN_ONE_STATEMENT,
    [v.eventId, v.raterId, v.ratedId, v.rating, v.source, keyed?.key ?? '', keyed?.request ?? ''],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    /** The key's answer as stored, when the request held one: the body to send. */
    answer: row.answer,
    rating: {
      id: Number(row.id),
      raterId: v.raterId,
      ratedId: v.ratedId,
      rating: Number(row.rating),
      round: row.round === null ? null : Number(row.round),
      createdAt: new Date(Number(row.created_ms)),
    },
    ratedEveryone: row.rated_all === true,
  };
}

/**
 * /live-event's quick yes/no during a running round in one statement (issue 37): the rating's rules
 * as RATE_IN_ONE_STATEMENT keeps them ($1-$5), only while evening $1's timer is in a round
 * (`phase = 'active'`, read in the same snapshot), and the conversation logged by method $6 in that
 * round if it was not. No row: nothing was written, and the caller asks which rule held it back.
 */
export const DECIDE_IN_ONE_STATEMENT: PreparedStatement = {
  name: 'decide_in_one_statement',
  together: true,
  text: `
    WITH live AS (
      SELECT CASE WHEN t.current_round > 0 THEN t.current_round END AS round FROM "event_timers" t
      WHERE t.event_id = $1::int AND t.phase = 'active'
    ),
    ${metAndStored('live')},
    logged AS (
      INSERT INTO "connection_logs" (event_id, user_id, other_id, method, round)
      SELECT $1::int, $2::int, $3::int, $6::text, live.round FROM live WHERE EXISTS (SELECT 1 FROM stored)
      ON CONFLICT DO NOTHING
    )
    SELECT s.id FROM stored s`,
};

/** The quick yes/no in one statement (DECIDE_IN_ONE_STATEMENT): true when it was stored and logged. */
export async function decideInOneStatement(db: Db, v: { eventId: number; raterId: number; ratedId: number; rating: number; method: 'qr' | 'code' | 'list' }) {
  const rows = await runPrepared<{ id: number }>(db, DECIDE_IN_ONE_STATEMENT, [v.eventId, v.raterId, v.ratedId, v.rating, 'quick', v.method]);
  return rows.length > 0;
}
