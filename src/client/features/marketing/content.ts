import { DEFAULT_PRICE_PENCE } from '@shared/domain/constants';

/** Copy shared by the marketing screens, so the numbers say the same thing everywhere. */
export const TOWN = 'Prestwich, Manchester';

/** The evening's price in whole pounds, from the one price constant (1500 pence). */
export const PRICE = `£${Math.round(DEFAULT_PRICE_PENCE / 100)}`;

/** People you meet in one evening: the landing screen says 8-12, the about screen 12-16 (docs/spec/member-app.md §1). */
export const PEOPLE_LANDING = '8-12';
export const PEOPLE_ABOUT = '12-16';

export const ROUND_MINUTES = 5;

export const MEMBERS_CLAIM = '3+ members already joined';

export const PROMO_TITLE = 'Speed Friendship Events - Prestwich | Join the Waitlist';
