import type { Db } from '../../db/client';
import { conflict } from '../../errors';
import * as fq from './friend-seats-queries';
import { BOOKED_TOGETHER_NO_RATING } from './friend-seats-common';

/**
 * A seat for a friend (issue 35; docs/decisions/0075-a-seat-for-a-friend.md): give one's ticket
 * to a friend named by e-mail, or book two seats in one checkout, the second for a friend. The
 * friend signs in with the named address and accepts on the claim page; only then does anything
 * move, in one transaction. An unclaimed friend's seat of a booking for two is released at its
 * deadline (to the waitlist, or back on sale) and its share of the payment refunded.
 */

export {
  ALREADY_CLAIMED,
  BOOKED_TOGETHER_NO_RATING,
  FRIEND_ALREADY_BOOKED,
  FRIEND_BLOCKED,
  FRIEND_HOLDING,
  FRIEND_REMOVED,
  friendSeatDeadline,
  NOT_TO_YOURSELF,
  NOT_YOUR_LINK,
  ONE_AT_A_TIME,
  TOO_LATE_FOR_TWO,
  TOO_LATE_TO_GIVE,
  transferUntil,
  TWO_SEATS_FULL,
  WITHDRAWN,
  type FriendSeatDeps,
  type FriendSeatLimits,
} from './friend-seats-common';
export { giveTicket, mine, withdraw } from './friend-seats-give';
export { claim, claimView } from './friend-seats-claim';
export {
  afterFriendSeatSettled,
  bookForTwo,
  checkoutForTwo,
  joinWaitlistForTwo,
  settleFriendSeat,
  shareOfPayment,
  TWO_SEATS_LEFT,
} from './friend-seats-for-two';
export { releaseLapsedFriendSeats, startFriendSeatSweep } from './friend-seats-sweep';

/* ------------------------------------------------------------------ booked together */

/** Pairs among these guests who booked this evening together: the rotation keeps them apart. */
export async function pairsBookedTogether(db: Db, eventId: number, guests: number[]) {
  return fq.bookedTogether(db, eventId, guests);
}

/** A rating between two who booked together is refused: they know each other, so it makes no match. */
export async function refuseRatingBetweenFriends(db: Db, eventId: number, x: number, y: number) {
  if (await fq.bookedTogetherPair(db, eventId, x, y)) throw conflict(BOOKED_TOGETHER_NO_RATING);
}
