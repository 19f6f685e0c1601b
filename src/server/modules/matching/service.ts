import type { z } from 'zod';
import { isMutual, memberMatchScore, scorePair, sharedInterests, type Algorithm } from '@shared/domain/matching';
import { AUTO_RELEASE_HOURS, MIN_MATCH_RATING } from '@shared/domain/constants';
import { friendGroups } from '@shared/domain/friend-groups';
import type { MyGroups } from '@shared/schemas/groups';
import type { CalculateResult, ConnectionsState, Match, MyMatches, ProgressRow, Rating, ratingBody, ReleaseResult } from '@shared/schemas/live';
import type { Db } from '../../db/client';
import { AppError, conflict, forbidden, notFound } from '../../errors';
import type { Viewer } from '../auth/service';
import * as events from '../events/service';
import * as q from './queries';

const pairOf = (x: number, y: number): [number, number] => (x < y ? [x, y] : [y, x]);

async function assertHostOrSelf(db: Db, viewer: Viewer, eventId: number, userId: number) {
  const event = await events.getEventRow(db, eventId);
  if (viewer.id !== userId && !events.isHostOf(viewer, event)) throw forbidden('You can only see your own');
  return event;
}

/** Ratings of an evening are deleted RETENTION_DAYS after it (docs/decisions/0044); none are taken after. */
export const RATINGS_DELETED = 'Ratings are closed: this evening was too long ago';

/** Ratings: one per pair per event, only between checked-in guests, changeable until release. */
export async function rate(db: Db, viewer: Viewer, eventId: number, input: z.output<typeof ratingBody>): Promise<Rating> {
  if (input.raterId !== viewer.id) throw forbidden('You can only rate as yourself');
  if (input.raterId === input.ratedId) throw new AppError('bad_request', 'You cannot rate yourself');
  await events.getEventRow(db, eventId);
  const [mine, theirs] = await Promise.all([q.registrationOf(db, eventId, input.raterId), q.registrationOf(db, eventId, input.ratedId)]);
  if (!mine?.checkedIn) throw conflict('Check in to this event before rating');
  if (!theirs?.checkedIn) throw conflict('You can only rate guests checked in to this event');
  if (await q.releasedAt(db, eventId)) throw conflict('Ratings are closed: the host has released the matches');
  if (await q.purgedAt(db, eventId)) throw conflict(RATINGS_DELETED);
  const row = await q.upsertRating(db, { eventId, raterId: input.raterId, ratedId: input.ratedId, rating: input.rating, round: input.round ?? null, source: 'card' });
  return { ...row, createdAt: row.createdAt.toISOString() };
}

/** After a guest's last rating, matches are calculated (idempotent). */
export async function ratedEveryone(db: Db, eventId: number, raterId: number) {
  const rotation = await q.rotationOf(db, eventId);
  const partners = new Set(
    rotation.flatMap((r) => (r.a === raterId && r.b !== null ? [r.b] : r.b === raterId ? [r.a] : [])),
  );
  if (partners.size === 0) return false;
  const given = new Set((await q.ratingsBy(db, eventId, raterId)).map((r) => r.ratedId));
  return [...partners].every((p) => given.has(p));
}

export async function ratingsGiven(db: Db, viewer: Viewer, eventId: number, userId: number): Promise<Rating[]> {
  await assertHostOrSelf(db, viewer, eventId, userId);
  return (await q.ratingsBy(db, eventId, userId)).map((r) => ({ id: r.id, raterId: r.raterId, ratedId: r.ratedId, rating: r.rating, round: r.round, createdAt: r.createdAt.toISOString() }));
}

/**
 * Calculate matches: mutual ratings of MIN_MATCH_RATING (4) or more only; the algorithm scores and
 * ranks them. Pairs no longer mutual are dropped; sharing flags of kept pairs survive. Running it
 * twice changes nothing.
 */
export async function calculate(db: Db, eventId: number, algorithm: Algorithm): Promise<CalculateResult> {
  await events.getEventRow(db, eventId);
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    // Its ratings were deleted by the retention sweep, which calculated the matches first: they are
    // final, and recalculating from no ratings would drop them (docs/decisions/0044).
    if (await q.purgedAt(t, eventId)) return { matches: (await q.matchesOfEvent(t, eventId)).length, algorithm };
    return calculateFromRatings(t, eventId, algorithm);
  });
}

/**
 * The calculation itself, from the evening's ratings as they are: `calculate`, and the retention
 * sweep just before it deletes them (docs/decisions/0044). Run it inside a transaction.
 */
export async function calculateFromRatings(t: Db, eventId: number, algorithm: Algorithm): Promise<CalculateResult> {
  const all = await q.allRatings(t, eventId);
  const given = new Map(all.map((r) => [`${r.raterId}>${r.ratedId}`, r.rating]));
  const mutual: [number, number][] = [];
  for (const r of all) {
    if (r.raterId > r.ratedId) continue;
    if (isMutual(r.rating, given.get(`${r.ratedId}>${r.raterId}`))) mutual.push([r.raterId, r.ratedId]);
  }
  const ids = [...new Set(mutual.flat())];
  const people = new Map((await q.people(t, ids)).map((p) => [p.id, p]));
  await q.deleteMatchesExcept(t, eventId, mutual);
  for (const [a, b] of mutual) {
    const pa = people.get(a)!;
    const pb = people.get(b)!;
    const rab = given.get(`${a}>${b}`)!;
    const rba = given.get(`${b}>${a}`)!;
    const s = scorePair(algorithm, pa, pb, rab, rba);
    await q.upsertMatch(t, { eventId, user1Id: a, user2Id: b, matchScore: memberMatchScore(rab, rba), matchType: algorithm, ...s });
  }
  return { matches: mutual.length, algorithm };
}

/**
 * Who is looking: e-mail and phone go only to the person themself, admins, and the matched
 * people once their contact is shared (docs/product.md "Personal data"); a host of the event
 * sees names, scores and counts only.
 */
interface Audience {
  viewerId: number | null;
  admin: boolean;
}

const audienceOf = (viewer: Viewer): Audience => ({ viewerId: viewer.id, admin: viewer.roles.includes('admin') });

async function present(db: Db, eventId: number, rows: q.MatchRow[], audience: Audience): Promise<Match[]> {
  const { viewerId, admin } = audience;
  const released = !!(await q.releasedAt(db, eventId));
  const ids = [...new Set(rows.flatMap((m) => [m.user1Id, m.user2Id]))];
  const people = new Map((await q.people(db, ids)).map((p) => [p.id, p]));
  const rotation = await q.rotationOf(db, eventId);
  const metIn = new Map(rotation.filter((r) => r.b !== null).map((r) => [pairOf(r.a, r.b!).join(':'), r.round]));
  return rows.map((m) => {
    const shared = released || (m.user1Shared && m.user2Shared);
    const show = (id: number) => {
      const p = people.get(id)!;
      // E-mail and phone only to the person themself, admins, or the other side of the match once shared.
      const inPair = viewerId === m.user1Id || viewerId === m.user2Id;
      const visible = id === viewerId || admin || (shared && inPair);
      return { id, name: p.name, age: p.age, bio: p.bio, interests: p.interests, profileImage: p.profileImage, email: visible ? p.email : null, contactInfo: visible ? p.contactInfo : null };
    };
    const u1 = people.get(m.user1Id)!;
    const u2 = people.get(m.user2Id)!;
    return {
      id: m.id,
      eventId: m.eventId,
      user1Id: m.user1Id,
      user2Id: m.user2Id,
      user1: show(m.user1Id),
      user2: show(m.user2Id),
      matchScore: m.matchScore,
      matchType: m.matchType,
      personalityScore: m.personalityScore,
      interestScore: m.interestScore,
      communicationScore: m.communicationScore,
      ageCompatibilityScore: m.ageCompatibilityScore,
      ratingScore: m.ratingScore,
      overallScore: m.overallScore,
      contactShared: shared,
      sharedByMe: viewerId === m.user1Id ? m.user1Shared : viewerId === m.user2Id ? m.user2Shared : false,
      round: metIn.get(`${m.user1Id}:${m.user2Id}`) ?? null,
      sharedInterests: sharedInterests(u1, u2),
    };
  });
}

/** POST /api/events/{id}/calculate-matches: a host of the event recalculates with the algorithm of their choice. */
export async function calculateAsHost(db: Db, viewer: Viewer, eventId: number, algorithm: Algorithm) {
  await events.requireHostOf(db, viewer, eventId, 'Only hosts of this event can see all its matches');
  return calculate(db, eventId, algorithm);
}

export async function matchesFor(db: Db, viewer: Viewer, eventId: number, userId: number) {
  await assertHostOrSelf(db, viewer, eventId, userId);
  return present(db, eventId, await q.matchesOfUser(db, userId, eventId), audienceOf(viewer));
}

export async function eventMatches(db: Db, viewer: Viewer, eventId: number) {
  await events.requireHostOf(db, viewer, eventId, 'Only hosts of this event can see all its matches');
  return present(db, eventId, await q.matchesOfEvent(db, eventId), audienceOf(viewer));
}

/** Share Contact: the member's half of mutual sharing. */
export async function share(db: Db, viewer: Viewer, eventId: number, matchId: number) {
  const m = await q.findMatch(db, eventId, matchId);
  if (!m) throw notFound('Match not found');
  if (m.user1Id !== viewer.id && m.user2Id !== viewer.id) throw forbidden('This is not your match');
  await q.setShared(db, m.id, m.user1Id === viewer.id ? 1 : 2);
  return (await present(db, eventId, [(await q.findMatch(db, eventId, matchId))!], audienceOf(viewer)))[0]!;
}

/** The host releases contacts of every match of the event. */
export async function release(db: Db, viewer: Viewer, eventId: number): Promise<ReleaseResult> {
  await events.requireHostOf(db, viewer, eventId, 'Only hosts of this event can release contacts');
  await calculate(db, eventId, 'balanced');
  await q.release(db, eventId);
  return { released: true, matches: (await q.matchesOfEvent(db, eventId)).length };
}

/**
 * /my-matches: the viewer's matches from events whose contacts were released, and the evenings
 * that are over but not released yet, with the latest time they will be (AUTO_RELEASE_HOURS
 * after the end). `now` is the app's clock.
 */
export async function myReleasedMatches(db: Db, viewer: Viewer, now: Date = new Date()): Promise<MyMatches> {
  const released = await q.releasedEventsOf(db, viewer.id);
  const out: MyMatches['matches'] = [];
  for (const e of released) {
    for (const m of await present(db, e.id, await q.matchesOfUser(db, viewer.id, e.id), audienceOf(viewer))) out.push({ ...m, eventTitle: e.title });
  }
  const pending = (await q.unreleasedEndedOf(db, viewer.id, now)).map((e) => ({
    eventId: e.id,
    eventTitle: e.title,
    endsAt: e.endsAt.toISOString(),
    releaseBy: new Date(e.endsAt.getTime() + AUTO_RELEASE_HOURS * 3_600_000).toISOString(),
  }));
  return { released: released.length > 0, matches: out, pending };
}

/**
 * Release the contacts of every evening that ended AUTO_RELEASE_HOURS (24) or more before `now`
 * and was never released, as the host's release would (matches calculated, then released).
 * One conditional UPDATE claims them, so with several instances sweeping at once each evening
 * is released by exactly one; the ids it released are returned (for the notifications).
 */
export async function releaseDue(db: Db, now: Date): Promise<number[]> {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const ids = (await q.releaseDue(t, now, AUTO_RELEASE_HOURS)).map((r) => r.id);
    for (const id of ids) await calculate(t, id, 'balanced');
    return ids;
  });
}

/** Host console: who has rated their partner of this round. */
export async function progress(db: Db, viewer: Viewer, eventId: number, round: number): Promise<ProgressRow[]> {
  await events.requireHostOf(db, viewer, eventId, 'Only hosts of this event can see progress');
  const guests = await q.checkedIn(db, eventId);
  const rotation = (await q.rotationOf(db, eventId)).filter((r) => r.round === round);
  const all = await q.allRatings(db, eventId);
  const rated = new Set(all.map((r) => `${r.raterId}>${r.ratedId}`));
  return guests.map((g) => {
    const pair = rotation.find((r) => r.a === g.userId || r.b === g.userId);
    const partner = pair ? (pair.a === g.userId ? pair.b : pair.a) : null;
    return { id: g.userId, name: g.name, partnerId: partner, hasSubmitted: partner !== null && rated.has(`${g.userId}>${partner}`), sittingOut: !!pair && partner === null };
  });
}

/** The connection log is for guests of the event (docs/product.md: /live-event, guest of the event). */
const ONLY_GUESTS = 'Only guests of this event';

/**
 * /live-event: log a conversation (QR, code or list) during an active round, and optionally the
 * yes/no decision (a quick rating: yes is MIN_MATCH_RATING, no is 1) — the decision may come after the round ends.
 * A refused request changes nothing.
 */
export async function logConnection(
  db: Db,
  viewer: Viewer,
  eventId: number,
  input: { ratedId?: number | undefined; code?: string | undefined; method: 'qr' | 'code' | 'list'; decision?: 'yes' | 'no' | undefined },
  live: { round: number | null; active: boolean },
): Promise<ConnectionsState> {
  const me = await q.registrationOf(db, eventId, viewer.id);
  if (!me) throw forbidden(ONLY_GUESTS);
  if (!me.checkedIn) throw conflict('Check in to this event first');
  let otherId = input.ratedId;
  if (input.code) {
    const other = await q.registrationByCode(db, eventId, input.code.toUpperCase());
    if (!other) throw notFound('No guest of this event has that code');
    otherId = other.userId;
  }
  if (!otherId) throw new AppError('bad_request', 'Choose who you talked to');
  if (otherId === viewer.id) throw new AppError('bad_request', 'That is your own code');
  const other = await q.registrationOf(db, eventId, otherId);
  if (!other?.checkedIn) throw conflict('You can only log guests checked in to this event');
  const logged = (await q.connectionsOf(db, eventId, viewer.id)).some((c) => c.otherId === otherId);
  if (!logged && !live.active) throw conflict('Conversations can be logged only while a round is running');
  if (input.decision && (await q.releasedAt(db, eventId))) throw conflict('Ratings are closed: the host has released the matches');
  if (input.decision && (await q.purgedAt(db, eventId))) throw conflict(RATINGS_DELETED);
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    if (!logged) await q.logConnection(t, { eventId, userId: viewer.id, otherId: otherId!, method: input.method, round: live.round });
    if (input.decision) await q.upsertRating(t, { eventId, raterId: viewer.id, ratedId: otherId!, rating: input.decision === 'yes' ? MIN_MATCH_RATING : 1, round: live.round, source: 'quick' });
  });
  return connections(db, viewer, eventId);
}

export async function connections(db: Db, viewer: Viewer, eventId: number): Promise<ConnectionsState> {
  const me = await q.registrationOf(db, eventId, viewer.id);
  if (!me) {
    await events.getEventRow(db, eventId); // an unknown evening is 404 (docs/product.md "Bad input")
    throw forbidden(ONLY_GUESTS);
  }
  const logs = await q.connectionsOf(db, eventId, viewer.id);
  const mine = new Map((await q.ratingsBy(db, eventId, viewer.id)).map((r) => [r.ratedId, r.rating]));
  return {
    personalCode: me.connectCode,
    connections: logs.map((l) => {
      const r = mine.get(l.otherId);
      return { participantId: l.otherId, participantName: l.name, timestamp: l.createdAt.toISOString(), method: l.method, round: l.round, response: r === undefined ? null : r >= MIN_MATCH_RATING ? 'yes' : 'no' };
    }),
    attendees: (await q.checkedIn(db, eventId)).filter((a) => a.userId !== viewer.id).map((a) => ({ id: a.userId, name: a.name })),
  };
}

/** Profile activity from real data. */
export async function activity(db: Db, userId: number) {
  const received = await q.ratingsReceived(db, userId);
  return { totalConnections: await q.matchCount(db, userId), averageRating: received.avg === null ? null : Math.round(received.avg * 10) / 10 };
}

/** An address for a mailto: link: percent-encoded, the @ kept readable. */
const mailtoAddress = (email: string) => encodeURIComponent(email).replace(/%40/g, '@');

/**
 * GET /api/me/groups (docs/spec/organiser-tools.md §2.17): the viewer's community groups, cliques of
 * mutual matches across their evenings (src/shared/domain/friend-groups.ts). Members show their public
 * profile only. The group chat link is a mailto: to every other member, given only when every pair of
 * the group has its contact shared (an e-mail to the group shows each address to all of them,
 * docs/product.md "Personal data"); otherwise there is no link.
 */
export async function myGroups(db: Db, viewer: Viewer): Promise<MyGroups> {
  const mine = await q.matchesOfUser(db, viewer.id);
  const ids = [...new Set([viewer.id, ...mine.flatMap((m) => [m.user1Id, m.user2Id])])];
  // A blocked pair is no longer a friendship: a group needs every pair matched, so the two are never in one (docs/decisions/0041).
  const apart = new Set((await q.blockedPairsAmong(db, ids)).map((p) => pairOf(p.a, p.b).join(':')));
  const rows = (await q.matchesAmong(db, ids)).filter((r) => !apart.has(pairOf(r.user1Id, r.user2Id).join(':')));
  const groups = friendGroups(
    viewer.id,
    rows.map((r) => [r.user1Id, r.user2Id] as const),
  );
  if (!groups.length) return { groups: [] };
  const people = new Map((await q.people(db, [...new Set(groups.flat())])).map((p) => [p.id, p]));
  const pairKey = (a: number, b: number) => pairOf(a, b).join(':');
  const sharedPairs = new Set(rows.filter((r) => r.shared).map((r) => pairKey(r.user1Id, r.user2Id)));
  // "Where you met" names only evenings at which every member of the group was checked in (issue 22):
  // a pair matching at an evening the third never came to is not where the group met.
  const present = new Map<number, Set<number>>();
  for (const c of await q.checkedInAmong(db, [...new Set(rows.map((r) => r.eventId))], [...new Set(groups.flat())])) {
    if (!present.has(c.eventId)) present.set(c.eventId, new Set());
    present.get(c.eventId)!.add(c.userId);
  }
  const allThere = (eventId: number, ids: number[]) => ids.every((id) => present.get(eventId)?.has(id));
  return {
    groups: groups.map((ids) => {
      const inGroup = new Set(ids);
      const groupRows = rows.filter((r) => inGroup.has(r.user1Id) && inGroup.has(r.user2Id));
      const evenings = new Map(
        groupRows.filter((r) => allThere(r.eventId, ids)).map((r) => [r.eventId, { id: r.eventId, title: r.eventTitle, date: r.eventDate.toISOString() }]),
      );
      const everyoneShared = ids.every((a, i) => ids.slice(i + 1).every((b) => sharedPairs.has(pairKey(a, b))));
      const members = ids
        .map((id) => {
          const p = people.get(id)!;
          const isYou = id === viewer.id;
          return { id, name: p.name, age: p.age, interests: p.interests, profileImage: p.profileImage, isYou, sharedWithYou: isYou || sharedPairs.has(pairKey(id, viewer.id)) };
        })
        .sort((a, b) => Number(b.isYou) - Number(a.isYou) || a.name.localeCompare(b.name, 'en') || a.id - b.id);
      const others = ids.filter((id) => id !== viewer.id).map((id) => people.get(id)!);
      const subject = encodeURIComponent('Our Speed Friendship group');
      const body = encodeURIComponent(`Hi ${others.map((p) => p.name.trim().split(/\s+/)[0]).join(', ')}! We all matched each other, so here is our group. Who's up for meeting again soon?`);
      const chatLink = everyoneShared ? `mailto:${others.map((p) => mailtoAddress(p.email)).join(',')}?subject=${subject}&body=${body}` : null;
      return { key: ids.join('-'), members, evenings: [...evenings.values()].sort((a, b) => a.date.localeCompare(b.date) || a.id - b.id), everyoneShared, chatLink };
    }),
  };
}
