import { useSyncExternalStore } from 'react';

/**
 * Whether this phone has a connection, and since when it has had none (docs/decisions/0051, 0065).
 * The first instant is kept on the phone (localStorage): a reload offline, or another tab of the app
 * opened offline, still says since when, and never moves it to the reload's time. It is noted as the
 * module loads and on every 'offline' event, whether or not a banner is on screen, and forgotten as
 * soon as the phone is seen online.
 */
const KEY = 'offlineSince';
/** An older note is from an outage the app never saw end (closed offline, opened offline much later): not trusted. */
export const OFFLINE_NOTE_MAX_AGE_MS = 12 * 60 * 60_000;

function stored(): number | null {
  try {
    const v = Number(localStorage.getItem(KEY));
    return Number.isFinite(v) && v > 0 && Date.now() - v < OFFLINE_NOTE_MAX_AGE_MS ? v : null;
  } catch {
    return null;
  }
}

let fallbackSince: number | null = null;

function mark(online: boolean) {
  try {
    if (online) localStorage.removeItem(KEY);
    else if (stored() === null) localStorage.setItem(KEY, String(fallbackSince ?? Date.now()));
  } catch {
    // Storage refused: the banner then says since when this page knew.
  }
  if (online) fallbackSince = null;
  else fallbackSince ??= stored() ?? Date.now();
}

/** Forget the outage this page knew of (the client tests' set-up, between tests sharing the module: docs/decisions/0059). */
export function forgetOfflineSince() {
  fallbackSince = null;
}

const listeners = new Set<() => void>();
if (typeof window !== 'undefined') {
  mark(navigator.onLine);
  window.addEventListener('online', () => {
    mark(true);
    listeners.forEach((l) => l());
  });
  window.addEventListener('offline', () => {
    mark(false);
    listeners.forEach((l) => l());
  });
}

function since(): number | null {
  if (navigator.onLine) return null;
  return stored() ?? fallbackSince ?? (fallbackSince = Date.now());
}

function subscribe(onChange: () => void) {
  listeners.add(onChange);
  return () => {
    listeners.delete(onChange);
  };
}

/** Null while online; offline, the time (ms) the connection went. */
export function useOfflineSince(): number | null {
  if (typeof navigator !== 'undefined' && !navigator.onLine) mark(false);
  return useSyncExternalStore(subscribe, since, () => null);
}

/** Whether the phone says it is online now (re-renders when that changes). */
export function useOnline(): boolean {
  return useOfflineSince() === null;
}
