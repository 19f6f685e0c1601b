/**
 * The door offline (docs/decisions/0052-the-door-offline.md): what a desk keeps on the device to
 * recognise a ticket with no connection, and how a check-in it made offline is judged when it comes
 * back. Pure rules, used by the server (sync) and the desk (matching a scan, counting).
 */

/**
 * What is hashed (SHA-256, hex) for a ticket in the desk's offline pack: the evening's id and the
 * code, so the same code hashes differently on another evening and a stored list of hashes is of
 * no use anywhere else. The desk hashes what it scanned the same way and compares.
 */
export const ticketHashInput = (eventId: number, ticketCode: string) => `${eventId}:${ticketCode}`;

/**
 * The same for a code typed with its letters' case wrong (phones capitalise the first letter):
 * the lowercased code, accepted only when it points at exactly one guest, as the online scan does.
 */
export const looseTicketHashInput = (eventId: number, ticketCode: string) => ticketHashInput(eventId, ticketCode.toLowerCase());

/** How long after the evening's end a desk that was offline may still send what it checked in. */
export const DOOR_SYNC_GRACE_HOURS = 12;

/** Most check-ins one sync may carry (an evening is at most a few hundred guests). */
export const DOOR_SYNC_MAX_ITEMS = 500;

export type ClaimWindow = {
  /** When this desk first loaded the evening's list (the server's clock): it cannot have scanned anything before. */
  deskSince: Date;
  /** The evening's end: the door closes then. */
  endsAt: Date;
  /** The server's clock. */
  now: Date;
};

/**
 * The time an offline check-in counts at, or that it does not (decision 0052, after 0039 "earned,
 * not spoofed"): the desk's word, held between when the desk got the list and now, so a desk whose
 * clock runs ahead or behind (or lies) can neither claim a time before it had the list nor one in
 * the future; a check-in at or after the evening's end is refused, as the door is closed then.
 */
export function boundClaim(claimed: Date, w: ClaimWindow): { at: Date } | { refused: 'after_end' } {
  const at = new Date(Math.max(w.deskSince.getTime(), Math.min(claimed.getTime(), w.now.getTime())));
  if (at.getTime() >= w.endsAt.getTime()) return { refused: 'after_end' };
  return { at };
}
