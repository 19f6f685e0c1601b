import { and, asc, eq, getTableColumns, inArray, ne, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import {
  meetupAnswers,
  meetupMembers,
  meetupOptions,
  meetupPolls,
  blocks,
  events,
  friendSeats,
  followUpInvites,
  hostApplications,
  inviteBlocks,
  narrationSettings,
  registrations,
  accessNeeds,
  removedGuests,
  reports,
  shareEvents,
  signupSources,
  users,
  venueHosts,
  venues,
  noShows,
  barrierReports,
} from '../../db/schema/index';
import { evening, other, otherPerson } from './export-shared';

/* The data export (docs/decisions/0043), continued: invites, hosting, safety, friends' seats, meet-ups. */

const metAt = alias(events, 'met_at');

/** Follow-up invites the member sent (`side` 'from') or received ('to'), with the other person and both evenings. */
export async function invitesOf(db: Db, userId: number, side: 'from' | 'to') {
  const [mine, theirs] = side === 'from' ? [followUpInvites.fromUserId, followUpInvites.toUserId] : [followUpInvites.toUserId, followUpInvites.fromUserId];
  return db
    .select({ person: otherPerson, metAt: metAt.title, invitedTo: events.title, createdAt: followUpInvites.createdAt })
    .from(followUpInvites)
    .innerJoin(other, eq(other.id, theirs))
    .innerJoin(metAt, eq(metAt.id, followUpInvites.sourceEventId))
    .innerJoin(events, eq(events.id, followUpInvites.eventId))
    .where(eq(mine, userId))
    .orderBy(asc(followUpInvites.createdAt), asc(followUpInvites.id));
}

/** People the member stopped invites from (who stopped the member's invites is theirs, and never told). */
export async function invitesStoppedBy(db: Db, userId: number) {
  return db
    .select({ person: otherPerson, createdAt: inviteBlocks.createdAt })
    .from(inviteBlocks)
    .innerJoin(other, eq(other.id, inviteBlocks.blockedUserId))
    .where(eq(inviteBlocks.userId, userId))
    .orderBy(asc(inviteBlocks.createdAt));
}

export async function hostApplicationsOf(db: Db, userId: number) {
  return db
    .select({
      name: hostApplications.name,
      email: hostApplications.email,
      location: hostApplications.location,
      experience: hostApplications.experience,
      motivation: hostApplications.motivation,
      venueIdea: hostApplications.venueIdea,
      proposedEventDate: hostApplications.proposedEventDate,
      status: hostApplications.status,
      declineReason: hostApplications.declineReason,
      decidedAt: hostApplications.decidedAt,
      createdAt: hostApplications.createdAt,
    })
    .from(hostApplications)
    .where(eq(hostApplications.userId, userId))
    .orderBy(asc(hostApplications.createdAt));
}

export async function applicationsDecidedBy(db: Db, userId: number) {
  return db.$count(hostApplications, eq(hostApplications.decidedBy, userId));
}

const { userId: _narrationUserId, ...narrationColumns } = getTableColumns(narrationSettings);

export async function narrationOf(db: Db, userId: number) {
  return (await db.select(narrationColumns).from(narrationSettings).where(eq(narrationSettings.userId, userId)))[0] ?? null;
}

const { id: _shareId, userId: _shareUserId, ...shareColumns } = getTableColumns(shareEvents);

export async function sharesBy(db: Db, userId: number) {
  return db.select(shareColumns).from(shareEvents).where(eq(shareEvents.userId, userId)).orderBy(asc(shareEvents.createdAt), asc(shareEvents.id));
}

const { userId: _sourceUserId, ...signupSourceColumns } = getTableColumns(signupSources);

export async function signupSourceOf(db: Db, userId: number) {
  return (await db.select(signupSourceColumns).from(signupSources).where(eq(signupSources.userId, userId)))[0] ?? null;
}

export async function eventsHostedBy(db: Db, userId: number) {
  return db
    .select({ ...evening, date: events.date })
    .from(events)
    .where(eq(events.hostId, userId))
    .orderBy(asc(events.date));
}

export async function venuesOwnedBy(db: Db, userId: number) {
  return db.select({ id: venues.id, name: venues.name }).from(venues).where(eq(venues.createdBy, userId)).orderBy(asc(venues.id));
}

export async function venuesCoHostedBy(db: Db, userId: number) {
  return db
    .select({ id: venues.id, name: venues.name, addedAt: venueHosts.addedAt })
    .from(venueHosts)
    .innerJoin(venues, eq(venues.id, venueHosts.venueId))
    .where(eq(venueHosts.userId, userId))
    .orderBy(asc(venueHosts.addedAt));
}

export async function guestsCheckedInBy(db: Db, userId: number) {
  return db.$count(registrations, eq(registrations.checkedInBy, userId));
}

/** Since when an admin has suspended the account (docs/decisions/0041), or null. */
export async function suspendedAtOf(db: Db, userId: number) {
  return (await db.select({ at: users.suspendedAt }).from(users).where(eq(users.id, userId)))[0]?.at ?? null;
}

/** People the member blocked (docs/decisions/0041). Who blocked the member is withheld: the blocked person is never told. */
export async function blocksBy(db: Db, userId: number) {
  return db
    .select({ person: otherPerson, createdAt: blocks.createdAt })
    .from(blocks)
    .innerJoin(other, eq(other.id, blocks.blockedId))
    .where(eq(blocks.blockerId, userId))
    .orderBy(asc(blocks.createdAt), asc(blocks.blockedId));
}

/** Reports the member made: about whom, at which evening, why, and whether an admin handled it. Reports about the member are withheld (docs/decisions/0043). */
export async function reportsMadeBy(db: Db, userId: number) {
  return db
    .select({
      ...evening,
      about: otherPerson,
      context: reports.context,
      reason: reports.reason,
      details: reports.details,
      createdAt: reports.createdAt,
      handledAt: reports.handledAt,
    })
    .from(reports)
    .innerJoin(other, eq(other.id, reports.reportedId))
    .innerJoin(events, eq(events.id, reports.eventId))
    .where(eq(reports.reporterId, userId))
    .orderBy(asc(reports.createdAt), asc(reports.id));
}

export async function reportsHandledBy(db: Db, userId: number) {
  return db.$count(reports, eq(reports.handledBy, userId));
}

const { id: _noShowId, eventId: _noShowEventId, userId: _noShowUserId, clearedBy: _clearedBy, ...noShowColumns } = getTableColumns(noShows);

/** Evenings the member booked and missed, cleared or not (docs/decisions/0076). */
export async function noShowsOf(db: Db, userId: number) {
  return db
    .select({ ...evening, ...noShowColumns })
    .from(noShows)
    .innerJoin(events, eq(events.id, noShows.eventId))
    .where(eq(noShows.userId, userId))
    .orderBy(asc(noShows.eveningAt));
}

export async function noShowsClearedBy(db: Db, userId: number) {
  return db.$count(noShows, eq(noShows.clearedBy, userId));
}

/** Tickets the member gave, and second seats they booked, for a friend named by e-mail (docs/decisions/0075); the claim link's secret is not read. */
export async function friendSeatsGivenBy(db: Db, userId: number) {
  return db
    .select({
      ...evening,
      kind: friendSeats.kind,
      friendEmail: friendSeats.email,
      status: friendSeats.status,
      createdAt: friendSeats.createdAt,
      resolvedAt: friendSeats.resolvedAt,
    })
    .from(friendSeats)
    .innerJoin(events, eq(events.id, friendSeats.eventId))
    .where(eq(friendSeats.fromUserId, userId))
    .orderBy(asc(friendSeats.createdAt));
}

/** Seats offered to the member's address, or taken by them, and who offered each (docs/decisions/0075). */
export async function friendSeatsOfferedTo(db: Db, userId: number, email: string) {
  return db
    .select({
      ...evening,
      kind: friendSeats.kind,
      from: users.name,
      status: friendSeats.status,
      createdAt: friendSeats.createdAt,
      resolvedAt: friendSeats.resolvedAt,
    })
    .from(friendSeats)
    .innerJoin(events, eq(events.id, friendSeats.eventId))
    .innerJoin(users, eq(users.id, friendSeats.fromUserId))
    .where(or(eq(friendSeats.acceptedBy, userId), eq(friendSeats.email, email.toLowerCase())))
    .orderBy(asc(friendSeats.createdAt));
}

const { id: _barrierId, userId: _barrierUserId, ...barrierColumns } = getTableColumns(barrierReports);

/** Barriers the member reported from the accessibility statement (docs/decisions/0078). */
export async function barrierReportsOf(db: Db, userId: number) {
  return db.select(barrierColumns).from(barrierReports).where(eq(barrierReports.userId, userId)).orderBy(asc(barrierReports.createdAt));
}

/** Evenings a host removed the member from (docs/decisions/0042): the member's phone was told. */
export async function removalsOf(db: Db, userId: number) {
  return db
    .select({ ...evening, removedAt: removedGuests.removedAt })
    .from(removedGuests)
    .innerJoin(events, eq(events.id, removedGuests.eventId))
    .where(eq(removedGuests.userId, userId))
    .orderBy(asc(removedGuests.removedAt));
}

export async function guestsRemovedBy(db: Db, userId: number) {
  return db.$count(removedGuests, eq(removedGuests.removedBy, userId));
}

const { eventId: _needEventId, userId: _needUserId, ...accessNeedColumns } = getTableColumns(accessNeeds);

/** What the member told hosts would help them on the night, per evening (docs/decisions/0086). */
export async function accessNeedsOf(db: Db, userId: number) {
  return db
    .select({ ...evening, ...accessNeedColumns })
    .from(accessNeeds)
    .innerJoin(events, eq(events.id, accessNeeds.eventId))
    .where(eq(accessNeeds.userId, userId))
    .orderBy(asc(accessNeeds.updatedAt));
}

/** Meet-up polls the member is in (docs/decisions/0082): the poll, the others, the times and the member's own answers. */
export async function meetupsOf(db: Db, userId: number) {
  const polls = await db
    .select({
      id: meetupPolls.id,
      proposedBy: meetupPolls.proposedBy,
      place: meetupPolls.place,
      status: meetupPolls.status,
      confirmedOptionId: meetupPolls.confirmedOptionId,
      createdAt: meetupPolls.createdAt,
      closedAt: meetupPolls.closedAt,
      leftAt: meetupMembers.leftAt,
    })
    .from(meetupMembers)
    .innerJoin(meetupPolls, eq(meetupPolls.id, meetupMembers.pollId))
    .where(eq(meetupMembers.userId, userId))
    .orderBy(asc(meetupPolls.id));
  if (!polls.length) return [];
  const ids = polls.map((p) => p.id);
  const [people, times, mine] = await Promise.all([
    db
      .select({ pollId: meetupMembers.pollId, person: otherPerson })
      .from(meetupMembers)
      .innerJoin(other, eq(other.id, meetupMembers.userId))
      .where(and(inArray(meetupMembers.pollId, ids), ne(meetupMembers.userId, userId)))
      .orderBy(asc(other.name), asc(other.id)),
    db.select().from(meetupOptions).where(inArray(meetupOptions.pollId, ids)).orderBy(asc(meetupOptions.startsAt)),
    db
      .select({ optionId: meetupAnswers.optionId, yes: meetupAnswers.yes })
      .from(meetupAnswers)
      .where(and(inArray(meetupAnswers.pollId, ids), eq(meetupAnswers.userId, userId))),
  ]);
  return polls.map((p) => ({
    ...p,
    with: people.filter((x) => x.pollId === p.id).map((x) => x.person),
    times: times
      .filter((o) => o.pollId === p.id)
      .map((o) => ({ startsAt: o.startsAt, yourAnswer: mine.find((a) => a.optionId === o.id)?.yes ?? null, confirmed: o.id === p.confirmedOptionId })),
  }));
}
