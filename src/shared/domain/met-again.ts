import { MIN_MATCH_RATING } from './constants';

/**
 * "Meet again" (issue 36, docs/decisions/0083-met-again.md): the "Did you meet NAME again?" wording,
 * the same in the e-mail, on the link's page and on /notifications, and the rule for the liking-gap
 * count on /my-matches.
 */

export const MET_AGAIN_ANSWERS = ['met', 'planned', 'not_yet'] as const;
export type MetAgainAnswerKey = (typeof MET_AGAIN_ANSWERS)[number];
export const MET_AGAIN_STAGES = [7, 21] as const;

export const MET_AGAIN_LABELS: Record<MetAgainAnswerKey, string> = {
  met: 'Yes, we met',
  planned: "We've planned to",
  not_yet: 'Not yet',
};

export const metAgainQuestionText = (name: string) => `Did you meet ${name} again?`;

/** Said once the question is answered. */
export function metAgainAnsweredNote(answer: MetAgainAnswerKey, name: string): string {
  if (answer === 'met') return `Wonderful: you met ${name} again. Every time together makes a friendship.`;
  if (answer === 'planned') return `Lovely: you've planned to see ${name} again. Enjoy it!`;
  return `Thanks for telling us. A short message to ${name} is often all it takes.`;
}

/**
 * Whether "N people would like to see you again" may be shown to a guest (docs/PRODUCT.md "Counts
 * shown to a guest never reveal one person's rating"). The guest knows their matches (who rated them
 * highly) and the partners they rated highly without a match (who therefore did not). What the count
 * adds is about the rest, the `undecided` partners: `admirers` of them rated the guest highly. That
 * singles each of them out when all of them did (admirers = undecided) or none did (admirers = 0),
 * unless there are none to single out. So it is shown when N is at least one and either no partner
 * is undecided, or some but not all undecided partners rated the guest highly.
 */
export function seeAgainShown(p: { wouldSeeAgain: number; matches: number; undecided: number }): boolean {
  if (p.wouldSeeAgain < 1) return false;
  if (p.undecided === 0) return true;
  const admirers = p.wouldSeeAgain - p.matches;
  return admirers > 0 && admirers < p.undecided;
}

/** A rating that says "I would like to see you again": the match threshold (src/shared/domain/matching.ts isMutual). */
export const wouldSeeAgain = (rating: number) => rating >= MIN_MATCH_RATING;

export const seeAgainText = (n: number) => (n === 1 ? '1 person would like to see you again' : `${n} people would like to see you again`);
