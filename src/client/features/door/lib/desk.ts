import { looseTicketHashInput, ticketHashInput } from '@shared/domain/door';
import { ticketCodeOf, type Door, type DoorGuest, type DoorPack, type DoorPackGuest, type DoorSyncOutcome } from '@shared/schemas/door';
import { formatTime } from '@client/lib/format';
import type { DeskCheckIn } from './desk-store';

/**
 * The door offline (docs/decisions/0052-the-door-offline.md): recognising a ticket from the pack's
 * hashes, the door as it stands with this desk's pending check-ins counted, and what to tell the
 * host about a check-in the server did not take as sent.
 */

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * The guest whose ticket this is (the camera's `SFTICKET:CODE` or a typed code), by its hash; a
 * code typed with its case wrong counts when it points at exactly one guest, as online.
 */
export async function guestByCode(pack: DoorPack, text: string): Promise<DoorPackGuest | null> {
  const code = ticketCodeOf(text);
  if (!code) return null;
  const exact = await sha256Hex(ticketHashInput(pack.eventId, code));
  const found = pack.guests.find((g) => g.codeHash === exact);
  if (found) return found;
  const loose = await sha256Hex(looseTicketHashInput(pack.eventId, code));
  const matches = pack.guests.filter((g) => g.looseHash === loose);
  return matches.length === 1 ? matches[0]! : null;
}

const byRecent = (a: DoorGuest, b: DoorGuest) => Date.parse(b.checkedInAt ?? '') - Date.parse(a.checkedInAt ?? '');

/** The door from the pack alone (reloaded with no connection): names but no ticket codes, no reminders. */
export function doorFromPack(pack: DoorPack, recentCount: number): Door {
  const guests: DoorGuest[] = pack.guests.map((g) => ({
    userId: g.userId,
    name: g.name,
    ticketCode: '',
    checkedIn: g.checkedIn,
    checkedInAt: g.checkedInAt,
    method: g.method,
    // A pack kept by a release before access needs has none (docs/decisions/0086).
    accessNeeds: g.accessNeeds ?? null,
  }));
  const checkedIn = guests.filter((g) => g.checkedIn).length;
  return {
    eventId: pack.eventId,
    counts: { registered: guests.length, checkedIn, toCome: guests.length - checkedIn },
    recent: guests
      .filter((g) => g.checkedIn)
      .sort(byRecent)
      .slice(0, recentCount),
    guests,
    reminders: { lastSentAt: null, nextAt: null },
  };
}

/** The door with this desk's pending check-ins in: counted, shown as checked in (a guest the server already has in stays as it has them). */
export function withPending(door: Door, pending: readonly DeskCheckIn[], recentCount: number): Door {
  const mine = new Map(pending.map((p) => [p.userId, p]));
  let added = 0;
  const guests = door.guests.map((g) => {
    const p = mine.get(g.userId);
    if (!p || g.checkedIn) return g;
    added++;
    return { ...g, checkedIn: true, checkedInAt: p.at, method: p.method };
  });
  if (added === 0) return door;
  const recentIds = new Set(door.recent.map((g) => g.userId));
  const fresh = guests.filter((g) => mine.has(g.userId) && !recentIds.has(g.userId));
  return {
    ...door,
    counts: { registered: door.counts.registered, checkedIn: door.counts.checkedIn + added, toCome: Math.max(0, door.counts.toCome - added) },
    guests,
    recent: [...fresh, ...door.recent].sort(byRecent).slice(0, recentCount),
  };
}

/** 'by the other desk', 'on their phone' or 'on this desk': who made the check-in that stands. */
function byWhom(by: DoorSyncOutcome['by']) {
  return by === 'guest' ? 'on their phone' : by === 'this_desk' ? 'on this desk' : 'by the other desk';
}

/** "Priya Shah was already checked in at 7:04 PM by the other desk". */
export function alreadyNotice(name: string, at: string | null, by: DoorSyncOutcome['by']) {
  return `${name} was already checked in${at ? ` at ${formatTime(at)}` : ''} ${byWhom(by)}.`;
}

/** What the host reads about a check-in the server did not take as the one that counts (null: it counts). */
export function noticeOf(item: DeskCheckIn, r: DoorSyncOutcome): string | null {
  if (r.outcome === 'checked_in') return null;
  if (r.outcome === 'already_checked_in') return alreadyNotice(item.name, r.checkedInAt, r.by);
  return `${item.name} ${r.message ?? 'could not be checked in.'}`;
}

/**
 * A check-in this desk sent that no longer stands in the pack: another desk had scanned the guest
 * earlier (the first by time stands), and this desk is told. One undone by a host since needs no word.
 */
export function overruled(pack: DoorPack, packAskedAt: number, standing: readonly DeskCheckIn[]): { item: DeskCheckIn; notice: string | null }[] {
  const guests = new Map(pack.guests.map((g) => [g.userId, g]));
  return standing.flatMap((item): { item: DeskCheckIn; notice: string | null }[] => {
    // A pack asked for before the server answered this check-in cannot know of it.
    if (item.sentAt === undefined || item.sentAt > packAskedAt) return [];
    const g = guests.get(item.userId);
    if (g?.checkInKey === item.key) return [];
    if (!g?.checkedIn) return [{ item, notice: null }];
    return [{ item, notice: alreadyNotice(item.name, g.checkedInAt, g.method === 'self' || g.method === 'location' ? 'guest' : 'other_desk') }];
  });
}
