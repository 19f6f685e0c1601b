import type { z } from 'zod';
import { traitsFromAnswers } from '@shared/domain/personality';
import type { registerAnswersBody } from '@shared/schemas/register';
import type { createUserBody, ProfileAnswers, updateUserBody, User, UserExport } from '@shared/schemas/users';
import type { Db } from '../../db/client';
import { conflict, notFound } from '../../errors';
import * as matching from '../matching/service';
import * as share from '../share/service';
import * as q from './queries';

export const USER_NOT_FOUND = 'User not found';
export const EMAIL_TAKEN = 'An account with this email already exists. Please log in instead.';

type Row = NonNullable<Awaited<ReturnType<typeof q.findUser>>>;

export function toUser(row: Row): User {
  return { ...row, createdAt: row.createdAt.toISOString() };
}

export async function createUser(db: Db, input: z.output<typeof createUserBody>, opts: { isDemo?: boolean } = {}) {
  const row = await q.insertUser(db, {
    username: input.email,
    name: input.name,
    email: input.email,
    age: input.age,
    bio: input.bio,
    interests: input.interests,
    contactInfo: input.contactInfo,
    profileImage: input.profileImage,
    personalityTraits: input.personalityTraits,
    preferences: input.preferences,
    communicationStyle: input.communicationStyle,
    isDemo: opts.isDemo ?? false,
  });
  if (!row) throw conflict(EMAIL_TAKEN);
  // Arrived through one of our links: counted once, for the first source of the visit (docs/decisions/0047).
  if (input.source) await share.recordSignupSource(db, row.id, input.source, input.sourceEventId ?? null);
  return toUser(row);
}

export async function getUser(db: Db, id: number) {
  const row = await q.findUser(db, id);
  if (!row) throw notFound(USER_NOT_FOUND);
  return toUser(row);
}

type AnswersRow = NonNullable<Awaited<ReturnType<typeof q.findAnswers>>>;
const toAnswers = (row: AnswersRow | null): ProfileAnswers | null => (row ? { ...row, completedAt: row.completedAt.toISOString() } : null);

/**
 * The user as the member themself sees it: with their registration-wizard answers (null until
 * completed). Others (an admin) get the profile without them: the raw answers are the member's own.
 */
export async function withOwnAnswers(db: Db, user: User, viewerId: number): Promise<User> {
  if (viewerId !== user.id) return user;
  return { ...user, answers: toAnswers(await q.findAnswers(db, user.id)) };
}

/**
 * Save the registration wizard (/register, docs/spec/organiser-tools.md §2.18) for the member:
 * name, age and interests on the profile, the five answers as the matching traits
 * (@shared/domain/personality), and the raw answers, motivations and free text kept with it.
 */
export async function saveAnswers(db: Db, id: number, input: z.output<typeof registerAnswersBody>): Promise<User> {
  const saved = await q.saveAnswers(
    db,
    id,
    { name: input.name, age: input.age, interests: input.interests, traits: traitsFromAnswers(input.personality) },
    { personality: input.personality, motivations: input.motivations, lookingFor: input.lookingFor },
  );
  if (!saved) throw notFound(USER_NOT_FOUND);
  return { ...toUser(saved.user), answers: toAnswers(saved.answers) };
}

export async function listUsers(db: Db) {
  const rows = await q.listUsers(db);
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

export async function updateUser(db: Db, id: number, input: z.output<typeof updateUserBody>) {
  const row = await q.updateUser(db, id, input);
  if (!row) throw notFound(USER_NOT_FOUND);
  return toUser(row);
}

export async function deleteUser(db: Db, id: number) {
  if (!(await q.deleteUser(db, id))) throw notFound(USER_NOT_FOUND);
}

export async function userStats(db: Db, id: number) {
  await getUser(db, id);
  return { eventsAttended: await q.attendedCount(db, id), ...(await matching.activity(db, id)) };
}

const iso = (d: Date) => d.toISOString();
const isoOrNull = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * A mail's subject as the export names it: a login mail's subject carries its 6-digit code, which
 * must not leave in a download (docs/decisions/0043: secrets are named, not given).
 */
const withoutCodes = (subject: string) => subject.replace(/\b\d{6}\b/g, '(code not shown)');

/**
 * Everything stored about a member, for the "download my data" button (docs/decisions/0043): a
 * section per table that holds something about them (modules/users/export.test.ts checks every table
 * with a user column has one). Secrets are named, not given; ratings received are counted only.
 */
export async function exportUser(db: Db, id: number): Promise<UserExport> {
  return exportData(db, { ...(await getUser(db, id)), answers: toAnswers(await q.findAnswers(db, id)) });
}

/** The export of a member loaded with their own answers: every section beside the profile (see exportUser). */
async function exportData(db: Db, member: User): Promise<UserExport> {
  const id = member.id;
  const user = { ...member, suspendedAt: isoOrNull(await q.suspendedAtOf(db, id)) };
  const [
    roles,
    sessions,
    pendingCode,
    guard,
    mail,
    registrations,
    cancelled,
    payments,
    waitlist,
    meetings,
    ratingsGiven,
    ratingsReceived,
    matches,
    logged,
    loggedByOthers,
    arrivals,
    received,
    sent,
    reminders,
    feedback,
    reactions,
    optOut,
    invitesSent,
    invitesReceived,
    stopped,
    applications,
    decided,
    narration,
    shares,
    source,
    hosted,
    owned,
    coHosted,
    checkedIn,
    blocked,
    reportsMade,
    reportsHandled,
    removals,
    guestsRemoved,
    missed,
    noShowsCleared,
    barriers,
    seatsGiven,
    seatsOffered,
    stillComing,
    resaleRefunds,
    accessNeeds,
    guideQuestions,
    meetups,
    metAgain,
    seeAgain,
  ] = await Promise.all([
    q.rolesOf(db, id),
    q.sessionsOf(db, id),
    q.pendingCodeOf(db, user.email),
    q.loginGuardOf(db, user.email),
    q.mailTo(db, user.email),
    q.registrationsOf(db, id),
    q.cancelledTicketsOf(db, id),
    q.paymentsOf(db, id),
    q.waitlistOf(db, id),
    q.meetingsOf(db, id),
    q.ratingsGivenBy(db, id),
    q.ratingsReceivedBy(db, id),
    q.matchesOf(db, id),
    q.conversationsLoggedBy(db, id),
    q.conversationsLoggedWith(db, id),
    q.arrivalReportsOf(db, id),
    q.messagesTo(db, id),
    q.messagesFrom(db, id),
    q.remindersTo(db, id),
    q.feedbackOf(db, id),
    q.reactionsOf(db, id),
    q.previewOptOutOf(db, id),
    q.invitesOf(db, id, 'from'),
    q.invitesOf(db, id, 'to'),
    q.invitesStoppedBy(db, id),
    q.hostApplicationsOf(db, id),
    q.applicationsDecidedBy(db, id),
    q.narrationOf(db, id),
    q.sharesBy(db, id),
    q.signupSourceOf(db, id),
    q.eventsHostedBy(db, id),
    q.venuesOwnedBy(db, id),
    q.venuesCoHostedBy(db, id),
    q.guestsCheckedInBy(db, id),
    q.blocksBy(db, id),
    q.reportsMadeBy(db, id),
    q.reportsHandledBy(db, id),
    q.removalsOf(db, id),
    q.guestsRemovedBy(db, id),
    q.noShowsOf(db, id),
    q.noShowsClearedBy(db, id),
    q.barrierReportsOf(db, id),
    q.friendSeatsGivenBy(db, id),
    q.friendSeatsOfferedTo(db, id, user.email),
    q.stillComingOf(db, id),
    q.resaleRefundsOf(db, id),
    q.accessNeedsOf(db, id),
    q.guideQuestionsOf(db, id),
    q.meetupsOf(db, id),
    q.metAgainOf(db, id),
    q.seeAgainOf(db, id),
  ]);
  return {
    exportedAt: new Date().toISOString(),
    user,
    roles: roles.map((r) => ({ role: r.role, grantedAt: iso(r.grantedAt) })),
    sessions: sessions.map((s) => ({ createdAt: iso(s.createdAt), expiresAt: iso(s.expiresAt) })),
    login: {
      codePending: pendingCode && { createdAt: iso(pendingCode.createdAt), expiresAt: iso(pendingCode.expiresAt), wrongTries: pendingCode.wrongTries },
      wrongCodes: guard && { windowStartedAt: iso(guard.windowStartedAt), count: guard.count, lockMailedAt: isoOrNull(guard.lockMailedAt) },
    },
    mail: mail.map((m) => ({ subject: withoutCodes(m.subject), sentAt: iso(m.sentAt) })),
    registrations: registrations.map((r) => ({ ...r, date: iso(r.date), checkedInAt: isoOrNull(r.checkedInAt), registeredAt: iso(r.registeredAt) })),
    cancelledTickets: cancelled.map((c) => ({ ...c, cancelledAt: iso(c.cancelledAt) })),
    payments: payments.map(({ refundId, ...p }) => ({ ...p, refunded: refundId !== null, holdExpiresAt: iso(p.holdExpiresAt), createdAt: iso(p.createdAt) })),
    waitlist: waitlist.map((w) => ({ ...w, joinedAt: iso(w.joinedAt), offeredAt: isoOrNull(w.offeredAt), offerExpiresAt: isoOrNull(w.offerExpiresAt) })),
    meetings: meetings.map(({ partnerId, partnerName, ...m }) => ({
      ...m,
      partner: partnerId !== null && partnerName !== null ? { id: partnerId, name: partnerName } : null,
    })),
    ratingsGiven: ratingsGiven.map((r) => ({ ...r, createdAt: iso(r.createdAt), updatedAt: iso(r.updatedAt) })),
    ratingsReceived,
    matches: matches.map((m) => ({ ...m, createdAt: iso(m.createdAt) })),
    conversations: { logged: logged.map((c) => ({ ...c, createdAt: iso(c.createdAt) })), loggedByOthers },
    arrivalReports: arrivals.map((a) => ({ ...a, updatedAt: iso(a.updatedAt) })),
    messagesReceived: received.map((m) => ({ ...m, sentAt: iso(m.sentAt), readAt: isoOrNull(m.readAt), acknowledgedAt: isoOrNull(m.acknowledgedAt) })),
    messagesSent: sent.map((m) => ({ ...m, sentAt: iso(m.sentAt) })),
    remindersSent: reminders.map((r) => ({ ...r, sentAt: iso(r.sentAt) })),
    stillComing: stillComing.map((s) => ({ ...s, askedAt: iso(s.askedAt), answeredAt: isoOrNull(s.answeredAt) })),
    conversationGuide: guideQuestions.map((g) => ({ ...g, askedAt: iso(g.askedAt) })),
    resaleRefunds: resaleRefunds.map((r) => ({ ...r, releasedAt: iso(r.releasedAt), refundedAt: isoOrNull(r.refundedAt) })),
    accessNeeds: accessNeeds.map((a) => ({ ...a, updatedAt: iso(a.updatedAt) })),
    metAgain: metAgain.map((m) => ({ ...m, askedAt: iso(m.askedAt), answeredAt: isoOrNull(m.answeredAt) })),
    seeAgain: seeAgain.map((s) => ({ ...s, count: s.count === null ? null : Number(s.count) })),
    feedback: feedback.map((f) => ({ ...f, submittedAt: iso(f.submittedAt), updatedAt: iso(f.updatedAt) })),
    reactions: reactions.map((r) => ({ ...r, createdAt: iso(r.createdAt), updatedAt: iso(r.updatedAt) })),
    previewOptOut: optOut && { since: iso(optOut.since) },
    invitesSent: invitesSent.map(({ person, ...i }) => ({ to: person, ...i, createdAt: iso(i.createdAt) })),
    invitesReceived: invitesReceived.map(({ person, ...i }) => ({ from: person, ...i, createdAt: iso(i.createdAt) })),
    invitesStopped: stopped.map((s) => ({ ...s, createdAt: iso(s.createdAt) })),
    blocks: blocked.map((b) => ({ ...b, createdAt: iso(b.createdAt) })),
    reportsMade: reportsMade.map((r) => ({ ...r, createdAt: iso(r.createdAt), handled: r.handledAt !== null, handledAt: isoOrNull(r.handledAt) })),
    removedFrom: removals.map((r) => ({ ...r, removedAt: iso(r.removedAt) })),
    noShows: missed.map(({ clearedAt, clearReason, ...n }) => ({
      ...n,
      eveningAt: iso(n.eveningAt),
      recordedAt: iso(n.recordedAt),
      cleared: clearedAt ? { at: iso(clearedAt), reason: clearReason ?? '' } : null,
    })),
    friendSeats: {
      given: seatsGiven.map((f) => ({ ...f, createdAt: iso(f.createdAt), resolvedAt: isoOrNull(f.resolvedAt) })),
      offered: seatsOffered.map((f) => ({ ...f, createdAt: iso(f.createdAt), resolvedAt: isoOrNull(f.resolvedAt) })),
    },
    meetups: meetups.map(({ proposedBy, confirmedOptionId: _confirmed, ...m }) => ({
      ...m,
      proposedByYou: proposedBy === id,
      times: m.times.map((o) => ({ ...o, startsAt: iso(o.startsAt) })),
      createdAt: iso(m.createdAt),
      closedAt: isoOrNull(m.closedAt),
      leftAt: isoOrNull(m.leftAt),
    })),
    barrierReports: barriers.map((b) => ({ ...b, createdAt: iso(b.createdAt) })),
    hostApplications: applications.map((a) => ({ ...a, decidedAt: isoOrNull(a.decidedAt), createdAt: iso(a.createdAt) })),
    narrationSettings: narration && { settings: narration.settings, updatedAt: iso(narration.updatedAt) },
    shares: shares.map((s) => ({ ...s, createdAt: iso(s.createdAt) })),
    signupSource: source && { platform: source.platform, source: source.source, eventId: source.eventId, createdAt: iso(source.createdAt) },
    hosting: {
      eventsHosted: hosted.map((e) => ({ ...e, date: iso(e.date) })),
      venuesOwned: owned,
      venuesCoHosted: coHosted.map((v) => ({ ...v, addedAt: iso(v.addedAt) })),
      guestsCheckedIn: checkedIn,
      applicationsDecided: decided,
      reportsHandled,
      guestsRemoved,
      noShowsCleared,
    },
  };
}

export type GrantableRole = 'host' | 'admin';

/** Grant a role by e-mail (the admin CLI, and later host approvals). */
export async function grantRole(db: Db, email: string, role: GrantableRole) {
  const id = await q.findIdByEmail(db, email.toLowerCase());
  if (!id) throw notFound(USER_NOT_FOUND);
  await q.insertRole(db, id, role);
  return { id, email: email.toLowerCase(), role, granted: true };
}

export async function revokeRole(db: Db, email: string, role: GrantableRole) {
  const id = await q.findIdByEmail(db, email.toLowerCase());
  if (!id) throw notFound(USER_NOT_FOUND);
  const removed = await q.removeRole(db, id, role);
  return { id, email: email.toLowerCase(), role, revoked: removed };
}
