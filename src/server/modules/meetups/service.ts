/**
 * Meet-up polls (GitHub issue 36 "Meet again", docs/decisions/0082-meet-ups-decided-by-everyone.md).
 * A friend group of three or four (every pair matched), or a pair whose match was released, plans a
 * meet-up: one of them proposes up to three times and a place; each answers yes or no to every time;
 * when everyone still in it has answered, the time with the most yes (ties: the earliest) is
 * confirmed and each is mailed the details with a calendar file, exactly once: the answer that
 * confirms it holds the poll's lock, and only the one UPDATE that turns it from open to confirmed
 * sends. Withdrawing: the proposer calls it off for everyone; anyone else leaves it, and it goes on
 * without them. A block between two of its people ends it, for all of them.
 */
import { londonInstant } from '@shared/domain/time';
import { MEETUP_HORIZON_DAYS, MEETUP_PEOPLE_MAX, peopleKey, winningOption } from '@shared/domain/meetups';
import { placeLine } from '@shared/domain/public-evening';
import type { Meetup, MeetupAnswersBody, MyMeetups } from '@shared/schemas/meetups';
import type { z } from 'zod';
import type { proposeMeetupBody } from '@shared/schemas/meetups';
import type { Db } from '../../db/client';
import { AppError, conflict, notFound } from '../../errors';
import type { Mailer } from '../../plugins/mail';
import type { Viewer } from '../auth/service';
import * as events from '../events/service';
import * as matching from '../matching/service';
import * as venues from '../venues/service';
import { sendCancelled, sendConfirmed, type MeetupMail } from './mail';
import * as q from './queries';

const DAY = 86_400_000;

export const MEETUP_NOT_FOUND = 'Meet-up not found';
export const GROUP_NOT_FOUND = 'You can plan a meet-up with a friend group of three or four, or with someone you matched with';
export const ONE_OPEN = 'This group already has a meet-up being planned: answer that one, or ask whoever proposed it to withdraw it';
export const CANNOT_PLAN = 'A meet-up cannot be planned with these people';
export const ALREADY_DECIDED = 'This meet-up is already decided';
export const NOT_OPEN = 'This meet-up is no longer being planned';
export const YOU_LEFT = 'You withdrew from this meet-up';
export const IN_THE_FUTURE = 'Every time must be in the future';
export const TOO_FAR = `Every time must be within ${MEETUP_HORIZON_DAYS} days`;
export const ANSWER_EVERY_TIME = 'Answer every time of this meet-up, each once';
export const VENUE_NOT_FOUND = 'Venue not found';

export interface MeetupDeps {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  now: Date;
}

type PollRow = NonNullable<Awaited<ReturnType<typeof q.poll>>>;

/** The page a meet-up lives on: /friend-groups for a group, /my-matches for a pair. */
export const pageOf = (key: string) => (key.split('-').length > 2 ? '/friend-groups' : '/my-matches');

/** Whether the viewer may plan with these people: a friend group of 3-4 of theirs, or a released match. */
async function requirePeople(db: Db, viewer: Viewer, withIds: number[], now: Date) {
  const ids = [viewer.id, ...withIds];
  const key = peopleKey(ids);
  if (withIds.includes(viewer.id) || ids.length > MEETUP_PEOPLE_MAX) throw notFound(GROUP_NOT_FOUND);
  if (ids.length === 2) {
    const mine = await matching.myReleasedMatches(db, viewer, now);
    const other = withIds[0]!;
    if (!mine.matches.some((m) => m.user1Id === other || m.user2Id === other)) throw notFound(GROUP_NOT_FOUND);
  } else {
    const groups = await matching.myGroups(db, viewer);
    if (!groups.groups.some((g) => g.members.length === ids.length && peopleKey(g.members.map((m) => m.id)) === key)) throw notFound(GROUP_NOT_FOUND);
  }
  return { ids, key };
}

/** POST /api/meetups: propose times and a place to a group or a match. */
export async function propose(d: MeetupDeps, viewer: Viewer, body: z.output<typeof proposeMeetupBody>): Promise<Meetup> {
  const { db, now } = d;
  const times = body.times.map((t) => londonInstant(t.day, t.time));
  if (times.some((t) => t.getTime() <= now.getTime())) throw new AppError('bad_request', IN_THE_FUTURE);
  if (times.some((t) => t.getTime() > now.getTime() + MEETUP_HORIZON_DAYS * DAY)) throw new AppError('bad_request', TOO_FAR);
  const { ids, key } = await requirePeople(db, viewer, body.withIds, now);
  // A block between two of them: no meet-up (the message does not say who, docs/decisions/0082).
  if (await q.blockAmong(db, ids)) throw conflict(CANNOT_PLAN);
  let place = body.place ?? '';
  let venueId: number | null = null;
  if (body.venueId != null) {
    const venue = await venues.getVenue(db, body.venueId, d.publicUrl).catch(() => null);
    if (!venue) throw notFound(VENUE_NOT_FOUND);
    venueId = venue.id;
    place = placeLine(venue.name, await events.venuePlace(db, venue.id));
  }
  const id = await db.transaction(async (tx) =>
    q.insertPoll(tx as unknown as Db, { groupKey: key, proposedBy: viewer.id, venueId, place, memberIds: ids, times, now }),
  );
  if (id === null) throw conflict(ONE_OPEN);
  return (await present(db, viewer, [(await q.poll(db, id))!]))[0]!;
}

/** The viewer's polls, with everything their cards show. */
async function present(db: Db, viewer: Viewer, polls: PollRow[]): Promise<Meetup[]> {
  const ids = polls.map((p) => p.id);
  const [people, opts, given] = await Promise.all([q.members(db, ids), q.options(db, ids), q.answers(db, ids)]);
  return polls.map((p) => {
    const mine = people.filter((m) => m.pollId === p.id);
    const pOpts = opts.filter((o) => o.pollId === p.id);
    const pAnswers = given.filter((a) => a.pollId === p.id);
    const proposer = mine.find((m) => m.userId === p.proposedBy);
    return {
      id: p.id,
      key: p.groupKey,
      status: p.status as Meetup['status'],
      proposer: { id: p.proposedBy, name: proposer?.name ?? '' },
      place: p.place,
      venueId: p.venueId,
      members: mine
        .map((m) => ({
          id: m.userId,
          name: m.name,
          isYou: m.userId === viewer.id,
          answered: m.leftAt === null && pOpts.every((o) => pAnswers.some((a) => a.optionId === o.id && a.userId === m.userId)),
          left: m.leftAt !== null,
        }))
        .sort((a, b) => Number(b.isYou) - Number(a.isYou) || a.name.localeCompare(b.name, 'en') || a.id - b.id),
      options: pOpts.map((o) => ({
        id: o.id,
        startsAt: o.startsAt.toISOString(),
        yes: pAnswers.filter((a) => a.optionId === o.id && a.yes).length,
        yourAnswer: pAnswers.find((a) => a.optionId === o.id && a.userId === viewer.id)?.yes ?? null,
      })),
      confirmedOptionId: p.confirmedOptionId,
      youLeft: mine.some((m) => m.userId === viewer.id && m.leftAt !== null),
      createdAt: p.createdAt.toISOString(),
      closedAt: p.closedAt?.toISOString() ?? null,
    };
  });
}

/**
 * GET /api/meetups: for each of the viewer's groups and matches, its latest poll while it is worth
 * showing: open; confirmed until a day after the time; cancelled for a week. Ended ones (a block)
 * show to nobody. With it, the venues a member can pick as the place.
 */
export async function mine(d: MeetupDeps, viewer: Viewer): Promise<MyMeetups> {
  const { db, now } = d;
  await q.endBlocked(db, [viewer.id], now);
  const rows = await q.pollsOf(db, viewer.id);
  const latest = new Map<string, PollRow>();
  for (const r of rows) if (!latest.has(r.groupKey)) latest.set(r.groupKey, r);
  const shown = await present(db, viewer, [...latest.values()]);
  const kept = shown.filter((m) => {
    if (m.status === 'open') return true;
    const closed = m.closedAt ? Date.parse(m.closedAt) : 0;
    if (m.status === 'cancelled') return now.getTime() - closed < 7 * DAY;
    const at = m.options.find((o) => o.id === m.confirmedOptionId)?.startsAt;
    return at !== undefined && now.getTime() - Date.parse(at) < DAY;
  });
  const list = await venues.listVenues(db, d.publicUrl);
  const places = await events.venuePlaces(
    db,
    list.map((v) => v.id),
  );
  return {
    meetups: kept,
    venues: list.map((v) => ({ id: v.id, name: v.name, place: placeLine(v.name, places.get(v.id)) })),
  };
}

/** The poll for one of its people (a left one included); 404 for anyone else, and for an ended one. */
async function requireMember(db: Db, viewer: Viewer, id: number, now: Date) {
  const poll = await q.poll(db, id);
  if (!poll) throw notFound(MEETUP_NOT_FOUND);
  const people = await q.members(db, [id]);
  if (!people.some((m) => m.userId === viewer.id)) throw notFound(MEETUP_NOT_FOUND);
  await q.endBlocked(
    db,
    people.map((m) => m.userId),
    now,
  );
  const fresh = (await q.poll(db, id))!;
  if (fresh.status === 'ended') throw notFound(MEETUP_NOT_FOUND);
  return fresh;
}

/** GET /api/meetups/{id}. */
export async function one(d: MeetupDeps, viewer: Viewer, id: number): Promise<Meetup> {
  const poll = await requireMember(d.db, viewer, id, d.now);
  return (await present(d.db, viewer, [poll]))[0]!;
}

/**
 * Decide the locked open poll if everyone still in it has answered every time: confirmed with the
 * winning time. Returns the confirmation to mail (after the transaction), or null.
 */
async function decideIfDone(t: Db, pollId: number, now: Date): Promise<{ optionId: number } | null> {
  const people = (await q.members(t, [pollId])).filter((m) => m.leftAt === null);
  const opts = await q.options(t, [pollId]);
  const given = await q.answers(t, [pollId]);
  const done = people.every((m) => opts.every((o) => given.some((a) => a.optionId === o.id && a.userId === m.userId)));
  if (!done) return null;
  const best = winningOption(opts.map((o) => ({ ...o, yes: given.filter((a) => a.optionId === o.id && a.yes).length })));
  if (!best || !(await q.confirm(t, pollId, best.id, now))) return null;
  return { optionId: best.id };
}

/** The mail of a confirmed (or called-off) meet-up: who gets it and what it says. */
async function mailOf(d: MeetupDeps, pollId: number, optionId: number): Promise<MeetupMail> {
  const poll = (await q.poll(d.db, pollId))!;
  const people = (await q.members(d.db, [pollId])).filter((m) => m.leftAt === null);
  const option = (await q.options(d.db, [pollId])).find((o) => o.id === optionId)!;
  return {
    id: poll.id,
    startsAt: option.startsAt,
    place: poll.place,
    people: people.map((m) => ({ id: m.userId, name: m.name, email: m.email })).sort((a, b) => a.name.localeCompare(b.name, 'en') || a.id - b.id),
    link: `${d.publicUrl}${pageOf(poll.groupKey)}`,
    publicUrl: d.publicUrl,
  };
}

/** PUT /api/meetups/{id}/answers: the viewer's yes or no to every time; the last answer decides it. */
export async function answer(d: MeetupDeps, viewer: Viewer, id: number, body: MeetupAnswersBody): Promise<Meetup> {
  const { db, now } = d;
  await requireMember(db, viewer, id, now);
  const decided = await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const poll = await q.lockPoll(t, id);
    if (!poll || poll.status === 'ended') throw notFound(MEETUP_NOT_FOUND);
    if (poll.status === 'confirmed') throw conflict(ALREADY_DECIDED);
    if (poll.status !== 'open') throw conflict(NOT_OPEN);
    const me = (await q.members(t, [id])).find((m) => m.userId === viewer.id);
    if (!me) throw notFound(MEETUP_NOT_FOUND);
    if (me.leftAt !== null) throw conflict(YOU_LEFT);
    const opts = await q.options(t, [id]);
    const given = new Set(body.answers.map((a) => a.optionId));
    if (given.size !== body.answers.length || given.size !== opts.length || !opts.every((o) => given.has(o.id)))
      throw new AppError('bad_request', ANSWER_EVERY_TIME);
    await q.putAnswers(t, id, viewer.id, body.answers, now);
    return decideIfDone(t, id, now);
  });
  if (decided) await sendConfirmed(d.mailer, await mailOf(d, id, decided.optionId));
  return one(d, viewer, id);
}

/**
 * POST /api/meetups/{id}/withdraw: the proposer calls the meet-up off for everyone (a confirmed one:
 * the others are mailed, with a calendar file that removes it); anyone else leaves it, their answers
 * gone, and it goes on without them, so their leaving can be what decides it. Fewer than two people
 * left: called off.
 */
export async function withdraw(d: MeetupDeps, viewer: Viewer, id: number): Promise<Meetup> {
  const { db, now } = d;
  await requireMember(db, viewer, id, now);
  const after = await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const poll = await q.lockPoll(t, id);
    if (!poll || poll.status === 'ended') throw notFound(MEETUP_NOT_FOUND);
    if (poll.status === 'cancelled') throw conflict(NOT_OPEN);
    const people = await q.members(t, [id]);
    const me = people.find((m) => m.userId === viewer.id);
    if (!me) throw notFound(MEETUP_NOT_FOUND);
    if (me.leftAt !== null) throw conflict(YOU_LEFT);
    const wasConfirmed = poll.status === 'confirmed' ? poll.confirmedOptionId : null;
    const staying = people.filter((m) => m.leftAt === null && m.userId !== viewer.id);
    if (poll.proposedBy === viewer.id || staying.length < 2) {
      if (poll.proposedBy !== viewer.id) await q.leave(t, id, viewer.id, now);
      await q.cancel(t, id, now);
      return { cancelled: wasConfirmed, decided: null };
    }
    await q.leave(t, id, viewer.id, now);
    return { cancelled: null, decided: poll.status === 'open' ? await decideIfDone(t, id, now) : null };
  });
  if (after.decided) await sendConfirmed(d.mailer, await mailOf(d, id, after.decided.optionId));
  if (after.cancelled !== null) await sendCancelled(d.mailer, await mailOf(d, id, after.cancelled), viewer.id);
  return one(d, viewer, id);
}

/** A block between two people ends every poll of theirs with both in it (called by safety when one blocks the other). */
export async function endForBlock(db: Db, a: number, b: number, now: Date) {
  return q.endBlocked(db, [a, b], now);
}

/** The retention sweep (docs/decisions/0082): polls over for `days` are deleted. */
export async function forgetOld(db: Db, now: Date, days: number) {
  return q.deleteOlderThan(db, new Date(now.getTime() - days * DAY));
}
