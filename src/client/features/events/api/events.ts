import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { cancelResponse, Event, EventDetail, Participant, PaymentIntentResponse, registrationSchema, UserEvent } from '@shared/schemas/events';
import { del, get, post } from '@client/lib/api';

export type Registration = z.infer<typeof registrationSchema>;
export type CancelResult = z.infer<typeof cancelResponse>;

/** GET /api/events: every evening, soonest first. */
export const eventsQuery = queryOptions({
  queryKey: ['events'] as const,
  queryFn: () => get<Event[]>('/api/events'),
});

/** GET /api/events/{id}: the evening plus what the viewer may do with it. */
export const eventQuery = (id: number) =>
  queryOptions({
    queryKey: ['events', id] as const,
    queryFn: () => get<EventDetail>(`/api/events/${id}`),
  });

/** GET /api/events/{id}/participants: guests and hosts of the event only (others get 403). */
export const participantsQuery = (id: number) =>
  queryOptions({
    queryKey: ['events', id, 'participants'] as const,
    queryFn: () => get<Participant[]>(`/api/events/${id}/participants`),
  });

/** GET /api/users/{id}/events: the member's registrations with their events. */
export const userEventsQuery = (userId: number) =>
  queryOptions({
    queryKey: ['users', userId, 'events'] as const,
    queryFn: () => get<UserEvent[]>(`/api/users/${userId}/events`),
  });

export const useEvents = () => useQuery(eventsQuery);
export const useEvent = (id: number) => useQuery(eventQuery(id));
export const useUserEvents = (userId: number) => useQuery(userEventsQuery(userId));
export const useParticipants = (id: number, enabled: boolean) => useQuery({ ...participantsQuery(id), enabled });

/**
 * After a registration changes: every event list, the event itself, its guest list and the
 * member's own list. After a cancellation the guest list is only marked stale: the member may no
 * longer see it, and it is fetched again only if the page still asks for it.
 */
export function refreshAfterRegistrationChange(qc: QueryClient, userId: number, guestList: 'refetch' | 'stale' = 'refetch') {
  const isGuestList = (key: readonly unknown[]) => key[0] === 'events' && key[2] === 'participants';
  return Promise.all([
    qc.invalidateQueries({ queryKey: ['events'], predicate: (q) => !isGuestList(q.queryKey) }),
    qc.invalidateQueries({ predicate: (q) => isGuestList(q.queryKey), refetchType: guestList === 'stale' ? 'none' : 'active' }),
    qc.invalidateQueries({ queryKey: ['users', userId] }),
  ]);
}

/**
 * POST /api/events/{id}/register. Free events register at once; for paid ones the server needs
 * the succeeded payment's id (and answers the same registration again if it already made it).
 */
export function useRegister(userId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ eventId, paymentIntentId }: { eventId: number; paymentIntentId?: string }) =>
      post<Registration>(`/api/events/${eventId}/register`, { userId, consentToShare: true, ...(paymentIntentId ? { paymentIntentId } : {}) }),
    onSettled: () => refreshAfterRegistrationChange(qc, userId),
  });
}

/** DELETE /api/events/{id}/registration: answers whether (and how much) was refunded, and a sentence. */
export function useCancelRegistration(userId: number, eventId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => del<CancelResult>(`/api/events/${eventId}/registration`),
    onSettled: () => refreshAfterRegistrationChange(qc, userId, 'stale'),
  });
}

/** POST /api/events/{id}/checkin for the member themself. */
export function useCheckIn(userId: number, eventId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => post<Registration>(`/api/events/${eventId}/checkin`, { userId }),
    onSettled: () => refreshAfterRegistrationChange(qc, userId),
  });
}

/** POST /api/create-payment-intent: the server sets the amount from the event and holds a seat. */
export function useCreatePaymentIntent(userId: number) {
  return useMutation({
    mutationFn: ({ eventId, amount }: { eventId: number; amount: number }) =>
      post<PaymentIntentResponse>('/api/create-payment-intent', { eventId, userId, amount }),
  });
}

export interface TestCard {
  cardNumber: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

/** POST /api/payments/test/confirm: the built-in test provider's card step (402 with the provider's message when declined). */
export function useConfirmTestPayment() {
  return useMutation({
    mutationFn: (p: TestCard & { clientSecret: string }) =>
      post<{ status: 'succeeded'; paymentIntentId: string; outcome: string }>('/api/payments/test/confirm', p),
  });
}
