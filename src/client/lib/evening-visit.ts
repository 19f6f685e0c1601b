/**
 * A visit to an evening's page, counted for its host's report (docs/decisions/0084-the-hosts-evening-report.md):
 * once per browser tab per evening (sessionStorage remembers it), sent as POST /api/events/{id}/visits.
 * The server counts it in a per-evening, per-day counter (nothing about who), and only before the
 * evening starts and not for its host or a booked guest. Best effort: a failure changes nothing.
 */
const KEY = 'eveningVisits';

function counted(): number[] {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((v): v is number => typeof v === 'number') : [];
  } catch {
    return [];
  }
}

export function countEveningVisit(eventId: number, send: typeof fetch = fetch): boolean {
  if (!Number.isSafeInteger(eventId) || eventId <= 0) return false;
  const done = counted();
  if (done.includes(eventId)) return false;
  try {
    // The last 50 evenings are enough to remember within one tab's session.
    sessionStorage.setItem(KEY, JSON.stringify([...done, eventId].slice(-50)));
  } catch {
    // Storage refused (private mode): the visit is still counted, a reload may count again.
  }
  void send(`/api/events/${eventId}/visits`, {
    method: 'POST',
    headers: { accept: 'application/json' },
    keepalive: true,
    credentials: 'same-origin',
  })
    // Read to the end, though nobody needs it: Chromium leaves a fetch whose body is never read
    // open, so the page never looks idle (docs/decisions/0112).
    .then((res) => res.arrayBuffer())
    .catch(() => undefined);
  return true;
}
