import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  activeHostSchema,
  hostApplicationSchema,
  hostMessageSent,
  myHostProgramSchema,
  type HostApplication,
  type HostApplicationBody,
} from '@shared/schemas/host-program';
import { get, listOf, post } from '@client/lib/api';
import { queryKeys } from '@client/lib/query-keys';

/**
 * The host programme (docs/spec/organiser-tools.md §2.24): GET /api/host-program/hosts (everyone),
 * /me (the viewer's own application), /applications (admins), and the apply, approve and message calls.
 */

export const activeHostsQuery = queryOptions({
  queryKey: queryKeys.activeHosts(),
  queryFn: () => get('/api/host-program/hosts', listOf(activeHostSchema)),
});
export const useActiveHosts = () => useQuery(activeHostsQuery);

export const myHostApplicationQuery = queryOptions({
  queryKey: queryKeys.myHostApplication(),
  queryFn: () => get('/api/host-program/me', myHostProgramSchema),
});
export const useMyHostApplication = (enabled: boolean) => useQuery({ ...myHostApplicationQuery, enabled });

export const hostApplicationsQuery = queryOptions({
  queryKey: queryKeys.hostApplications(),
  queryFn: () => get('/api/host-program/applications', listOf(hostApplicationSchema)),
});
export const useHostApplications = (enabled: boolean) => useQuery({ ...hostApplicationsQuery, enabled });

/** POST /api/host-program/applications: the answer is the stored application, pending. */
export function useApplyToHost() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: HostApplicationBody) => post('/api/host-program/applications', body, hostApplicationSchema),
    onSuccess: (application) => {
      qc.setQueryData(queryKeys.myHostApplication(), (mine: { isHost: boolean } | undefined) => ({ isHost: mine?.isHost ?? false, application }));
    },
    // A refusal (already pending, already a host) means our copy is old.
    onSettled: () => qc.invalidateQueries({ queryKey: queryKeys.myHostApplication() }),
  });
}

/** POST /api/host-program/applications/{id}/approve (admins): the applicant becomes a host and is e-mailed. */
export function useApproveApplication() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => post(`/api/host-program/applications/${id}/approve`, undefined, hostApplicationSchema),
    onSuccess: (approved) => {
      qc.setQueryData<HostApplication[]>(queryKeys.hostApplications(), (list) => list?.map((a) => (a.id === approved.id ? approved : a)));
    },
    onSettled: () =>
      Promise.all([qc.invalidateQueries({ queryKey: queryKeys.hostApplications() }), qc.invalidateQueries({ queryKey: queryKeys.activeHosts() })]),
  });
}

/** POST /api/host-program/applications/{id}/decline (admins): the reason is e-mailed to the applicant and shown to them. */
export function useDeclineApplication() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) => post(`/api/host-program/applications/${id}/decline`, { reason }, hostApplicationSchema),
    onSuccess: (declined) => {
      qc.setQueryData<HostApplication[]>(queryKeys.hostApplications(), (list) => list?.map((a) => (a.id === declined.id ? declined : a)));
    },
    onSettled: () => qc.invalidateQueries({ queryKey: queryKeys.hostApplications() }),
  });
}

/** POST /api/host-program/applications/{id}/withdraw (the applicant's own, pending). */
export function useWithdrawApplication() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => post(`/api/host-program/applications/${id}/withdraw`, undefined, hostApplicationSchema),
    onSettled: () => qc.invalidateQueries({ queryKey: queryKeys.myHostApplication() }),
  });
}

/** POST /api/host-program/applications/{id}/message (admins): e-mailed to the applicant. */
export function useMessageApplicant() {
  return useMutation({
    mutationFn: ({ id, text }: { id: number; text: string }) => post(`/api/host-program/applications/${id}/message`, { text }, hostMessageSent),
  });
}
