import { eventIdOfPath, readShareSource, type ShareSource } from '@shared/domain/share-sources';

/**
 * Where a visitor came from: every link we hand out (share posts, flyer QR codes, Copy Link) carries
 * `?source=<channel>-<medium>` (docs/decisions/0047). The FIRST one of the tab's session is kept
 * (first touch: a later link in the same visit does not take the credit), with the evening page it
 * opened; sessionStorage survives the waitlist form's clearing of local storage. The signup sends
 * both, and the visit to the evening's page is reported once per session. Unknown values are ignored.
 */
const KEY = 'shareSource';
const SESSION_KEY = 'shareSession';

interface Remembered {
  source: ShareSource;
  eventId: number | null;
}

function read(): Remembered | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    if (!raw) return null;
    // Older tabs kept the bare platform.
    const parsed: unknown = raw.startsWith('{') ? JSON.parse(raw) : { source: raw, eventId: null };
    if (!parsed || typeof parsed !== 'object') return null;
    const { source, eventId } = parsed as { source?: unknown; eventId?: unknown };
    const known = readShareSource(source);
    if (!known) return null;
    return { source: known, eventId: typeof eventId === 'number' && Number.isSafeInteger(eventId) && eventId > 0 ? eventId : null };
  } catch {
    return null;
  }
}

/**
 * Remember `?source=` of a page address, when it is one of ours and the session has none yet.
 * Returns what the session now remembers (the first source, kept).
 */
export function rememberShareSource(search: string, pathname = '/'): Remembered | null {
  const kept = read();
  if (kept) return kept;
  try {
    const source = readShareSource(new URLSearchParams(search).get('source'));
    if (!source) return null;
    const found = { source, eventId: eventIdOfPath(pathname) };
    sessionStorage.setItem(KEY, JSON.stringify(found));
    return found;
  } catch {
    // Storage refused (private mode, quota): the signup simply carries no source.
    return null;
  }
}

/** The remembered source, or null. */
export function shareSource(): ShareSource | null {
  return read()?.source ?? null;
}

/** A signup payload with the remembered source (and the evening page it opened) added, when there is one. */
export function withShareSource<T extends object>(payload: T): T & { source?: ShareSource; sourceEventId?: number } {
  const kept = read();
  if (!kept) return payload;
  return kept.eventId === null ? { ...payload, source: kept.source } : { ...payload, source: kept.source, sourceEventId: kept.eventId };
}

/** Forget it once a signup has counted it. */
export function forgetShareSource() {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Nothing to forget.
  }
}

/** This tab's random visit id: the server counts a visit once per (evening, session). */
export function visitSession(): string | null {
  try {
    let id = sessionStorage.getItem(SESSION_KEY);
    if (!id || !/^[0-9a-f-]{36}$/.test(id)) {
      id = crypto.randomUUID();
      sessionStorage.setItem(SESSION_KEY, id);
    }
    return id;
  } catch {
    return null;
  }
}

/**
 * Opened an evening's page (`/events/{id}`) through one of our links: report the visit for the
 * session's first source. Best effort: a refused or failed report changes nothing for the visitor.
 */
export function reportVisit(location: { pathname: string; search: string }, send: typeof fetch = fetch) {
  const eventId = eventIdOfPath(location.pathname);
  if (eventId === null) return null;
  const kept = rememberShareSource(location.search, location.pathname);
  const sessionId = visitSession();
  if (!kept || !sessionId) return null;
  const body = { eventId, source: kept.source, sessionId };
  void send('/api/share/visits', {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(body),
    keepalive: true,
    credentials: 'same-origin',
  })
    // Read to the end, though nobody needs it: Chromium leaves a fetch whose body is never read
    // open, so the page never looks idle (docs/decisions/0112).
    .then((res) => res.arrayBuffer())
    .catch(() => undefined);
  return body;
}
