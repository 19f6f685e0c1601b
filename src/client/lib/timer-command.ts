import { useMutation } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { ClientMessage, TimerStateMessage } from '@shared/realtime';
import { timerUpdateSchema } from '@shared/schemas/live';
import { post } from './api';

/**
 * A timer command over HTTP, POST /api/events/{id}/timer: the same commands as the live socket,
 * through the server's one way in for a host command (docs/decisions/0100-one-pipeline-for-the-live-evening.md).
 * The answer is the new state; the socket tells everyone else. Every timer command of the client
 * leaves through this file: over HTTP the dashboard's cards (useTimerCommand) and the door's Start
 * Event; over the open socket the host's console and the event page's controls (sendOverSocket,
 * through features/live's useLiveTimer and its RoundButton).
 */
export const postTimerCommand = (eventId: number, message: ClientMessage) => post(`/api/events/${eventId}/timer`, message, timerUpdateSchema);

/** postTimerCommand as a mutation; `onApplied` hears the state the command left (to put it where a screen reads it). */
export function useTimerCommand(onApplied?: (state: TimerStateMessage, eventId: number) => void) {
  return useMutation({
    mutationFn: ({ eventId, message }: { eventId: number; message: ClientMessage }) => postTimerCommand(eventId, message),
    onSuccess: (state, { eventId }) => onApplied?.(state, eventId),
  });
}

/** Why a host command was not sent with the phone offline: the guests' phones carry on meanwhile. */
export const HOST_OFFLINE_TITLE = 'You are offline';
export const HOST_OFFLINE_TEXT =
  "The timer's buttons work again when your connection is back. Meanwhile every guest's phone keeps the current round and its clock.";

/** A timer command over the open live socket (`send`); false, with a toast saying why, when it could not go. */
export function sendOverSocket(send: (m: ClientMessage) => boolean, m: ClientMessage): boolean {
  if (typeof navigator !== 'undefined' && !navigator.onLine) {
    toast.error(HOST_OFFLINE_TITLE, { description: HOST_OFFLINE_TEXT });
    return false;
  }
  if (!send(m)) {
    toast.error('Not connected to the timer', { description: 'Reconnecting now. Please try again in a moment.' });
    return false;
  }
  return true;
}
