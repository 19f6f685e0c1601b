import { ROUND_DURATION_SECONDS } from './constants';

/**
 * The heading of /events and its line, the same for a member and a visitor: written by the app
 * (app/routes/events.tsx, open-events.tsx) and, for a visitor, painted ahead of it from the HTML by
 * the server (server/modules/public-evening/prepaint.ts, docs/decisions/0073), so both say the same.
 */
const WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];
const minutes = ROUND_DURATION_SECONDS / 60;

export const EVENTS_PAGE = {
  title: 'Events',
  sub: `Relaxed ${WORDS[minutes] ?? String(minutes)}-minute conversations with new people at cosy local venues.`,
} as const;
