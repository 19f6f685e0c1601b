import { useSyncExternalStore } from 'react';

/**
 * Whether this phone has a connection, and since when it has had none (docs/decisions/0051): the
 * time is kept for the tab's session, so a page reloaded offline still says since when.
 */
const KEY = 'offlineSince';

function readSince(): number | null {
  if (navigator.onLine) return null;
  try {
    const v = Number(sessionStorage.getItem(KEY));
    return Number.isFinite(v) && v > 0 ? v : null;
  } catch {
    return null;
  }
}

function mark(online: boolean) {
  try {
    if (online) sessionStorage.removeItem(KEY);
    else if (!sessionStorage.getItem(KEY)) sessionStorage.setItem(KEY, String(Date.now()));
  } catch {
    // Storage refused: the banner then says since when this page knew.
  }
}

let fallbackSince: number | null = null;
function since(): number | null {
  if (navigator.onLine) {
    fallbackSince = null;
    return null;
  }
  return readSince() ?? (fallbackSince ??= Date.now());
}

function subscribe(onChange: () => void) {
  const on = () => {
    mark(true);
    onChange();
  };
  const off = () => {
    mark(false);
    onChange();
  };
  window.addEventListener('online', on);
  window.addEventListener('offline', off);
  return () => {
    window.removeEventListener('online', on);
    window.removeEventListener('offline', off);
  };
}

/** Null while online; offline, the time (ms) the connection went. */
export function useOfflineSince(): number | null {
  if (typeof navigator !== 'undefined' && !navigator.onLine) mark(false);
  return useSyncExternalStore(subscribe, since, () => null);
}
