import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BookForTwoBody, ClaimBody } from '@shared/schemas/friend-seats';
import { del, get, post } from '@client/lib/api';
import { queryKeys } from '@client/lib/query-keys';

/** A seat for a friend (server tickets/friend-seats.ts; docs/decisions/0075-a-seat-for-a-friend.md): give a ticket, book for two, claim. */

const schemas = () => import('@shared/schemas/friend-seats');
const tickets = () => import('@shared/schemas/tickets');

/** GET /api/events/{id}/friend-seats: what I have offered friends at this evening. */
export const myFriendSeatsQuery = (eventId: number) =>
  queryOptions({
    queryKey: queryKeys.friendSeats(eventId),
    queryFn: () => get(`/api/events/${eventId}/friend-seats`, () => schemas().then((m) => m.myFriendSeatsSchema)),
  });

export const useMyFriendSeats = (eventId: number) => useQuery(myFriendSeatsQuery(eventId));

/** After a seat moves: the evening (its count, my ticket) and my gifts. */
function useRefresh(eventId: number) {
  const qc = useQueryClient();
  return () => Promise.all([qc.invalidateQueries({ queryKey: queryKeys.event(eventId) }), qc.invalidateQueries({ queryKey: queryKeys.events })]);
}

/** POST /api/events/{id}/friend-seats/transfer. */
export function useGiveTicket(eventId: number) {
  const refresh = useRefresh(eventId);
  return useMutation({
    mutationFn: (email: string) => post(`/api/events/${eventId}/friend-seats/transfer`, { email }, () => schemas().then((m) => m.friendSeatSchema)),
    onSettled: refresh,
  });
}

/** DELETE /api/friend-seats/{id}: withdraw a ticket offered, or cancel a friend's unclaimed seat. */
export function useWithdrawFriendSeat(eventId: number) {
  const refresh = useRefresh(eventId);
  return useMutation({
    mutationFn: (id: number) => del<{ withdrawn: true; message: string }>(`/api/friend-seats/${id}`),
    onSettled: refresh,
  });
}

/** POST /api/events/{id}/book-for-two (a free evening). */
export function useBookForTwo(eventId: number) {
  const refresh = useRefresh(eventId);
  return useMutation({
    mutationFn: (body: BookForTwoBody) => post(`/api/events/${eventId}/book-for-two`, body, () => schemas().then((m) => m.bookForTwoResponse)),
    onSettled: refresh,
  });
}

/** POST /api/events/{id}/checkout-for-two (a paid evening): one payment of twice the price holds both seats. */
export function useCheckoutForTwo(eventId: number) {
  return useMutation({
    mutationFn: (friendEmail: string) => post(`/api/events/${eventId}/checkout-for-two`, { friendEmail }, () => tickets().then((m) => m.paymentIntentResponse)),
  });
}

/** GET /api/friend-seats/claim/{token}: what the friend is offered. */
export const claimQuery = (token: string) =>
  queryOptions({
    queryKey: queryKeys.friendSeatClaim(token),
    queryFn: () => get(`/api/friend-seats/claim/${encodeURIComponent(token)}`, () => schemas().then((m) => m.friendSeatClaimSchema)),
    retry: false,
  });
export const useClaimView = (token: string) => useQuery(claimQuery(token));

/** POST /api/friend-seats/claim/{token}: accept; the ticket is mine. */
export function useClaim(token: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ClaimBody) => post(`/api/friend-seats/claim/${encodeURIComponent(token)}`, body, () => schemas().then((m) => m.claimResponse)),
    onSettled: () => Promise.all([qc.invalidateQueries({ queryKey: queryKeys.friendSeatClaim(token) }), qc.invalidateQueries({ queryKey: queryKeys.events })]),
  });
}

/** POST /api/events/{id}/waitlist-for-two: join a full evening's line for me and a friend. */
export function useJoinWaitlistForTwo(eventId: number) {
  const refresh = useRefresh(eventId);
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => post(`/api/events/${eventId}/waitlist-for-two`, {}, () => schemas().then((m) => m.placeForTwoSchema)),
    onSettled: () => Promise.all([refresh(), qc.invalidateQueries({ queryKey: queryKeys.friendSeats(eventId) })]),
  });
}
