import type { Connection, ConnectionMethod } from '@shared/schemas/matching';

/** What a guest's QR code says: `SFCONNECT:<eventId>:<personalCode>`. */
const PREFIX = 'SFCONNECT';

export function connectPayload(eventId: number, personalCode: string) {
  return `${PREFIX}:${eventId}:${personalCode}`;
}

export type ScanResult = { kind: 'ok'; code: string } | { kind: 'other-event' } | { kind: 'not-ours' };

/** Read a scanned QR text: a code for this event, a code for another evening, or something else. */
export function readConnectPayload(text: string, eventId: number): ScanResult {
  const m = /^SFCONNECT:(\d+):([A-Za-z0-9]{1,12})$/.exec(text.trim());
  if (!m) return { kind: 'not-ours' };
  if (Number(m[1]) !== eventId) return { kind: 'other-event' };
  return { kind: 'ok', code: m[2]!.toUpperCase() };
}

export const METHOD_LABEL: Record<ConnectionMethod, string> = { qr: 'QR scan', code: 'Code', list: 'List' };

export type ConnectionStatus = 'Pending' | 'Match' | 'Declined' | 'Chat only';

/**
 * Pending until answered, then Match (yes) or Declined (no). A yes/no is only for someone the
 * rotation seated the guest with in a round that started (docs/decisions/0063): anyone else logged
 * is a chat only.
 */
export function statusOf(c: Pick<Connection, 'response' | 'canDecide'>): ConnectionStatus {
  return c.response === 'yes' ? 'Match' : c.response === 'no' ? 'Declined' : c.canDecide ? 'Pending' : 'Chat only';
}
