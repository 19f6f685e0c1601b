import { and, asc, desc, eq, inArray, lt, ne, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import {
  meetupAnswers,
  meetupMembers,
  meetupOptions,
  meetupPolls,
  arrivalStates,
  blocks,
  cancelledTickets,
  connectionLogs,
  emojiFeedback,
  eventFeedback,
  eventMessages,
  events,
  eventWaitlist,
  friendSeats,
  followUpInvites,
  hostApplications,
  inviteBlocks,
  loginCodes,
  loginGuards,
  mailOutbox,
  matches,
  messageRecipients,
  narrationSettings,
  payments,
  previewOptOuts,
  profileAnswers,
  ratings,
  registrations,
  reminderSends,
  resaleRefunds,
  stillComing,
  accessNeeds,
  conversationQuestions,
  metAgain,
  seeAgainCounts,
  removedGuests,
  reports,
  rotations,
  sessions,
  shareEvents,
  signupSources,
  userRoles,
  users,
  venueHosts,
  venues,
  noShows,
  barrierReports,
} from '../../db/schema/index';

const userColumns = {
  id: users.id,
  username: users.username,
  name: users.name,
  email: users.email,
  age: users.age,
  bio: users.bio,
  interests: users.interests,
  profileImage: users.profileImage,
  contactInfo: users.contactInfo,
  personalityTraits: users.personalityTraits,
  preferences: users.preferences,
  communicationStyle: users.communicationStyle,
  createdAt: users.createdAt,
};

export type UserRow = Awaited<ReturnType<typeof findUser>> & {};

export type NewUser = typeof users.$inferInsert;

/** Insert unless the e-mail is taken; null means taken (no read-then-write race). */
export async function insertUser(db: Db, values: NewUser) {
  const rows = await db.insert(users).values(values).onConflictDoNothing({ target: users.email }).returning(userColumns);
  return rows[0] ?? null;
}

export async function findUser(db: Db, id: number) {
  const rows = await db.select(userColumns).from(users).where(eq(users.id, id)).limit(1);
  return rows[0] ?? null;
}

export async function listUsers(db: Db) {
  return db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      age: users.age,
      bio: users.bio,
      interests: users.interests,
      username: users.username,
      createdAt: users.createdAt,
    })
    .from(users)
    .orderBy(asc(users.createdAt), asc(users.id));
}

export async function updateUser(db: Db, id: number, values: Pick<NewUser, 'name' | 'age' | 'bio' | 'contactInfo' | 'interests'>) {
  const rows = await db.update(users).set(values).where(eq(users.id, id)).returning(userColumns);
  return rows[0] ?? null;
}

/**
 * Delete the account. Seats it held on upcoming events are given back in the same
 * transaction, so participant counts stay true.
 */
export async function deleteUser(db: Db, id: number) {
  return db.transaction(async (tx) => {
    await tx.execute(sql`
      UPDATE ${events} SET participant_count = participant_count - 1, seats_taken = seats_taken - 1
      WHERE id IN (SELECT event_id FROM ${registrations} WHERE user_id = ${id})`);
    await tx.execute(sql`
      UPDATE ${events} e SET seats_taken = e.seats_taken - h.n
      FROM (SELECT event_id, count(*)::int AS n FROM ${payments} WHERE user_id = ${id} AND holds_seat GROUP BY event_id) h
      WHERE e.id = h.event_id`);
    // A seat offered to them off a waitlist is counted too: the cascade deletes the offer the
    // expiry sweep would have given back, so give it back here (issue 21; docs/decisions/0016).
    // The sweep then offers it to the next in line.
    await tx.execute(sql`
      UPDATE ${events} e SET seats_taken = e.seats_taken - w.n
      FROM (SELECT event_id, sum(seats)::int AS n FROM ${eventWaitlist} WHERE user_id = ${id} AND status = 'offered' GROUP BY event_id) w
      WHERE e.id = w.event_id`);
    // A friend's seat they booked and nobody has claimed yet is counted too (docs/decisions/0075).
    await tx.execute(sql`
      UPDATE ${events} e SET seats_taken = e.seats_taken - f.n
      FROM (SELECT event_id, count(*)::int AS n FROM ${friendSeats} WHERE from_user_id = ${id} AND holds_seat GROUP BY event_id) f
      WHERE e.id = f.event_id`);
    const email = await tx.select({ email: users.email }).from(users).where(eq(users.id, id));
    const rows = await tx.delete(users).where(eq(users.id, id)).returning({ id: users.id });
    if (email[0]) await tx.delete(mailOutbox).where(eq(mailOutbox.to, email[0].email));
    return rows.length > 0;
  });
}

export async function attendedCount(db: Db, userId: number) {
  const rows = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(registrations)
    .innerJoin(events, eq(events.id, registrations.eventId))
    .where(and(eq(registrations.userId, userId), eq(registrations.checkedIn, true), lt(events.date, sql`now()`)));
  return rows[0]?.n ?? 0;
}

export async function rolesOf(db: Db, userId: number) {
  return db.select({ role: userRoles.role, grantedAt: userRoles.grantedAt }).from(userRoles).where(eq(userRoles.userId, userId));
}

export async function sessionsOf(db: Db, userId: number) {
  return db.select({ createdAt: sessions.createdAt, expiresAt: sessions.expiresAt }).from(sessions).where(eq(sessions.userId, userId));
}

export async function findIdByEmail(db: Db, email: string) {
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  return rows[0]?.id ?? null;
}

export async function insertRole(db: Db, userId: number, role: 'host' | 'admin') {
  await db.insert(userRoles).values({ userId, role }).onConflictDoNothing();
}

export async function removeRole(db: Db, userId: number, role: 'host' | 'admin') {
  const rows = await db
    .delete(userRoles)
    .where(and(eq(userRoles.userId, userId), eq(userRoles.role, role)))
    .returning({ userId: userRoles.userId });
  return rows.length > 0;
}

const answerColumns = {
  personality: profileAnswers.personality,
  motivations: profileAnswers.motivations,
  lookingFor: profileAnswers.lookingFor,
  completedAt: profileAnswers.completedAt,
};

/** The registration wizard's answers (/register), or null if the member has not completed it. */
export async function findAnswers(db: Db, userId: number) {
  const rows = await db.select(answerColumns).from(profileAnswers).where(eq(profileAnswers.userId, userId)).limit(1);
  return rows[0] ?? null;
}

/**
 * Save the wizard in one transaction: name, age, interests and the derived matching traits on the
 * profile (merged into the traits already there), the raw answers beside it. Null: no such member.
 */
export async function saveAnswers(
  db: Db,
  userId: number,
  profile: { name: string; age: number; interests: string[]; traits: Record<string, number> },
  answers: { personality: Record<string, number>; motivations: string[]; lookingFor: string | null },
) {
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(users)
      .set({
        name: profile.name,
        age: profile.age,
        interests: profile.interests,
        personalityTraits: sql`${users.personalityTraits} || ${JSON.stringify(profile.traits)}::jsonb`,
      })
      .where(eq(users.id, userId))
      .returning(userColumns);
    const user = rows[0];
    if (!user) return null;
    const saved = await tx
      .insert(profileAnswers)
      .values({ userId, ...answers })
      .onConflictDoUpdate({ target: profileAnswers.userId, set: { ...answers, completedAt: sql`now()` } })
      .returning(answerColumns);
    return { user, answers: saved[0]! };
  });
}

/* ---------------------------------------------------------------- the data export (docs/decisions/0043) */

const other = alias(users, 'other');
const otherPerson = { id: other.id, name: other.name };
const evening = { eventId: events.id, title: events.title };

/** A login code waiting for the member's address (the hash itself is not read). */
export async function pendingCodeOf(db: Db, email: string) {
  return (
    (
      await db
        .select({ createdAt: loginCodes.createdAt, expiresAt: loginCodes.expiresAt, wrongTries: loginCodes.attempts })
        .from(loginCodes)
        .where(eq(loginCodes.email, email))
    )[0] ?? null
  );
}

export async function loginGuardOf(db: Db, email: string) {
  return (
    (
      await db
        .select({ windowStartedAt: loginGuards.windowStartedAt, count: loginGuards.failures, lockMailedAt: loginGuards.lockMailedAt })
        .from(loginGuards)
        .where(eq(loginGuards.email, email))
    )[0] ?? null
  );
}

export async function mailTo(db: Db, email: string) {
  return db
    .select({ subject: mailOutbox.subject, sentAt: mailOutbox.createdAt })
    .from(mailOutbox)
    .where(eq(mailOutbox.to, email))
    .orderBy(asc(mailOutbox.createdAt), asc(mailOutbox.id));
}

export async function registrationsOf(db: Db, userId: number) {
  return db
    .select({
      eventId: events.id,
      title: events.title,
      date: events.date,
      venue: events.venue,
      consentToShare: registrations.consentToShare,
      checkedIn: registrations.checkedIn,
      checkedInAt: registrations.checkedInAt,
      checkInMethod: registrations.checkInMethod,
      ticketCode: registrations.ticketCode,
      registeredAt: registrations.createdAt,
    })
    .from(registrations)
    .innerJoin(events, eq(events.id, registrations.eventId))
    .where(eq(registrations.userId, userId))
    .orderBy(desc(events.date));
}

export async function cancelledTicketsOf(db: Db, userId: number) {
  return db
    .select({ ...evening, ticketCode: cancelledTickets.ticketCode, cancelledAt: cancelledTickets.cancelledAt })
    .from(cancelledTickets)
    .innerJoin(events, eq(events.id, cancelledTickets.eventId))
    .where(eq(cancelledTickets.userId, userId))
    .orderBy(asc(cancelledTickets.cancelledAt));
}

export async function paymentsOf(db: Db, userId: number) {
  return db
    .select({
      ...evening,
      provider: payments.provider,
      reference: payments.intentId,
      amount: payments.amount,
      currency: payments.currency,
      status: payments.status,
      holdExpiresAt: payments.holdExpiresAt,
      failureMessage: payments.failureMessage,
      refundId: payments.refundId,
      createdAt: payments.createdAt,
    })
    .from(payments)
    .innerJoin(events, eq(events.id, payments.eventId))
    .where(eq(payments.userId, userId))
    .orderBy(asc(payments.createdAt), asc(payments.id));
}

export async function waitlistOf(db: Db, userId: number) {
  return db
    .select({
      ...evening,
      status: eventWaitlist.status,
      joinedAt: eventWaitlist.createdAt,
      offeredAt: eventWaitlist.offeredAt,
      offerExpiresAt: eventWaitlist.offerExpiresAt,
    })
    .from(eventWaitlist)
    .innerJoin(events, eq(events.id, eventWaitlist.eventId))
    .where(eq(eventWaitlist.userId, userId))
    .orderBy(asc(eventWaitlist.createdAt));
}

/** The member's seat in every round (either side of the pair), with the partner. */
export async function meetingsOf(db: Db, userId: number) {
  const partner = sql<number | null>`CASE WHEN ${rotations.userA} = ${userId} THEN ${rotations.userB} ELSE ${rotations.userA} END`;
  return db
    .select({ ...evening, round: rotations.round, table: rotations.tableNo, partnerId: other.id, partnerName: other.name })
    .from(rotations)
    .innerJoin(events, eq(events.id, rotations.eventId))
    .leftJoin(other, eq(other.id, partner))
    .where(or(eq(rotations.userA, userId), eq(rotations.userB, userId)))
    .orderBy(asc(events.date), asc(rotations.round));
}

export async function ratingsGivenBy(db: Db, userId: number) {
  return db
    .select({
      ...evening,
      rated: otherPerson,
      rating: ratings.rating,
      round: ratings.round,
      source: ratings.source,
      createdAt: ratings.createdAt,
      updatedAt: ratings.updatedAt,
    })
    .from(ratings)
    .innerJoin(events, eq(events.id, ratings.eventId))
    .innerJoin(other, eq(other.id, ratings.ratedId))
    .where(eq(ratings.raterId, userId))
    .orderBy(asc(events.date), asc(ratings.createdAt));
}

/** How many ratings the member received per evening: the count only (docs/decisions/0043). */
export async function ratingsReceivedBy(db: Db, userId: number) {
  return db
    .select({ ...evening, count: sql<number>`count(*)::int` })
    .from(ratings)
    .innerJoin(events, eq(events.id, ratings.eventId))
    .where(eq(ratings.ratedId, userId))
    .groupBy(events.id, events.title, events.date)
    .orderBy(asc(events.date));
}

export async function matchesOf(db: Db, userId: number) {
  const otherId = sql<number>`CASE WHEN ${matches.user1Id} = ${userId} THEN ${matches.user2Id} ELSE ${matches.user1Id} END`;
  return db
    .select({
      ...evening,
      with: otherPerson,
      matchScore: matches.matchScore,
      matchType: matches.matchType,
      sharedByYou: sql<boolean>`CASE WHEN ${matches.user1Id} = ${userId} THEN ${matches.user1Shared} ELSE ${matches.user2Shared} END`,
      sharedByThem: sql<boolean>`CASE WHEN ${matches.user1Id} = ${userId} THEN ${matches.user2Shared} ELSE ${matches.user1Shared} END`,
      createdAt: matches.createdAt,
    })
    .from(matches)
    .innerJoin(events, eq(events.id, matches.eventId))
    .innerJoin(other, eq(other.id, otherId))
    .where(or(eq(matches.user1Id, userId), eq(matches.user2Id, userId)))
    .orderBy(asc(events.date), asc(matches.id));
}

export async function conversationsLoggedBy(db: Db, userId: number) {
  return db
    .select({ ...evening, with: otherPerson, method: connectionLogs.method, round: connectionLogs.round, createdAt: connectionLogs.createdAt })
    .from(connectionLogs)
    .innerJoin(events, eq(events.id, connectionLogs.eventId))
    .innerJoin(other, eq(other.id, connectionLogs.otherId))
    .where(eq(connectionLogs.userId, userId))
    .orderBy(asc(connectionLogs.createdAt));
}

export async function conversationsLoggedWith(db: Db, userId: number) {
  return (
    (
      await db
        .select({ n: sql<number>`count(*)::int` })
        .from(connectionLogs)
        .where(eq(connectionLogs.otherId, userId))
    )[0]?.n ?? 0
  );
}

export async function arrivalReportsOf(db: Db, userId: number) {
  return db
    .select({
      ...evening,
      permission: arrivalStates.permission,
      distanceM: arrivalStates.distanceM,
      accuracyM: arrivalStates.accuracyM,
      updatedAt: arrivalStates.updatedAt,
    })
    .from(arrivalStates)
    .innerJoin(events, eq(events.id, arrivalStates.eventId))
    .where(eq(arrivalStates.userId, userId))
    .orderBy(asc(arrivalStates.updatedAt));
}

export async function messagesTo(db: Db, userId: number) {
  return db
    .select({
      ...evening,
      text: eventMessages.text,
      type: eventMessages.type,
      sentAt: eventMessages.createdAt,
      readAt: messageRecipients.readAt,
      acknowledgedAt: messageRecipients.acknowledgedAt,
    })
    .from(messageRecipients)
    .innerJoin(eventMessages, eq(eventMessages.id, messageRecipients.messageId))
    .innerJoin(events, eq(events.id, eventMessages.eventId))
    .where(eq(messageRecipients.userId, userId))
    .orderBy(asc(eventMessages.createdAt), asc(eventMessages.id));
}

export async function messagesFrom(db: Db, userId: number) {
  return db
    .select({ ...evening, text: eventMessages.text, type: eventMessages.type, audience: eventMessages.audience, sentAt: eventMessages.createdAt })
    .from(eventMessages)
    .innerJoin(events, eq(events.id, eventMessages.eventId))
    .where(eq(eventMessages.senderId, userId))
    .orderBy(asc(eventMessages.createdAt), asc(eventMessages.id));
}

export async function remindersTo(db: Db, userId: number) {
  return db
    .select({ ...evening, kind: reminderSends.kind, sentAt: reminderSends.sentAt })
    .from(reminderSends)
    .innerJoin(events, eq(events.id, reminderSends.eventId))
    .where(eq(reminderSends.userId, userId))
    .orderBy(asc(reminderSends.sentAt));
}

/** The "Still coming?" questions the member was asked, and their answers (docs/decisions/0074-still-coming.md). */
export async function stillComingOf(db: Db, userId: number) {
  return db
    .select({ ...evening, askedAt: stillComing.askedAt, answer: stillComing.answer, answeredAt: stillComing.answeredAt })
    .from(stillComing)
    .innerJoin(events, eq(events.id, stillComing.eventId))
    .where(eq(stillComing.userId, userId))
    .orderBy(asc(stillComing.askedAt));
}

/** The conversation guide's questions the member was given, with whom (docs/decisions/0081). */
export async function guideQuestionsOf(db: Db, userId: number) {
  return db
    .select({
      ...evening,
      with: otherPerson,
      round: conversationQuestions.round,
      question: conversationQuestions.question,
      followUp: conversationQuestions.followUp,
      topic: conversationQuestions.topic,
      askedAt: conversationQuestions.askedAt,
    })
    .from(conversationQuestions)
    .innerJoin(events, eq(events.id, conversationQuestions.eventId))
    .innerJoin(other, eq(other.id, conversationQuestions.partnerId))
    .where(eq(conversationQuestions.userId, userId))
    .orderBy(asc(conversationQuestions.askedAt), asc(conversationQuestions.round), asc(conversationQuestions.position));
}

/** "Did you meet NAME again?" questions asked of the member, and their answers (docs/decisions/0083-met-again.md). */
export async function metAgainOf(db: Db, userId: number) {
  return db
    .select({ ...evening, about: otherPerson, stage: metAgain.stage, askedAt: metAgain.askedAt, answer: metAgain.answer, answeredAt: metAgain.answeredAt })
    .from(metAgain)
    .innerJoin(events, eq(events.id, metAgain.eventId))
    .innerJoin(other, eq(other.id, metAgain.otherId))
    .where(eq(metAgain.userId, userId))
    .orderBy(asc(metAgain.askedAt), asc(metAgain.id));
}

/**
 * The member's liking-gap counts: the number only where /my-matches may show it; where it could single
 * someone's rating out, null (docs/decisions/0083-met-again.md).
 */
export async function seeAgainOf(db: Db, userId: number) {
  return db
    .select({ ...evening, count: sql<number | null>`CASE WHEN ${seeAgainCounts.shown} THEN ${seeAgainCounts.wouldSeeAgain} END` })
    .from(seeAgainCounts)
    .innerJoin(events, eq(events.id, seeAgainCounts.eventId))
    .where(eq(seeAgainCounts.userId, userId))
    .orderBy(asc(events.date));
}

/** Seats the member gave up inside the refund window, refunded when someone else booked (who booked is not said). */
export async function resaleRefundsOf(db: Db, userId: number) {
  return db
    .select({
      ...evening,
      amount: resaleRefunds.amount,
      status: resaleRefunds.status,
      releasedAt: resaleRefunds.releasedAt,
      refundedAt: resaleRefunds.refundedAt,
    })
    .from(resaleRefunds)
    .innerJoin(events, eq(events.id, resaleRefunds.eventId))
    .where(eq(resaleRefunds.userId, userId))
    .orderBy(asc(resaleRefunds.releasedAt));
}

export async function feedbackOf(db: Db, userId: number) {
  return db
    .select({
      ...evening,
      overallRating: eventFeedback.overallRating,
      venueRating: eventFeedback.venueRating,
      organizationRating: eventFeedback.organizationRating,
      matchQualityRating: eventFeedback.matchQualityRating,
      timingRating: eventFeedback.timingRating,
      wouldRecommend: eventFeedback.wouldRecommend,
      improvements: eventFeedback.improvements,
      favoriteAspect: eventFeedback.favoriteAspect,
      additionalComments: eventFeedback.additionalComments,
      submittedAt: eventFeedback.submittedAt,
      updatedAt: eventFeedback.updatedAt,
    })
    .from(eventFeedback)
    .innerJoin(events, eq(events.id, eventFeedback.eventId))
    .where(eq(eventFeedback.userId, userId))
    .orderBy(asc(eventFeedback.submittedAt));
}

export async function reactionsOf(db: Db, userId: number) {
  return db
    .select({ ...evening, emoji: emojiFeedback.emoji, createdAt: emojiFeedback.createdAt, updatedAt: emojiFeedback.updatedAt })
    .from(emojiFeedback)
    .innerJoin(events, eq(events.id, emojiFeedback.eventId))
    .where(eq(emojiFeedback.userId, userId))
    .orderBy(asc(emojiFeedback.createdAt));
}

export async function previewOptOutOf(db: Db, userId: number) {
  return (await db.select({ since: previewOptOuts.createdAt }).from(previewOptOuts).where(eq(previewOptOuts.userId, userId)))[0] ?? null;
}

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
  return (
    (
      await db
        .select({ n: sql<number>`count(*)::int` })
        .from(hostApplications)
        .where(eq(hostApplications.decidedBy, userId))
    )[0]?.n ?? 0
  );
}

export async function narrationOf(db: Db, userId: number) {
  return (
    (
      await db
        .select({ settings: narrationSettings.settings, updatedAt: narrationSettings.updatedAt })
        .from(narrationSettings)
        .where(eq(narrationSettings.userId, userId))
    )[0] ?? null
  );
}

export async function sharesBy(db: Db, userId: number) {
  return db
    .select({
      eventId: shareEvents.eventId,
      platform: shareEvents.platform,
      action: shareEvents.action,
      template: shareEvents.template,
      createdAt: shareEvents.createdAt,
    })
    .from(shareEvents)
    .where(eq(shareEvents.userId, userId))
    .orderBy(asc(shareEvents.createdAt), asc(shareEvents.id));
}

export async function signupSourceOf(db: Db, userId: number) {
  return (
    (
      await db
        .select({ platform: signupSources.platform, source: signupSources.source, eventId: signupSources.eventId, createdAt: signupSources.createdAt })
        .from(signupSources)
        .where(eq(signupSources.userId, userId))
    )[0] ?? null
  );
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
  return (
    (
      await db
        .select({ n: sql<number>`count(*)::int` })
        .from(registrations)
        .where(eq(registrations.checkedInBy, userId))
    )[0]?.n ?? 0
  );
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
  return (
    (
      await db
        .select({ n: sql<number>`count(*)::int` })
        .from(reports)
        .where(eq(reports.handledBy, userId))
    )[0]?.n ?? 0
  );
}

/** Evenings the member booked and missed, cleared or not (docs/decisions/0076). */
export async function noShowsOf(db: Db, userId: number) {
  return db
    .select({ ...evening, eveningAt: noShows.eveningAt, recordedAt: noShows.recordedAt, clearedAt: noShows.clearedAt, clearReason: noShows.clearReason })
    .from(noShows)
    .innerJoin(events, eq(events.id, noShows.eventId))
    .where(eq(noShows.userId, userId))
    .orderBy(asc(noShows.eveningAt));
}

export async function noShowsClearedBy(db: Db, userId: number) {
  return (
    (
      await db
        .select({ n: sql<number>`count(*)::int` })
        .from(noShows)
        .where(eq(noShows.clearedBy, userId))
    )[0]?.n ?? 0
  );
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

/** Barriers the member reported from the accessibility statement (docs/decisions/0078). */
export async function barrierReportsOf(db: Db, userId: number) {
  return db
    .select({ page: barrierReports.page, description: barrierReports.description, replyTo: barrierReports.replyTo, createdAt: barrierReports.createdAt })
    .from(barrierReports)
    .where(eq(barrierReports.userId, userId))
    .orderBy(asc(barrierReports.createdAt));
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
  return (
    (
      await db
        .select({ n: sql<number>`count(*)::int` })
        .from(removedGuests)
        .where(eq(removedGuests.removedBy, userId))
    )[0]?.n ?? 0
  );
}

/** What the member told hosts would help them on the night, per evening (docs/decisions/0086). */
export async function accessNeedsOf(db: Db, userId: number) {
  return db
    .select({ ...evening, note: accessNeeds.note, updatedAt: accessNeeds.updatedAt })
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
