import { and, asc, eq, inArray, lt, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { runPrepared, type PreparedStatement } from '../../db/prepared';
import { blocks, eventTimers, events, registrations, removedGuests, rotations, roundHistory, users } from '../../db/schema/index';
import type { TimerState } from '@shared/domain/timer';

type TimerRow = typeof eventTimers.$inferSelect;

export function toState(r: TimerRow): TimerState {
  return {
    phase: r.phase,
    currentRound: r.currentRound,
    roundDuration: r.roundDuration,
    endsAt: r.endsAt ? r.endsAt.getTime() : null,
    remainingMs: r.remainingMs,
    autoAdvance: r.autoAdvance,
    version: r.version,
  };
}

/** The event's timer, created idle on first use. */
export async function getOrCreateTimer(db: Db, eventId: number, roundDuration: number) {
  await db.insert(eventTimers).values({ eventId, roundDuration }).onConflictDoNothing();
  const row = (await db.select().from(eventTimers).where(eq(eventTimers.eventId, eventId)))[0]!;
  return toState(row);
}

export async function findTimer(db: Db, eventId: number) {
  const row = (await db.select().from(eventTimers).where(eq(eventTimers.eventId, eventId)))[0];
  return row ? toState(row) : null;
}

/**
 * Write the next state only if nobody moved the timer since we read it (optimistic lock on
 * version). Exactly one of several racing instances or hosts wins each transition.
 */
export async function writeTimerIf(db: Db, eventId: number, expectedVersion: number, next: TimerState) {
  const rows = await db
    .update(eventTimers)
    .set({
      phase: next.phase,
      currentRound: next.currentRound,
      roundDuration: next.roundDuration,
      endsAt: next.endsAt === null ? null : new Date(next.endsAt),
      remainingMs: next.remainingMs === null ? null : Math.round(next.remainingMs),
      autoAdvance: next.autoAdvance,
      version: next.version,
      updatedAt: sql`now()`,
    })
    .where(and(eq(eventTimers.eventId, eventId), eq(eventTimers.version, expectedVersion)))
    .returning({ eventId: eventTimers.eventId });
  return rows.length > 0;
}

export async function dueTimers(db: Db) {
  return db
    .select({ eventId: eventTimers.eventId })
    .from(eventTimers)
    .where(and(inArray(eventTimers.phase, ['active', 'grace']), lt(eventTimers.endsAt, sql`now() + interval '50 milliseconds'`)));
}

export async function runningTimers(db: Db) {
  return db
    .select()
    .from(eventTimers)
    .where(inArray(eventTimers.phase, ['active', 'grace']));
}

export async function closeRound(db: Db, eventId: number, round: number, status: 'completed' | 'skipped' = 'completed') {
  await db
    .update(roundHistory)
    .set({ endedAt: sql`now()`, status })
    .where(and(eq(roundHistory.eventId, eventId), eq(roundHistory.round, round), eq(roundHistory.status, 'active')));
}

/** Who is checked in, and who is planned into a round, each sorted by id. */
export interface Room {
  guests: number[];
  planned: number[];
}

/**
 * A round starts, if nobody moved the timer since `expectedVersion` (the compare-and-set of
 * `writeTimerIf`): the timer is written, the round the room was in (`previous`) completed and this
 * one opened, and the room read (who is checked in, who is planned into the round). Null when
 * another writer won. A host's Next Round is this one statement while the plan stands
 * (docs/decisions/0022, 0025).
 *
 * Round starts go together in one statement (a group commit, docs/decisions/0028): those that
 * arrive in the same turn of the event loop, and those that arrive while one is being written.
 * Forty evenings whose hosts press Next Round at once cost one or two statements instead of forty,
 * one after another on the embedded database's one connection. A lone round start waits one turn.
 */
export function startRoundIf(db: Db, eventId: number, expectedVersion: number, next: TimerState, previous: number): Promise<Room | null> {
  let line = roundStartLines.get(db);
  if (!line) roundStartLines.set(db, (line = { waiting: [], busy: false }));
  const started = new Promise<Room | null>((resolve, reject) => line.waiting.push({ eventId, expectedVersion, next, previous, resolve, reject }));
  if (!line.busy) {
    line.busy = true;
    setImmediate(() => void writeRoundStarts(db, line));
  }
  return started;
}

interface RoundStart {
  eventId: number;
  expectedVersion: number;
  next: TimerState;
  previous: number;
  resolve(room: Room | null): void;
  reject(err: unknown): void;
}
interface RoundStartLine {
  waiting: RoundStart[];
  busy: boolean;
}
const roundStartLines = new WeakMap<Db, RoundStartLine>();

async function writeRoundStarts(db: Db, line: RoundStartLine) {
  while (line.waiting.length > 0) {
    const batch = line.waiting;
    line.waiting = [];
    try {
      const rooms = await startRounds(db, batch);
      batch.forEach((s, i) => s.resolve(rooms[i]!));
    } catch (err) {
      for (const s of batch) s.reject(err);
    }
  }
  line.busy = false;
}

/**
 * The statement of `startRoundIf` for several round starts. The timers are locked in event order
 * before they are written, so two instances writing overlapping batches cannot deadlock. Two
 * starts of one event in a batch update its row once (PostgreSQL uses one of the joined rows), and
 * only the start whose number the update returns has won.
 */
async function startRounds(db: Db, batch: RoundStart[]): Promise<(Room | null)[]> {
  const input = JSON.stringify(
    batch.map(({ eventId, expectedVersion, next, previous }, n) => ({
      n,
      event_id: eventId,
      expected: expectedVersion,
      previous,
      phase: next.phase,
      current_round: next.currentRound,
      round_duration: next.roundDuration,
      ends_at: next.endsAt === null ? null : new Date(next.endsAt).toISOString(),
      remaining_ms: next.remainingMs === null ? null : Math.round(next.remainingMs),
      auto_advance: next.autoAdvance,
      version: next.version,
    })),
  );
  const r = await db.execute(sql`
    with input as (
      select * from json_to_recordset(${input}::json) as i(n int, event_id int, expected int, previous int, phase text, current_round int,
        round_duration int, ends_at timestamptz, remaining_ms int, auto_advance boolean, version int)
    ), locked as (
      select t.event_id from ${eventTimers} t join input i on i.event_id = t.event_id and t.version = i.expected
      order by t.event_id for update of t
    ), won as (
      update ${eventTimers} t set phase = i.phase, current_round = i.current_round, round_duration = i.round_duration, ends_at = i.ends_at,
        remaining_ms = i.remaining_ms, auto_advance = i.auto_advance, version = i.version, updated_at = now()
      from input i join locked l on l.event_id = i.event_id
      where t.event_id = i.event_id and t.version = i.expected
      returning i.n, t.event_id, i.previous, i.current_round, i.round_duration
    ), closed as (
      update ${roundHistory} h set ended_at = now(), status = 'completed'
      from won w where h.event_id = w.event_id and h.round = w.previous and h.status = 'active'
      returning 1
    ), opened as (
      insert into ${roundHistory} (event_id, round, duration) select event_id, current_round, round_duration from won
      on conflict (event_id, round) do update set started_at = now(), ended_at = null, status = 'active', duration = excluded.duration
      returning 1
    )
    select i.n, exists (select 1 from won w where w.n = i.n) as won, ${roomColumns(sql`i.event_id`, sql`i.current_round`)}
    from input i order by i.n`);
  const rows = (r as unknown as { rows: (RoomRow & { won: boolean })[] }).rows;
  return rows.map((row) => (row.won ? toRoom(row) : null));
}

/** The room's two columns, `guests` and `planned` (see Room), for an event and a round. */
const roomColumns = (eventId: SQL, round: SQL) => sql`
  coalesce((select array_agg(user_id order by user_id) from ${registrations} r where r.event_id = ${eventId} and r.checked_in), '{}') as guests,
  coalesce((select array_agg(u order by u) from ${rotations} ro, lateral (values (ro.user_a), (ro.user_b)) as v(u)
    where ro.event_id = ${eventId} and ro.round = ${round} and u is not null), '{}') as planned`;
interface RoomRow {
  guests: (number | string)[];
  planned: (number | string)[];
}
const toRoom = (row: RoomRow): Room => ({ guests: row.guests.map(Number), planned: row.planned.map(Number) });

/**
 * Before the evening starts: its timer locked until the transaction ends (round starts wait), and
 * the room as round 1 would find it. Null once round 1 has started. Call inside a transaction.
 */
export async function roomBeforeStart(tx: Db, eventId: number): Promise<Room | null> {
  const locked = await tx.execute(sql`select current_round from ${eventTimers} where event_id = ${eventId} for update`);
  const timer = (locked as unknown as { rows: { current_round: number }[] }).rows[0];
  if (!timer || timer.current_round !== 0) return null;
  const r = await tx.execute(sql`select ${roomColumns(sql`${eventId}::int`, sql`1`)}`);
  return toRoom((r as unknown as { rows: RoomRow[] }).rows[0]!);
}

/**
 * An evening's round history, by round: prepared, and sent with the progress's reads when the hosts'
 * desks read it (docs/decisions/0148). $1 the evening.
 */
const ROUND_RECORDS: PreparedStatement = {
  name: 'round_records',
  together: true,
  text: `SELECT round, started_at AS "startedAt", ended_at AS "endedAt", duration, status FROM round_history WHERE event_id = $1::int ORDER BY round`,
};
export const roundRecords = (db: Db, eventId: number) =>
  runPrepared<{ round: number; startedAt: Date; endedAt: Date | null; duration: number; status: 'active' | 'completed' | 'skipped' }>(db, ROUND_RECORDS, [
    eventId,
  ]);

export async function markEventCompleted(db: Db, eventId: number) {
  await db.update(events).set({ status: 'completed' }).where(eq(events.id, eventId));
}

export async function checkedInGuests(db: Db, eventId: number) {
  const rows = await db
    .select({ userId: registrations.userId })
    .from(registrations)
    .where(and(eq(registrations.eventId, eventId), eq(registrations.checkedIn, true)));
  return rows.map((r) => r.userId);
}

export async function rotationRows(db: Db, eventId: number) {
  return db.select().from(rotations).where(eq(rotations.eventId, eventId)).orderBy(asc(rotations.round), asc(rotations.tableNo));
}

/**
 * Pairs of these guests who sat together at another evening, in a round that took place (a
 * round is opened in round_history when it starts; the rest of a schedule cut short never
 * happened). Beyond the spec, GitHub issue 9: the rotation avoids repeating them.
 */
export async function pairsMetElsewhere(db: Db, eventId: number, guests: number[]) {
  if (guests.length < 2) return [];
  return db
    .selectDistinct({ userA: rotations.userA, userB: sql<number>`${rotations.userB}` })
    .from(rotations)
    .innerJoin(roundHistory, and(eq(roundHistory.eventId, rotations.eventId), eq(roundHistory.round, rotations.round)))
    .where(
      and(
        ne(rotations.eventId, eventId),
        inArray(roundHistory.status, ['active', 'completed']),
        inArray(rotations.userA, guests),
        inArray(rotations.userB, guests),
      ),
    );
}

export async function replaceRotationFrom(db: Db, eventId: number, fromRound: number, rows: (typeof rotations.$inferInsert)[]) {
  // An evening's plan is a few hundred rows: sent as four arrays, not a parameter per value. One
  // statement, so the old plan is never gone without the new one; the insert reads the delete's
  // count, which makes the delete run first.
  const col = (f: (r: (typeof rows)[number]) => number | null | undefined) => sql.param(rows.map((r) => f(r) ?? null));
  await db.execute(sql`
    with gone as (delete from ${rotations} where event_id = ${eventId} and round >= ${fromRound} returning 1)
    insert into ${rotations} (event_id, round, user_a, user_b, table_no)
    select ${eventId}, * from unnest(${col((r) => r.round)}::int[], ${col((r) => r.userA)}::int[], ${col((r) => r.userB)}::int[], ${col((r) => r.tableNo)}::int[])
    where (select count(*) from gone) >= 0`);
}

export async function namesOf(db: Db, ids: number[]) {
  if (!ids.length) return [];
  return db
    .select({ id: users.id, name: users.name, age: users.age, bio: users.bio, interests: users.interests, profileImage: users.profileImage })
    .from(users)
    .where(inArray(users.id, ids));
}

/** A guest as their partner sees them: the public profile. */
export interface PublicProfile {
  id: number;
  name: string;
  age: number;
  bio: string | null;
  interests: string[];
  profileImage: string | null;
}

/**
 * The evening's plan, every round, and the public profile of everyone in it, in one query (the
 * state message's `mine` and `upNext`). Each pair is four numbers and each person appears once,
 * as JSON: for 50 guests a few hundred numbers and 50 profiles, not a row with two profiles per
 * pair to parse and map (docs/decisions/0025).
 */
export async function eveningPlan(
  db: Db,
  eventId: number,
): Promise<{ pairs: [round: number, table: number | null, a: number, b: number | null][]; people: PublicProfile[] }> {
  const r = await db.execute(sql`
    select
      coalesce((select json_agg(json_build_array(round, table_no, user_a, user_b)) from ${rotations} where event_id = ${eventId}), '[]') as pairs,
      coalesce((
        select json_agg(json_build_object('id', u.id, 'name', u.name, 'age', u.age, 'bio', u.bio, 'interests', u.interests, 'profileImage', u.profile_image))
        from ${users} u where u.id in (select user_a from ${rotations} where event_id = ${eventId} union select user_b from ${rotations} where event_id = ${eventId})
      ), '[]') as people`);
  const row = (r as unknown as { rows: { pairs: unknown; people: unknown }[] }).rows[0]!;
  // node-postgres parses json; PGlite too, but a driver that hands back text is read the same.
  const json = <T>(v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v) as T;
  return { pairs: json(row.pairs), people: json(row.people) };
}

/**
 * Pairs of these guests where one blocked the other (docs/decisions/0041): never seated together.
 */
export async function pairsKeptApart(db: Db, guests: number[]) {
  if (guests.length < 2) return [];
  return db
    .select({ userA: blocks.blockerId, userB: blocks.blockedId })
    .from(blocks)
    .where(and(inArray(blocks.blockerId, guests), inArray(blocks.blockedId, guests)));
}

/** The timer's round and phase, its row locked until the transaction ends (round starts wait). Call inside a transaction. */
export async function lockTimer(tx: Db, eventId: number): Promise<{ currentRound: number; phase: string } | null> {
  const r = await tx.execute(sql`select current_round, phase from ${eventTimers} where event_id = ${eventId} for update`);
  const row = (r as unknown as { rows: { current_round: number; phase: string }[] }).rows[0];
  return row ? { currentRound: Number(row.current_round), phase: row.phase } : null;
}

/** Events whose plan seats these two together in a round not yet started (a block made now must undo it). */
export async function eventsPairingLater(db: Db, x: number, y: number): Promise<number[]> {
  const r = await db.execute(sql`
    select distinct ro.event_id from ${rotations} ro
    left join ${eventTimers} t on t.event_id = ro.event_id
    where ((ro.user_a = ${x} and ro.user_b = ${y}) or (ro.user_a = ${y} and ro.user_b = ${x}))
      and ro.round > coalesce(t.current_round, 0) and coalesce(t.phase, 'idle') <> 'ended'`);
  return (r as unknown as { rows: { event_id: number }[] }).rows.map((row) => Number(row.event_id));
}

export async function deleteRotation(tx: Db, eventId: number) {
  await tx.delete(rotations).where(eq(rotations.eventId, eventId));
}

/**
 * A removed guest leaves the round in progress: their partner sits out the rest of it (a bye), and
 * their own bye row goes.
 */
export async function leaveRound(tx: Db, eventId: number, round: number, userId: number) {
  await tx.execute(sql`delete from ${rotations} where event_id = ${eventId} and round = ${round} and user_a = ${userId} and user_b is null`);
  await tx.execute(sql`
    update ${rotations} set user_a = case when user_a = ${userId} then user_b else user_a end, user_b = null, table_no = null
    where event_id = ${eventId} and round = ${round} and (user_a = ${userId} or user_b = ${userId})`);
}

/**
 * Take a guest out of the evening: checked out, and remembered as removed so no door or self
 * check-in lets them back in. False when they were not a guest of the evening.
 */
export async function removeGuest(tx: Db, eventId: number, userId: number, by: number) {
  const rows = await tx
    .update(registrations)
    .set({ checkedIn: false, checkedInAt: null, checkInMethod: null, checkedInBy: null })
    .where(and(eq(registrations.eventId, eventId), eq(registrations.userId, userId)))
    .returning({ id: registrations.id });
  if (!rows.length) return false;
  await tx.insert(removedGuests).values({ eventId, userId, removedBy: by }).onConflictDoNothing();
  return true;
}

export async function wasRemoved(db: Db, eventId: number, userId: number) {
  const rows = await db
    .select({ userId: removedGuests.userId })
    .from(removedGuests)
    .where(and(eq(removedGuests.eventId, eventId), eq(removedGuests.userId, userId)));
  return rows.length > 0;
}
