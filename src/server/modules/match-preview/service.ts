/**
 * Match preview (docs/spec/organiser-tools.md §2.25, §3 "Match profile (preview)", §9 "Matching" and
 * "Venue and attendance"): for a registered guest, the other guests of the evening ranked on the
 * shared matching code's demo weights (src/shared/domain/match-preview.ts), with totals, conversation
 * starters, tips, the venue, and a reminder e-mail with the evening's .ics. Another guest shows as
 * first name, age, traits and interests only (docs/product.md, "Personal data"); a member who opted
 * out appears in nobody else's preview.
 */
import { HIGH_MATCH_MIN, rankForPreview } from '@shared/domain/match-preview';
import { iceBreakers } from '@shared/domain/ice-breakers';
import type { Person } from '@shared/domain/matching';
import { TIME_ZONE } from '@shared/domain/time';
import { directionsUrl, type PreviewPersonality, type PreviewResponse } from '@shared/schemas/match-preview';
import type { Db } from '../../db/client';
import { AppError, conflict, forbidden } from '../../errors';
import { hitRateLimit } from '../../plugins/rate-limit-store';
import type { Mailer } from '../../plugins/mail';
import type { Viewer } from '../auth/service';
import * as cal from '../calendar/service';
import * as events from '../events/service';
import * as q from './queries';

export const GUESTS_ONLY = 'The match preview is for guests of this evening only. Book a place to see who you will meet.';
export const EVENING_OVER = 'This evening has already happened, so there is nothing to remind you of.';
/** One reminder per guest per evening in this window, so the button cannot be used to flood an inbox. */
export const REMINDER_WINDOW_MS = 10 * 60_000;

const TRAITS = ['creative', 'adventurous', 'social', 'analytical'] as const;
type Trait = (typeof TRAITS)[number];
type Traits0to10 = Record<Trait, number | null>;

/** The stored traits (0-10), or null when none of the four was given: never made up. */
function traitsOf(raw: Record<string, unknown> | null | undefined): Traits0to10 | null {
  const read = (k: Trait) => {
    const v = raw?.[k];
    return typeof v === 'number' && Number.isFinite(v) ? Math.max(0, Math.min(10, v)) : null;
  };
  const t = { creative: read('creative'), adventurous: read('adventurous'), social: read('social'), analytical: read('analytical') };
  return TRAITS.some((k) => t[k] !== null) ? t : null;
}

/** 0-10 as the preview's 0-100. */
function asPercent(t: Traits0to10 | null): PreviewPersonality | null {
  if (!t) return null;
  const p = (v: number | null) => (v === null ? null : Math.round(v * 10));
  return { creative: p(t.creative), adventurous: p(t.adventurous), social: p(t.social), analytical: p(t.analytical) };
}

/** 'Ann Marie Smith' → 'Ann': the preview never shows a surname. */
export const firstNameOf = (name: string) => name.trim().split(/\s+/)[0] || 'Guest';

const list = (words: string[]) => (words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`);

/** A short sentence from the two people's traits (and, failing those, their shared interests). */
export function personalityInsight(mine: Traits0to10 | null, theirs: Traits0to10 | null, firstName: string, shared: string[]): string {
  if (mine && theirs) {
    const both = TRAITS.filter((k) => (mine[k] ?? -1) >= 7 && (theirs[k] ?? -1) >= 7);
    if (both.length) return `You're both ${list(both)}`;
    const a = mine.analytical;
    const b = theirs.analytical;
    if (a !== null && b !== null && Math.abs(a - b) > 5) return 'Your analytical sides complement each other';
    const close = TRAITS.filter((k) => mine[k] !== null && theirs[k] !== null && Math.abs(mine[k]! - theirs[k]!) <= 1);
    if (close.length >= 2) return `You're alike in how ${list(close)} you are`;
  }
  if (theirs) {
    const top = TRAITS.filter((k) => theirs[k] !== null).sort((x, y) => theirs[y]! - theirs[x]!)[0]!;
    if ((theirs[top] ?? 0) >= 6) return `${firstName} is especially ${top}${shared.length ? `, and you both enjoy ${shared[0]}` : ''}`;
  }
  if (shared.length) return `You both enjoy ${list(shared.slice(0, 2))}`;
  return 'Different perspectives: plenty to talk about';
}

const asPerson = (g: {
  userId: number;
  age: number;
  interests: string[];
  personalityTraits: Record<string, unknown>;
  communicationStyle: string | null;
}): Person => ({
  id: g.userId,
  age: g.age,
  interests: g.interests,
  personalityTraits: g.personalityTraits,
  communicationStyle: g.communicationStyle,
});

/** The viewer must be a registered guest of the evening (hosts and admins too: the preview is about whom you will meet). */
async function requireGuest(db: Db, eventId: number, viewer: Viewer) {
  const event = await events.getEventRow(db, eventId);
  if (!(await events.findRegistration(db, eventId, viewer.id))) throw forbidden(GUESTS_ONLY);
  return event;
}

export async function preview(db: Db, eventId: number, viewer: Viewer): Promise<PreviewResponse> {
  const event = await requireGuest(db, eventId, viewer);
  const [guests, expectedGuests, venueRow, hidden] = await Promise.all([
    q.guests(db, eventId),
    q.registeredCount(db, eventId),
    event.venueId ? q.venue(db, event.venueId) : null,
    events.hiddenFrom(db, event, viewer.id),
  ]);
  const me = guests.find((g) => g.userId === viewer.id);
  const myTraits = traitsOf(me?.personalityTraits);
  const myInterests = me?.interests ?? [];
  // A blocked pair never sees each other here before the evening is over, whoever blocked (docs/decisions/0041, 0062).
  const others = guests.filter((g) => g.userId !== viewer.id && !g.optedOut && !hidden.has(g.userId));
  const ranked = rankForPreview(
    me ? asPerson(me) : { id: viewer.id, age: 0, interests: [] },
    others.map((g) => ({ ...asPerson(g), guest: g })),
  );

  const profiles = ranked.map((r) => {
    const g = r.person.guest;
    const firstName = firstNameOf(g.name);
    const theirTraits = traitsOf(g.personalityTraits);
    const seen = new Set(r.sharedInterests.map((i) => i.toLowerCase()));
    const topInterests = [...r.sharedInterests, ...g.interests.filter((i) => !seen.has(i.trim().toLowerCase()))].slice(0, 3);
    return {
      id: g.userId,
      firstName,
      age: g.age,
      personality: asPercent(theirTraits),
      topInterests,
      compatibilityScore: r.compatibilityScore,
      sharedInterests: r.sharedInterests,
      personalityInsight: personalityInsight(myTraits, theirTraits, firstName, r.sharedInterests),
      connectionPotential: r.connectionPotential,
    };
  });

  const totals = new Map<string, number>();
  for (const p of profiles) for (const i of p.sharedInterests) totals.set(i, (totals.get(i) ?? 0) + 1);
  const sharedInterestTotals = [...totals]
    .map(([interest, count]) => ({ interest, count }))
    .sort((a, b) => b.count - a.count || a.interest.localeCompare(b.interest));

  const averageCompatibility = profiles.length ? Math.round(profiles.reduce((s, p) => s + p.compatibilityScore, 0) / profiles.length) : null;
  const hasEnded = event.status === 'completed';
  const theirs = [...sharedInterestTotals.map((t) => t.interest), ...others.flatMap((g) => g.interests)];
  const conversationStarters = iceBreakers({ mine: myInterests, theirs, seed: eventId * 7919 + viewer.id }).questions;

  const venue = {
    name: venueRow?.name ?? event.venue,
    address: venueRow?.address ?? '',
    city: venueRow?.city ?? null,
    latitude: venueRow?.latitude ?? null,
    longitude: venueRow?.longitude ?? null,
  };

  return {
    event: {
      id: event.id,
      title: event.title,
      date: event.date.toISOString(),
      endsAt: event.endsAt.toISOString(),
      startTime: event.startTime,
      endTime: event.endTime,
      hasEnded,
      calendarUrl: `/api/events/${event.id}/calendar.ics`,
    },
    venue: { ...venue, directionsUrl: directionsUrl(venue) },
    viewer: { personality: asPercent(myTraits), interests: myInterests, visible: !me?.optedOut },
    expectedGuests,
    averageCompatibility,
    highMatches: profiles.filter((p) => p.compatibilityScore >= HIGH_MATCH_MIN).length,
    sharedInterestTotals,
    profiles,
    conversationStarters,
    tips: tipsFor({ hasEnded, hasTraits: !!myTraits, roundMinutes: Math.round(event.roundDuration / 60), top: profiles[0], venueName: venue.name }),
  };
}

function tipsFor(o: {
  hasEnded: boolean;
  hasTraits: boolean;
  roundMinutes: number;
  top: { firstName: string; sharedInterests: string[] } | undefined;
  venueName: string;
}): string[] {
  const tips: string[] = [];
  if (o.hasEnded) tips.push('This evening has happened: your mutual matches are on My Matches, and people you missed are on Missed Connections.');
  if (!o.hasTraits) tips.push('Complete your personality on the registration page (/register) for sharper compatibility scores.');
  tips.push(
    `Each conversation lasts ${o.roundMinutes} ${o.roundMinutes === 1 ? 'minute' : 'minutes'}: open with a question, then listen for what lights them up.`,
  );
  if (o.top && o.top.sharedInterests.length) tips.push(`Ask ${o.top.firstName} about ${o.top.sharedInterests[0]}: you both enjoy it.`);
  tips.push(`Arrive at ${o.venueName} a little early to check in and get your drink before the first round.`);
  tips.push('Only mutual choices share contact details, so rate honestly: nobody sees a "no".');
  return tips;
}

/* -------------------------------------------------------------- visibility */

export async function visibility(db: Db, viewer: Viewer) {
  return { visible: !(await q.isOptedOut(db, viewer.id)) };
}

export async function setVisibility(db: Db, viewer: Viewer, visible: boolean) {
  if (visible) await q.optIn(db, viewer.id);
  else await q.optOut(db, viewer.id);
  return { visible };
}

/* ---------------------------------------------------------------- reminder */

export interface ReminderDeps {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
}

const dateFmt = new Intl.DateTimeFormat('en-GB', { timeZone: TIME_ZONE, weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * 'Set Event Reminder': e-mail the guest (their own address) a reminder with the evening's .ics.
 * At most one per guest per evening per REMINDER_WINDOW_MS, counted in the shared rate_limits table,
 * so every instance agrees; a mail that could not be sent gives its turn back.
 */
export async function sendReminder(d: ReminderDeps, eventId: number, viewer: Viewer) {
  const event = await requireGuest(d.db, eventId, viewer);
  if (event.status === 'completed') throw conflict(EVENING_OVER);
  const who = await events.contactOf(d.db, viewer.id);
  if (!who) throw forbidden(GUESTS_ONLY);

  const key = `preview-reminder:${eventId}:${viewer.id}`;
  const hit = await hitRateLimit(d.db, key, REMINDER_WINDOW_MS);
  if (hit.current > 1) {
    const minutes = Math.max(1, Math.ceil(hit.ttl / 60_000));
    throw new AppError(
      'rate_limited',
      `Your reminder for this evening is already on its way. You can send another in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`,
    );
  }

  const venueRow = event.venueId ? await q.venue(d.db, event.venueId) : null;
  const where = [event.venue, venueRow?.address, venueRow?.city].filter((s) => s && s.trim()).join(', ');
  const when = `${dateFmt.format(event.date)}, ${event.startTime}-${event.endTime}`;
  const link = `${d.publicUrl}/events/${event.id}`;
  const previewLink = `${d.publicUrl}/match-preview?event=${event.id}`;
  const map = directionsUrl({
    name: event.venue,
    address: venueRow?.address ?? '',
    city: venueRow?.city ?? null,
    latitude: venueRow?.latitude ?? null,
    longitude: venueRow?.longitude ?? null,
  });
  const name = firstNameOf(who.name);
  try {
    await d.mailer.send({
      to: who.email,
      subject: `Reminder: ${event.title}, ${dateFmt.format(event.date)}`,
      text: [
        `Hi ${name},`,
        '',
        `A reminder for ${event.title}.`,
        '',
        `When:  ${when}`,
        `Where: ${where}`,
        `Directions: ${map}`,
        '',
        'The attached calendar file adds the evening to your calendar.',
        `See who you might click with: ${previewLink}`,
        `Event page: ${link}`,
        '',
        'See you there!',
        'Speed Friendship',
      ].join('\n'),
      html: `<p>Hi ${esc(name)},</p><p>A reminder for <strong>${esc(event.title)}</strong>.</p>
<p><strong>When:</strong> ${esc(when)}<br><strong>Where:</strong> ${esc(where)}<br><a href="${esc(map)}">Get directions</a></p>
<p>The attached calendar file adds the evening to your calendar.</p>
<p><a href="${esc(previewLink)}">See who you might click with</a> · <a href="${esc(link)}">Open the event page</a></p>`,
      attachments: [
        {
          filename: 'speed-friendship.ics',
          content: cal.eventInvitation(event, d.publicUrl, venueRow),
          contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
        },
      ],
    });
  } catch (err) {
    await q.forgetHit(d.db, key).catch(() => {});
    throw err;
  }
  return { message: `Reminder sent to ${who.email} with the evening's calendar file.`, sentTo: who.email };
}
