import { asc, desc, eq, getTableColumns, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  arrivalStates,
  cancelledTickets,
  connectionLogs,
  emojiFeedback,
  eventFeedback,
  eventMessages,
  events,
  eventWaitlist,
  loginCodes,
  loginGuards,
  mailOutbox,
  matches,
  messageRecipients,
  payments,
  previewOptOuts,
  ratings,
  registrations,
  reminderSends,
  resaleRefunds,
  stillComing,
  conversationQuestions,
  metAgain,
  seeAgainCounts,
  rotations,
  sessions,
  userRoles,
} from '../../db/schema/index';
import { evening, other, otherPerson } from './export-shared';

/* ---------------------------------------------------------------- the data export (docs/decisions/0043) */

export async function rolesOf(db: Db, userId: number) {
  return db.select({ role: userRoles.role, grantedAt: userRoles.grantedAt }).from(userRoles).where(eq(userRoles.userId, userId));
}

export async function sessionsOf(db: Db, userId: number) {
  return db.select({ createdAt: sessions.createdAt, expiresAt: sessions.expiresAt }).from(sessions).where(eq(sessions.userId, userId));
}

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

const { id: _ratingId, eventId: _ratingEventId, raterId: _raterId, ratedId: _ratedId, ...ratingColumns } = getTableColumns(ratings);

export async function ratingsGivenBy(db: Db, userId: number) {
  return db
    .select({ ...evening, rated: otherPerson, ...ratingColumns })
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
  return db.$count(connectionLogs, eq(connectionLogs.otherId, userId));
}

const { eventId: _arrivalEventId, userId: _arrivalUserId, ...arrivalColumns } = getTableColumns(arrivalStates);

export async function arrivalReportsOf(db: Db, userId: number) {
  return db
    .select({ ...evening, ...arrivalColumns })
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

const { id: _feedbackId, eventId: _feedbackEventId, userId: _feedbackUserId, isDemo: _feedbackIsDemo, ...feedbackColumns } = getTableColumns(eventFeedback);

export async function feedbackOf(db: Db, userId: number) {
  return db
    .select({ ...evening, ...feedbackColumns })
    .from(eventFeedback)
    .innerJoin(events, eq(events.id, eventFeedback.eventId))
    .where(eq(eventFeedback.userId, userId))
    .orderBy(asc(eventFeedback.submittedAt));
}

const { eventId: _reactionEventId, userId: _reactionUserId, ...reactionColumns } = getTableColumns(emojiFeedback);

export async function reactionsOf(db: Db, userId: number) {
  return db
    .select({ ...evening, ...reactionColumns })
    .from(emojiFeedback)
    .innerJoin(events, eq(events.id, emojiFeedback.eventId))
    .where(eq(emojiFeedback.userId, userId))
    .orderBy(asc(emojiFeedback.createdAt));
}

export async function previewOptOutOf(db: Db, userId: number) {
  return (await db.select({ since: previewOptOuts.createdAt }).from(previewOptOuts).where(eq(previewOptOuts.userId, userId)))[0] ?? null;
}

export * from './export-queries-people';
