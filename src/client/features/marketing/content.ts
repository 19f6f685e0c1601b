import { DEFAULT_PRICE_PENCE, formatPounds, ROUND_DURATION_SECONDS } from '@shared/domain/constants';

/** Copy shared by the marketing screens, so the numbers say the same thing everywhere. */
export const TOWN = 'Prestwich, Manchester';

/**
 * The evening's price, from the one price constant (1500 pence): '£15', whole pounds as the copy
 * writes them. (Not @client/lib/format: this file is part of the first paint of /.)
 */
export const PRICE = `£${formatPounds(DEFAULT_PRICE_PENCE).replace(/\.00$/, '')}`;

/** People you meet in one evening: the landing screen says 8-12, the about screen 12-16 (docs/spec/member-app.md §1). */
export const PEOPLE_LANDING = '8-12';
export const PEOPLE_ABOUT = '12-16';

/** One conversation, in minutes (the shared round length, 300 s). */
export const ROUND_MINUTES = ROUND_DURATION_SECONDS / 60;

const WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];
/** The round length in words for prose: 'five' (digits past ten). */
export const ROUND_MINUTES_WORD = WORDS[ROUND_MINUTES] ?? String(ROUND_MINUTES);

export const MEMBERS_CLAIM = '3+ members already joined';

export const PROMO_TITLE = 'Speed Friendship Events - Prestwich | Join the Waitlist';
