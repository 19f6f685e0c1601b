import { Inbox, Star, TrendingDown, TrendingUp } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatTrend, IMPROVEMENT_OPTIONS } from '@shared/domain/feedback';
import type { FeedbackInsights } from '@shared/schemas/feedback';
import { Card, CardTitle } from '@client/components/ui/card';
import { LoadError } from '@client/components/ui/load-error';
import { NoticeCard } from '@client/components/ui/notice-card';
import { Spinner } from '@client/components/ui/spinner';
import { messageOf } from '@client/lib/api';
import { formatDate } from '@client/lib/format';
import { useFeedbackInsights } from '../api/feedback';

/** Loads the insights (the host of the evening and admins) and shows them, or why not. */
function WithInsights({ eventId, children }: { eventId: number; children: (i: FeedbackInsights) => ReactNode }) {
  const insights = useFeedbackInsights(eventId, true);
  if (insights.isPending) return <Spinner label="Loading the feedback" />;
  if (insights.isError)
    return (
      <LoadError
        title="We couldn't load the feedback"
        message={messageOf(insights.error, 'Check your connection and try again.')}
        onRetry={() => void insights.refetch()}
      />
    );
  if (insights.data.totalResponses === 0)
    return (
      <NoticeCard icon={Inbox} title="No feedback yet">
        <p>
          Responses appear here as guests answer the form. {insights.data.guests} {insights.data.guests === 1 ? 'guest is' : 'guests are'} booked on this
          evening; the form opens to them when it begins.
        </p>
      </NoticeCard>
    );
  return <>{children(insights.data)}</>;
}

function Figure({ label, value, note }: { label: string; value: ReactNode; note?: ReactNode }) {
  return (
    <div className="rounded-2xl bg-wine-50 px-3 py-4 text-center">
      <dt className="text-sm font-semibold text-wine-800">{label}</dt>
      <dd className="mt-1 text-3xl font-bold text-wine-900 tabular-nums">
        {value}
        {note && <span className="mt-1 block text-xs font-normal text-muted">{note}</span>}
      </dd>
    </div>
  );
}

const one = (n: number | null) => (n === null ? '—' : n.toFixed(1));

/** Insights (§3 "Feedback aggregate", §9): responses, average, recommendation, trend, aspects, top requests, comments. */
export function InsightsTab({ eventId }: { eventId: number }) {
  return (
    <WithInsights eventId={eventId}>
      {(i) => (
        <div className="space-y-5">
          <section aria-labelledby="feedback-figures" className="space-y-3">
            <h2 id="feedback-figures" className="text-xl font-semibold text-wine-900">
              The evening in figures
            </h2>
            <dl className="grid grid-cols-2 gap-3 md:grid-cols-4">
              <Figure label="Responses" value={i.totalResponses} note={`of ${i.guests} ${i.guests === 1 ? 'guest' : 'guests'}`} />
              <Figure
                label="Average rating"
                value={
                  <>
                    <Star aria-hidden="true" className="mr-1 inline size-6 fill-apricot-500 text-apricot-500" />
                    {one(i.averageOverallRating)}
                  </>
                }
                note="out of 5"
              />
              <Figure label="Would recommend" value={i.recommendationRate === null ? '—' : `${i.recommendationRate}%`} />
              <Figure
                label="Trend"
                value={
                  i.trend ? (
                    <>
                      {i.trend.change >= 0 ? (
                        <TrendingUp aria-hidden="true" className="mr-1 inline size-6 text-emerald-700" />
                      ) : (
                        <TrendingDown aria-hidden="true" className="mr-1 inline size-6 text-red-700" />
                      )}
                      {formatTrend(i.trend.change)}
                    </>
                  ) : (
                    '—'
                  )
                }
                note={
                  i.trend
                    ? `vs ${i.trend.previousTitle} (${formatDate(i.trend.previousDate, 'short')}, ${i.trend.previousAverage.toFixed(1)})`
                    : 'No earlier evening of yours with feedback'
                }
              />
            </dl>
          </section>

          <Card>
            <CardTitle>Ratings by aspect</CardTitle>
            <p className="mt-1 text-sm text-muted">Averages of the stars given; &ldquo;not rated&rdquo; answers are left out.</p>
            <dl className="mt-4 grid grid-cols-2 gap-3 md:grid-cols-4">
              {i.aspects.map((a) => (
                <Figure key={a.key} label={a.label} value={one(a.average)} note={`${a.ratings} ${a.ratings === 1 ? 'rating' : 'ratings'}`} />
              ))}
            </dl>
          </Card>

          <Card>
            <CardTitle>Top improvement requests</CardTitle>
            {i.topImprovements.length === 0 ? (
              <p className="mt-2 text-muted">Nobody asked for a change. Lovely!</p>
            ) : (
              <Bars rows={i.topImprovements} total={i.totalResponses} />
            )}
          </Card>

          <Card>
            <CardTitle>What guests said</CardTitle>
            {i.comments.length === 0 ? (
              <p className="mt-2 text-muted">No comments yet.</p>
            ) : (
              <ul className="mt-3 space-y-3">
                {i.comments.map((c, n) => (
                  <li key={n} className="rounded-2xl bg-wine-50 p-4">
                    <p className="text-sm font-semibold text-wine-800">
                      {c.overallRating} of 5 stars · {formatDate(c.submittedAt, 'short')}
                    </p>
                    {c.favoriteAspect && (
                      <p className="mt-1 text-ink">
                        <span className="font-semibold">Enjoyed most:</span> {c.favoriteAspect}
                      </p>
                    )}
                    {c.additionalComments && <p className="mt-1 break-words whitespace-pre-wrap text-ink">{c.additionalComments}</p>}
                  </li>
                ))}
              </ul>
            )}
            <p className="mt-3 text-xs text-muted">Comments are shown without names.</p>
          </Card>
        </div>
      )}
    </WithInsights>
  );
}

/** Request bars: 85 minus 15 per rank, percent (§9); the count and share next to each. */
function Bars({ rows, total }: { rows: FeedbackInsights['improvements']; total: number }) {
  return (
    <ol className="mt-4 space-y-3">
      {rows.map((r) => (
        <li key={r.key}>
          <div className="flex items-baseline justify-between gap-3">
            <span className="font-semibold text-ink">{r.label}</span>
            <span className="shrink-0 text-sm text-muted tabular-nums">
              {r.count} of {total} ({r.percent}%)
            </span>
          </div>
          <div aria-hidden="true" className="mt-1 h-3 rounded-full bg-wine-50">
            <div className="h-3 rounded-full bg-wine-600" style={{ width: `${r.barWidth}%` }} />
          </div>
        </li>
      ))}
    </ol>
  );
}

/** Improvements: every request ranked by how many asked, and the options nobody asked for. */
export function ImprovementsTab({ eventId }: { eventId: number }) {
  return (
    <WithInsights eventId={eventId}>
      {(i) => {
        const asked = new Set(i.improvements.map((r) => r.key));
        const untouched = IMPROVEMENT_OPTIONS.filter((o) => !asked.has(o.key));
        return (
          <Card>
            <CardTitle>Improvement requests</CardTitle>
            <p className="mt-1 text-sm text-muted">
              Ranked by how many of the {i.totalResponses} {i.totalResponses === 1 ? 'response' : 'responses'} asked for each.
            </p>
            {i.improvements.length === 0 ? (
              <p className="mt-3 text-muted">Nobody asked for a change. Lovely!</p>
            ) : (
              <Bars rows={i.improvements} total={i.totalResponses} />
            )}
            {untouched.length > 0 && (
              <>
                <h3 className="mt-6 text-lg font-semibold text-wine-900">Not requested</h3>
                <ul className="mt-2 flex flex-wrap gap-2">
                  {untouched.map((o) => (
                    <li key={o.key} className="rounded-full bg-stone-100 px-3 py-1 text-sm text-stone-700">
                      {o.label}
                    </li>
                  ))}
                </ul>
              </>
            )}
          </Card>
        );
      }}
    </WithInsights>
  );
}
