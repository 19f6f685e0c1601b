/**
 * The host's evening report (GitHub issue 36, docs/decisions/0084-the-hosts-evening-report.md): the
 * funnel from the public page to shared contacts, as a list of steps each computed by a small
 * function from the evening's stored counts, so a later step is one more function in FUNNEL.
 * Pure: the server builds the report with it, and the CSV and the page show what it gives.
 */

/** What the funnel is computed from: counts read from stored rows (or kept at the retention sweep). */
export interface EveningCounts {
  /** The evening charges for a seat (the no-show reference differs for paid and free evenings). */
  paid: boolean;
  visits: number;
  signups: number;
  booked: number;
  checkedIn: number;
  /** Guests who rated at least one person; null when the ratings were deleted before they were counted. */
  raters: number | null;
  pairsMet: number;
  matches: number;
  contactsShared: number;
  /** Meet-ups confirmed after the evening by people who matched at it (docs/decisions/0082). */
  meetups: number;
  /** "Did you meet NAME again?" answers given (docs/decisions/0083), and how many of them said met. */
  metAgainAnswers: number;
  metAgain: number;
}

/** A figure to compare with, and where it comes from. */
export interface Reference {
  /** What it says, e.g. '22-30 %'. */
  text: string;
  /** The range it gives, as fractions (a single figure has low = high). */
  low: number;
  high: number;
  source: string;
  /** Which way is better: more mutual matches, fewer no-shows. */
  better: 'higher' | 'lower';
}

export const MUTUAL_REFERENCE: Reference = {
  text: '22-30 % of pairings mutual',
  low: 0.22,
  high: 0.3,
  source: 'Speed-dating organisers’ reported mutual-match rates (GitHub issue 36)',
  better: 'higher',
};

export const NO_SHOW_REFERENCE_PAID: Reference = {
  text: '17 % no-shows at paid evenings',
  low: 0.17,
  high: 0.17,
  source: 'Median no-show rate across 860+ speed-dating events, paid events (GitHub issue 36)',
  better: 'lower',
};

export const NO_SHOW_REFERENCE_FREE: Reference = {
  text: '28 % no-shows at free evenings',
  low: 0.28,
  high: 0.28,
  source: 'Median no-show rate across 860+ speed-dating events, free events (GitHub issue 36)',
  better: 'lower',
};

export interface Rate {
  /** A fraction (0.25 = 25 %); null when what it is taken of is 0 or unknown. */
  value: number | null;
  /** What it is a share of, in words: 'of visits', 'of pairs that met'. */
  of: string;
  reference: Reference | null;
}

/** A second figure a step shows beside its own rate (the no-show rate beside "checked in"). */
export interface SideRate extends Rate {
  label: string;
}

export interface FunnelStep {
  key: string;
  label: string;
  /** Null when it can no longer be counted (ratings deleted before their counts were kept). */
  count: number | null;
  /** The rate from the step before (null for the first step). */
  rate: Rate | null;
  side: SideRate | null;
  /** A sentence on how it is counted, shown under the figure. */
  note: string;
}

/** `part / whole`, or null when the whole is 0 or either is unknown. */
export function ratio(part: number | null, whole: number | null): number | null {
  if (part === null || whole === null || whole <= 0) return null;
  return part / whole;
}

/** '25 %' (whole percent), '—' for null. */
export function percent(value: number | null): string {
  return value === null ? '—' : `${Math.round(value * 100)} %`;
}

type Step = (c: EveningCounts) => FunnelStep;

const visits: Step = (c) => ({
  key: 'visits',
  label: 'Visits to the public page',
  count: c.visits,
  rate: null,
  side: null,
  note: 'Browser tabs that opened the evening’s page before it started, once per tab; the host’s own visits and booked guests’ are not counted.',
});

const signups: Step = (c) => ({
  key: 'signups',
  label: 'Sign-ups',
  count: c.signups,
  rate: { value: ratio(c.signups, c.visits), of: 'of visits', reference: null },
  side: null,
  note: 'Accounts made by people whose first visit, through one of our links or the flyer’s QR code, landed on this evening’s page.',
});

const booked: Step = (c) => ({
  key: 'booked',
  label: 'Seats booked',
  count: c.booked,
  // Members who already have an account book without signing up: seats are a share of visits, not of sign-ups.
  rate: { value: ratio(c.booked, c.visits), of: 'of visits', reference: null },
  side: null,
  note: 'Registrations kept (cancelled ones are freed), the host’s own left out.',
});

const checkedIn: Step = (c) => ({
  key: 'checkedIn',
  label: 'Checked in',
  count: c.checkedIn,
  rate: { value: ratio(c.checkedIn, c.booked), of: 'of seats booked', reference: null },
  side: {
    label: 'No-show rate',
    value: ratio(c.booked - c.checkedIn, c.booked),
    of: 'of seats booked',
    reference: c.paid ? NO_SHOW_REFERENCE_PAID : NO_SHOW_REFERENCE_FREE,
  },
  note: 'Booked guests checked in at the door or by themselves.',
});

const rated: Step = (c) => ({
  key: 'rated',
  label: 'Guests who rated',
  count: c.raters,
  rate: { value: ratio(c.raters, c.checkedIn), of: 'of guests checked in', reference: null },
  side: null,
  note: c.raters === null ? 'The ratings were deleted after the evening before their counts were kept.' : 'Guests who rated at least one person they met.',
});

const matched: Step = (c) => ({
  key: 'matches',
  label: 'Mutual matches',
  count: c.matches,
  rate: { value: ratio(c.matches, c.pairsMet), of: `of ${c.pairsMet} pairs that met`, reference: MUTUAL_REFERENCE },
  side: null,
  note: 'Pairs who both rated each other 4 or more, over the pairs the rotation seated together.',
});

const shared: Step = (c) => ({
  key: 'contactsShared',
  label: 'Contacts shared',
  count: c.contactsShared,
  rate: { value: ratio(c.contactsShared, c.matches), of: 'of mutual matches', reference: null },
  side: null,
  note: 'Matches whose contact details both could see: both pressed Share, or the host released contacts.',
});

const meetups: Step = (c) => ({
  key: 'meetups',
  label: 'Meet-ups planned',
  count: c.meetups,
  rate: { value: ratio(c.meetups, c.contactsShared), of: 'of contacts shared', reference: null },
  side: null,
  note: 'Meet-ups confirmed after the evening by two or more people who matched at it (a friend group’s or a pair’s).',
});

const metAgain: Step = (c) => ({
  key: 'metAgain',
  label: 'Met again',
  count: c.metAgain,
  rate: { value: ratio(c.metAgain, c.metAgainAnswers), of: `of ${c.metAgainAnswers} answers`, reference: null },
  side: null,
  note: 'Guests who answered “Did you meet them again?” (7 and 21 days after) with “Yes, we met”, over all the answers given.',
});

/** The funnel, in order. A step added later is one more function here (and its count in EveningCounts). */
export const FUNNEL: readonly Step[] = [visits, signups, booked, checkedIn, rated, matched, shared, meetups, metAgain];

export function funnel(c: EveningCounts): FunnelStep[] {
  return FUNNEL.map((step) => step(c));
}

/** Where a rate stands against its reference: below, within or above the range. */
export function againstReference(value: number | null, ref: Reference | null): 'below' | 'within' | 'above' | null {
  if (value === null || ref === null) return null;
  const v = Math.round(value * 100);
  if (v < Math.round(ref.low * 100)) return 'below';
  if (v > Math.round(ref.high * 100)) return 'above';
  return 'within';
}
