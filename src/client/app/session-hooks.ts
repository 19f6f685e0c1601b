import { useSyncExternalStore } from 'react';
import { isSignedIn, subscribe } from '@client/lib/session';

export function useSignedIn() {
  return useSyncExternalStore(subscribe, isSignedIn, () => false);
}
