import { forgetCachedReads } from './device-data';
import { forgetLiveMemory } from './live-memory-key';

/**
 * The spec's local storage keys. They drive the client-side route guard only; the server
 * decides everything from its httpOnly session cookie.
 */
export const KEYS = { userId: 'currentUserId', email: 'userEmail', contactsReleased: 'contactsReleased' } as const;

export function storedUserId(): number | null {
  const v = Number(localStorage.getItem(KEYS.userId));
  return Number.isInteger(v) && v > 0 ? v : null;
}

/** Signed in means: a stored user id and a stored e-mail containing '@'. */
export function isSignedIn(): boolean {
  return storedUserId() !== null && (localStorage.getItem(KEYS.email) ?? '').includes('@');
}

export function rememberUser(id: number, email: string) {
  // Someone else signing in on this phone: the last member's cached reads go (docs/decisions/0051).
  if (storedUserId() !== id) {
    void forgetCachedReads();
    forgetLiveMemory();
  }
  localStorage.setItem(KEYS.userId, String(id));
  localStorage.setItem(KEYS.email, email);
  notify();
}

export function forgetUser() {
  void forgetCachedReads();
  forgetLiveMemory();
  localStorage.removeItem(KEYS.userId);
  localStorage.removeItem(KEYS.email);
  notify();
}

/** The main waitlist form clears all local storage, then stores the new user id. */
export function resetStorageFor(id: number, email: string) {
  localStorage.clear();
  rememberUser(id, email);
}

const listeners = new Set<() => void>();
function notify() {
  listeners.forEach((l) => l());
}
export function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = () => listener();
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}
