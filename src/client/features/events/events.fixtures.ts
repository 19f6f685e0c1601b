/**
 * Typed fixtures for the events feature's tests, shaped by src/shared/schemas/events.ts.
 * Dates are relative to the moment a fixture is built, so 'upcoming' stays upcoming.
 */
import type { z } from 'zod';
import type { Participant, UserEvent } from '@shared/schemas/events';
import type { cancelResponse, PaymentIntentResponse, registrationSchema } from '@shared/schemas/tickets';
import { Reply } from '@client/test/render';

export { anEvent, anEventDetail, DAY, fromNow, HOUR, MINUTE } from '@client/test/fixtures';
import { anEvent, DAY, fromNow, MINUTE } from '@client/test/fixtures';

/** One of the member's registrations (GET /api/users/{id}/events). */
export function aUserEvent(over: Partial<UserEvent> = {}): UserEvent {
  return { ...anEvent(over), checkedIn: false, registeredAt: fromNow(-DAY), ...over };
}

export function aParticipant(id: number, name: string, over: Partial<Participant['user']> = {}, checkedIn = false): Participant {
  return { id: 1000 + id, userId: id, user: { name, age: 30, bio: null, interests: [], profileImage: null, ...over }, checkedIn };
}

export function aRegistration(eventId: number, userId = 1, checkedIn = false): z.infer<typeof registrationSchema> {
  return { id: 500, eventId, userId, checkedIn, ticketCode: 'SF-7Q2K9', createdAt: new Date().toISOString() };
}

export function aPaymentIntent(over: Partial<PaymentIntentResponse> = {}): PaymentIntentResponse {
  return {
    clientSecret: 'pi_test_123_secret_abc',
    paymentIntentId: 'pi_test_123',
    amount: 1500,
    currency: 'gbp',
    holdExpiresAt: fromNow(15 * MINUTE),
    provider: 'test',
    ...over,
  };
}

export function aCancelResult(over: Partial<z.infer<typeof cancelResponse>> = {}): z.infer<typeof cancelResponse> {
  return { refunded: true, amountRefunded: 1500, message: 'Your registration is cancelled and £15.00 is on its way back to your card.', ...over };
}

/** An error answer as the server's error handler shapes it (src/server/errors.ts). */
export const failure = (status: number, message: string, errors?: { path: string; message: string }[]) =>
  new Reply(status, errors ? { message, error: message, errors } : { message, error: message });
