import { z } from 'zod';
import { storedText } from './common';
import { registrationSchema } from './tickets';
import { emailField } from './users';

/*
 * A seat for a friend (server tickets/friend-seats.ts, docs/decisions/0075-a-seat-for-a-friend.md):
 * a ticket given to a friend, or the second seat of a booking for two, claimed by a link.
 */

export const FRIEND_SEAT_KINDS = ['transfer', 'bring'] as const;
export const FRIEND_SEAT_STATUSES = ['awaiting_payment', 'pending', 'accepted', 'withdrawn', 'released'] as const;

/** POST /api/events/{id}/friend-seats/transfer: give my ticket to this address. */
export const giveTicketBody = z.object({ email: emailField });

/** POST /api/events/{id}/book-for-two (a free evening): my seat and one for this friend. */
export const bookForTwoBody = z.object({ friendEmail: emailField, consentToShare: z.boolean().optional().default(true) });
export type BookForTwoBody = z.input<typeof bookForTwoBody>;

/** POST /api/events/{id}/checkout-for-two (a paid evening): one payment of twice the price holds both seats. */
export const checkoutForTwoBody = z.object({ friendEmail: emailField });

/** A friend's seat as its giver (or booker) sees it. */
export const friendSeatSchema = z.object({
  id: z.number(),
  kind: z.enum(FRIEND_SEAT_KINDS),
  eventId: z.number(),
  email: z.string(),
  status: z.enum(FRIEND_SEAT_STATUSES),
  /** When an unclaimed friend's seat is released (a 'bring' seat), ISO. */
  expiresAt: z.string().nullable(),
  /** The friend's share of the payment, in pence (0 for a free evening or a transfer). */
  shareAmount: z.number(),
  createdAt: z.string(),
});
export type FriendSeat = z.infer<typeof friendSeatSchema>;

/** GET /api/events/{id}/friend-seats: the viewer's open and past gifts for this evening, and until when one can be made. */
export const myFriendSeatsSchema = z.object({
  seats: z.array(friendSeatSchema),
  /** Until when a ticket can be given away (check-in opens), ISO. */
  transferUntil: z.string(),
  /** My place in this evening's line for two (waiting, or two seats offered until offerExpiresAt). */
  waitlistForTwo: z.object({ status: z.enum(['waiting', 'offered']), offerExpiresAt: z.string().nullable() }).nullable(),
});
export type MyFriendSeats = z.infer<typeof myFriendSeatsSchema>;

export const bookForTwoResponse = z.object({ registration: registrationSchema, friendSeat: friendSeatSchema });
export type BookForTwoResponse = z.infer<typeof bookForTwoResponse>;

/** The claim link's secret. */
export const claimTokenParams = z.object({ token: storedText().min(10, 'Unknown link').max(100, 'Unknown link') });

/** GET /api/friend-seats/claim/{token}: what the friend is offered (only to the account with the named address). */
export const friendSeatClaimSchema = z.object({
  kind: z.enum(FRIEND_SEAT_KINDS),
  status: z.enum(FRIEND_SEAT_STATUSES),
  fromName: z.string(),
  event: z.object({
    id: z.number(),
    title: z.string(),
    date: z.string(),
    startTime: z.string(),
    endTime: z.string(),
    venue: z.string(),
    ageRangeMin: z.number(),
    ageRangeMax: z.number(),
  }),
  /** Until when it can be accepted, ISO. */
  claimUntil: z.string(),
});
export type FriendSeatClaim = z.infer<typeof friendSeatClaimSchema>;

/** POST /api/friend-seats/claim/{token}. */
export const claimBody = z.object({ consentToShare: z.boolean().optional().default(true) });
export type ClaimBody = z.input<typeof claimBody>;
export const claimResponse = z.object({ registration: registrationSchema });

/** POST /api/events/{id}/waitlist-for-two. */
export const placeForTwoSchema = z.object({ status: z.enum(['waiting', 'offered']), offerExpiresAt: z.string().nullable() });
