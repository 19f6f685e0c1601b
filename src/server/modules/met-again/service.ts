import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { MET_AGAIN_LABELS, metAgainQuestionText, type MetAgainAnswerKey } from '@shared/domain/met-again';
import { TIME_ZONE } from '@shared/domain/time';
import type { MetAgainQuestion, MyMetAgain } from '@shared/schemas/met-again';
import type { Db } from '../../db/client';
import { conflict, notFound } from '../../errors';
import type { Mailer } from '../../plugins/mail';
import type { Viewer } from '../auth/service';
import * as q from './queries';
import { every } from '../../lib/every';
import { hashSecret, newSecret } from '../../lib/secret';

/**
 * "Did you meet NAME again?" (issue 36, docs/decisions/0083-met-again.md). Seven and twenty-one days
 * after an evening whose contacts were released, each guest is asked once about each match, by
 * e-mail (a link with a random token, kept only as its SHA-256) and on /notifications. Opening the
 * link changes nothing; the page's button answers, once. The pattern of "Still coming?"
 * (docs/decisions/0074-still-coming.md).
 */

export interface MetAgainDeps {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  log: FastifyBaseLogger;
  /** The app's clock. */
  now: () => Date;
}

/** Days after the evening each question is asked, and for how long after that a late sweep may still ask it. */
export const STAGES = [7, 21] as const;
export const WINDOW_DAYS = 7;

export const LINK_NOT_FOUND = "This link isn't valid. Please use the link in your most recent e-mail, or answer on your notifications page.";
export const NO_QUESTION = "There's no such question for you";
export const alreadyAnswered = (answer: MetAgainAnswerKey) => `You've already answered "${MET_AGAIN_LABELS[answer]}".`;

const TOKEN_RE = /^[A-Za-z0-9_-]{43}$/;
const newToken = () => {
  const token = newSecret();
  return { token, hash: hashSecret(token) };
};

const dayFmt = new Intl.DateTimeFormat('en-GB', { timeZone: TIME_ZONE, weekday: 'long', day: 'numeric', month: 'long' });
const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? name;
const linkFor = (publicUrl: string, token: string) => `${publicUrl}/met-again/${token}`;

const view = (row: q.QuestionRow): MetAgainQuestion => ({
  id: row.id,
  eventId: row.eventId,
  eventTitle: row.eventTitle,
  eventDate: row.eventDate.toISOString(),
  stage: row.stage,
  firstName: firstName(row.name),
  otherName: firstName(row.otherName),
  answer: row.answer,
  answeredAt: row.answeredAt ? row.answeredAt.toISOString() : null,
});

/* ------------------------------------------------------------------ asking */

/** One e-mail per guest, evening and stage, with one link per match asked about. */
async function mailQuestions(d: MetAgainDeps, rows: (q.QuestionRow & { token: string })[]) {
  const first = rows[0]!;
  const names = rows.map((r) => firstName(r.otherName));
  const subject = rows.length === 1 ? metAgainQuestionText(names[0]!) : `Did you meet ${names.slice(0, -1).join(', ')} or ${names.at(-1)} again?`;
  const day = dayFmt.format(first.eventDate);
  const notifications = `${d.publicUrl}/notifications`;
  const answers = Object.values(MET_AGAIN_LABELS).join(' / ');
  await d.mailer.send({
    to: first.email,
    subject,
    text: [
      `Hi ${firstName(first.name)},`,
      '',
      `${first.stage} days ago you matched at ${first.eventTitle} (${day}).`,
      '',
      ...rows.flatMap((r) => [`${metAgainQuestionText(firstName(r.otherName))} (${answers})`, linkFor(d.publicUrl, r.token), '']),
      'One tap on the page answers; seeing someone again is how a chat becomes a friendship.',
      `You can also answer on your notifications page: ${notifications}`,
      '',
      'Speed Friendship',
    ].join('\n'),
    html: `<p>Hi ${esc(firstName(first.name))},</p>
<p>${esc(`${first.stage} days ago you matched at ${first.eventTitle} (${day}).`)}</p>
${rows.map((r) => `<p><strong>${esc(metAgainQuestionText(firstName(r.otherName)))}</strong><br><a href="${esc(linkFor(d.publicUrl, r.token))}">${esc(answers)}</a></p>`).join('\n')}
<p>One tap on the page answers; seeing someone again is how a chat becomes a friendship.</p>
<p>You can also answer on <a href="${esc(notifications)}">your notifications page</a>.</p>`,
  });
}

/**
 * One sweep by the app's clock: claim the questions now due (each once, whichever instance), then
 * mail those not yet mailed (each e-mail claimed once). Returns how many questions this sweep claimed
 * and how many it mailed.
 */
export async function sweep(d: MetAgainDeps) {
  const at = d.now();
  let asked = 0;
  for (const stage of STAGES) asked += await q.claimDue(d.db, at, stage, WINDOW_DAYS);
  const claimed = await q.claimUnmailed(d.db, at, newToken);
  const tokens = new Map(claimed.map((c) => [c.id, c.token]));
  const rows = (await q.questionsByIds(d.db, [...tokens.keys()])).map((r) => ({ ...r, token: tokens.get(r.id)! }));
  const groups = new Map<string, typeof rows>();
  for (const r of rows) {
    const key = `${r.userId}:${r.eventId}:${r.stage}`;
    groups.set(key, [...(groups.get(key) ?? []), r]);
  }
  for (const group of groups.values())
    await mailQuestions(d, group).catch((err: unknown) =>
      d.log.error({ err, eventId: group[0]!.eventId }, 'met-again e-mail failed (the question is on /notifications)'),
    );
  return { asked, mailed: rows.length };
}

/** The periodic sweep: once when the server starts listening, then every `everyMs`; stopped when the app closes (after the sweep under way). */
export function startMetAgainSweep(app: FastifyInstance, deps: () => MetAgainDeps, everyMs = 60_000) {
  // Tests drive the app with inject (never listening) and call sweep() with their own clock.
  every(app, { what: 'met-again sweep', everyMs, first: 'listen', run: () => sweep(deps()) });
}

/* ------------------------------------------------------------------ answering */

async function questionByToken(d: MetAgainDeps, token: string) {
  const row = TOKEN_RE.test(token) ? await q.questionByTokenHash(d.db, hashSecret(token)) : null;
  if (!row) throw notFound(LINK_NOT_FOUND);
  return row;
}

/** GET /api/met-again/{token}: the question, for whoever holds the e-mail's link. Changes nothing (mail scanners open links). */
export async function showByToken(d: MetAgainDeps, token: string): Promise<MetAgainQuestion> {
  return view(await questionByToken(d, token));
}

/** POST /api/met-again/{token}: the answer, once, from the e-mail's page (no sign-in: the token is the proof). */
export async function answerByToken(d: MetAgainDeps, token: string, answer: MetAgainAnswerKey): Promise<MetAgainQuestion> {
  return apply(d, await questionByToken(d, token), answer);
}

/** POST /api/me/met-again/{id}: the signed-in guest answers on /notifications; someone else's question is not found. */
export async function answerAsGuest(d: MetAgainDeps, viewer: Viewer, id: number, answer: MetAgainAnswerKey): Promise<MetAgainQuestion> {
  const row = await q.questionOf(d.db, id, viewer.id);
  if (!row) throw notFound(NO_QUESTION);
  return apply(d, row, answer);
}

async function apply(d: MetAgainDeps, row: q.QuestionRow, answer: MetAgainAnswerKey): Promise<MetAgainQuestion> {
  if (row.answer) throw conflict(alreadyAnswered(row.answer));
  if (!(await q.answer(d.db, row.id, answer, d.now()))) {
    const now = await q.questionOf(d.db, row.id, row.userId);
    throw conflict(alreadyAnswered(now?.answer ?? answer));
  }
  return view((await q.questionOf(d.db, row.id, row.userId))!);
}

/** GET /api/me/met-again: the viewer's questions not yet answered (on /notifications). */
export async function mine(db: Db, viewer: Viewer): Promise<MyMetAgain> {
  return { questions: (await q.openQuestionsOf(db, viewer.id)).map(view) };
}

/** The retention sweep's part: questions asked RETENTION_DAYS ago lose the people's ids (answered) or go (unanswered). */
export const forgetPeople = (db: Db, cutoff: Date) => q.forgetPeople(db, cutoff);
