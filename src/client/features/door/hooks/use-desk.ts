import { useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import {
  doorPackSchema,
  doorSyncResult,
  type Door,
  type DoorCheckInResult,
  type DoorGuest,
  type DoorPack,
  type DoorDeskMethod,
  type ScanMethod,
} from '@shared/schemas/door';
import { ApiError, del, LocalRefusal, post, put } from '@client/lib/api';
import { RECENT_CHECK_INS } from '@shared/domain/arrival';
import { queryKeys } from '@client/lib/query-keys';
import { doorFromPack, guestByCode, noticeOf, overruled, withPending } from '../lib/desk';
import type { DeskCheckIn, DeskStore } from '../lib/desk-store';

/**
 * The desk offline (docs/decisions/0052-the-door-offline.md): this device's pack of tonight's
 * guests, the check-ins it made with no connection (pending, counted, undoable), sending them when
 * the connection is back, and what the host must be told about them.
 */

/** How often a desk with check-ins waiting tries again while the browser says it is online (the server may be the one down). */
export const RETRY_MS = 5_000;

export const NO_LIST_OFFLINE = 'You are offline and this desk has not loaded the guest list yet. Check guests in once the connection is back.';
export const NOT_ON_LIST = 'This code is not on tonight’s guest list. Check the code, or find the guest by name.';
export const UNDO_NEEDS_CONNECTION = 'This check-in has already reached the server: undo it once the connection is back.';

/**
 * What the desk answered with no server: a check-in queued (counted and shown at once, sent later),
 * or the guest already in. `offline` marks it as the desk's view (pending included), never the server's door.
 */
export type OfflineResult = { offline: true; outcome: 'queued' | 'already_checked_in'; guest: DoorGuest; counts: Door['counts'] };
export type DeskCheckInResult = DoorCheckInResult | OfflineResult;
export type DeskUndoResult = { offline?: true; guest: DoorGuest; counts: Door['counts'] };

export interface Desk {
  online: boolean;
  /** Whether what this device keeps (its pack and queue) has been read: until then the desk cannot fall back on it. */
  loaded: boolean;
  /** When this desk lost the connection (this device's clock), null while online. */
  offlineSince: number | null;
  pack: DoorPack | undefined;
  pending: DeskCheckIn[];
  notices: DeskCheckIn[];
  isPending(userId: number): boolean;
  /** Whether this desk's offline check-in of the guest has been sent and stands. */
  wasSent(userId: number): boolean;
  /** The door as it stands for this desk: the server's (or the pack's, reloaded offline) with pending check-ins in. */
  show(door: Door | undefined): Door | undefined;
  /** A ticket read by the camera ('scan') or typed ('code'), recognised against the pack. */
  scanOffline(text: string, method: ScanMethod): Promise<DeskCheckInResult>;
  checkInOffline(userId: number, method: DoorDeskMethod): Promise<DeskCheckInResult>;
  /** Take back a pending check-in (it leaves the queue); false when there was none. */
  undoPending(userId: number): Promise<DeskUndoResult | null>;
  dismiss(key: string): void;
}

const DeskContext = createContext<Desk | null>(null);
export const DeskProvider = DeskContext.Provider;
/** The desk of the check-in page, or null outside it. */
export const useDesk = () => useContext(DeskContext);

function subscribeOnline(cb: () => void) {
  window.addEventListener('online', cb);
  window.addEventListener('offline', cb);
  return () => {
    window.removeEventListener('online', cb);
    window.removeEventListener('offline', cb);
  };
}

/** Whether the browser says it has a connection, and since when it has not. */
export function useOnline() {
  const online = useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );
  const [since, setSince] = useState<number | null>(null);
  useEffect(() => setSince(online ? null : Date.now()), [online]);
  return { online, offlineSince: online ? null : (since ?? Date.now()) };
}

/**
 * The desk's state for one evening. `door` is the server's door as last read (undefined before the
 * first answer or with none); `doorReadAt` changes each time it is read again.
 */
export function useDeskState(eventId: number, store: DeskStore, door: Door | undefined, doorReadAt: number): Desk {
  const qc = useQueryClient();
  const { online, offlineSince } = useOnline();
  const [deskId, setDeskId] = useState<string | null>(null);
  const [pack, setPack] = useState<DoorPack | undefined>();
  const [items, setItems] = useState<DeskCheckIn[]>([]);
  const [loaded, setLoaded] = useState(false);
  /** The guests whose offline check-in this desk has sent since the page opened (and that counted). */
  const [sentUsers, setSentUsers] = useState<ReadonlySet<number>>(new Set());
  const sending = useRef(false);

  const reload = useCallback(async () => setItems(await store.checkIns(eventId)), [store, eventId]);

  useEffect(() => {
    let live = true;
    void (async () => {
      const [id, saved, list] = await Promise.all([store.deskId(), store.pack(eventId), store.checkIns(eventId)]);
      if (!live) return;
      setDeskId(id);
      setPack((p) => p ?? saved);
      setItems(list);
      setLoaded(true);
    })();
    return () => {
      live = false;
    };
  }, [store, eventId]);

  /** Read the pack again (online), keep it, and tell the host of any of this desk's check-ins an earlier one replaced. */
  const refreshPack = useCallback(async () => {
    if (!deskId) return;
    const askedAt = Date.now();
    const fresh = await put(`/api/events/${eventId}/door/desks/${deskId}`, {}, doorPackSchema);
    await store.savePack(fresh);
    setPack(fresh);
    const changed = overruled(
      fresh,
      askedAt,
      (await store.checkIns(eventId)).filter((i) => i.state === 'standing'),
    );
    if (changed.length === 0) return;
    await store.remove(changed.filter((c) => !c.notice).map((c) => c.item.key));
    await store.put(changed.flatMap((c) => (c.notice ? [{ ...c.item, state: 'notice' as const, notice: c.notice }] : [])));
    await reload();
  }, [deskId, eventId, store, reload]);

  // The pack follows the door: loaded with it, and again each time the door is read (another desk, a guest's phone).
  useEffect(() => {
    if (online && deskId) refreshPack().catch(() => undefined);
  }, [online, deskId, doorReadAt, refreshPack]);

  /** Send what waits, once at a time; a network failure leaves it waiting, a refusal of the whole sync is told. */
  const send = useCallback(async () => {
    if (sending.current || !deskId || !navigator.onLine) return;
    const waiting = (await store.checkIns(eventId)).filter((i) => i.state === 'pending');
    if (waiting.length === 0) return;
    sending.current = true;
    try {
      const res = await post(
        `/api/events/${eventId}/door/desks/${deskId}/sync`,
        { items: waiting.map(({ key, userId, method, at }) => ({ key, userId, method, at })) },
        doorSyncResult,
      );
      const sentAt = Date.now();
      const still = new Set((await store.checkIns(eventId)).map((i) => i.key));
      const answers = new Map(res.results.map((r) => [r.key, r]));
      const next: DeskCheckIn[] = [];
      for (const item of waiting) {
        const r = answers.get(item.key);
        if (!r) continue;
        // Undone on this desk while it was on its way: undo it on the server too.
        if (!still.has(item.key)) {
          if (r.outcome === 'checked_in') await del(`/api/events/${eventId}/door/check-in/${item.userId}`).catch(() => undefined);
          continue;
        }
        const notice = noticeOf(item, r);
        next.push(notice ? { ...item, state: 'notice', notice } : { ...item, state: 'standing', sentAt });
      }
      await store.put(next);
      setSentUsers((was) => new Set([...was, ...next.filter((i) => i.state === 'standing').map((i) => i.userId)]));
      await reload();
      await qc.invalidateQueries({ queryKey: queryKeys.door(eventId), exact: true });
    } catch (err) {
      // The server refused the whole sync (too late, not a host any more): say so on each, keep nothing waiting.
      if (err instanceof ApiError && err.status >= 400 && err.status < 500 && err.status !== 401 && err.status !== 429) {
        const why = err.serverMessage ?? 'The server refused it.';
        await store.put(waiting.map((i) => ({ ...i, state: 'notice' as const, notice: `${i.name} was not sent: ${why}` })));
        await reload();
      }
    } finally {
      sending.current = false;
    }
  }, [deskId, eventId, store, reload, qc]);

  const pending = useMemo(() => items.filter((i) => i.state === 'pending'), [items]);
  const notices = useMemo(() => items.filter((i) => i.state === 'notice'), [items]);

  // Back online (or loaded with check-ins waiting): send at once; while some wait, try again every few seconds.
  useEffect(() => {
    if (!online || pending.length === 0) return;
    void send();
    const timer = setInterval(() => void send(), RETRY_MS);
    return () => clearInterval(timer);
  }, [online, pending.length, send]);

  const show = useCallback(
    (d: Door | undefined) => {
      const base = d ?? (pack ? doorFromPack(pack, RECENT_CHECK_INS) : undefined);
      return base && withPending(base, pending, RECENT_CHECK_INS);
    },
    [pack, pending],
  );

  const checkInOffline = useCallback(
    async (userId: number, method: DoorDeskMethod): Promise<DeskCheckInResult> => {
      const shown = show(qc.getQueryData<Door>(queryKeys.door(eventId)) ?? door);
      const guest = shown?.guests.find((g) => g.userId === userId);
      if (!shown || !guest) throw new LocalRefusal(NO_LIST_OFFLINE);
      if (guest.checkedIn) return { offline: true, outcome: 'already_checked_in', guest, counts: shown.counts };
      const item: DeskCheckIn = { key: crypto.randomUUID(), eventId, userId, name: guest.name, method, at: new Date().toISOString(), state: 'pending' };
      await store.put([item]);
      const after = withPending(shown, [item], RECENT_CHECK_INS);
      await reload();
      return { offline: true, outcome: 'queued', guest: after.guests.find((g) => g.userId === userId)!, counts: after.counts };
    },
    [show, qc, eventId, door, store, reload],
  );

  const scanOffline = useCallback(
    async (text: string, method: ScanMethod) => {
      if (!pack) throw new LocalRefusal(NO_LIST_OFFLINE);
      const guest = await guestByCode(pack, text);
      if (!guest) throw new LocalRefusal(NOT_ON_LIST);
      return checkInOffline(guest.userId, method);
    },
    [pack, checkInOffline],
  );

  const undoPending = useCallback(
    async (userId: number) => {
      const mine = pending.filter((i) => i.userId === userId);
      if (mine.length === 0) return null;
      await store.remove(mine.map((i) => i.key));
      const rest = pending.filter((i) => i.userId !== userId);
      const shown = withPending(qc.getQueryData<Door>(queryKeys.door(eventId)) ?? door ?? doorFromPack(pack!, RECENT_CHECK_INS), rest, RECENT_CHECK_INS);
      await reload();
      const guest = shown.guests.find((g) => g.userId === userId)!;
      return { offline: true as const, guest, counts: shown.counts };
    },
    [pending, store, qc, eventId, door, pack, reload],
  );

  const dismiss = useCallback((key: string) => void store.remove([key]).then(reload), [store, reload]);
  const isPending = useCallback((userId: number) => pending.some((i) => i.userId === userId), [pending]);
  const wasSent = useCallback((userId: number) => sentUsers.has(userId) && !pending.some((i) => i.userId === userId), [sentUsers, pending]);

  return useMemo(
    () => ({ online, loaded, offlineSince, pack, pending, notices, isPending, wasSent, show, scanOffline, checkInOffline, undoPending, dismiss }),
    [online, loaded, offlineSince, pack, pending, notices, isPending, wasSent, show, scanOffline, checkInOffline, undoPending, dismiss],
  );
}
