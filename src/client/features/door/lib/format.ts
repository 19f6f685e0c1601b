import type { CheckInMethod } from '@shared/schemas/door';

/** How a guest got in, in a few words. */
export const METHOD_LABEL: Record<CheckInMethod, string> = {
  scan: 'Ticket scanned',
  search: 'Found by name',
  self: 'Checked in on their phone',
  arrival: 'Checked in on arrival',
};

/** '1 guest', '12 guests'. */
export const guestsWord = (n: number) => `${n} ${n === 1 ? 'guest' : 'guests'}`;
