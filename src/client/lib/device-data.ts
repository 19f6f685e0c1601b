/**
 * What the service worker keeps of one member's reads on this phone (the 'api-tonight' cache,
 * vite.config.ts): dropped when a member signs out and when someone else signs in, so no one
 * ever sees another member's evening from this phone (docs/decisions/0051-the-evening-offline.md).
 * The name is the runtime cache's in vite.config.ts.
 */
export const API_CACHE = 'api-tonight';

export function forgetCachedReads(): Promise<unknown> {
  if (typeof caches === 'undefined') return Promise.resolve();
  return caches.delete(API_CACHE).catch(() => false);
}
