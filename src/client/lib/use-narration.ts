import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useSyncExternalStore } from 'react';
import { toast } from 'sonner';
import { DEFAULT_NARRATION } from '@shared/domain/narration';
import type { NarrationSettings } from '@shared/schemas/narration';
import { ApiError, get, messageOf, put } from './api';
import { getNarrator, listVoices, speechSupported, type Narrator, type NarratorState } from './narration';
import { queryKeys } from './query-keys';
import { isSignedIn, storedUserId, subscribe as subscribeSession } from './session';

/**
 * Voice narration settings and the narrator for React (docs/spec/organiser-tools.md §2.13). A member's
 * settings live on the server (GET/PUT /api/me/narration) so they follow them to every device; the
 * server copy wins on sign-in. A visitor's stay on the device (localStorage). The device copy is
 * written in both cases, so a page opened offline still speaks the way its owner chose.
 */

export const NARRATION_STORAGE_KEY = 'narrationSettings';
export const SAVE_DELAY_MS = 400;

// The schema (and zod) load only when there are settings to check: not on the live evening's first
// paint for someone who never set narration up (docs/decisions/0026).
const schemas = () => import('@shared/schemas/narration');
const mineSchema = () => schemas().then((m) => m.myNarrationSchema);

/** The device copy, each field checked against the schema (one that no longer fits falls back to its default). */
export async function deviceNarration(): Promise<NarrationSettings | null> {
  let raw: string | null;
  try {
    raw = localStorage.getItem(NARRATION_STORAGE_KEY);
  } catch {
    return null;
  }
  if (!raw) return null;
  try {
    const { readNarrationSettings } = await schemas();
    return readNarrationSettings(JSON.parse(raw));
  } catch {
    return null;
  }
}

function saveOnDevice(s: NarrationSettings) {
  try {
    localStorage.setItem(NARRATION_STORAGE_KEY, JSON.stringify(s));
  } catch {
    // Private mode or a full storage: the settings still apply for this visit.
  }
}

/**
 * The settings to use: for a member, the server copy when one was saved (it replaces the device's),
 * else the device's, uploaded so the next device finds them; for a visitor (or a stale session, 401) the device's.
 */
export const narrationQuery = (userId: number | null) =>
  queryOptions({
    queryKey: queryKeys.narration(userId),
    staleTime: Infinity,
    queryFn: async (): Promise<NarrationSettings> => {
      const local = await deviceNarration();
      if (userId === null) return local ?? DEFAULT_NARRATION;
      try {
        const mine = await get('/api/me/narration', mineSchema);
        if (mine.saved) {
          saveOnDevice(mine.settings);
          return mine.settings;
        }
        if (local) await put('/api/me/narration', local, mineSchema);
        return local ?? mine.settings;
      } catch (err) {
        if (err instanceof ApiError && err.status === 401) return local ?? DEFAULT_NARRATION;
        throw err;
      }
    },
  });

const pendingSaves = new Map<string, number>();

function useSignedInUser(): number | null {
  return useSyncExternalStore(subscribeSession, () => (isSignedIn() ? storedUserId() : null));
}

export interface NarrationSettingsApi {
  settings: NarrationSettings;
  /** Settings known (from the server for a member); until then the device's are shown. */
  ready: boolean;
  /** A member: changes are saved to their account. */
  member: boolean;
  update(patch: Partial<NarrationSettings>): void;
}

export function useNarrationSettings(): NarrationSettingsApi {
  const userId = useSignedInUser();
  const qc = useQueryClient();
  const query = useQuery(narrationQuery(userId));
  // Until the settings are known (`ready`), the defaults: narration off.
  const settings = query.data ?? DEFAULT_NARRATION;

  const update = useCallback(
    (patch: Partial<NarrationSettings>) => {
      const key = queryKeys.narration(userId);
      const next = { ...(qc.getQueryData<NarrationSettings>(key) ?? settings), ...patch };
      qc.setQueryData(key, next);
      saveOnDevice(next);
      if (userId === null) return;
      // Sliders move in many small steps: save the last position once they rest.
      const id = JSON.stringify(key);
      window.clearTimeout(pendingSaves.get(id));
      pendingSaves.set(
        id,
        window.setTimeout(() => {
          pendingSaves.delete(id);
          put('/api/me/narration', qc.getQueryData<NarrationSettings>(key) ?? next, mineSchema).catch((err: unknown) => {
            if (err instanceof ApiError && err.status === 401) return; // signed out meanwhile: the device keeps them
            toast.error("Couldn't save your narration settings", { description: messageOf(err, 'Please check your connection and try again.') });
          });
        }, SAVE_DELAY_MS),
      );
    },
    [qc, userId, settings],
  );

  return { settings, ready: !query.isPending, member: userId !== null, update };
}

const IDLE: NarratorState = { speaking: false, paused: false, current: null, queued: 0 };
const noop = () => () => {};

/** The narrator's playing/paused/queue state, re-rendering on change. */
export function useNarratorState(narrator: Narrator | null): NarratorState {
  return useSyncExternalStore(narrator ? narrator.subscribe : noop, narrator ? narrator.getState : () => IDLE);
}

/** The browser's voices, updated when it finishes loading them ('voiceschanged'). */
export function useVoices(): SpeechSynthesisVoice[] {
  const supported = speechSupported();
  const subscribe = useCallback(
    (cb: () => void) => {
      if (!supported) return () => {};
      const synth = window.speechSynthesis;
      synth.addEventListener?.('voiceschanged', cb);
      return () => synth.removeEventListener?.('voiceschanged', cb);
    },
    [supported],
  );
  const snapshot = useSyncExternalStore(subscribe, () =>
    listVoices()
      .map((v) => `${v.name}\u0000${v.lang}`)
      .join('\u0001'),
  );
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the snapshot string stands for the voice list
  return useMemo(() => listVoices(), [snapshot]);
}

export interface NarrationApi extends NarrationSettingsApi {
  supported: boolean;
  narrator: Narrator | null;
  state: NarratorState;
}

/** Settings plus the shared narrator, with the settings applied to every utterance it makes. */
export function useNarration(): NarrationApi {
  const s = useNarrationSettings();
  const narrator = getNarrator();
  const state = useNarratorState(narrator);
  useEffect(() => {
    if (narrator) narrator.settings = s.settings;
  }, [narrator, s.settings]);
  return { ...s, supported: narrator !== null, narrator, state };
}
