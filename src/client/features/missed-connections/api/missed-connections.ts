import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  inviteBlockState,
  missedConnectionsResponse,
  receivedInvites,
  sentAllInvites,
  sentInvite,
  stoppedInvites,
  type MissedConnectionsResponse,
  type ReceivedInvites,
} from '@shared/schemas/missed-connections';
import { api, get, post } from '@client/lib/api';
import { queryKeys } from '@client/lib/query-keys';

/**
 * Missed connections and follow-up invites (docs/spec/organiser-tools.md §2.26): the guest's list
 * for an evening (with the invite statuses for one follow-up evening), sending invites, the invites
 * the member received, and stopping invites from a person.
 */

/** `followUp` null: the server picks the first upcoming evening with spots. */
export const missedConnectionsQuery = (eventId: number, followUp: number | null) =>
  queryOptions({
    queryKey: queryKeys.missedConnections(eventId, followUp),
    queryFn: () => get(`/api/events/${eventId}/missed-connections${followUp === null ? '' : `?followUp=${followUp}`}`, missedConnectionsResponse),
  });

export const useMissedConnections = (eventId: number, followUp: number | null) =>
  useQuery({ ...missedConnectionsQuery(eventId, followUp), placeholderData: keepPreviousData });

/** Mark people as sent in every cached list for this follow-up evening, then refetch. */
function useMarkSent(eventId: number) {
  const qc = useQueryClient();
  return {
    mark(followUp: number, ids: number[]) {
      qc.setQueriesData<MissedConnectionsResponse>({ queryKey: queryKeys.missedConnections(eventId) }, (d) =>
        d && d.followUpEventId === followUp
          ? { ...d, connections: d.connections.map((c) => (ids.includes(c.id) ? { ...c, inviteStatus: 'sent' as const } : c)) }
          : d,
      );
    },
    refresh: () => qc.invalidateQueries({ queryKey: queryKeys.missedConnections(eventId) }),
  };
}

/** POST /api/events/{id}/invites: one Send Follow-Up Invite. */
export function useSendInvite(eventId: number) {
  const cache = useMarkSent(eventId);
  return useMutation({
    mutationFn: (body: { toUserId: number; eventId: number }) => post(`/api/events/${eventId}/invites`, body, sentInvite),
    onSuccess: (sent) => cache.mark(sent.eventId, [sent.toUserId]),
    onSettled: cache.refresh,
  });
}

/** POST /api/events/{id}/invites/all: Send All Invites; answers how many were sent. */
export function useSendAll(eventId: number) {
  const cache = useMarkSent(eventId);
  return useMutation({
    mutationFn: (followUp: number) => post(`/api/events/${eventId}/invites/all`, { eventId: followUp }, sentAllInvites),
    onSettled: cache.refresh,
  });
}

export const myInvitesQuery = queryOptions({
  queryKey: queryKeys.myInvites(),
  queryFn: () => get('/api/me/invites', receivedInvites),
});
export const useMyInvites = () => useQuery(myInvitesQuery);

/** Stop invites from a person who invited the member (POST), or undo it (DELETE). */
export function useInviteBlock() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, blocked }: { userId: number; blocked: boolean }) =>
      blocked ? post('/api/me/invite-blocks', { userId }, inviteBlockState) : api('DELETE', `/api/me/invite-blocks/${userId}`, undefined, inviteBlockState),
    onSuccess: (state) =>
      qc.setQueryData<ReceivedInvites>(queryKeys.myInvites(), (d) =>
        d ? { invites: d.invites.map((i) => (i.from.userId === state.userId ? { ...i, blocked: state.blocked } : i)) } : d,
      ),
    onSettled: () => qc.invalidateQueries({ queryKey: queryKeys.myInvites() }),
  });
}

/** The e-mail's stop link (no login needed). Idempotent on the server, so it is read once like a query. */
export const useStopInvites = (token: string) =>
  useQuery({
    queryKey: queryKeys.stopInvites(token),
    queryFn: () => post('/api/invites/stop', { token }, stoppedInvites),
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
  });
