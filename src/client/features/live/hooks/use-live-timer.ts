import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import type { ClientMessage, ServerMessage, TimerStateMessage } from '@shared/realtime';
import { useLiveSocket, useRemainingSeconds, type ConnectionStatus } from '@client/lib/live-socket';
import { timerQuery } from '@client/lib/queries/live';
import { sendOverSocket } from '@client/lib/timer-command';
import { useTimerSync, type TimerSync } from '@client/lib/timer-sync';

export interface LiveTimer {
  status: ConnectionStatus;
  /** The newest state known: the socket's, or the HTTP one until the socket has spoken. */
  timer: TimerStateMessage | null;
  /** Seconds left now, counted locally from endsAt with the clock offset. */
  remaining: number;
  /** When the running phase ends on this phone's clock (ms), or null. */
  endsAtLocal: number | null;
  /** Whether the clock shown is the room's, or the last one heard and how long ago (one rule: @client/lib/timer-sync). */
  sync: TimerSync;
  /** A host command on its way: its type until the state moves, an error arrives, or 6 s pass. */
  pending: ClientMessage['type'] | null;
  /** Send a host command; false (with a toast) when the socket is not open. */
  command(m: ClientMessage): boolean;
}

/** Why a host command was not sent with the phone offline (said where the buttons are, too). */
export { HOST_OFFLINE_TEXT, HOST_OFFLINE_TITLE } from '@client/lib/timer-command';

const PENDING_TIMEOUT_MS = 6_000;

/**
 * The live timer of one event for one viewer: the first paint from GET /timer, then the shared
 * socket. With `primary`, this instance toasts socket errors and the end of the event (one per
 * page, even when several components listen to the same socket).
 */
export function useLiveTimer(
  eventId: number | null,
  userId: number | null,
  isHost: boolean,
  { primary = false, onMessage }: { primary?: boolean; onMessage?: (m: ServerMessage) => void } = {},
): LiveTimer {
  const [pending, setPending] = useState<{ type: ClientMessage['type']; version: number } | null>(null);
  const handler = useRef(onMessage);
  useEffect(() => {
    handler.current = onMessage;
  });

  const { socket, timer, offset } = useLiveState(eventId, userId, isHost, (m) => {
    if (primary && m.type === 'error') {
      setPending(null);
      toast.error("Couldn't update the timer", { description: m.message });
    }
    if (primary && m.type === 'event_ended') toast.success('Event Complete!', { description: 'Thanks for coming. Your matches will follow.' });
    handler.current?.(m);
  });
  const remaining = useRemainingSeconds(timer, offset);
  const sync = useTimerSync(socket.status, socket.heardAt);
  const unsynced = sync.state === 'unsynced';

  // The line dropped with a command on its way: it may never have arrived, so nothing spins on.
  useEffect(() => {
    if (unsynced) setPending(null);
  }, [unsynced]);

  useEffect(() => {
    if (!pending) return;
    const id = window.setTimeout(() => setPending(null), PENDING_TIMEOUT_MS);
    return () => window.clearTimeout(id);
  }, [pending]);

  const version = timer?.version ?? -1;
  const send = socket.send;
  const command = useCallback(
    (m: ClientMessage) => {
      if (!sendOverSocket(send, m)) return false;
      setPending({ type: m.type, version });
      return true;
    },
    [send, version],
  );

  return {
    status: socket.status,
    timer,
    remaining,
    endsAtLocal: timer?.endsAt != null ? timer.endsAt - offset : null,
    sync,
    pending: pending && pending.version === version ? pending.type : null,
    command,
  };
}

/**
 * The newest timer state of an event without a clock: the socket's, or the HTTP answer until
 * the socket has spoken (or when it is newer). For components that only need the round.
 */
export function useLiveState(eventId: number | null, userId: number | null, isHost: boolean, onMessage?: (m: ServerMessage) => void) {
  const socket = useLiveSocket(eventId, userId, isHost, onMessage);
  const initial = useQuery({ ...timerQuery(eventId ?? 0), enabled: !!eventId && !!userId });
  const fromSocket = socket.timer;
  const fromHttp = initial.data;
  const useHttp = !fromSocket || (fromHttp !== undefined && fromHttp.state.version > fromSocket.version);
  return {
    socket,
    timer: useHttp ? (fromHttp?.state ?? null) : fromSocket,
    offset: useHttp ? (fromHttp?.offset ?? 0) : socket.offset,
  };
}
