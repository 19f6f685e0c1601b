/**
 * Voice narration settings (docs/spec/organiser-tools.md §2.13): a member's choices follow them to
 * every device; visitors keep theirs on the device only (the client), so every call here needs a session.
 */
import { readNarrationSettings, type MyNarration, type NarrationSettings } from '@shared/schemas/narration';
import type { Db } from '../../db/client';
import type { Viewer } from '../auth/service';
import * as q from './queries';

export async function mySettings(db: Db, viewer: Viewer): Promise<MyNarration> {
  const raw = await q.stored(db, viewer.id);
  return { settings: readNarrationSettings(raw), saved: raw !== null };
}

export async function saveMySettings(db: Db, viewer: Viewer, settings: NarrationSettings): Promise<MyNarration> {
  await q.save(db, viewer.id, { ...settings });
  return { settings, saved: true };
}
