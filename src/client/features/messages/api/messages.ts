import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { arrivalSchema } from '@shared/schemas/arrival';
import { inboxMessageSchema, inboxSchema, roomSchema, sentMessageSchema, type Inbox, type Room, type SendMessageBody } from '@shared/schemas/messages';
import { get, post } from '@client/lib/api';
import { queryKeys } from '@client/lib/query-keys';
import { markInInbox, replaceInInbox, withSent } from '../lib/messages';

/**
 * The room's messages (docs/spec/organiser-tools.md §2.22-2.23): the host's GET/POST
 * /api/events/{id}/messages and the guest's /api/events/{id}/inbox. The live socket
 * (@client/lib/live-socket) prepends a new host message to the inbox and refreshes the room when
 * a message is sent, read or acknowledged, or someone checks in.
 */

/** GET /api/events/{id}/messages (hosts of the event): history with read counts, attendee counts, locations, attendees. */
export const roomQuery = (eventId: number) =>
  queryOptions({
    queryKey: queryKeys.room(eventId),
    queryFn: () => get(`/api/events/${eventId}/messages`, roomSchema),
    // The socket keeps it current; this only covers a socket that is down for a while.
    refetchInterval: 30_000,
  });

export const useRoom = (eventId: number) => useQuery(roomQuery(eventId));

/** POST /api/events/{id}/messages: to every checked-in guest; the answer is the message with its audience. */
export function useSendMessage(eventId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: Required<SendMessageBody>) => post(`/api/events/${eventId}/messages`, body, sentMessageSchema),
    onSuccess: (sent) => {
      qc.setQueryData<Room>(queryKeys.room(eventId), (room) => (room ? { ...room, messages: withSent(room.messages, sent) } : room));
      void qc.invalidateQueries({ queryKey: queryKeys.room(eventId), exact: true });
    },
  });
}

/**
 * The same POST as a request that outlives the page (fetch keepalive): a quick message still in its
 * Undo seconds when the host closes or reloads the page goes all the same (hooks/use-undoable-send.ts).
 */
export function sendMessageOnLeave(eventId: number, body: Required<SendMessageBody>) {
  void fetch(`/api/events/${eventId}/messages`, {
    method: 'POST',
    credentials: 'include',
    keepalive: true,
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(body),
  }).catch(() => undefined);
}

/** GET /api/events/{id}/inbox (guests of the event): their messages, newest first, and how many are unread. */
export const inboxQuery = (eventId: number) =>
  queryOptions({
    queryKey: queryKeys.inbox(eventId),
    queryFn: () => get(`/api/events/${eventId}/inbox`, inboxSchema),
  });

export const useInbox = (eventId: number) => useQuery(inboxQuery(eventId));

export type InboxAction = 'read' | 'acknowledge';

/**
 * POST /api/events/{id}/inbox/{messageId}/read or /acknowledge. The inbox changes at once (the
 * guest taps in a dim bar on a slow line); a refusal puts it back, and the server's copy wins.
 */
export function useInboxAction(eventId: number) {
  const qc = useQueryClient();
  const key = queryKeys.inbox(eventId);
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: InboxAction }) => post(`/api/events/${eventId}/inbox/${id}/${action}`, undefined, inboxMessageSchema),
    onMutate: async ({ id, action }) => {
      await qc.cancelQueries({ queryKey: key, exact: true });
      const before = qc.getQueryData<Inbox>(key);
      qc.setQueryData<Inbox>(key, (inbox) => (inbox ? markInInbox(inbox, id, action === 'acknowledge') : inbox));
      return { before };
    },
    onError: (_err, _vars, context) => {
      if (context?.before) qc.setQueryData(key, context.before);
    },
    onSuccess: (message) => qc.setQueryData<Inbox>(key, (inbox) => (inbox ? replaceInInbox(inbox, message) : inbox)),
    onSettled: () => qc.invalidateQueries({ queryKey: key, exact: true }),
  });
}

/**
 * GET /api/events/{id}/arrival (guests of the event): only its venue is read here, for the map and
 * directions links (the venue's address and coordinates). Without it the links search by name.
 */
export const venuePlaceQuery = (eventId: number) =>
  queryOptions({
    queryKey: queryKeys.arrival(eventId),
    queryFn: () => get(`/api/events/${eventId}/arrival`, arrivalSchema),
    retry: false,
    staleTime: 5 * 60_000,
  });

export const useVenuePlace = (eventId: number) => useQuery({ ...venuePlaceQuery(eventId), select: (a) => a.venue });
