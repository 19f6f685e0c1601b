import { applyCommand, dueTransition, isActive, timeRemainingSeconds, type TimerAnnouncement, type TimerCommand, type TimerState } from '@shared/domain/timer';
import { defaultRounds, pairKey, planEvening, planRound, planRounds, type Pairing } from '@shared/domain/rotation';
import type { ClientMessage, RoundAssignment, TimerStateMessage } from '@shared/realtime';
import { SELF_CHECK_IN_MINUTES } from '@shared/domain/constants';
import type { NoShowRule } from '@shared/domain/no-shows';
import type { LiveDashboardRow, MyRound, RotationRow } from '@shared/schemas/live';
import type { Db } from '../../db/client';
import type { BusMessage } from '../../plugins/realtime';
import { AppError, conflict, forbidden, notFound } from '../../errors';
import type { Viewer } from '../auth/service';
import * as events from '../events/service';
import * as matching from '../matching/service';
import * as noShows from '../no-shows/service';
import * as tickets from '../tickets/service';
import * as q from './queries';

export interface LiveDeps {
  db: Db;
  /**
   * The state this instance last heard of each event (the bus carries every state written): a
   * guess for the compare-and-set, which the database confirms or refuses by its version.
   */
  lastKnown?: ReadonlyMap<number, TimerState>;
  /** The no-show rule, to record an evening's no-shows as its host ends it (docs/decisions/0076). */
  noShowRule: NoShowRule;
  /** The app's clock (plugins/clock.ts), for what is recorded with a date. */
  now: () => Date;
}

/**
 * A timer change as it goes on the bus to every instance (and so every socket): the state written
 * and, at a round start, whether the rotation was written or kept. The functions below return it;
 * the runtime's one way in (commands.ts) says it, so that who publishes is in plain sight.
 */
export type TimerSaid = Extract<BusMessage, { kind: 'timer' }>;

export async function timerState(db: Db, eventId: number): Promise<TimerState> {
  const existing = await q.findTimer(db, eventId);
  if (existing) return existing;
  const event = await events.getEventRow(db, eventId);
  return q.getOrCreateTimer(db, eventId, event.roundDuration);
}

export function stateMessage<T extends string>(type: T, s: TimerState, now = Date.now()): TimerStateMessage & { type: T } {
  return {
    type,
    timeRemaining: timeRemainingSeconds(s, now),
    currentRound: s.currentRound,
    isActive: isActive(s),
    phase: s.phase,
    endsAt: s.endsAt,
    serverNow: now,
    roundDuration: s.roundDuration,
    autoAdvance: s.autoAdvance,
    version: s.version,
  };
}

function toCommand(msg: ClientMessage): TimerCommand | null {
  switch (msg.type) {
    case 'start_timer':
      return { type: 'start', duration: msg.duration, autoAdvance: msg.autoAdvance };
    case 'pause_timer':
      return { type: 'pause' };
    case 'resume_timer':
      return { type: 'resume' };
    case 'next_round':
      return { type: 'next_round', duration: msg.duration };
    case 'extend_timer':
      return { type: 'extend', seconds: msg.seconds };
    case 'end_event':
      return { type: 'end' };
    case 'sync':
      return null;
  }
}

/** Who may drive the timer, see the whole rotation or remove a guest: hosts of the event (and admins). */
export const TIMER_HOSTS_ONLY = 'Only a host of this event can control the timer';

/**
 * The one way in for a host command (docs/decisions/0100): the live socket's and
 * POST /api/events/{id}/timer's, each with the viewer as their session stands at this command. The
 * viewer must host the event (or be an admin), checked here at every command, not once when a
 * socket opened: a host whose evening went to someone else is refused at once, with the same
 * sentence as a guest. `asHost: false` is a socket opened to watch (no isHost, or a guest's wish
 * refused): it drives nothing. Then the command is applied once with its side effects; the state
 * it starts from is this instance's last known one when there is one: the write succeeds only if
 * the database's version is still that one (optimistic lock), so a stale guess costs one read and a
 * retry, never a lost or doubled transition (docs/decisions/0022).
 */
export async function command(
  d: LiveDeps,
  viewer: Viewer,
  eventId: number,
  msg: ClientMessage,
  { asHost = true } = {},
): Promise<{ state: TimerState; said: TimerSaid | null }> {
  if (!asHost) throw forbidden(TIMER_HOSTS_ONLY);
  await events.requireHostOf(d.db, viewer, eventId, TIMER_HOSTS_ONLY);
  const cmd = toCommand(msg);
  if (!cmd) return { state: await timerState(d.db, eventId), said: null };
  let current = d.lastKnown?.get(eventId);
  let guessed = current !== undefined;
  current ??= await timerState(d.db, eventId);
  for (let attempt = 0; attempt < 4; attempt++) {
    const result = applyCommand(current, cmd, Date.now());
    // A refusal is only final when it comes from the stored state, not from a guess.
    if (!result.ok && !guessed) throw new AppError('conflict', result.error);
    if (result.ok) {
      const written = await write(d.db, eventId, current, result);
      if (written) return { state: result.state, said: await afterTransition(d, eventId, current, result.state, result.announce, written) };
    }
    current = await timerState(d.db, eventId);
    guessed = false;
  }
  throw new AppError('conflict', 'The timer changed at the same moment. Please try again.');
}

/** Apply the transition that time has made due, if this instance wins it: what is to be said of it, or null. */
export async function runDue(d: LiveDeps, eventId: number): Promise<TimerSaid | null> {
  const current = await q.findTimer(d.db, eventId);
  if (!current) return null;
  const result = dueTransition(current, Date.now());
  if (!result || !result.ok) return null;
  const written = await write(d.db, eventId, current, result);
  if (!written) return null; // another instance did it
  return afterTransition(d, eventId, current, result.state, result.announce, written);
}

/**
 * The compare-and-set of a transition from `current`. A round start also completes the round the
 * room was in (it took place), opens the new one and reads the room, in the same statement
 * (`queries.startRoundIf`). Null when another writer moved the timer first.
 */
async function write(db: Db, eventId: number, current: TimerState, result: { state: TimerState; roundStarted: boolean }): Promise<q.Room | true | null> {
  if (result.roundStarted) return q.startRoundIf(db, eventId, current.version, result.state, current.currentRound);
  return (await q.writeTimerIf(db, eventId, current.version, result.state)) || null;
}

/** What follows a transition written (`written`: the room, read as a round started, or true), then the announcement to say. */
async function afterTransition(
  d: LiveDeps,
  eventId: number,
  before: TimerState,
  after: TimerState,
  announce: TimerAnnouncement,
  written: q.Room | true,
): Promise<TimerSaid> {
  let plan: 'written' | 'kept' | undefined;
  if (written !== true) plan = (await planRotation(d.db, eventId, after.currentRound, written)) ? 'written' : 'kept';
  if (announce === 'round_complete') await q.closeRound(d.db, eventId, before.currentRound);
  if (announce === 'event_ended') {
    if (before.currentRound > 0) await q.closeRound(d.db, eventId, before.currentRound);
    await q.markEventCompleted(d.db, eventId);
    await matching.calculate(d.db, eventId);
    // The guests who never came are recorded now, not at the next sweep: the evening is over. Should
    // this fail, the evening has ended all the same, and the minute's sweep (which logs its own
    // failures) records them.
    await noShows.recordEnded(d.db, eventId, d.now(), d.noShowRule).catch(() => 0);
  }
  return { eventId, kind: 'timer', announce, state: after, ...(plan && { plan }) };
}

/**
 * The rotation for a round that is starting. Round 1 plans the whole evening from the guests
 * checked in (circle method: nobody meets twice, byes shared). A later round keeps the plan
 * while the room is unchanged; when people have arrived or left, it plans this round afresh
 * from who is here, avoiding everyone's earlier partners. Both avoid, where a swap allows,
 * pairs who met at another evening (beyond the spec, GitHub issue 9). `room` was read as the
 * round started (`queries.startRoundIf`). True when it wrote rows.
 */
async function planRotation(db: Db, eventId: number, round: number, room: q.Room): Promise<boolean> {
  // The usual case, nothing to do: the people planned into this round are the people in the room
  // (round 1 too, when the evening was planned ahead as its guests checked in: planAhead).
  if (planStands(room)) return false;
  const { guests } = room;
  if (round === 1) {
    await writeWholeEvening(db, eventId, 1, guests);
    return true;
  }
  const stored = await q.rotationRows(db, eventId);
  if (stored.length === 0) {
    await writeWholeEvening(db, eventId, round, guests);
    return true;
  }
  const met = new Set<string>();
  const byes = new Map<number, number>();
  for (const r of stored.filter((s) => s.round < round)) {
    if (r.userB === null) byes.set(r.userA, (byes.get(r.userA) ?? 0) + 1);
    else met.add(pairKey(r.userA, r.userB));
  }
  for (const key of await keptApart(db, guests, eventId)) met.add(key);
  const plan = planRound(guests, met, byes, round, await metElsewhere(db, eventId, guests));
  await q.replaceRotationFrom(db, eventId, round, toRows(eventId, round, plan.pairings));
  return true;
}

const toRows = (eventId: number, round: number, pairings: Pairing[]) => pairings.map((p) => ({ eventId, round, userA: p.a, userB: p.b, tableNo: p.table }));
const metElsewhere = async (db: Db, eventId: number, guests: number[]) =>
  new Set((await q.pairsMetElsewhere(db, eventId, guests)).map((p) => pairKey(p.userA, p.userB)));
/** Pairs of these guests where one blocked the other: never seated together (docs/decisions/0041). */
/** Pairs of these guests where one blocked the other, or who booked this evening together (docs/decisions/0075): never seated together. */
const keptApart = async (db: Db, guests: number[], eventId: number) =>
  new Set([...(await q.pairsKeptApart(db, guests)), ...(await tickets.pairsBookedTogether(db, eventId, guests))].map((p) => pairKey(p.userA, p.userB)));

/** Whether the people planned into the round are exactly the people in the room. */
const planStands = ({ guests, planned }: q.Room) => planned.length > 0 && planned.length === guests.length && planned.every((id, i) => id === guests[i]);

/** The whole evening planned from `guests`, its first round numbered `from`, written over any plan from that round on. */
async function writeWholeEvening(db: Db, eventId: number, from: number, guests: number[]) {
  const plans = planEvening(guests, defaultRounds(guests.length), await metElsewhere(db, eventId, guests), await keptApart(db, guests, eventId));
  await q.replaceRotationFrom(
    db,
    eventId,
    from,
    plans.flatMap((p) => toRows(eventId, p.round + from - 1, p.pairings)),
  );
}

/**
 * Plan the evening ahead, from the guests checked in so far, while it has not started
 * (docs/decisions/0029). The door calls for it as guests arrive; when the host starts round 1 the
 * plan already stands for the people in the room, so the start writes nothing, as a later round's
 * does. Whoever arrives after the last plan ahead is planned in when round 1 starts, as before.
 * The timer's row is locked while planning: a round start waits for it, and two instances never
 * plan at once. True when it wrote a plan.
 */
export async function planAhead(db: Db, eventId: number): Promise<boolean> {
  await timerState(db, eventId);
  return db.transaction(async (tx) => {
    const room = await q.roomBeforeStart(tx, eventId);
    if (!room || room.guests.length < 2 || planStands(room)) return false;
    await writeWholeEvening(tx, eventId, 1, room.guests);
    return true;
  });
}

/** The viewer's schedule: 'Round n: talk to NAME at table T' (guests of the event and hosts). */
export async function myRotation(db: Db, viewer: Viewer, eventId: number): Promise<MyRound[]> {
  const event = await events.getEventRow(db, eventId);
  const reg = await events.findRegistration(db, eventId, viewer.id);
  const host = events.isHostOf(viewer, event);
  if (!reg && !host) throw forbidden('Only guests of this event see its rotation');
  let rows = (await q.rotationRows(db, eventId)).filter((r) => r.userA === viewer.id || r.userB === viewer.id);
  if (!host) {
    // A guest sees the rounds that took place and, while the evening runs, the one up next; never a
    // round only planned (a plan made ahead still changes as guests arrive, and an evening ended
    // early never holds its last rounds: docs/decisions/0063).
    const timer = await q.findTimer(db, eventId);
    const held = new Set((await q.roundRecords(db, eventId)).filter((h) => h.status !== 'skipped').map((h) => h.round));
    const upNext = timer && timer.phase !== 'ended' && timer.currentRound > 0 ? timer.currentRound + 1 : null;
    rows = rows.filter((r) => held.has(r.round) || r.round === upNext);
  }
  const partnerIds = rows.map((r) => (r.userA === viewer.id ? r.userB : r.userA)).filter((v): v is number => v !== null);
  const people = new Map((await q.namesOf(db, partnerIds)).map((p) => [p.id, p]));
  return rows.map((r) => {
    const other = r.userA === viewer.id ? r.userB : r.userA;
    return { round: r.round, table: r.tableNo, partner: other === null ? null : (people.get(other) ?? null) };
  });
}

/** Each guest's place in a round, by user id. */
export type RoundPlaces = Map<number, RoundAssignment>;

/**
 * Every guest's place in every planned round of the evening, by round, from one query
 * (docs/decisions/0017, 0025): the state message to each guest's socket carries its own entries
 * for this round and the next, so no phone asks for its partner after the bell, and an instance
 * reads them again only when the rotation is rewritten.
 */
export async function eveningPlaces(db: Db, eventId: number): Promise<Map<number, RoundPlaces>> {
  const { pairs, people } = await q.eveningPlan(db, eventId);
  const person = new Map(people.map((p) => [p.id, p]));
  const rounds = new Map<number, RoundPlaces>();
  for (const [round, table, a, b] of pairs) {
    let places = rounds.get(round);
    if (!places) rounds.set(round, (places = new Map()));
    // A bye has no second person.
    places.set(a, { round, table, partner: b === null ? null : (person.get(b) ?? null) });
    if (b !== null) places.set(b, { round, table, partner: person.get(a) ?? null });
  }
  return rounds;
}

/** The whole rotation, for hosts. */
export async function fullRotation(db: Db, viewer: Viewer, eventId: number): Promise<RotationRow[]> {
  await events.requireHostOf(db, viewer, eventId, TIMER_HOSTS_ONLY);
  const rows = await q.rotationRows(db, eventId);
  const ids = [...new Set(rows.flatMap((r) => [r.userA, r.userB]).filter((v): v is number => v !== null))];
  const names = new Map((await q.namesOf(db, ids)).map((p) => [p.id, p.name]));
  return rows.map((r) => ({
    round: r.round,
    table: r.tableNo,
    a: { id: r.userA, name: names.get(r.userA) ?? '' },
    b: r.userB === null ? null : { id: r.userB, name: names.get(r.userB) ?? '' },
  }));
}

export async function dueTimers(db: Db) {
  return (await q.dueTimers(db)).map((r) => r.eventId);
}

export async function runningTimers(db: Db) {
  return (await q.runningTimers(db)).map((r) => ({ eventId: r.eventId, endsAt: r.endsAt ? r.endsAt.getTime() : null }));
}

/** May this viewer watch the live state of the event (guests registered, hosts)? */
export async function canWatch(db: Db, viewer: Viewer, eventId: number) {
  const event = await events.getEventRow(db, eventId);
  if (events.isHostOf(viewer, event)) return { host: true };
  if (await events.findRegistration(db, eventId, viewer.id)) return { host: false };
  return null;
}

/** Events a host runs (admins: all) from today on, each with its timer state and counts. */
export async function hostDashboard(db: Db, viewer: Viewer): Promise<LiveDashboardRow[]> {
  const list = (await events.listEvents(db)).filter((e) => new Date(e.endsAt).getTime() > Date.now() - 6 * 3_600_000 && events.isHostOf(viewer, e));
  const now = Date.now();
  const out: LiveDashboardRow[] = [];
  for (const e of list) {
    const s = await timerState(db, e.id);
    out.push({
      event: e,
      timer: stateMessage('timer_sync', s, now),
      checkedIn: (await q.checkedInGuests(db, e.id)).length,
      completedRounds: (await q.roundRecords(db, e.id)).filter((r) => r.status !== 'active').length,
    });
  }
  return out;
}

export const GUEST_NOT_FOUND = 'This person is not a guest of this evening';
export const EVENING_OVER = 'This evening has ended';
export const NOT_UNDER_WAY = `You can remove a guest once the evening is under way: from ${SELF_CHECK_IN_MINUTES} minutes before it starts, or when you start round 1. Until then their booking stands; if someone should not come, our admins can help.`;

/**
 * Plan the rounds not yet started again from who is in the room now (docs/decisions/0042): before
 * round 1, the whole evening (a plan made ahead is replaced); during the evening, rounds after the
 * current one, one at a time (`planRounds`, as a late arrival's round is planned): nobody meets a
 * partner of an earlier round again, byes go to those with the fewest, and blocked pairs stay
 * apart. The timer's row is locked meanwhile, so a round start waits for the new plan. True when
 * it wrote rows.
 */
export async function replanRemaining(db: Db, eventId: number, leaving?: number): Promise<boolean> {
  await timerState(db, eventId);
  return db.transaction(async (tx) => {
    const timer = await q.lockTimer(tx, eventId);
    if (!timer || timer.phase === 'ended') return false;
    const guests = await q.checkedInGuests(tx, eventId);
    if (timer.currentRound === 0) {
      await q.deleteRotation(tx, eventId);
      if (guests.length >= 2)
        await writeWholeEvening(
          tx,
          eventId,
          1,
          guests.sort((a, b) => a - b),
        );
      return true;
    }
    const current = timer.currentRound;
    if (leaving !== undefined) await q.leaveRound(tx, eventId, current, leaving);
    const stored = await q.rotationRows(tx, eventId);
    const last = Math.max(current, ...stored.map((r) => r.round));
    const met = await keptApart(tx, guests, eventId);
    const byes = new Map<number, number>();
    for (const r of stored.filter((s) => s.round <= current)) {
      if (r.userB === null) byes.set(r.userA, (byes.get(r.userA) ?? 0) + 1);
      else met.add(pairKey(r.userA, r.userB));
    }
    const plans = last > current ? planRounds(guests, current + 1, last, met, byes, await metElsewhere(tx, eventId, guests)) : [];
    await q.replaceRotationFrom(
      tx,
      eventId,
      current + 1,
      plans.flatMap((p) => toRows(eventId, p.round, p.pairings)),
    );
    return true;
  });
}

/**
 * A host removes a guest from the evening (issue 21): checked out for good (no check-in again, so
 * no rating either way: ratings need both checked in), and the rounds after the current one planned
 * again at once; in the round under way their partner sits out. Returns whether the plan changed.
 * Only while the evening is under way: from when its doors open (SELF_CHECK_IN_MINUTES before the
 * start, as for a guest's own check-in) or once the host started round 1; before then a 409 that
 * changes nothing (issue 33: a removal days ahead left the guest their ticket and told them nothing).
 */
export async function removeGuest(db: Db, viewer: Viewer, eventId: number, userId: number, now: Date): Promise<boolean> {
  const event = await events.requireHostOf(db, viewer, eventId, TIMER_HOSTS_ONLY);
  if (event.status === 'completed') throw conflict(EVENING_OVER);
  const timer = await q.findTimer(db, eventId);
  if ((timer?.phase ?? 'idle') === 'ended') throw conflict(EVENING_OVER);
  const doorsOpen = now.getTime() >= event.date.getTime() - SELF_CHECK_IN_MINUTES * 60_000;
  if (!doorsOpen && (timer?.currentRound ?? 0) === 0) throw conflict(NOT_UNDER_WAY);
  const removed = await db.transaction((tx) => q.removeGuest(tx, eventId, userId, viewer.id));
  if (!removed) throw notFound(GUEST_NOT_FOUND);
  return replanRemaining(db, eventId, userId);
}

/** Was this guest removed from the evening by its host? */
export const wasRemoved = (db: Db, eventId: number, userId: number) => q.wasRemoved(db, eventId, userId);

/** A block was made between x and y: every evening whose plan still seats them together later is planned again. Returns those evenings. */
export async function keepApart(db: Db, x: number, y: number): Promise<number[]> {
  const replanned: number[] = [];
  for (const eventId of await q.eventsPairingLater(db, x, y)) if (await replanRemaining(db, eventId)) replanned.push(eventId);
  return replanned;
}
