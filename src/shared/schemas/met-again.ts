import { z } from 'zod';
import { MET_AGAIN_ANSWERS } from '../domain/met-again';

/* "Did you meet NAME again?" (server module met-again, issue 36, docs/decisions/0083-met-again.md). */

/** POST /api/met-again/{token} and POST /api/me/met-again/{id}. */
export const metAgainAnswerBody = z.object({
  answer: z.enum(MET_AGAIN_ANSWERS, { error: 'Choose "met", "planned" or "not_yet"' }),
});

/** The e-mail link's token (checked by the server: a malformed one is simply not found). */
export const metAgainTokenParams = z.object({ token: z.string().max(200) });

export const metAgainQuestion = z.object({
  id: z.number(),
  eventId: z.number(),
  eventTitle: z.string(),
  /** The evening's start (ISO instant). */
  eventDate: z.string(),
  /** 7 or 21: days after the evening. */
  stage: z.number().int(),
  /** The guest asked (their first name), and the match asked about (first name). */
  firstName: z.string(),
  otherName: z.string(),
  answer: z.enum(MET_AGAIN_ANSWERS).nullable(),
  answeredAt: z.string().nullable(),
});
export type MetAgainQuestion = z.infer<typeof metAgainQuestion>;

/** GET /api/me/met-again: the signed-in guest's questions not yet answered (on /notifications). */
export const myMetAgain = z.object({ questions: z.array(metAgainQuestion) });
export type MyMetAgain = z.infer<typeof myMetAgain>;
