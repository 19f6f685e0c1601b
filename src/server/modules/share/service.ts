/**
 * Share analytics (docs/spec/organiser-tools.md §2.1 "Share Analytics"; docs/product.md "Organiser
 * tools are real": counted when a template is copied or shared). Anyone may copy or share, visitors
 * too; only hosts and admins read the figures. Signups that followed a shared link (`?source=`)
 * are counted per platform: the users module calls recordSignupSource when a member signs up.
 */
import { SHARE_PLATFORMS } from '@shared/domain/share-templates';
import { SHARE_SOURCES, type ShareSource } from '@shared/domain/share-sources';
import type { ShareAnalytics, ShareEventRecorded } from '@shared/schemas/share';
import type { z } from 'zod';
import type { shareEventBody, visitBody } from '@shared/schemas/share';
import type { Db } from '../../db/client';
import type { Viewer } from '../auth/service';
import * as events from '../events/service';
import { refuseUnlessAnalyticsReader } from './policies';
import * as q from './queries';

export const ANALYTICS_OWN_EVENINGS = 'You can see the share figures of the evenings you host only';

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

/** Where a new member came from: the first `source` of their visit, and the evening page it landed on (docs/decisions/0047). */
export async function recordSignupSource(db: Db, userId: number, source: ShareSource, eventId: number | null) {
  await q.insertSignupSource(db, userId, source, eventId);
}

/** A browser opened an evening's page through one of our links; counted once per session per evening. */
export async function recordVisit(db: Db, input: z.output<typeof visitBody>): Promise<{ counted: boolean }> {
  await events.getEventRow(db, input.eventId);
  return { counted: await q.insertVisit(db, input) };
}

/**
 * The Share Analytics figures: hosts and admins only; the sources for one evening (`eventId`) or all.
 * One evening's figures (who came from which link, and booked) are for its host and admins only (issue 33).
 */
export async function analytics(db: Db, viewer: Viewer, eventId: number | null = null): Promise<ShareAnalytics> {
  refuseUnlessAnalyticsReader(viewer);
  if (eventId !== null) await events.requireHostOf(db, viewer, eventId, ANALYTICS_OWN_EVENINGS);
  const [totals, actions, signups, sourceVisits, sourceSignups, sourceSeats] = await Promise.all([
    q.totals(db),
    q.actionsByPlatform(db),
    q.signupsByPlatform(db),
    q.visitsBySource(db, eventId),
    q.signupsBySource(db, eventId),
    q.seatsBySource(db, eventId),
  ]);
  const sources = SHARE_SOURCES.map((source) => ({
    source,
    visits: sourceVisits.find((r) => r.source === source)?.visits ?? 0,
    signups: sourceSignups.find((r) => r.source === source)?.signups ?? 0,
    seats: sourceSeats.find((r) => r.source === source)?.seats ?? 0,
  }));
  // The most seats first, then signups, then visits; ties keep the list's order.
  sources.sort((a, b) => b.seats - a.seats || b.signups - a.signups || b.visits - a.visits);
  const platforms = SHARE_PLATFORMS.map((platform) => {
    const a = actions.find((r) => r.platform === platform);
    return { platform, copies: a?.copies ?? 0, shares: a?.shares ?? 0, signups: signups.find((r) => r.platform === platform)?.signups ?? 0 };
  });
  // The busiest first; ties keep the spec's order of platforms.
  const activity = (r: (typeof platforms)[number]) => r.copies + r.shares + r.signups;
  platforms.sort((a, b) => activity(b) - activity(a));
  return { ...totals, platforms, eventId, sources };
}
