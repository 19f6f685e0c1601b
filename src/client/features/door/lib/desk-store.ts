import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { DoorPack, DoorSyncItem } from '@shared/schemas/door';

/**
 * What a door desk keeps on the device (docs/decisions/0052-the-door-offline.md): its desk id, each
 * evening's offline pack (names and ticket-code hashes, no codes), and its check-ins made offline,
 * in IndexedDB so a reload with no connection finds them again. Where IndexedDB is missing (some
 * private windows), the same in memory: the desk works offline until the page is closed.
 */

/**
 * One check-in this desk made offline: 'pending' until the server has it; then 'standing' while it
 * is the check-in that counts (the desk watches whether an earlier one from another desk replaces
 * it), or a 'notice' for the host to read (the guest was already in, or it did not count).
 */
export interface DeskCheckIn extends DoorSyncItem {
  eventId: number;
  name: string;
  state: 'pending' | 'standing' | 'notice';
  /** For a notice: what to tell the host. */
  notice?: string;
  /** When the server's answer came (this device's clock): only a pack read after it can show the check-in overruled. */
  sentAt?: number;
}

export interface DeskStore {
  deskId(): Promise<string>;
  pack(eventId: number): Promise<DoorPack | undefined>;
  savePack(pack: DoorPack): Promise<void>;
  checkIns(eventId: number): Promise<DeskCheckIn[]>;
  put(items: DeskCheckIn[]): Promise<void>;
  remove(keys: string[]): Promise<void>;
}

interface DeskDb extends DBSchema {
  meta: { key: string; value: string };
  packs: { key: number; value: DoorPack };
  checkIns: { key: string; value: DeskCheckIn; indexes: { byEvent: number } };
}

const DB_NAME = 'speed-friendship-door';

function idbStore(): DeskStore {
  let opened: Promise<IDBPDatabase<DeskDb>> | null = null;
  const db = () =>
    (opened ??= openDB<DeskDb>(DB_NAME, 1, {
      upgrade(d) {
        d.createObjectStore('meta');
        d.createObjectStore('packs', { keyPath: 'eventId' });
        d.createObjectStore('checkIns', { keyPath: 'key' }).createIndex('byEvent', 'eventId');
      },
    }));
  return {
    async deskId() {
      const d = await db();
      const tx = d.transaction('meta', 'readwrite');
      const id = (await tx.store.get('deskId')) ?? crypto.randomUUID();
      await tx.store.put(id, 'deskId');
      await tx.done;
      return id;
    },
    pack: async (eventId) => (await db()).get('packs', eventId),
    savePack: async (pack) => void (await (await db()).put('packs', pack)),
    checkIns: async (eventId) => (await db()).getAllFromIndex('checkIns', 'byEvent', eventId),
    async put(items) {
      const tx = (await db()).transaction('checkIns', 'readwrite');
      await Promise.all([...items.map((i) => tx.store.put(i)), tx.done]);
    },
    async remove(keys) {
      const tx = (await db()).transaction('checkIns', 'readwrite');
      await Promise.all([...keys.map((k) => tx.store.delete(k)), tx.done]);
    },
  };
}

export function memoryStore(): DeskStore {
  const id = crypto.randomUUID();
  const packs = new Map<number, DoorPack>();
  const items = new Map<string, DeskCheckIn>();
  return {
    deskId: async () => id,
    pack: async (eventId) => packs.get(eventId),
    savePack: async (pack) => void packs.set(pack.eventId, pack),
    checkIns: async (eventId) => [...items.values()].filter((i) => i.eventId === eventId),
    put: async (list) => list.forEach((i) => items.set(i.key, { ...i })),
    remove: async (keys) => keys.forEach((k) => items.delete(k)),
  };
}

let shared: DeskStore | null = null;
/** The device's desk store: IndexedDB when the browser has it. */
export const deskStore = (): DeskStore => (shared ??= typeof indexedDB === 'undefined' ? memoryStore() : idbStore());
