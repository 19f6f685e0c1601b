import { createHash } from 'node:crypto';
import { seeAgainShown, wouldSeeAgain } from '@shared/domain/met-again';
import { ALGORITHMS, isMutual, memberMatchScore, scorePair, sharedInterests, type Algorithm } from '@shared/domain/matching';
import type { CalculateResult, Match } from '@shared/schemas/matching';
import type { Db } from '../../db/client';
import { forbidden, notFound } from '../../errors';
import type { Viewer } from '../auth/service';
import * as events from '../events/service';
import * as q from './queries';
import { assertHostOrSelf } from './ratings';

export const pairOf = (x: number, y: number): [number, number] => (x < y ? [x, y] : [y, x]);

/**
 * Calculate matches: mutual ratings of MIN_MATCH_RATING (4) or more only; the algorithm scores and
 * ranks them. Pairs no longer mutual are dropped; sharing flags of kept pairs survive. Running it
 * twice changes nothing.
 *
 * `algorithm` is the host's choice by name (POST /calculate-matches): the matches are calculated
 * afresh with it. Without one (after a rating, at the end of the evening, at the release) the
 * evening keeps the algorithm it was last calculated with ('balanced' at first), and nothing is
 * written when the conversations held and their ratings are those of the last calculation
 * (docs/decisions/0107): forty hosts releasing at once no longer queue forty rewrites of matches
 * their own end of evening has just written.
 */
export async function calculate(db: Db, eventId: number, algorithm?: Algorithm): Promise<CalculateResult> {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const last = await q.calculationOf(t, eventId);
    if (!last) throw notFound(events.EVENT_NOT_FOUND);
    const use = algorithm ?? knownAlgorithm(last.algorithm) ?? 'balanced';
    // Its ratings were deleted by the retention sweep, which calculated the matches first: they are
    // final, and recalculating from no ratings would drop them (docs/decisions/0044).
    if (last.purgedAt) return { matches: (await q.matchesOfEvent(t, eventId)).length, algorithm: use };
    const read = await inputsOf(t, eventId);
    if (!algorithm && last.inputs === read.digest) return { matches: last.matches ?? 0, algorithm: use };
    return calculateFrom(t, eventId, use, read);
  });
}

const knownAlgorithm = (name: string | null): Algorithm | null => ALGORITHMS.find((a) => a === name) ?? null;

interface Inputs {
  /** The conversations that took place, as "a:b" with a < b. */
  held: Set<string>;
  all: { raterId: number; ratedId: number; rating: number }[];
  /** Both, in an order that does not depend on how the database returned them. */
  digest: string;
}

/** What the matches are calculated from: the conversations held and the ratings of them. */
async function inputsOf(t: Db, eventId: number): Promise<Inputs> {
  // Only ratings of conversations that took place count (docs/decisions/0063): a rating stored
  // before that rule, or for a round the host never started, makes no match.
  const held = new Set((await q.conversationsHeld(t, eventId)).map((c) => pairOf(c.a, c.b).join(':')));
  const all = (await q.allRatings(t, eventId)).filter((r) => held.has(pairOf(r.raterId, r.ratedId).join(':')));
  const hash = createHash('sha256');
  hash.update([...held].sort().join(','));
  hash.update('|');
  hash.update(
    all
      .map((r) => `${r.raterId}>${r.ratedId}=${r.rating}`)
      .sort()
      .join(','),
  );
  return { held, all, digest: hash.digest('base64') };
}

/**
 * The calculation itself, from the evening's ratings as they are: `calculate`, and the retention
 * sweep just before it deletes them (docs/decisions/0044). Run it inside a transaction.
 */
export async function calculateFromRatings(t: Db, eventId: number, algorithm: Algorithm): Promise<CalculateResult> {
  return calculateFrom(t, eventId, algorithm, await inputsOf(t, eventId));
}

async function calculateFrom(t: Db, eventId: number, algorithm: Algorithm, { held, all, digest }: Inputs): Promise<CalculateResult> {
  const given = new Map(all.map((r) => [`${r.raterId}>${r.ratedId}`, r.rating]));
  const mutual: [number, number][] = [];
  for (const r of all) {
    if (r.raterId > r.ratedId) continue;
    if (isMutual(r.rating, given.get(`${r.ratedId}>${r.raterId}`))) mutual.push([r.raterId, r.ratedId]);
  }
  const ids = [...new Set(mutual.flat())];
  const people = new Map((await q.people(t, ids)).map((p) => [p.id, p]));
  await q.deleteMatchesExcept(t, eventId, mutual);
  await q.upsertMatches(
    t,
    mutual.map(([a, b]) => {
      const rab = given.get(`${a}>${b}`)!;
      const rba = given.get(`${b}>${a}`)!;
      return {
        eventId,
        user1Id: a,
        user2Id: b,
        matchScore: memberMatchScore(rab, rba),
        matchType: algorithm,
        ...scorePair(algorithm, people.get(a)!, people.get(b)!, rab, rba),
      };
    }),
  );
  await storeSeeAgain(t, eventId, held, all, mutual);
  await q.recordCalculation(t, { eventId, inputs: digest, algorithm, matches: mutual.length });
  return { matches: mutual.length, algorithm };
}

/**
 * The liking-gap counts (docs/decisions/0083-met-again.md), from the same ratings as the matches and
 * stored beside them: per guest who held a conversation, how many rated them highly, and whether
 * that count may be shown (src/shared/domain/met-again.ts seeAgainShown).
 */
async function storeSeeAgain(
  t: Db,
  eventId: number,
  held: Set<string>,
  all: { raterId: number; ratedId: number; rating: number }[],
  mutual: [number, number][],
) {
  const partners = new Map<number, Set<number>>();
  for (const key of held) {
    const [a, b] = key.split(':').map(Number) as [number, number];
    partners.set(a, (partners.get(a) ?? new Set()).add(b));
    partners.set(b, (partners.get(b) ?? new Set()).add(a));
  }
  const matched = new Set(mutual.flatMap(([a, b]) => [`${a}:${b}`, `${b}:${a}`]));
  const high = new Set(all.filter((r) => wouldSeeAgain(r.rating)).map((r) => `${r.raterId}>${r.ratedId}`));
  const rows = [...partners].map(([userId, met]) => {
    const others = [...met];
    const admirers = others.filter((o) => high.has(`${o}>${userId}`)).length;
    const matches = others.filter((o) => matched.has(`${userId}:${o}`)).length;
    const undecided = others.filter((o) => !matched.has(`${userId}:${o}`) && !high.has(`${userId}>${o}`)).length;
    return { eventId, userId, wouldSeeAgain: admirers, shown: seeAgainShown({ wouldSeeAgain: admirers, matches, undecided }) };
  });
  await q.replaceSeeAgain(t, eventId, rows);
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

export const audienceOf = (viewer: Viewer): Audience => ({ viewerId: viewer.id, admin: viewer.roles.includes('admin') });

/** What a list of matches is shown with, read once for any number of viewers. */
interface Shown {
  released: boolean;
  people: Map<number, Awaited<ReturnType<typeof q.people>>[number]>;
  /** The round each pair met in, by "a:b" (a < b). */
  metIn: Map<string, number>;
}

async function readShown(db: Db, eventId: number, rows: q.MatchRow[]): Promise<Shown> {
  const released = !!(await q.releasedAt(db, eventId));
  const ids = [...new Set(rows.flatMap((m) => [m.user1Id, m.user2Id]))];
  const people = new Map((await q.people(db, ids)).map((p) => [p.id, p]));
  const held = await q.conversationsAmong(db, eventId, ids);
  return { released, people, metIn: new Map(held.map((r) => [pairOf(r.a, r.b).join(':'), r.round])) };
}

export async function present(db: Db, eventId: number, rows: q.MatchRow[], audience: Audience): Promise<Match[]> {
  if (!rows.length) return [];
  return shownTo(rows, await readShown(db, eventId, rows), audience);
}

function shownTo(rows: q.MatchRow[], { released, people, metIn }: Shown, audience: Audience): Match[] {
  const { viewerId, admin } = audience;
  return rows.map((m) => {
    const shared = released || (m.user1Shared && m.user2Shared);
    const show = (id: number) => {
      const p = people.get(id)!;
      // E-mail and phone only to the person themself, admins, or the other side of the match once shared.
      const inPair = viewerId === m.user1Id || viewerId === m.user2Id;
      const visible = id === viewerId || admin || (shared && inPair);
      return {
        id,
        name: p.name,
        age: p.age,
        bio: p.bio,
        interests: p.interests,
        profileImage: p.profileImage,
        email: visible ? p.email : null,
        contactInfo: visible ? p.contactInfo : null,
      };
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

/**
 * Each guest's own matches once the evening's contacts are released, exactly as GET
 * /api/events/{id}/matches/{userId} answers that guest, read once for the whole evening: the release
 * carries them to every guest's phone (docs/decisions/0105). Null before the release (then the phones
 * ask for themselves, as the sharing rules differ).
 */
export async function releasedMatchesOf(db: Db, eventId: number, guestIds: Iterable<number>): Promise<Map<number, Match[]> | null> {
  const rows = await q.membersMatchesOfEvent(db, eventId);
  const shown = await readShown(db, eventId, rows);
  if (!shown.released) return null;
  const out = new Map<number, Match[]>();
  for (const id of guestIds) {
    const own = rows.filter((m) => m.user1Id === id || m.user2Id === id);
    // After the release every match's contacts show to both of its pair, admin or not.
    out.set(id, own.length ? shownTo(own, shown, { viewerId: id, admin: false }) : []);
  }
  return out;
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

/** Profile activity from real data. */
export async function activity(db: Db, userId: number) {
  const received = await q.ratingsReceived(db, userId);
  return { totalConnections: await q.matchCount(db, userId), averageRating: received.avg === null ? null : Math.round(received.avg * 10) / 10 };
}
