import { isSharePlatform, type SharePlatform } from '@shared/domain/share-platforms';

/**
 * Where a visitor came from: a shared post's link carries `?source=<platform>` (/share,
 * docs/spec/organiser-tools.md §2.1). The first page of the visit remembers it for the tab's
 * session (sessionStorage survives the waitlist form's clearing of local storage), and the signup
 * sends it, so the new member is counted for that platform. Unknown values are ignored.
 */
const KEY = 'shareSource';

/** Remember `?source=` from a page address's query string, when it names one of the six platforms. */
export function rememberShareSource(search: string) {
  try {
    const source = new URLSearchParams(search).get('source');
    if (isSharePlatform(source)) sessionStorage.setItem(KEY, source);
  } catch {
    // Storage refused (private mode, quota): the signup simply carries no source.
  }
}

/** The remembered platform, or null. */
export function shareSource(): SharePlatform | null {
  try {
    const v = sessionStorage.getItem(KEY);
    return isSharePlatform(v) ? v : null;
  } catch {
    return null;
  }
}

/** A signup payload with the remembered source added, when there is one. */
export function withShareSource<T extends object>(payload: T): T & { source?: SharePlatform } {
  const source = shareSource();
  return source ? { ...payload, source } : payload;
}

/** Forget it once a signup has counted it. */
export function forgetShareSource() {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Nothing to forget.
  }
}
