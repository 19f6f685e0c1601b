/** Business constants from the specification (docs/spec/member-app.md §9, docs/spec/organiser-tools.md §9). */
export const DEFAULT_PRICE_PENCE = 1500;
/** One conversation: five minutes. */
export const ROUND_DURATION_SECONDS = 300;
/** A rating of at least this (1-5) from both sides makes a match. */
export const MIN_MATCH_RATING = 4;
/** Cancelling at least this many hours before the start refunds in full. */
export const REFUND_WINDOW_HOURS = 24;
/** Contacts of an evening's matches are released at the latest this long after it ends (the spec promises matches within 24 hours). */
export const AUTO_RELEASE_HOURS = 24;
/** A guest may check themself in from this many minutes before the start. */
export const SELF_CHECK_IN_MINUTES = 60;
/** A freed seat offered to the first on a full evening's waitlist is held this long (docs/decisions/0016). */
export const WAITLIST_OFFER_HOURS = 12;
/**
 * A follow-up invite (/missed-connections) is only for an evening at least this far away: the invitee
 * reads it in their e-mail and needs time to book and plan; an evening starting in half an hour is
 * not one they can still come to (issue 22, docs/decisions/0050-follow-up-evenings-the-invitee-can-book.md).
 */
export const FOLLOW_UP_MIN_NOTICE_HOURS = 24;

export const AGE = {
  waitlistMin: 18,
  waitlistMax: 80,
  min: 18,
  max: 100,
} as const;

export const BIO_MIN_WAITLIST = 10;
export const BIO_MAX = 500;
export const INTERESTS_MIN_WAITLIST = 5;
export const NAME_MIN_PROFILE = 2;
export const NAME_MAX = 100;
export const EMAIL_MAX = 254;
export const INTEREST_MAX_LENGTH = 40;
export const INTERESTS_MAX_COUNT = 20;
export const CONTACT_MAX = 40;

export const ADMIN_STATS_RECENT = 5;
export const PROFILE_PAST_EVENTS_SHOWN = 3;
export const WAITLIST_LAUNCH_TARGET = 80;
export const EVENT_GROUP_SIZE = 40;

export const LOGIN_CODE_TTL_MINUTES = 10;
export const LOGIN_CODE_MAX_ATTEMPTS = 5;

export const TOAST = { max: 1, durationMs: 5000, hotkey: 'F8', swipeThresholdPx: 50 } as const;

/** Potential events = whole number of signups divided by the launch target. */
export function potentialEvents(signups: number): number {
  return Math.floor(signups / WAITLIST_LAUNCH_TARGET);
}

/** Price in pounds with 2 decimals, from pence. */
export function formatPounds(pence: number): string {
  return (pence / 100).toFixed(2);
}

/** Split a comma-separated list, trim, drop blanks. */
export function splitInterests(text: string): string[] {
  return text
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}
