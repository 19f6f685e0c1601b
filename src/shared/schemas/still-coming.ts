import { z } from 'zod';

/* "Still coming?" (server module tickets/still-coming, issue 35, docs/decisions/0074-still-coming.md). */

export const STILL_COMING_ANSWERS = ['yes', 'no'] as const;
export type StillComingAnswer = (typeof STILL_COMING_ANSWERS)[number];

/** POST /api/still-coming/{token} and POST /api/events/{id}/still-coming. */
export const stillComingAnswerBody = z.object({
  answer: z.enum(STILL_COMING_ANSWERS, { error: 'Choose "yes" or "no"' }),
});

/** The e-mail link's token (checked by the server: a malformed one is simply not found). */
export const stillComingTokenParams = z.object({ token: z.string().max(200) });

/**
 * What giving up the place means for the guest's money: 'none' (nothing was paid), 'now' (a full
 * refund at once), 'on_resale' (inside the refund window: refunded if someone else takes the seat),
 * 'refunded' (given up and since refunded on resale).
 */
export const stillComingRefund = z.object({
  kind: z.enum(['none', 'now', 'on_resale', 'refunded']),
  amount: z.number().int(),
});
export type StillComingRefund = z.infer<typeof stillComingRefund>;

export const stillComingQuestion = z.object({
  eventId: z.number(),
  title: z.string(),
  /** The start (ISO instant), and its London wall-clock times. */
  date: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  venue: z.string(),
  firstName: z.string(),
  answer: z.enum(STILL_COMING_ANSWERS).nullable(),
  answeredAt: z.string().nullable(),
  refund: stillComingRefund,
});
export type StillComingQuestion = z.infer<typeof stillComingQuestion>;

/** GET /api/me/still-coming: the signed-in guest's questions not yet answered (on /notifications). */
export const myStillComing = z.object({ questions: z.array(stillComingQuestion) });
export type MyStillComing = z.infer<typeof myStillComing>;

/** GET /api/events/{id}/still-coming: the host's counts for one evening. */
export const stillComingCounts = z.object({
  eventId: z.number(),
  /** Booked guests who said "Yes, see you there". */
  confirmed: z.number().int(),
  /** Booked guests who have not said yes (asked or not yet asked). */
  notAnswered: z.number().int(),
  /** Guests who said "I can't make it" and gave their seat up. */
  released: z.number().int(),
});
export type StillComingCounts = z.infer<typeof stillComingCounts>;
