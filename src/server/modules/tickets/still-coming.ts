import type { FastifyInstance } from 'fastify';
import { REFUND_WINDOW_HOURS } from '@shared/domain/constants';
import { answeredNote, NO_LABEL, releaseNote, stillComingQuestionText, YES_LABEL } from '@shared/domain/still-coming';
import { TIME_ZONE } from '@shared/domain/time';
import type { MyStillComing, StillComingAnswer, StillComingCounts, StillComingQuestion, StillComingRefund } from '@shared/schemas/still-coming';
import type { Db } from '../../db/client';
import { AppError, conflict, notFound } from '../../errors';
import type { Viewer } from '../auth/service';
import * as events from '../events/service';
import * as q from './queries';
import * as resale from './resale';
import * as tickets from './service';
import * as sq from './still-coming-queries';
import { every } from '../../lib/every';
import { hashSecret, newSecret } from '../../lib/secret';

/**
 * "Still coming?" (issue 35, docs/decisions/0074-still-coming.md). STILL_COMING_HOURS (48) before an
 * evening, or at booking when it is nearer, each booked guest is asked once, by e-mail (a link with a
 * random token, kept only as its SHA-256) and on /notifications. Opening the link changes nothing;
 * pressing "I can't make it" gives the place up through the same path as a cancellation (the seat
 * goes to the waitlist's first in the same transaction, the refund rule with resale).
 */

export interface StillComingDeps extends tickets.TicketDeps {
  /** STILL_COMING_HOURS. */
  hours: number;
  /** The app's clock. */
  now: () => Date;
}

export const LINK_NOT_FOUND = "This link isn't valid. Please use the link in your most recent e-mail, or answer on your notifications page.";
export const NO_QUESTION = "There's no question to answer for this evening";
export const NO_LONGER_BOOKED = "You're no longer booked for this evening, so there is nothing to answer.";
export const QUESTION_CLOSED = 'This evening has already begun, so this question has closed.';
export const BEGUN_NO_RELEASE = 'This evening has already begun, so your place can no longer be released.';
export const alreadyAnswered = (answer: StillComingAnswer) => `You've already answered "${answer === 'yes' ? YES_LABEL : NO_LABEL}".`;

const TOKEN_RE = /^[A-Za-z0-9_-]{43}$/;

const dayFmt = new Intl.DateTimeFormat('en-GB', { timeZone: TIME_ZONE, weekday: 'long', day: 'numeric', month: 'long' });
const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? name;
const linkFor = (publicUrl: string, token: string) => `${publicUrl}/still-coming/${token}`;

/** What giving up the place would mean for the guest's money now (the same rule as a cancellation). */
async function refundIfReleased(d: StillComingDeps, row: sq.QuestionRow): Promise<StillComingRefund> {
  if (row.answer === 'no') {
    const kind = row.refundKind ?? 'none';
    const amount = row.refundAmount ?? 0;
    return { kind: kind === 'on_resale' && row.resaleStatus === 'refunded' ? 'refunded' : kind, amount };
  }
  if (!row.registered || row.paymentId === null) return { kind: 'none', amount: 0 };
  const payment = await q.findPayment(d.db, row.paymentId);
  if (!payment || payment.status !== 'succeeded' || payment.amount <= 0) return { kind: 'none', amount: 0 };
  const refundable = row.date.getTime() - Date.now() >= REFUND_WINDOW_HOURS * 3_600_000;
  return { kind: refundable ? 'now' : 'on_resale', amount: payment.amount };
}

async function view(d: StillComingDeps, row: sq.QuestionRow): Promise<StillComingQuestion> {
  return {
    eventId: row.eventId,
    title: row.title,
    date: row.date.toISOString(),
    startTime: row.startTime,
    endTime: row.endTime,
    venue: row.venue,
    firstName: firstName(row.name),
    answer: row.answer,
    answeredAt: row.answeredAt ? row.answeredAt.toISOString() : null,
    refund: await refundIfReleased(d, row),
  };
}

/* ------------------------------------------------------------------ asking */

async function mailQuestion(d: StillComingDeps, row: sq.QuestionRow, token: string) {
  const link = linkFor(d.publicUrl, token);
  const day = dayFmt.format(row.date);
  const question = stillComingQuestionText(row.title, day);
  const note = releaseNote(await refundIfReleased(d, row));
  const notifications = `${d.publicUrl}/notifications`;
  await d.mailer.send({
    to: row.email,
    subject: question,
    text: [
      `Hi ${firstName(row.name)},`,
      '',
      `${question} (${row.startTime}-${row.endTime} at ${row.venue})`,
      '',
      `Let us know with one tap on this page: "${YES_LABEL}" or "${NO_LABEL}".`,
      link,
      '',
      `If you can't make it, saying so gives your seat to someone on the waitlist. ${note}`,
      `You can also answer on your notifications page: ${notifications}`,
      '',
      'Speed Friendship',
    ].join('\n'),
    html: `<p>Hi ${esc(firstName(row.name))},</p>
<p><strong>${esc(question)}</strong><br>${esc(`${row.startTime}-${row.endTime} at ${row.venue}`)}</p>
<p><a href="${esc(link)}">${esc(YES_LABEL)}</a> · <a href="${esc(link)}">${esc(NO_LABEL)}</a></p>
<p>If you can't make it, saying so gives your seat to someone on the waitlist. ${esc(note)}</p>
<p>You can also answer on <a href="${esc(notifications)}">your notifications page</a>.</p>`,
  });
}

/**
 * Ask every guest due a question (optionally of one evening, one guest): the evening starts within
 * STILL_COMING_HOURS of the app's clock. Each question is claimed by one INSERT, so instances
 * sweeping at once ask each guest once per evening. Returns how many were asked.
 */
export async function askDue(d: StillComingDeps, only: { eventId?: number; userId?: number } = {}) {
  let asked = 0;
  for (const g of await sq.guestsToAsk(d.db, d.now(), d.hours, only)) {
    const token = newSecret();
    if (!(await sq.claimQuestion(d.db, { ...g, tokenHash: hashSecret(token), askedAt: d.now() }))) continue;
    asked++;
    const row = await sq.questionFor(d.db, g.eventId, g.userId);
    if (row)
      await mailQuestion(d, row, token).catch((err: unknown) => d.log.error({ err, ...g }, 'still-coming e-mail failed (the question is on /notifications)'));
  }
  return asked;
}

/* ------------------------------------------------------------------ answering */

async function questionByToken(d: StillComingDeps, token: string) {
  const row = TOKEN_RE.test(token) ? await sq.questionByTokenHash(d.db, hashSecret(token)) : null;
  if (!row) throw notFound(LINK_NOT_FOUND);
  return row;
}

/** GET /api/still-coming/{token}: the question, for whoever holds the e-mail's link. Changes nothing (mail scanners open links). */
export async function showByToken(d: StillComingDeps, token: string): Promise<StillComingQuestion> {
  const row = await questionByToken(d, token);
  if (row.answer === null) {
    if (!row.registered) throw new AppError('gone', NO_LONGER_BOOKED);
    if (await tickets.hasBegun(d.db, { id: row.eventId, date: row.date }, d.now())) throw new AppError('gone', QUESTION_CLOSED);
  }
  return view(d, row);
}

/** POST /api/still-coming/{token}: the answer, once, from the e-mail's page (no sign-in: the token is the proof). */
export async function answerByToken(d: StillComingDeps, token: string, answer: StillComingAnswer): Promise<StillComingQuestion> {
  return apply(d, await questionByToken(d, token), answer);
}

/** POST /api/events/{id}/still-coming: the signed-in guest answers on /notifications. */
export async function answerAsGuest(d: StillComingDeps, viewer: Viewer, eventId: number, answer: StillComingAnswer): Promise<StillComingQuestion> {
  await events.getEventRow(d.db, eventId);
  const row = await sq.questionFor(d.db, eventId, viewer.id);
  if (!row) throw notFound(NO_QUESTION);
  return apply(d, row, answer);
}

async function apply(d: StillComingDeps, row: sq.QuestionRow, answer: StillComingAnswer): Promise<StillComingQuestion> {
  if (row.answer) throw conflict(alreadyAnswered(row.answer));
  if (!row.registered) throw new AppError('gone', NO_LONGER_BOOKED);
  if (answer === 'yes') {
    if (!(await sq.answerQuestion(d.db, row.id, 'yes')))
      throw conflict(alreadyAnswered((await sq.questionFor(d.db, row.eventId, row.userId))?.answer ?? 'yes'));
  } else {
    if (await tickets.hasBegun(d.db, { id: row.eventId, date: row.date }, d.now())) throw conflict(BEGUN_NO_RELEASE);
    if (row.checkedIn) throw conflict(tickets.CHECKED_IN_NO_CANCEL);
    // The answer is recorded in the transaction that frees the seat and offers it on: both or neither.
    // A press that lost a race with another (two taps, two devices) says what was answered.
    await tickets
      .cancelPlace(d, row.userId, row.eventId, async (tx: Db, money) => {
        const refund = money.refundedNow
          ? { kind: 'now' as const, amount: money.refundedNow }
          : money.onResale
            ? { kind: 'on_resale' as const, amount: money.onResale }
            : { kind: 'none' as const, amount: 0 };
        if (!(await sq.answerQuestion(tx, row.id, 'no', refund))) throw conflict(alreadyAnswered('no'));
      })
      .catch(async (err: unknown) => {
        const now = await sq.questionFor(d.db, row.eventId, row.userId);
        throw now?.answer ? conflict(alreadyAnswered(now.answer)) : err;
      });
  }
  const fresh = (await sq.questionFor(d.db, row.eventId, row.userId))!;
  const out = await view(d, fresh);
  if (answer === 'no')
    await mailReleased(d, fresh, out).catch((err: unknown) => d.log.error({ err, eventId: row.eventId }, 'still-coming release e-mail failed'));
  return out;
}

/** The e-mail after "I can't make it": the place is released, and what happens to the money. */
async function mailReleased(d: StillComingDeps, row: sq.QuestionRow, out: StillComingQuestion) {
  const note = answeredNote('no', out.refund);
  await d.mailer.send({
    to: row.email,
    subject: `Your place at ${row.title} is released`,
    text: [
      `Hi ${firstName(row.name)},`,
      '',
      `Thanks for letting us know you can't make it to ${row.title} on ${dayFmt.format(row.date)}.`,
      note,
      '',
      `Other evenings: ${d.publicUrl}/events`,
      '',
      'Speed Friendship',
    ].join('\n'),
  });
}

/** GET /api/me/still-coming: the viewer's questions still open (on /notifications). */
export async function mine(d: StillComingDeps, viewer: Viewer): Promise<MyStillComing> {
  const rows = await sq.openQuestionsOf(d.db, viewer.id, d.now());
  return { questions: await Promise.all(rows.map((r) => view(d, r))) };
}

/** GET /api/events/{id}/still-coming: the host of the evening (or an admin) sees the counts. */
export async function countsForHost(db: Db, viewer: Viewer, eventId: number): Promise<StillComingCounts> {
  await events.requireHostOf(db, viewer, eventId, 'Only the host of this evening can see who is still coming');
  return { eventId, ...(await sq.countsFor(db, eventId)) };
}

/* ------------------------------------------------------------------ the sweep */

/** One sweep: ask the guests now due a question, and pay resale refunds a failed call left due. Safe on several instances. */
export async function sweep(d: StillComingDeps) {
  const asked = await askDue(d);
  await resale.payDueResales(d);
  return asked;
}

/** The periodic sweep (every minute by default), stopped when the app closes (after the sweep under way, if any). */
export function startStillComingSweep(app: FastifyInstance, deps: () => StillComingDeps, everyMs = 60_000) {
  every(app, { what: 'still-coming sweep', everyMs, run: () => sweep(deps()) });
}
