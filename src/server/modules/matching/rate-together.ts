/**
 * The ratings that arrive together go in one statement (docs/decisions/0151): a rating waits for the
 * rest of the event loop's turn and goes with every other one waiting as one RATE_MANY (db/batched.ts).
 */
import { batched, GATHER_MS, MOST_TOGETHER } from '../../db/batched';
import type { HeldKey } from '../../plugins/idempotency';
import { rateMany, type RatingAsked, type RatingStored } from './rating-statements';

/** At most this many ratings in one statement: a burst's 2,000 go as ten or more. */
export const MOST_IN_ONE = MOST_TOGETHER;

/**
 * A rating stored with those asked beside it: what was stored, or null when a rule refused it (the
 * caller asks which). At most one rating per rater and evening in a statement: a rater's second
 * waits for the next, so that its "everyone rated" sees the first, and one statement never writes the
 * same rating twice.
 */
const rateOne = batched<{ v: RatingAsked; keyed: HeldKey | null }, RatingStored | null>({
  most: MOST_IN_ONE,
  gatherMs: GATHER_MS,
  apart: ({ v }) => `${v.eventId}:${v.raterId}`,
  run: rateMany,
});

export const rateTogether = (db: Parameters<typeof rateOne>[0], v: RatingAsked, keyed: HeldKey | null) => rateOne(db, { v, keyed });
