import { formatPounds } from './constants';
import type { StillComingAnswer, StillComingRefund } from '../schemas/still-coming';

/** "Still coming?" wording, the same in the e-mail, on the link's page and on /notifications (docs/decisions/0074-still-coming.md). */

export const YES_LABEL = 'Yes, see you there';
export const NO_LABEL = "I can't make it";

export const stillComingQuestionText = (title: string, day: string) => `Still coming to ${title} on ${day}?`;

/** Said on the "I can't make it" button, before it is pressed. */
export function releaseNote(refund: StillComingRefund): string {
  const pounds = `£${formatPounds(refund.amount)}`;
  if (refund.kind === 'now') return `Your place goes to someone else and you'll be refunded ${pounds}.`;
  if (refund.kind === 'on_resale') return `Your place goes to someone else; you'll be refunded ${pounds} if someone takes your place.`;
  return 'Your place goes to someone else.';
}

/** Said after the answer (on the page, and in the e-mail after "I can't make it"). */
export function answeredNote(answer: StillComingAnswer, refund: StillComingRefund): string {
  if (answer === 'yes') return "You said you're coming. See you there!";
  const pounds = `£${formatPounds(refund.amount)}`;
  if (refund.kind === 'now') return `You gave up your place. ${pounds} will be refunded to your card within 5-10 working days.`;
  if (refund.kind === 'on_resale')
    return `You gave up your place. You'll be refunded ${pounds} if someone takes your place, and we'll e-mail you when they do.`;
  if (refund.kind === 'refunded') return `You gave up your place, someone else took it, and your ${pounds} has been refunded.`;
  return 'You gave up your place. Thank you for letting us know.';
}
