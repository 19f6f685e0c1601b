import { aggregateFeedback, TOP_IMPROVEMENTS } from '@shared/domain/feedback';
import { funnel, type EveningCounts } from '@shared/domain/report';
import { londonDay } from '@shared/domain/time';
import type { EveningReport, ReportTrend } from '@shared/schemas/report';
import type { Db } from '../../db/client';
import type { Viewer } from '../auth/service';
import * as events from '../events/service';
import { refuseUnlessTrendsReader } from './policies';
import * as q from './queries';

/**
 * The host's evening report (GitHub issue 36, docs/decisions/0084-the-hosts-evening-report.md): the
 * funnel from the public page to shared contacts, per round, and the feedback, for the evening's
 * host and admins once it is over; every figure counted from stored rows. The ratings are deleted
 * RETENTION_DAYS after the evening (docs/decisions/0044): the retention sweep keeps their counts
 * first (keepRatingCounts), so the report outlives them.
 */

export const REPORT_HOSTS_ONLY = 'Only the host of this evening and admins can see its report';
export { TRENDS_HOSTS_ONLY } from './policies';

/** How many evenings the dashboard compares. */
export const TREND_EVENINGS = 12;

type EventRow = Awaited<ReturnType<typeof events.getEventRow>> & { purgedAt: Date | null };

/** The evening with what the report needs besides its public row (its own clock, not the database's, decides whether it is over). */
async function evening(db: Db, event: Awaited<ReturnType<typeof events.getEventRow>>) {
  const s = await q.state(db, event.id);
  return { ...event, status: s.status, purgedAt: s.purgedAt };
}

/** Over: the host ended it, or its end time has passed. */
export const isOver = (e: { status: string; endsAt: Date }, now: Date) => e.status === 'completed' || e.endsAt.getTime() <= now.getTime();

/** The ratings' figures: as stored, or as kept when they were deleted; null when deleted before counts were kept. */
async function ratingFigures(db: Db, event: EventRow) {
  if (!event.purgedAt) return { ...(await q.ratingFigures(db, event.id)), deletedAt: null };
  const kept = await q.keptRatingCounts(db, event.id);
  return kept ? { raters: kept.raters, byRound: kept.ratingsByRound, deletedAt: event.purgedAt } : { raters: null, byRound: null, deletedAt: event.purgedAt };
}

async function figuresOf(db: Db, event: EventRow) {
  const [c, rounds, r] = await Promise.all([q.counts(db, event.id), q.pairsPerRound(db, event.id), ratingFigures(db, event)]);
  const counts: EveningCounts = { ...c, paid: event.price > 0, raters: r.raters, pairsMet: rounds.reduce((s, x) => s + x.pairs, 0) };
  return { counts, rounds, ratings: r };
}

/** GET /api/events/{id}/report. */
export async function report(db: Db, viewer: Viewer, eventId: number, now: Date): Promise<EveningReport> {
  const event = await evening(db, await events.requireHostOf(db, viewer, eventId, REPORT_HOSTS_ONLY));
  const head = {
    eventId: event.id,
    title: event.title,
    date: event.date.toISOString(),
    endsAt: event.endsAt.toISOString(),
    venue: event.venue,
    paid: event.price > 0,
  };
  if (!isOver(event, now)) return { ...head, figures: null };
  const [{ counts, rounds, ratings }, forms] = await Promise.all([figuresOf(db, event), q.feedbackOf(db, event.id)]);
  const agg = aggregateFeedback(forms);
  const byRound = ratings.byRound;
  return {
    ...head,
    figures: {
      funnel: funnel(counts),
      rounds: rounds.map((x) => ({ round: x.round, pairsMet: x.pairs, ratings: byRound ? (byRound[String(x.round)] ?? 0) : null })),
      ratingsOutsideRounds: byRound ? Object.entries(byRound).reduce((s, [k, n]) => (rounds.some((x) => String(x.round) === k) ? s : s + n), 0) : null,
      feedback: {
        responses: agg.totalResponses,
        averageOverall: agg.averageOverallRating,
        recommendationRate: agg.recommendationRate,
        aspects: agg.aspects.map((a) => ({ key: a.key, label: a.label, average: a.average })),
        topImprovements: agg.improvements.slice(0, TOP_IMPROVEMENTS).map((i) => ({ key: i.key, label: i.label, count: i.count })),
      },
      ratingsDeletedAt: ratings.deletedAt ? ratings.deletedAt.toISOString() : null,
    },
  };
}

/** A CSV field: quoted when it holds a comma, quote or line break; a leading =, +, - or @ is defused for spreadsheets. */
function field(v: string | number | null): string {
  if (v === null) return '';
  let s = String(v);
  if (typeof v === 'string' && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

const pct = (v: number | null) => (v === null ? null : Math.round(v * 1000) / 10);

/** GET /api/events/{id}/report.csv: the same figures, one per line (section, figure, count, rate %, of, reference, source). */
export function toCsv(r: EveningReport): string {
  const lines: (string | number | null)[][] = [['section', 'figure', 'count', 'rate %', 'rate of', 'reference', 'reference source']];
  lines.push(['evening', r.title, null, null, null, null, null], ['evening', 'date', r.date, null, null, null, null]);
  if (!r.figures) {
    lines.push(['evening', 'report', 'The report comes after the evening', null, null, null, null]);
  } else {
    const f = r.figures;
    for (const s of f.funnel) {
      lines.push([
        'funnel',
        s.label,
        s.count,
        pct(s.rate?.value ?? null),
        s.rate?.of ?? null,
        s.rate?.reference?.text ?? null,
        s.rate?.reference?.source ?? null,
      ]);
      if (s.side) lines.push(['funnel', s.side.label, null, pct(s.side.value), s.side.of, s.side.reference?.text ?? null, s.side.reference?.source ?? null]);
    }
    for (const x of f.rounds) {
      lines.push(
        [`round ${x.round}`, 'pairs that met', x.pairsMet, null, null, null, null],
        [`round ${x.round}`, 'ratings given', x.ratings, null, null, null, null],
      );
    }
    if (f.ratingsOutsideRounds) lines.push(['outside rounds', 'ratings given', f.ratingsOutsideRounds, null, null, null, null]);
    lines.push(['feedback', 'responses', f.feedback.responses, null, null, null, null]);
    lines.push(['feedback', 'average overall (of 5)', f.feedback.averageOverall, null, null, null, null]);
    for (const a of f.feedback.aspects) lines.push(['feedback', `average ${a.label.toLowerCase()} (of 5)`, a.average, null, null, null, null]);
    lines.push(['feedback', 'would recommend', null, f.feedback.recommendationRate, 'of responses', null, null]);
    for (const i of f.feedback.topImprovements) lines.push(['improvement asked for', i.label, i.count, null, null, null, null]);
  }
  return `${lines.map((l) => l.map(field).join(',')).join('\r\n')}\r\n`;
}

/** The CSV's file name: 'evening-report-12-2025-05-14.csv'. */
export const csvName = (r: EveningReport) => `evening-report-${r.eventId}-${londonDay(new Date(r.date))}.csv`;

/** GET /api/reports/trends: the rates of the host's evenings over (every evening for admins), newest first. */
export async function trends(db: Db, viewer: Viewer, now: Date): Promise<ReportTrend[]> {
  const { admin } = refuseUnlessTrendsReader(viewer);
  const ids = await q.eveningsOver(db, admin ? null : viewer.id, now, TREND_EVENINGS);
  const out: ReportTrend[] = [];
  for (const { id } of ids) {
    const event = await evening(db, await events.getEventRow(db, id));
    const { counts } = await figuresOf(db, event);
    const rates = funnel(counts).flatMap((s) => [
      ...(s.rate ? [{ key: s.key, label: `${s.label}, ${s.rate.of.replace(/^of \d+ /, 'of ')}`, value: s.rate.value }] : []),
      ...(s.side ? [{ key: `${s.key}:side`, label: s.side.label, value: s.side.value }] : []),
    ]);
    out.push({ eventId: event.id, title: event.title, date: event.date.toISOString(), rates });
  }
  return out;
}

/**
 * POST /api/events/{id}/visits: a browser tab opened the evening's page. Counted while the evening is
 * still to come, and not for its host, an admin or a guest already booked (they are not the public
 * the page is for). Nothing about who visited is stored.
 */
export async function recordVisit(db: Db, viewer: Viewer | null, eventId: number, now: Date) {
  const event = await evening(db, await events.getEventRow(db, eventId));
  if (event.date.getTime() <= now.getTime() || event.status === 'completed') return { counted: false };
  if (viewer && (events.isHostOf(viewer, event) || (await q.isBooked(db, eventId, viewer.id)))) return { counted: false };
  await q.countVisit(db, eventId, londonDay(now));
  return { counted: true };
}

/**
 * Called by the retention sweep (modules/privacy) just before it deletes an evening's ratings, in
 * its transaction: how many guests rated and the ratings per round are kept, as counts.
 */
export async function keepRatingCounts(db: Db, eventId: number, now: Date) {
  const { raters, byRound } = await q.ratingFigures(db, eventId);
  await q.keepRatingCounts(db, eventId, raters, byRound, now);
}
