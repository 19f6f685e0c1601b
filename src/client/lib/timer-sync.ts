import { useEffect, useState } from 'react';
import { useOnline } from './connectivity';
import type { ConnectionStatus } from './live-socket';

/**
 * One rule for every screen with the shared clock (the guest's evening page, the host console and
 * /timer; docs/decisions/0065): the clock is synchronized only while the phone is online and the
 * socket is open. Otherwise the screen says it shows the last time heard, and how old that is;
 * never 'Live' or 'Chat away: the clock is shared by everyone in the room'.
 */
export type TimerSync =
  | { state: 'synced' }
  /** The page's first socket on its way, with a connection: nothing to warn about yet. */
  | { state: 'connecting' }
  | { state: 'unsynced'; /** Seconds since the server was last heard (null: never, on this phone). */ ago: number | null };

export const SYNCED_LINE = 'Synchronized with all participants';
export const UNSYNCED_LINE = 'Not synchronized: showing the last time heard';

/** 42 → '0:42', 3723 → '62:03'. */
export function agoText(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** 'Last heard 0:42 ago', or null when never heard. */
export function lastHeardText(sync: TimerSync): string | null {
  return sync.state === 'unsynced' && sync.ago !== null ? `Last heard ${agoText(sync.ago)} ago` : null;
}

/** The state of the clock of a screen, re-counted every second while not synchronized. */
export function useTimerSync(status: ConnectionStatus, heardAt: number | null): TimerSync {
  const online = useOnline();
  const synced = online && status === 'open';
  const connecting = online && status === 'connecting';
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (synced || connecting) return;
    setNow(Date.now());
    const id = window.setInterval(() => setNow(Date.now()), 1_000);
    return () => window.clearInterval(id);
  }, [synced, connecting]);
  if (synced) return { state: 'synced' };
  if (connecting) return { state: 'connecting' };
  return { state: 'unsynced', ago: heardAt === null ? null : Math.max(0, Math.floor((now - heardAt) / 1000)) };
}
