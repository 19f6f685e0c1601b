/**
 * The rating's and the quick yes/no's one statements (docs/decisions/0092, 0102, 0127, 0130), prepared
 * once per connection: every rule of a rating kept in SQL, in one round trip.
 */
import type { Db } from '../../db/client';
import { inPlace } from '../../db/batched';
import { runPrepared, type PreparedStatement } from '../../db/prepared';
import type { HeldKey } from '../../plugins/idempotency';

/**
 * The two CTEs every one-statement rating starts with, over `asked`, a relation (a CTE of the
 * statement) of the ratings asked for: i (its place in the batch), e the evening, r the rater, d the
 * rated, v the rating, s its source. `met`: each with the first started round in which r and d of
 * evening e sat together (none: not there). `stored`: each written only when every rule holds, and
 * only for a row of `alsoFrom` when one is named (another CTE). Written in the order of the ratings'
 * keys, so two statements writing the same ratings at once never wait for each other in a circle
 * (docs/decisions/0149). The statements below add what each caller needs in the same round trip.
 */
const metAndStored = (alsoFrom?: string) => `met AS (
      SELECT x.*, m.round FROM asked x CROSS JOIN LATERAL (
        SELECT r.round FROM "rotations" r
        WHERE r.event_id = x.e AND ((r.user_a = x.r AND r.user_b = x.d) OR (r.user_a = x.d AND r.user_b = x.r))
          AND EXISTS (SELECT 1 FROM "round_history" h WHERE h.event_id = r.event_id AND h.round = r.round AND h.status IN ('active', 'completed'))
        ORDER BY r.round LIMIT 1
      ) m
    ),
    stored AS (
      INSERT INTO "ratings" AS t (event_id, rater_id, rated_id, rating, round, source)
      SELECT x.e, x.r, x.d, x.v, x.round, x.s
      FROM met x${alsoFrom ? ` CROSS JOIN ${alsoFrom}` : ''} JOIN "events" ev ON ev.id = x.e
      WHERE ev.contacts_released_at IS NULL AND ev.personal_data_purged_at IS NULL
        AND EXISTS (SELECT 1 FROM "registrations" g WHERE g.event_id = x.e AND g.user_id = x.r AND g.checked_in)
        AND EXISTS (SELECT 1 FROM "registrations" g WHERE g.event_id = x.e AND g.user_id = x.d AND g.checked_in)
        AND NOT EXISTS (
          SELECT 1 FROM "friend_seats" f WHERE f.event_id = x.e AND f.kind = 'bring' AND f.status = 'accepted'
            AND ((f.from_user_id = x.r AND f.accepted_by = x.d) OR (f.from_user_id = x.d AND f.accepted_by = x.r)))
      ORDER BY x.e, x.r, x.d
      ON CONFLICT (event_id, rater_id, rated_id) DO UPDATE SET rating = excluded.rating, round = excluded.round, source = excluded.source, updated_at = now()
      RETURNING t.id, t.event_id, t.rater_id, t.rated_id, t.rating, t.round, t.created_at, (extract(epoch from t.created_at) * 1000)::float8 AS created_ms
    )`;

/**
 * The ratings of a batch in one statement (docs/decisions/0092, 0151), prepared once per connection
 * (docs/decisions/0102). $1 a JSON array of the ratings asked for, each {i, e, r, d, v, s} as `asked`
 * reads them, and k the Idempotency-Key its request holds ('' for none) with q what the request is.
 * A row for each rating stored (none for one a rule refused): its place i, and, in the same round trip,
 * its key answered with the rating as JSON written here, which the route sends as it is
 * (docs/decisions/0127), and whether the rater has now rated everyone they talked to. A batch holds at
 * most one rating per rater and evening (ratings.ts `rateTogether`): each row's "everyone" reads the
 * ratings stored before the statement, and its own.
 */
export const RATE_MANY: PreparedStatement = {
  name: 'rate_many',
  together: true,
  text: `
    WITH asked AS (
      SELECT * FROM jsonb_to_recordset($1::jsonb) AS x(i int, e int, r int, d int, v int, s text, k text, q text)
    ),
    ${metAndStored()},
    answered AS (
      UPDATE "idempotent_requests" k SET status = 201, request = x.q, body = json_build_object('id', s.id, 'raterId', s.rater_id,
          'ratedId', s.rated_id, 'rating', s.rating, 'round', s.round,
          'createdAt', to_char(s.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))::text
      FROM stored s JOIN asked x ON x.e = s.event_id AND x.r = s.rater_id AND x.d = s.rated_id
      WHERE x.k <> '' AND k.user_id = x.r AND k.key = x.k AND k.status IS NULL
      RETURNING x.i, k.body
    )
    SELECT x.i, s.id, s.rating, s.round, s.created_ms, a.body AS answer,
      NOT EXISTS (
        SELECT 1 FROM "rotations" r
        WHERE r.event_id = x.e AND r.user_b IS NOT NULL AND (r.user_a = x.r OR r.user_b = x.r)
          AND (CASE WHEN r.user_a = x.r THEN r.user_b ELSE r.user_a END) <> x.d
          AND EXISTS (SELECT 1 FROM "round_history" h WHERE h.event_id = r.event_id AND h.round = r.round AND h.status IN ('active', 'completed'))
          AND NOT EXISTS (
            SELECT 1 FROM "ratings" o WHERE o.event_id = x.e AND o.rater_id = x.r AND o.rated_id = (CASE WHEN r.user_a = x.r THEN r.user_b ELSE r.user_a END))
      ) AS rated_all
    FROM asked x JOIN stored s ON s.event_id = x.e AND s.rater_id = x.r AND s.rated_id = x.d
    LEFT JOIN answered a ON a.i = x.i`,
};

/** A rating asked for: the values the route checked, and the key its request holds. */
export interface RatingAsked {
  eventId: number;
  raterId: number;
  ratedId: number;
  rating: number;
  source: 'card' | 'quick';
}

export interface RatingStored {
  /** The key's answer as stored, when the request held one: the body to send. */
  answer: string | null;
  rating: { id: number; raterId: number; ratedId: number; rating: number; round: number | null; createdAt: Date };
  ratedEveryone: boolean;
}

type StoredRow = { i: number; id: number; rating: number; round: number | null; created_ms: number; answer: string | null; rated_all: boolean };

/** Ratings in one statement (RATE_MANY): for each, what was stored, or null when a rule refused it. */
export async function rateMany(db: Db, asked: readonly { v: RatingAsked; keyed: HeldKey | null }[]): Promise<(RatingStored | null)[]> {
  const input = asked.map(({ v, keyed }, i) => ({
    i,
    e: v.eventId,
    r: v.raterId,
    d: v.ratedId,
    v: v.rating,
    s: v.source,
    k: keyed?.key ?? '',
    q: keyed?.request ?? '',
  }));
  const rows = await runPrepared<StoredRow>(db, RATE_MANY, [JSON.stringify(input)]);
  return inPlace(rows, asked.length, (row): RatingStored => {
    const { v } = asked[Number(row.i)]!;
    return {
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
  });
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
    WITH asked AS (SELECT 0 AS i, $1::int AS e, $2::int AS r, $3::int AS d, $4::int AS v, $5::text AS s),
    live AS (
      SELECT CASE WHEN t.current_round > 0 THEN t.current_round END AS now_round FROM "event_timers" t
      WHERE t.event_id = $1::int AND t.phase = 'active'
    ),
    ${metAndStored('live')},
    logged AS (
      INSERT INTO "connection_logs" (event_id, user_id, other_id, method, round)
      SELECT $1::int, $2::int, $3::int, $6::text, live.now_round FROM live WHERE EXISTS (SELECT 1 FROM stored)
      ON CONFLICT DO NOTHING
    )
    SELECT s.id FROM stored s`,
};

/** The quick yes/no in one statement (DECIDE_IN_ONE_STATEMENT): true when it was stored and logged. */
export async function decideInOneStatement(db: Db, v: { eventId: number; raterId: number; ratedId: number; rating: number; method: 'qr' | 'code' | 'list' }) {
  const rows = await runPrepared<{ id: number }>(db, DECIDE_IN_ONE_STATEMENT, [v.eventId, v.raterId, v.ratedId, v.rating, 'quick', v.method]);
  return rows.length > 0;
}
