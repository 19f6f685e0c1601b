/**
 * Safety tools for the people in the room (GitHub issue 21; docs/decisions/0041, 0042): a member
 * blocks someone they met, reports someone from an evening, a match or an invite; hosts of that
 * evening and admins read the reports; an admin suspends an account (its future bookings cancelled
 * by the refund rule, the person told by e-mail) and lifts it; a host removes a guest from a running
 * evening. The blocked person is never told: nothing they can see changes but the absence.
 */
import { REPORTS_PER_DAY, type BlockList, type BlockState, type ReportBody, type ReportList, type SuspensionResult } from '@shared/schemas/safety';
import type { Db } from '../../db/client';
import { AppError, forbidden, notFound } from '../../errors';
import type { Viewer } from '../auth/service';
import * as events from '../events/service';
import * as live from '../live/service';
import * as meetups from '../meetups/service';
import * as tickets from '../tickets/service';
import { refuseUnlessReportHandler, refuseUnlessReportReader, refuseUnlessSuspender } from './policies';
import * as q from './queries';

export const USER_NOT_FOUND = 'User not found';
export const NOT_YOURSELF = 'You cannot block yourself';
export const NOT_MET = 'You can only block someone you met at an evening or who invited you';
export const REPORT_NOT_YOURSELF = 'You cannot report yourself';
export const NOT_FROM_EVENING =
  'You can only report someone you met at this evening (you were both checked in), or who sent you an invite or a message from it. If you are in danger, call 999.';
export const REPORT_LIMIT = `You have sent ${REPORTS_PER_DAY} reports today. If you are in danger, call 999; otherwise you can send more tomorrow.`;
export const REPORT_THANKS =
  'Thank you for telling us. The hosts of this evening and our admins will look at it; the person you reported is not told who reported them.';
export const REPORT_NOT_FOUND = 'Report not found';
export const NOT_YOUR_OWN = 'You cannot suspend your own account';

/**
 * POST /api/me/blocks: block someone the viewer met (idempotent); any evening still to come that seats
 * them together is planned again, and any meet-up with both of them in it ends.
 */
export async function block(db: Db, viewer: Viewer, userId: number): Promise<{ state: BlockState; replanned: number[] }> {
  if (userId === viewer.id) throw new AppError('bad_request', NOT_YOURSELF);
  if (!(await q.person(db, userId))) throw notFound(USER_NOT_FOUND);
  if (!(await q.hasMet(db, viewer.id, userId))) throw forbidden(NOT_MET);
  await q.insertBlock(db, viewer.id, userId);
  // A meet-up being planned or confirmed with both in it ends (docs/decisions/0082).
  await meetups.endForBlock(db, viewer.id, userId, new Date());
  const replanned = await live.keepApart(db, viewer.id, userId);
  return { state: { userId, blocked: true }, replanned };
}

/** DELETE /api/me/blocks/{userId}: undo a block (idempotent). */
export async function unblock(db: Db, viewer: Viewer, userId: number): Promise<BlockState> {
  await q.deleteBlock(db, viewer.id, userId);
  return { userId, blocked: false };
}

/** GET /api/me/blocks: the people the viewer blocked, newest first. */
export async function myBlocks(db: Db, viewer: Viewer): Promise<BlockList> {
  return { blocks: (await q.blocksBy(db, viewer.id)).map((b) => ({ userId: b.userId, name: b.name, blockedAt: b.blockedAt.toISOString() })) };
}

/**
 * POST /api/reports: about someone the reporter met at the evening (both checked in: the blocking
 * rule for one evening) or who sent them a message from it (a host's, /messaging); about an
 * invite, its sender (to the reporter, naming the evening). A booking alone is not enough: a
 * stranger on an evening still to come cannot be reported (issue 33).
 */
export async function report(db: Db, viewer: Viewer, body: Required<Pick<ReportBody, 'userId' | 'eventId' | 'context' | 'reason'>> & { details: string }) {
  if (body.userId === viewer.id) throw new AppError('bad_request', REPORT_NOT_YOURSELF);
  if (!(await q.person(db, body.userId))) throw notFound(USER_NOT_FOUND);
  await events.getEventRow(db, body.eventId);
  const [from, to] = [body.userId, viewer.id];
  const shared =
    body.context === 'invite'
      ? await q.inviteFrom(db, body.eventId, from, to)
      : (await q.metAt(db, body.eventId, viewer.id, body.userId)) || (await q.messageFrom(db, body.eventId, from, to));
  if (!shared) throw forbidden(NOT_FROM_EVENING);
  const id = await q.insertReport(
    db,
    { reporterId: viewer.id, reportedId: body.userId, eventId: body.eventId, context: body.context, reason: body.reason, details: body.details },
    REPORTS_PER_DAY,
  );
  if (id === null) throw new AppError('rate_limited', REPORT_LIMIT);
  return { id, message: REPORT_THANKS };
}

/** GET /api/reports: admins see every report; a host those of the evenings they host (without e-mail addresses). */
export async function listReports(db: Db, viewer: Viewer): Promise<ReportList> {
  const { admin } = refuseUnlessReportReader(viewer);
  const rows = await q.listReports(db, admin ? null : viewer.id);
  return {
    canHandle: admin,
    reports: rows.map((r) => ({
      id: r.id,
      reporter: { id: r.reporterId, name: r.reporterName },
      reported: { id: r.reportedId, name: r.reportedName, email: admin ? r.reportedEmail : null, suspended: r.reportedSuspendedAt !== null },
      event: { id: r.eventId, title: r.eventTitle, date: r.eventDate.toISOString() },
      context: r.context,
      reason: r.reason,
      details: r.details,
      createdAt: r.createdAt.toISOString(),
      handledAt: r.handledAt?.toISOString() ?? null,
    })),
  };
}

/** POST /api/reports/{id}/handled: admins only (idempotent: the first time and admin are kept). */
export async function markHandled(db: Db, viewer: Viewer, id: number) {
  refuseUnlessReportHandler(viewer);
  if (!(await q.markHandled(db, id, viewer.id))) throw notFound(REPORT_NOT_FOUND);
  return { id, handled: true as const };
}

export interface SuspendDeps extends tickets.TicketDeps {
  appName: string;
}

/**
 * PUT /api/users/{id}/suspension (admins): suspend or lift. Suspending ends the account's sessions
 * (login is refused meanwhile, auth/service.ts), takes it off every waitlist, and cancels each booking
 * of an evening still to come through the member's own cancellation (tickets.cancel: the 24-hour
 * refund rule, the seat back, the waitlist offered it); then the person is told by e-mail.
 */
export async function setSuspension(d: SuspendDeps, viewer: Viewer, userId: number, suspended: boolean): Promise<SuspensionResult> {
  refuseUnlessSuspender(viewer);
  if (userId === viewer.id && suspended) throw new AppError('bad_request', NOT_YOUR_OWN);
  const who = await q.person(d.db, userId);
  if (!who) throw notFound(USER_NOT_FOUND);
  if (!(await q.setSuspended(d.db, userId, suspended))) throw notFound(USER_NOT_FOUND);
  let cancelledBookings = 0;
  let refunds = 0;
  if (suspended) {
    // The member as the cancellation sees them: their own bookings, cancelled as if by them.
    const asMember: Viewer = { id: who.id, email: who.email, name: who.name, roles: ['member'] };
    for (const eventId of await q.waitlistPlaces(d.db, userId)) {
      await tickets.leaveWaitlist(d, asMember, eventId).catch((err: unknown) => d.log.warn({ err, eventId, userId }, 'suspension: leaving a waitlist failed'));
    }
    for (const eventId of await q.futureBookings(d.db, userId)) {
      try {
        const r = await tickets.cancel(d, asMember, eventId);
        cancelledBookings++;
        if (r.refunded) refunds++;
      } catch (err) {
        // An evening that began meanwhile keeps its guest list; a refund that failed keeps the place (logged, tried again on the next suspension).
        d.log.warn({ err, eventId, userId }, 'suspension: cancelling a booking failed');
      }
    }
  }
  // Told once per change: suspending a suspended account again, or lifting an active one, sends nothing.
  if ((who.suspendedAt !== null) !== suspended) {
    await d.mailer
      .send(suspended ? suspendedMail(d.appName, who, cancelledBookings, refunds) : liftedMail(d.appName, who, d.publicUrl))
      .catch((err: unknown) => d.log.error({ err, userId }, 'suspension e-mail failed'));
  }
  return { userId, suspended, cancelledBookings, refunds };
}

function suspendedMail(appName: string, who: { email: string; name: string }, cancelled: number, refunds: number) {
  const bookings =
    cancelled === 0
      ? 'You had no bookings for evenings still to come.'
      : `Your ${cancelled === 1 ? 'booking' : `${cancelled} bookings`} for evenings still to come ${cancelled === 1 ? 'is' : 'are'} cancelled` +
        (refunds > 0 ? `; ${refunds === 1 ? 'the payment' : `${refunds} payments`} will be refunded to your card within 5-10 working days.` : '.');
  return {
    to: who.email,
    subject: `Your ${appName} account is suspended`,
    text:
      `Hi ${who.name},\n\nAfter a report from an evening, an admin has suspended your ${appName} account. ` +
      `While it is suspended you cannot sign in or book evenings.\n\n${bookings}\n\n` +
      `If you think this is a mistake, reply to this e-mail and tell us what happened.\n\n${appName}`,
  };
}

function liftedMail(appName: string, who: { email: string; name: string }, publicUrl: string) {
  return {
    to: who.email,
    subject: `Your ${appName} account is active again`,
    text: `Hi ${who.name},\n\nAn admin has lifted the suspension of your ${appName} account: you can sign in again at ${publicUrl}/login.\n\n${appName}`,
  };
}

/** POST /api/events/{id}/guests/{userId}/removal: a host of the evening removes a guest (live.removeGuest), while the evening is under way. */
export async function removeGuest(db: Db, viewer: Viewer, eventId: number, userId: number, now: Date) {
  const replanned = await live.removeGuest(db, viewer, eventId, userId, now);
  return { userId, removed: true as const, replanned };
}
