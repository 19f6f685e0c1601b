import { z } from 'zod';
import { idField, storedText } from './common';

/* Tickets (server module tickets): registration, payment, check-in, cancellation and the event waitlist (docs/decisions/0016). */

/** DELETE /api/events/{id}/waitlist's answer. */
export const waitlistLeft = z.object({ left: z.literal(true) });

export const registerBody = z.object({
  userId: idField('userId is required'),
  consentToShare: z.boolean().optional().default(true),
  paymentIntentId: storedText().max(200).optional(),
});

export const checkinBody = z.object({ userId: idField('userId is required') });

export const paymentIntentBody = z.object({
  eventId: idField('eventId is required'),
  userId: idField('userId is required'),
  /** Ignored: the server takes the amount from the event. */
  amount: z.number().optional(),
});

export const paymentIntentResponse = z.object({
  clientSecret: z.string(),
  paymentIntentId: z.string(),
  amount: z.number(),
  currency: z.string(),
  holdExpiresAt: z.string(),
  provider: z.enum(['test', 'stripe']),
  publishableKey: z.string().optional(),
});
export type PaymentIntentResponse = z.infer<typeof paymentIntentResponse>;

export const testConfirmBody = z.object({
  clientSecret: storedText().min(1).max(200),
  cardNumber: storedText().max(30),
  expMonth: z.number().int(),
  expYear: z.number().int(),
  cvc: storedText().max(10),
});
export type TestConfirmBody = z.input<typeof testConfirmBody>;

export const registrationSchema = z.object({
  id: z.number(),
  eventId: z.number(),
  userId: z.number(),
  checkedIn: z.boolean(),
  ticketCode: z.string(),
  createdAt: z.string(),
});
export type Registration = z.infer<typeof registrationSchema>;

export const cancelResponse = z.object({
  refunded: z.boolean(),
  amountRefunded: z.number(),
  message: z.string(),
});
export type CancelResponse = z.infer<typeof cancelResponse>;

/** What settling a succeeded payment did: registered the member, found it done already, refunded it, or knew nothing of it. */
export const SETTLE_OUTCOMES = ['unknown', 'done', 'mismatch', 'refund', 'registered'] as const;

/** POST /api/payments/test/confirm: the built-in test provider's card step succeeded. */
export const testConfirmResponse = z.object({
  status: z.literal('succeeded'),
  paymentIntentId: z.string(),
  outcome: z.enum(SETTLE_OUTCOMES),
});
export type TestConfirmResponse = z.infer<typeof testConfirmResponse>;

/** POST /api/webhooks/stripe: the event was received. */
export const webhookAck = z.object({ received: z.literal(true) });

/** GET /api/events/{id}/waitlist (the host of the event and admins): the line, first first. */
export const waitlistEntrySchema = z.object({
  userId: z.number(),
  name: z.string(),
  status: z.enum(['waiting', 'offered']),
  /** 1 for the first still waiting; null for someone holding an offer. */
  position: z.number().nullable(),
  joinedAt: z.string(),
  offerExpiresAt: z.string().nullable(),
});

export const hostWaitlistSchema = z.object({
  entries: z.array(waitlistEntrySchema),
  /** Offers that ran out unused and people who left, for the host's picture of demand. */
  expiredOffers: z.number(),
  left: z.number(),
});
export type HostWaitlist = z.infer<typeof hostWaitlistSchema>;
