import type { CheckInMethod } from '@shared/schemas/door';

/** How a guest got in, in a few words, as it happened (docs/decisions/0049-how-a-guest-got-in.md). */
export const METHOD_LABEL: Record<CheckInMethod, string> = {
  scan: 'Ticket scanned',
  code: 'Code typed',
  search: 'Found by name',
  self: 'Checked in on their phone',
  location: 'Checked in at the venue (location)',
};

/** '1 guest', '12 guests'. */
export const guestsWord = (n: number) => `${n} ${n === 1 ? 'guest' : 'guests'}`;
