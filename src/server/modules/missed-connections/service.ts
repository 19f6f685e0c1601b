/**
 * Missed connections and follow-up invites (/missed-connections, docs/spec/organiser-tools.md §2.26,
 * §3 "Match profile (preview)", §4 "Follow-up invite"; docs/product.md "Organiser tools are real",
 * "Personal data"). After an evening has begun, a guest sees the people they met there (rotation
 * partners of rounds that started) and the people their match preview showed, minus their mutual
 * matches; they invite them to an upcoming evening. Invites are stored (one per pair per invited
 * evening) and e-mailed with the sender's first name and the evening only; the invitee can stop
 * invites from a person, from the e-mail without logging in or from their list. Nobody sees
 * e-mail, phone or ratings here.
 */
import { demoCompatibility, sharedInterests, type Person } from '@shared/domain/matching';
import { FOLLOW_UP_MIN_NOTICE_HOURS } from '@shared/domain/constants';
import { previewShown, HIGH_MATCH_MIN } from '@shared/domain/match-preview';
import type {
  FollowUpEvent,
  MissedConnection,
  MissedConnectionsResponse,
  PersonalityScores,
  ReceivedInvites,
  InviteBlockState,
  SentAllInvites,
  SentInvite,
  StoppedInvites,
} from '@shared/schemas/missed-connections';
import type { Db } from '../../db/client';
import { conflict, forbidden, notFound } from '../../errors';
import type { Mailer } from '../../plugins/mail';
import type { Viewer } from '../auth/service';
import * as events from '../events/service';
import { inviteMail } from './invite-mail';
import * as q from './queries';

export const GUESTS_ONLY = 'Missed connections are for guests of this evening';
export const NOT_A_CONNECTION = 'You can only invite your missed connections from this evening';
export const NOT_BEGUN = 'Follow-up invites open once the evening has begun';
export const NOT_CHECKED_IN = 'Follow-up invites are for guests who were checked in at this evening';
export const EVENING_STARTED = 'That evening has already started: choose an upcoming one';
export const EVENING_FULL = 'That evening is full: choose another one';
export const EVENING_TOO_SOON = `That evening starts too soon for an invite: choose one at least ${FOLLOW_UP_MIN_NOTICE_HOURS} hours away, so there is time to book`;

/**
 * The earliest start of an evening someone can be invited to: an invite is read in an e-mail, so the
 * invitee needs time to book it (FOLLOW_UP_MIN_NOTICE_HOURS, docs/decisions/0050).
 */
const bookableAfter = (now: Date) => new Date(now.getTime() + FOLLOW_UP_MIN_NOTICE_HOURS * 3_600_000);
export const USER_NOT_FOUND = 'User not found';
export const INVITE_NOT_FOUND = 'This stop link is not valid. It may have been copied incompletely.';
export const NOT_INVITED_BY = 'You can only stop invites from someone who invited you';
/** Said when the invitee stopped invites from the sender: it never says so. */
export const cannotInvite = (firstName: string) => `This invite could not be sent: ${firstName} is not taking follow-up invites at the moment.`;

export interface InviteDeps {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  now: Date;
  log: { error(obj: unknown, msg?: string): void };
}

export const firstNameOf = (name: string) => name.trim().split(/\s+/)[0] ?? '';

const TRAITS = ['creative', 'adventurous', 'social', 'analytical'] as const;

/** The stored 0-10 traits as 0-100, or null when none was given: never made up. */
function personalityOf(raw: unknown): PersonalityScores | null {
  const read = (k: (typeof TRAITS)[number]) => {
    const v = (raw as Record<string, unknown> | null | undefined)?.[k];
    return typeof v === 'number' && Number.isFinite(v) ? Math.round(Math.max(0, Math.min(10, v)) * 10) : null;
  };
  const p = { creative: read('creative'), adventurous: read('adventurous'), social: read('social'), analytical: read('analytical') };
  return TRAITS.some((k) => p[k] !== null) ? p : null;
}

const TRAIT_INSIGHT: Record<(typeof TRAITS)[number], string> = {
  creative: 'A creative mind who brings fresh ideas to a conversation',
  adventurous: 'Up for adventure and always keen to try something new',
  social: 'Warm and sociable: easy to talk to from the first hello',
  analytical: 'A thoughtful, curious conversationalist who loves a good question',
};

function insightOf(p: PersonalityScores | null, shared: string[]) {
  const top = p ? TRAITS.filter((k) => p[k] !== null).sort((a, b) => (p[b] ?? 0) - (p[a] ?? 0))[0] : undefined;
  if (top && (p?.[top] ?? 0) >= 60) return TRAIT_INSIGHT[top];
  if (shared.length) return `You both love ${shared.slice(0, 2).join(' and ')}: an easy place to start`;
  return 'Someone new to get to know over a glass of something';
}

type PersonRow = Awaited<ReturnType<typeof q.peopleByIds>>[number];

const asPerson = (r: PersonRow): Person => ({
  id: r.id,
  age: r.age,
  interests: r.interests,
  personalityTraits: r.personalityTraits,
  communicationStyle: r.communicationStyle,
});

interface Missed {
  row: PersonRow;
  compatibilityScore: number;
  sharedInterests: string[];
  wasInPreview: boolean;
  met: boolean;
}

/** The viewer must be a registered guest of the evening; admins and hosts who are not guests are refused too. */
async function guestEvening(db: Db, viewer: Viewer, eventId: number) {
  const event = await events.getEventRow(db, eventId);
  const registration = await events.findRegistration(db, eventId, viewer.id);
  if (!registration) throw forbidden(GUESTS_ONLY);
  return { ...event, viewerCheckedIn: registration.checkedIn };
}

/** Begun: its start time has passed, or its host started the first round early. */
async function hasBegun(db: Db, event: { id: number; date: Date }, now: Date) {
  return event.date.getTime() <= now.getTime() || (await q.roundsStarted(db, event.id));
}

/**
 * The viewer's missed connections at the evening: the preview's people first, then new
 * discoveries; each best first. Only people who came count (issue 21, docs/decisions/0039): the
 * viewer and each of them were checked in, and a pair the rotation put together met (the round
 * started); a pair whose round never started did not meet, so neither invites the other.
 */
async function missedOf(db: Db, viewerId: number, eventId: number): Promise<Missed[]> {
  const [all, met, paired, matched, blocked] = await Promise.all([
    q.guestsOf(db, eventId),
    q.metIds(db, eventId, viewerId),
    q.pairedIds(db, eventId, viewerId),
    q.matchedIds(db, eventId, viewerId),
    q.blockedBy(db, viewerId),
  ]);
  const guests = all.filter((g) => g.checkedIn);
  const me = guests.find((g) => g.id === viewerId);
  if (!me) return [];
  const shown = previewShown(
    asPerson(me),
    guests.filter((g) => g.id !== viewerId && !g.optedOut),
  );
  const previewIds = new Set(shown.map((s) => s.person.id));
  const metSet = new Set(met.filter((id) => id !== viewerId));
  const pairedNotMet = new Set(paired.filter((id) => !metSet.has(id)));
  // People the viewer blocked are not missed connections (docs/decisions/0041); someone who blocked
  // the viewer still shows, and an invite to them is refused as a stopped one is (blockedSender).
  const matchedSet = new Set([...matched, ...blocked]);
  const known = new Map<number, PersonRow>(guests.map((g) => [g.id, g]));
  const ids = [...new Set([...previewIds, ...metSet])].filter((id) => !matchedSet.has(id) && !pairedNotMet.has(id) && known.has(id));
  const out: Missed[] = [];
  for (const id of ids) {
    const row = known.get(id);
    if (!row) continue;
    out.push({
      row,
      compatibilityScore: demoCompatibility(asPerson(me), asPerson(row)).overall,
      sharedInterests: sharedInterests(asPerson(me), asPerson(row)),
      wasInPreview: previewIds.has(id),
      met: metSet.has(id),
    });
  }
  return out.sort((a, b) => Number(b.wasInPreview) - Number(a.wasInPreview) || b.compatibilityScore - a.compatibilityScore || a.row.id - b.row.id);
}

type EveningRow = NonNullable<Awaited<ReturnType<typeof q.findEvening>>>;

const spotsOf = (e: EveningRow) => Math.max(0, e.maxParticipants - e.seatsTaken);

function toFollowUp(e: EveningRow): FollowUpEvent {
  const spots = spotsOf(e);
  return {
    id: e.id,
    title: e.title,
    date: e.date.toISOString(),
    startTime: e.startTime,
    venue: e.venue,
    location: [e.address, e.city].filter((s) => !!s && s.trim()).join(', '),
    price: e.price,
    description: e.description ?? '',
    spotsAvailable: spots,
    totalSpots: e.maxParticipants,
    full: spots === 0,
  };
}

/** GET /api/events/{id}/missed-connections: the viewer's missed connections, the follow-up evenings, and what was sent to the chosen one. */
export async function missedConnections(db: Db, viewer: Viewer, eventId: number, followUp: number | undefined, now: Date): Promise<MissedConnectionsResponse> {
  const event = await guestEvening(db, viewer, eventId);
  const head = { event: { id: event.id, title: event.title, date: event.date.toISOString(), venue: event.venue }, senderFirstName: firstNameOf(viewer.name) };
  if (!(await hasBegun(db, event, now))) {
    if (followUp !== undefined) await events.getEventRow(db, followUp);
    return { ...head, status: 'upcoming', followUpEvents: [], followUpEventId: null, connections: [], pendingCount: 0 };
  }
  // Booked but never checked in: nobody was missed, and the screen says why.
  if (!event.viewerCheckedIn) return { ...head, status: 'absent', followUpEvents: [], followUpEventId: null, connections: [], pendingCount: 0 };
  const [missed, evenings] = await Promise.all([missedOf(db, viewer.id, eventId), q.upcomingEvenings(db, eventId, bookableAfter(now))]);
  const followUps = evenings.map(toFollowUp);
  let chosen: FollowUpEvent | null;
  if (followUp !== undefined) {
    chosen = followUps.find((e) => e.id === followUp) ?? null;
    if (!chosen) {
      await openEvening(db, followUp, now); // unknown: 404; started or too soon to book: 409
      throw conflict(EVENING_STARTED); // the evening itself
    }
  } else {
    chosen = followUps.find((e) => !e.full) ?? followUps[0] ?? null;
  }
  const ids = missed.map((m) => m.row.id);
  const [sent, blocked] = await Promise.all([chosen ? q.invitedTo(db, viewer.id, chosen.id) : Promise.resolve([]), q.blockedSender(db, viewer.id, ids)]);
  const sentSet = new Set(sent);
  const blockedSet = new Set(blocked);
  const connections: MissedConnection[] = missed.map((m) => {
    const personality = personalityOf(m.row.personalityTraits);
    return {
      id: m.row.id,
      firstName: firstNameOf(m.row.name),
      age: m.row.age,
      personality,
      topInterests: m.row.interests.slice(0, 3),
      compatibilityScore: m.compatibilityScore,
      sharedInterests: m.sharedInterests,
      personalityInsight: insightOf(personality, m.sharedInterests),
      connectionPotential: m.compatibilityScore >= HIGH_MATCH_MIN ? 'high' : 'good',
      wasInPreview: m.wasInPreview,
      met: m.met,
      inviteStatus: sentSet.has(m.row.id) ? 'sent' : 'pending',
    };
  });
  const pendingCount = chosen && !chosen.full ? connections.filter((c) => c.inviteStatus === 'pending' && !blockedSet.has(c.id)).length : 0;
  return { ...head, status: 'ready', followUpEvents: followUps, followUpEventId: chosen?.id ?? null, connections, pendingCount };
}

/** The invited evening must exist, not have started, start late enough for the invitee to book it, and have a spot. */
async function openEvening(db: Db, id: number, now: Date) {
  const e = await q.findEvening(db, id);
  if (!e) throw notFound(events.EVENT_NOT_FOUND);
  if (e.status !== 'upcoming' || e.date.getTime() <= now.getTime()) throw conflict(EVENING_STARTED);
  if (e.date.getTime() <= bookableAfter(now).getTime()) throw conflict(EVENING_TOO_SOON);
  if (spotsOf(e) === 0) throw conflict(EVENING_FULL);
  return e;
}

/** The checks both sends share: a guest of an evening that has begun, inviting to an open evening. */
async function prepare(d: InviteDeps, viewer: Viewer, eventId: number, followUpId: number) {
  const source = await guestEvening(d.db, viewer, eventId);
  if (!(await hasBegun(d.db, source, d.now))) throw conflict(NOT_BEGUN);
  if (!source.viewerCheckedIn) throw forbidden(NOT_CHECKED_IN);
  const evening = await openEvening(d.db, followUpId, d.now);
  if (evening.id === source.id) throw conflict(EVENING_STARTED);
  return evening;
}

/** E-mail the invites this call stored (a failed e-mail is logged: the invite stays, and is never sent twice). */
async function mailInvites(d: InviteDeps, viewer: Viewer, evening: EveningRow, inserted: q.InsertedInvite[]) {
  if (!inserted.length) return;
  const people = new Map(
    (
      await q.contacts(
        d.db,
        inserted.map((i) => i.toUserId),
      )
    ).map((p) => [p.id, p]),
  );
  const fromFirstName = firstNameOf(viewer.name);
  for (const inv of inserted) {
    const to = people.get(inv.toUserId);
    if (!to) continue;
    try {
      await d.mailer.send(
        inviteMail(d.publicUrl, {
          to: { email: to.email, firstName: firstNameOf(to.name) },
          fromFirstName,
          event: { id: evening.id, title: evening.title, date: evening.date, startTime: evening.startTime, venue: evening.venue },
          stopToken: inv.stopToken,
        }),
      );
    } catch (err) {
      d.log.error({ err, toUserId: inv.toUserId, eventId: evening.id }, 'follow-up invite e-mail failed');
    }
  }
}

/** POST /api/events/{id}/invites: one invite; a repeat answers alreadySent with no second e-mail. */
export async function sendInvite(d: InviteDeps, viewer: Viewer, eventId: number, input: { toUserId: number; eventId: number }): Promise<SentInvite> {
  const evening = await prepare(d, viewer, eventId, input.eventId);
  const target = await q.userName(d.db, input.toUserId);
  if (!target) throw notFound(USER_NOT_FOUND);
  const missed = await missedOf(d.db, viewer.id, eventId);
  if (!missed.some((m) => m.row.id === input.toUserId)) throw forbidden(NOT_A_CONNECTION);
  const inserted = await q.insertInvites(d.db, { fromUserId: viewer.id, sourceEventId: eventId, eventId: evening.id, toIds: [input.toUserId] });
  if (!inserted.length) {
    if ((await q.blockedSender(d.db, viewer.id, [input.toUserId])).length) throw forbidden(cannotInvite(firstNameOf(target.name)));
    return { toUserId: input.toUserId, eventId: evening.id, inviteStatus: 'sent', alreadySent: true };
  }
  await mailInvites(d, viewer, evening, inserted);
  return { toUserId: input.toUserId, eventId: evening.id, inviteStatus: 'sent', alreadySent: false };
}

/** POST /api/events/{id}/invites/all: every missed connection not yet invited to the evening (those who stopped the sender's invites are skipped). */
export async function sendAll(d: InviteDeps, viewer: Viewer, eventId: number, input: { eventId: number }): Promise<SentAllInvites> {
  const evening = await prepare(d, viewer, eventId, input.eventId);
  const missed = await missedOf(d.db, viewer.id, eventId);
  const already = new Set(await q.invitedTo(d.db, viewer.id, evening.id));
  const toIds = missed.map((m) => m.row.id).filter((id) => !already.has(id));
  const inserted = await q.insertInvites(d.db, { fromUserId: viewer.id, sourceEventId: eventId, eventId: evening.id, toIds });
  await mailInvites(d, viewer, evening, inserted);
  return { sent: inserted.length };
}

/** POST /api/invites/stop: the e-mail's link, for anyone holding it (no login). */
export async function stopByToken(db: Db, token: string): Promise<StoppedInvites> {
  const r = await q.blockByToken(db, token);
  if (!r) throw notFound(INVITE_NOT_FOUND);
  return { firstName: firstNameOf(r.name) };
}

/** GET /api/me/invites. */
export async function received(db: Db, viewer: Viewer): Promise<ReceivedInvites> {
  const rows = await q.receivedBy(db, viewer.id);
  return {
    invites: rows.map((r) => ({
      id: r.id,
      from: { userId: r.fromUserId, firstName: firstNameOf(r.fromName) },
      metAt: { id: r.sourceId, title: r.sourceTitle, date: r.sourceDate.toISOString() },
      event: { id: r.eventId, title: r.eventTitle, date: r.eventDate.toISOString(), startTime: r.eventStartTime, venue: r.eventVenue },
      sentAt: r.sentAt.toISOString(),
      blocked: !!r.blocked,
    })),
  };
}

async function inviter(db: Db, viewer: Viewer, userId: number) {
  const u = await q.userName(db, userId);
  if (!u) throw notFound(USER_NOT_FOUND);
  if (!(await q.hasInvited(db, userId, viewer.id))) throw forbidden(NOT_INVITED_BY);
  return u;
}

/** POST /api/me/invite-blocks: stop invites from someone who invited the viewer (idempotent). */
export async function block(db: Db, viewer: Viewer, userId: number): Promise<InviteBlockState> {
  const u = await inviter(db, viewer, userId);
  await q.insertBlock(db, viewer.id, userId);
  return { userId, firstName: firstNameOf(u.name), blocked: true };
}

/** DELETE /api/me/invite-blocks/{userId}: undo (idempotent). */
export async function unblock(db: Db, viewer: Viewer, userId: number): Promise<InviteBlockState> {
  const u = await inviter(db, viewer, userId);
  await q.deleteBlock(db, viewer.id, userId);
  return { userId, firstName: firstNameOf(u.name), blocked: false };
}
