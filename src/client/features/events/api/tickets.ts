import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { CancelResponse, TestConfirmBody } from '@shared/schemas/tickets';
import { del, get, post } from '@client/lib/api';
import { queryKeys } from '@client/lib/query-keys';

// Loaded by the event screens' first paint: the schemas come by loader, fetched only in development
// (lib/api.ts), so zod stays out of those first paints (as features/auth/api/auth.ts).
const events = () => import('@shared/schemas/events');
const tickets = () => import('@shared/schemas/tickets');

/** The member's tickets (server module tickets): registration, cancellation, check-in, payment and a full evening's waitlist. */

/** DELETE /api/events/{id}/registration: whether (and how much) was refunded, and a sentence. */
export type CancelResult = CancelResponse;

/**
 * After a registration changes: every event list, the event itself, its guest list and the
 * member's own list. After a cancellation the guest list is only marked stale: the member may no
 * longer see it, and it is fetched again only if the page still asks for it.
 */
export function refreshAfterRegistrationChange(qc: QueryClient, userId: number, guestList: 'refetch' | 'stale' = 'refetch') {
  const isGuestList = (key: readonly unknown[]) => key[0] === queryKeys.events[0] && key[2] === 'participants';
  return Promise.all([
    qc.invalidateQueries({ queryKey: queryKeys.events, predicate: (q) => !isGuestList(q.queryKey) }),
    qc.invalidateQueries({ predicate: (q) => isGuestList(q.queryKey), refetchType: guestList === 'stale' ? 'none' : 'active' }),
    qc.invalidateQueries({ queryKey: queryKeys.user(userId) }),
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
      post(`/api/events/${eventId}/register`, { userId, consentToShare: true, ...(paymentIntentId ? { paymentIntentId } : {}) }, () =>
        tickets().then((m) => m.registrationSchema),
      ),
    onSettled: () => refreshAfterRegistrationChange(qc, userId),
  });
}

/** DELETE /api/events/{id}/registration: answers whether (and how much) was refunded, and a sentence. */
export function useCancelRegistration(userId: number, eventId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => del(`/api/events/${eventId}/registration`, () => tickets().then((m) => m.cancelResponse)),
    onSettled: () => refreshAfterRegistrationChange(qc, userId, 'stale'),
  });
}

/** POST /api/events/{id}/checkin for the member themself. */
export function useCheckIn(userId: number, eventId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => post(`/api/events/${eventId}/checkin`, { userId }, () => tickets().then((m) => m.registrationSchema)),
    onSettled: () => refreshAfterRegistrationChange(qc, userId),
  });
}

/** POST /api/create-payment-intent: the server sets the amount from the event and holds a seat. */
export function useCreatePaymentIntent(userId: number) {
  return useMutation({
    mutationFn: ({ eventId, amount }: { eventId: number; amount: number }) =>
      post('/api/create-payment-intent', { eventId, userId, amount }, () => tickets().then((m) => m.paymentIntentResponse)),
  });
}

/** POST /api/payments/test/confirm: the built-in test provider's card step (402 with the provider's message when declined). */
export function useConfirmTestPayment() {
  return useMutation({
    mutationFn: (p: TestConfirmBody) => post('/api/payments/test/confirm', p, () => tickets().then((m) => m.testConfirmResponse)),
  });
}

/* ------------------------------------------------------------------ a full evening's waitlist (docs/decisions/0016) */

/** POST /api/events/{id}/waitlist: join the line; the event refetches to show the place. */
export function useJoinWaitlist(userId: number, eventId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => post(`/api/events/${eventId}/waitlist`, {}, () => events().then((m) => m.myWaitlistPlace)),
    onSettled: () => refreshAfterRegistrationChange(qc, userId),
  });
}

/** DELETE /api/events/{id}/waitlist: leave the line (a held seat passes to the next person). */
export function useLeaveWaitlist(userId: number, eventId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => del(`/api/events/${eventId}/waitlist`, () => tickets().then((m) => m.waitlistLeft)),
    onSettled: () => refreshAfterRegistrationChange(qc, userId),
  });
}

/** GET /api/events/{id}/waitlist: the host's view of the line (names, places, held offers). */
export const hostWaitlistQuery = (eventId: number) =>
  queryOptions({
    queryKey: queryKeys.hostWaitlist(eventId),
    queryFn: () => get(`/api/events/${eventId}/waitlist`, () => tickets().then((m) => m.hostWaitlistSchema)),
  });
