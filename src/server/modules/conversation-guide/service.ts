/**
 * The conversation guide (issue 36, docs/decisions/0081-a-conversation-guide-for-every-round.md): the
 * question for a checked-in guest's pair in the round under way, "Another question", and the host's
 * setting. At the bell each instance gives the opening questions of the pairs watching it and sends
 * them on the socket (openingQuestions, docs/decisions/0147); a phone that did not hear one asks, and
 * the common answer (a question already given) is one read (queries.guideState).
 */
import { candidates, GUIDE_QUESTIONS_PER_ROUND, type GuideQuestion, type GuideSetting } from '@shared/domain/conversation-guide';
import type { ConversationGuide, GuideQuestionView } from '@shared/schemas/conversation-guide';
import type { Db } from '../../db/client';
import { conflict, forbidden, notFound } from '../../errors';
import type { Viewer } from '../auth/service';
import { EVENT_NOT_FOUND, isHostOf } from '../events/service';
import * as q from './queries';

export const GUESTS_ONLY = 'Only checked-in guests of this evening see its conversation guide';
export const ROUND_OVER = 'This round is over: your next question comes with your next partner';
export const ENOUGH = `That's ${GUIDE_QUESTIONS_PER_ROUND} questions this round: carry on in your own words`;
export const NOT_YOURS = 'Only the host of this evening can change its conversation guide';

/** The state, refused unless the viewer is a checked-in guest or a host of the evening. */
async function stateFor(db: Db, viewer: Viewer, eventId: number) {
  const s = await q.guideState(db, eventId, viewer.id);
  if (!s) throw notFound(EVENT_NOT_FOUND);
  const host = isHostOf(viewer, { hostId: s.hostId });
  if (!host && !(s.registered && s.checkedIn)) throw forbidden(GUESTS_ONLY);
  return s;
}

const view = (round: number, r: { position: number; text: string; followUp: string; topic: string | null }): GuideQuestionView => ({
  round,
  position: r.position,
  text: r.text,
  followUp: r.followUp,
  topic: r.topic,
});

type PairContext = Awaited<ReturnType<typeof q.pairContext>>;

/** The pair's question: the first candidate neither has had this evening, the same whichever of the two asks. */
function pickFor(setting: Exclude<GuideSetting, 'off'>, round: number, me: number, partner: number, ctx: PairContext) {
  const [a, b] = me < partner ? [ctx.a, ctx.b] : [ctx.b, ctx.a];
  return candidates(a, b, setting, round, Math.min(me, partner) + Math.max(me, partner) * 7 + round).find((c) => !ctx.asked.has(c.key)) ?? null;
}

/**
 * Give the pair the first question neither has had this evening, at `position` of the round. When the
 * partner's phone gave one there a moment before, that one stands (both read the same question).
 * `empty`: the caller's read of the state just found nothing at `position`, so the first try writes
 * without reading it again (docs/decisions/0145: a pair's first ask at the bell is four round trips, the session's included);
 * `read`: the pair's context as the caller read it with the state (the bell's, docs/decisions/0147), for the first try.
 */
async function giveAt(
  db: Db,
  eventId: number,
  setting: Exclude<GuideSetting, 'off'>,
  round: number,
  me: number,
  partner: number,
  position: number,
  empty: boolean,
  read?: PairContext,
) {
  for (let attempt = 0; attempt < 3; attempt++) {
    const standing = attempt === 0 && empty ? null : await q.questionAt(db, eventId, me, round, position);
    if (standing) return view(round, standing);
    const ctx = attempt === 0 && read ? read : await q.pairContext(db, eventId, me, partner);
    const pick = pickFor(setting, round, me, partner, ctx);
    if (!pick) return null;
    if (await q.give(db, eventId, me, partner, { ...pick, round, position })) return view(round, { ...pick, position });
  }
  // Still refused after three tries (a crowd of requests for the same pair): what stands, if anything.
  const standing = await q.questionAt(db, eventId, me, round, position);
  return standing ? view(round, standing) : null;
}

/** What GET …/conversation-guide answers a guest shown `question` (null: none). */
const answer = (setting: GuideSetting, question: GuideQuestionView | null): ConversationGuide => ({
  setting,
  question,
  more: question !== null && question.position < GUIDE_QUESTIONS_PER_ROUND - 1,
});

/** GET /api/events/:id/conversation-guide: this round's question for the viewer's pair (the opening one is given on the first ask). */
export async function myQuestion(db: Db, viewer: Viewer, eventId: number): Promise<ConversationGuide> {
  const s = await stateFor(db, viewer, eventId);
  if (s.setting === 'off' || s.partnerId === null) return answer(s.setting, null);
  if (s.position !== null && s.text !== null && s.followUp !== null)
    return answer(s.setting, view(s.round, { position: s.position, text: s.text, followUp: s.followUp, topic: s.topic }));
  // Nothing given this round (the state's latest question is null): the opening one is written at once.
  return answer(s.setting, await giveAt(db, eventId, s.setting, s.round, viewer.id, s.partnerId, 0, true));
}

/**
 * At the bell (docs/decisions/0147): what GET …/conversation-guide would answer each checked-in guest
 * among `guestIds` who has a partner in `round`, the round under way: the pair's latest question of
 * the round, or its opening one, given now as the first ask would give it (the same question, the same
 * rows). One read for the evening, then one write for every pair without a question. A guest missing
 * from the answer (a write refused three times) asks as before.
 */
export async function openingQuestions(db: Db, eventId: number, round: number, guestIds: readonly number[]): Promise<Map<number, ConversationGuide>> {
  const out = new Map<number, ConversationGuide>();
  if (round <= 0) return out;
  const fresh: { a: number; b: number; setting: Exclude<GuideSetting, 'off'>; question: GuideQuestion }[] = [];
  for (const { setting, a, b, asked } of await q.roundPairs(db, eventId, round, guestIds)) {
    if (setting === 'off') {
      for (const g of [a, b]) out.set(g.id, answer(setting, null));
    } else if (a.latest || b.latest) {
      // Given already (a phone asked first): each their own latest; one without asks as before.
      for (const g of [a, b]) if (g.latest) out.set(g.id, answer(setting, view(round, g.latest)));
    } else {
      const ctx = { a: { interests: a.interests, motivations: a.motivations }, b: { interests: b.interests, motivations: b.motivations }, asked };
      const question = pickFor(setting, round, a.id, b.id, ctx);
      if (question) fresh.push({ a: a.id, b: b.id, setting, question });
      else for (const g of [a, b]) out.set(g.id, answer(setting, null));
    }
  }
  // Every pair's opening question in one write; a pair it left out (another instance gave it a moment
  // before) reads what stands, or is given on its own, as the first ask would.
  const written = fresh.length ? await q.giveOpenings(db, eventId, round, fresh) : new Set<number>();
  await Promise.all(
    fresh.map(async ({ a, b, setting, question }) => {
      const given = written.has(a) && written.has(b) ? view(round, { ...question, position: 0 }) : await giveAt(db, eventId, setting, round, a, b, 0, false);
      if (given) for (const id of [a, b]) out.set(id, answer(setting, given));
    }),
  );
  return out;
}

/**
 * POST …/conversation-guide/next: the question after the one at `after` in `round`. Asked from both
 * phones at once, both get the same one; asked again for a place already given, that place's question
 * comes back (nothing new is written). Bounded: GUIDE_QUESTIONS_PER_ROUND a round.
 */
export async function nextQuestion(db: Db, viewer: Viewer, eventId: number, body: { round: number; after: number }): Promise<ConversationGuide> {
  const s = await stateFor(db, viewer, eventId);
  if (s.setting === 'off') throw conflict('The host has turned the conversation guide off for this evening');
  if (s.partnerId === null || s.round !== body.round) throw conflict(ROUND_OVER);
  if (s.position === null || body.after > s.position) throw conflict('Ask for the question on your screen first');
  const position = body.after + 1;
  if (position >= GUIDE_QUESTIONS_PER_ROUND) throw conflict(ENOUGH);
  // The latest place given is `s.position`: a place beyond it holds nothing yet.
  const question = await giveAt(db, eventId, s.setting, s.round, viewer.id, s.partnerId, position, position > s.position);
  if (!question) throw conflict("That's every question we have for the two of you: carry on in your own words");
  return { setting: s.setting, question, more: question.position < GUIDE_QUESTIONS_PER_ROUND - 1 };
}

/** PUT …/conversation-guide/setting: the host's choice for the evening. */
export async function setSetting(db: Db, viewer: Viewer, eventId: number, setting: GuideSetting): Promise<{ setting: GuideSetting }> {
  const s = await q.guideState(db, eventId, viewer.id);
  if (!s) throw notFound(EVENT_NOT_FOUND);
  if (!isHostOf(viewer, { hostId: s.hostId })) throw forbidden(NOT_YOURS);
  await q.setSetting(db, eventId, setting);
  return { setting };
}

/** For the member's data export (modules/users). */
export const questionsOf = q.questionsOf;
/** For the retention sweep (modules/privacy). */
export const deleteForEvent = q.deleteForEvent;
