/**
 * Meet-up polls (GitHub issue 36 "Meet again", docs/decisions/0082-meet-ups-decided-by-everyone.md):
 * the limits and the rule that decides a poll. Conversation groups top out at about four people
 * (the reading of Dunbar 1995): a friend group of three or four plans one, and so does a pair.
 */

/** At most this many times in one proposal. */
export const MEETUP_OPTIONS_MAX = 3;
/** A place written by hand: at most this many characters. */
export const MEETUP_PLACE_MAX = 120;
/** Times are in the future and at most this many days ahead. */
export const MEETUP_HORIZON_DAYS = 180;
/** The calendar entry's length: the meet-up has no end time of its own. */
export const MEETUP_LENGTH_MINUTES = 120;
/** The people of one poll: a pair, or a friend group of three or four. */
export const MEETUP_PEOPLE_MIN = 2;
export const MEETUP_PEOPLE_MAX = 4;

/** The key of a set of people: their ids ascending, joined by '-' (the friend group's key). */
export const peopleKey = (ids: readonly number[]) => [...new Set(ids)].sort((a, b) => a - b).join('-');

/**
 * The time a poll settles on: the one with the most yes; between equals, the earliest (then the
 * first proposed). Null when there are no times.
 */
export function winningOption<T extends { id: number; startsAt: Date | string; yes: number }>(options: readonly T[]): T | null {
  let best: T | null = null;
  for (const o of options) {
    if (!best) {
      best = o;
      continue;
    }
    const t = new Date(o.startsAt).getTime();
    const bt = new Date(best.startsAt).getTime();
    if (o.yes > best.yes || (o.yes === best.yes && (t < bt || (t === bt && o.id < best.id)))) best = o;
  }
  return best;
}
