import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { doorCheckInResult, doorSchema, doorUndoResult, remindersResult, type Door, type DoorGuest, type ScanMethod } from '@shared/schemas/door';
import { RECENT_CHECK_INS } from '@shared/domain/arrival';
import { ApiError, del, get, LocalRefusal, NetworkError, post } from '@client/lib/api';
import { timerQuery } from '@client/lib/queries/live';
import { queryKeys } from '@client/lib/query-keys';
import { postTimerCommand } from '@client/lib/timer-command';
import { UNDO_NEEDS_CONNECTION, useDesk, type Desk, type DeskCheckInResult, type DeskUndoResult } from '../hooks/use-desk';

/**
 * The host's check-in desk (/check-in, docs/spec/organiser-tools.md §2.19): the door's counts and
 * guests, check-ins by scan, code or search, undo, reminders and the start of round 1. Every
 * change lands on queryKeys.door(eventId) at once from the server's answer (re-read only when the
 * desk answered offline or the request failed); the live socket's check-in news, at most once a
 * second (docs/decisions/0138), brings every other desk's and guest's changes, which land on it too
 * (@client/lib/live-cache, 0142).
 */

/** GET /api/events/{id}/door (hosts of the event): counts, the 5 most recent check-ins, every guest. */
export const doorQuery = (eventId: number) =>
  queryOptions({
    queryKey: queryKeys.door(eventId),
    queryFn: () => get(`/api/events/${eventId}/door`, doorSchema),
  });

export const useDoor = (eventId: number) => useQuery(doorQuery(eventId));

const byRecent = (a: DoorGuest, b: DoorGuest) => new Date(b.checkedInAt ?? 0).getTime() - new Date(a.checkedInAt ?? 0).getTime();

/** The door after one guest changed (checked in or undone), with the server's counts. */
export function applyGuest(door: Door, guest: DoorGuest, counts: Door['counts']): Door {
  const others = door.recent.filter((g) => g.userId !== guest.userId);
  return {
    ...door,
    counts,
    guests: door.guests.map((g) => (g.userId === guest.userId ? guest : g)),
    recent: (guest.checkedIn ? [guest, ...others] : others).sort(byRecent).slice(0, RECENT_CHECK_INS),
  };
}

function landOnDoor(qc: QueryClient, eventId: number, result: DeskCheckInResult | DeskUndoResult) {
  // An answer from the desk offline is its own view, pending included (hooks/use-desk.ts), not the server's door.
  if ('offline' in result) return;
  qc.setQueryData(queryKeys.door(eventId), (old: Door | undefined) => (old ? applyGuest(old, result.guest, result.counts) : old));
}

/**
 * Read the door again after a change, without waiting for it: TanStack Query waits for a promise
 * returned from onSettled before it calls the caller's own callbacks, and offline the re-read is
 * paused until the connection returns, so the scan's answer would stay on "Checking the ticket…".
 * Not after the server's own answer: it holds the guest and the counts as the change left them
 * (landOnDoor), and other desks' changes come with the live socket's news, at most a second later
 * (docs/decisions/0138). At a rush a desk scanning five guests a second read the whole list five
 * times a second.
 */
const reReadUnlessAnswered = (qc: QueryClient, eventId: number, result: DeskCheckInResult | DeskUndoResult | undefined) => {
  if (result && !('offline' in result)) return;
  void qc.invalidateQueries({ queryKey: queryKeys.door(eventId), exact: true });
};

/**
 * Online, the server; offline (the browser says so, or the request could not reach it), the desk
 * checks the guest in against its pack and queues it (docs/decisions/0052-the-door-offline.md).
 * These mutations run offline too (networkMode 'always'): TanStack Query would otherwise hold them.
 */
async function orOffline<T>(desk: Desk | null, online: () => Promise<T>, offline: (desk: Desk) => Promise<T>): Promise<T> {
  if (desk && !navigator.onLine) return offline(desk);
  try {
    return await online();
  } catch (err) {
    if (desk && err instanceof NetworkError) return offline(desk);
    throw err;
  }
}

/** POST /api/events/{id}/door/scan {code, method}: what the camera read (`SFTICKET:CODE`, 'scan') or a ticket code typed ('code'). */
export function useScanTicket(eventId: number) {
  const qc = useQueryClient();
  const desk = useDesk();
  return useMutation({
    networkMode: 'always',
    mutationFn: (body: { code: string; method: ScanMethod }): Promise<DeskCheckInResult> =>
      orOffline(
        desk,
        () => post(`/api/events/${eventId}/door/scan`, body, doorCheckInResult),
        (d) => d.scanOffline(body.code, body.method),
      ),
    onSuccess: (result) => landOnDoor(qc, eventId, result),
    onSettled: (result) => reReadUnlessAnswered(qc, eventId, result),
  });
}

/** POST /api/events/{id}/door/check-in {userId}: the host found the guest by name or code. */
export function useCheckInGuest(eventId: number) {
  const qc = useQueryClient();
  const desk = useDesk();
  return useMutation({
    networkMode: 'always',
    mutationFn: (userId: number): Promise<DeskCheckInResult> =>
      orOffline(
        desk,
        () => post(`/api/events/${eventId}/door/check-in`, { userId }, doorCheckInResult),
        (d) => d.checkInOffline(userId, 'search'),
      ),
    onSuccess: (result) => landOnDoor(qc, eventId, result),
    onSettled: (result) => reReadUnlessAnswered(qc, eventId, result),
  });
}

/** DELETE /api/events/{id}/door/check-in/{userId}: a mistaken check-in undone; one still waiting to be sent just leaves the queue. */
export function useUndoCheckIn(eventId: number) {
  const qc = useQueryClient();
  const desk = useDesk();
  return useMutation({
    networkMode: 'always',
    mutationFn: async (userId: number): Promise<DeskUndoResult> => {
      const queued = await desk?.undoPending(userId);
      if (queued) return queued;
      if (desk && !navigator.onLine) throw new LocalRefusal(UNDO_NEEDS_CONNECTION);
      return del(`/api/events/${eventId}/door/check-in/${userId}`, doorUndoResult);
    },
    onSuccess: (result) => landOnDoor(qc, eventId, result),
    onSettled: (result) => reReadUnlessAnswered(qc, eventId, result),
  });
}

/** POST /api/events/{id}/reminders: e-mail and in-app message to the registered guests not yet checked in. */
export function useSendReminders(eventId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => post(`/api/events/${eventId}/reminders`, {}, remindersResult),
    // The door's answer says when the last reminder went and when the next may (one an hour).
    onSettled: () => qc.invalidateQueries({ queryKey: queryKeys.door(eventId) }),
  });
}

/**
 * Start Event: round 1 starts on the server timer (POST /api/events/{id}/timer start_timer, @client/lib/timer-command), unless
 * the evening has already begun. Resolves to whether this call started it; a start that lost a race
 * with another device ('A round is already running') counts as begun.
 */
export function useStartEvent(eventId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (): Promise<'started' | 'running'> => {
      const { state } = await qc.fetchQuery(timerQuery(eventId));
      if (state.phase !== 'idle' || state.currentRound > 0) return 'running';
      try {
        await postTimerCommand(eventId, { type: 'start_timer', duration: state.roundDuration, autoAdvance: true });
        return 'started';
      } catch (err) {
        if (err instanceof ApiError && err.status === 409) {
          const now = await qc.fetchQuery(timerQuery(eventId));
          if (now.state.currentRound > 0) return 'running';
        }
        throw err;
      }
    },
  });
}
