/**
 * Typed fixtures for the events feature's tests, shaped by src/shared/schemas/events.ts.
 * Dates are relative to the moment a fixture is built, so 'upcoming' stays upcoming.
 */
import type { z } from 'zod';
import type { cancelResponse, Event, EventDetail, Participant, PaymentIntentResponse, registrationSchema, UserEvent } from '@shared/schemas/events';
import { Reply } from '@client/test/render';

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/** An instant `ms` from now, as the server sends it. */
export const fromNow = (ms: number) => new Date(Date.now() + ms).toISOString();

let nextId = 100;

/** An evening a week away: £15, 40 seats, 12 taken. */
export function anEvent(over: Partial<Event> = {}): Event {
  const id = over.id ?? nextId++;
  const date = over.date ?? fromNow(7 * DAY);
  return {
    id,
    title: 'Prestwich Friday Friends',
    description: 'Meet new people over a drink in five-minute chats.',
    date,
    endsAt: new Date(new Date(date).getTime() + 2 * HOUR).toISOString(),
    startTime: '19:00',
    endTime: '21:00',
    venue: 'The Church Inn, Prestwich',
    venueId: 1,
    price: 1500,
    status: 'upcoming',
    maxParticipants: 40,
    participantCount: 12,
    spotsLeft: 28,
    ageRangeMin: 25,
    ageRangeMax: 40,
    roundDuration: 300,
    hostId: 9,
    ...over,
  };
}

type Viewer = EventDetail['viewer'];

/** An evening as the viewer sees it; not registered unless `viewer` says so. */
export function anEventDetail(over: Partial<Event> = {}, viewer: Partial<Viewer> = {}): EventDetail {
  const e = anEvent(over);
  const start = new Date(e.date).getTime();
  return {
    ...e,
    viewer: {
      registered: false,
      checkedIn: false,
      isHost: false,
      selfCheckInOpensAt: new Date(start - HOUR).toISOString(),
      refundable: start - Date.now() >= DAY,
      paid: false,
      ...viewer,
    },
  };
}

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
