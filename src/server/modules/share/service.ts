/**
 * Share analytics (docs/spec/organiser-tools.md §2.1 "Share Analytics"; docs/product.md "Organiser
 * tools are real": counted when a template is copied or shared). Anyone may copy or share, visitors
 * too; only hosts and admins read the figures. Signups that followed a shared link (`?source=`)
 * are counted per platform: the users module calls recordSignupSource when a member signs up.
 */
import { SHARE_PLATFORMS, type SharePlatform } from '@shared/domain/share-templates';
import type { ShareAnalytics, ShareEventRecorded } from '@shared/schemas/share';
import type { z } from 'zod';
import type { shareEventBody } from '@shared/schemas/share';
import type { Db } from '../../db/client';
import { forbidden } from '../../errors';
import type { Viewer } from '../auth/service';
import * as events from '../events/service';
import * as q from './queries';

export const ANALYTICS_HOSTS_ONLY = 'Share analytics are for hosts only';

/** Record one Copy or Share by whoever is asking (null for a visitor); the evening, when named, must exist. */
export async function recordShare(db: Db, viewer: Viewer | null, input: z.output<typeof shareEventBody>): Promise<ShareEventRecorded> {
  if (input.eventId !== undefined) await events.getEventRow(db, input.eventId);
  const row = await q.insertShareEvent(db, {
    userId: viewer?.id ?? null,
    eventId: input.eventId ?? null,
    platform: input.platform,
    action: input.action,
    template: input.template,
  });
  return { ...row, template: row.template as ShareEventRecorded['template'], createdAt: row.createdAt.toISOString() };
}

/** Where a new member came from (the `source` of the shared link they followed). */
export async function recordSignupSource(db: Db, userId: number, platform: SharePlatform) {
  await q.insertSignupSource(db, userId, platform);
}

/** The Share Analytics figures: hosts and admins only. */
export async function analytics(db: Db, viewer: Viewer): Promise<ShareAnalytics> {
  if (!viewer.roles.includes('host') && !viewer.roles.includes('admin')) throw forbidden(ANALYTICS_HOSTS_ONLY);
  const [totals, actions, signups] = await Promise.all([q.totals(db), q.actionsByPlatform(db), q.signupsByPlatform(db)]);
  const platforms = SHARE_PLATFORMS.map((platform) => {
    const a = actions.find((r) => r.platform === platform);
    return { platform, copies: a?.copies ?? 0, shares: a?.shares ?? 0, signups: signups.find((r) => r.platform === platform)?.signups ?? 0 };
  });
  // The busiest first; ties keep the spec's order of platforms.
  const activity = (r: (typeof platforms)[number]) => r.copies + r.shares + r.signups;
  platforms.sort((a, b) => activity(b) - activity(a));
  return { ...totals, platforms };
}
