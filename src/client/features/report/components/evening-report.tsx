import { CalendarClock, Download, Lock, MessageSquareHeart, Printer, SearchX, Users } from 'lucide-react';
import { againstReference, percent } from '@shared/domain/report';
import type { EveningReport, FunnelStepView } from '@shared/schemas/report';
import { Button } from '@client/components/ui/button';
import { Card, CardTitle } from '@client/components/ui/card';
import { cn } from '@client/components/ui/cn';
import { LoadError } from '@client/components/ui/load-error';
import { NoticeCard } from '@client/components/ui/notice-card';
import { Spinner } from '@client/components/ui/spinner';
import { ApiError } from '@client/lib/api';
import { formatDate, formatTime } from '@client/lib/format';
import { reportCsvUrl, useEveningReport } from '../api/report';

/**
 * /events/{id}/report (GitHub issue 36, docs/decisions/0084-the-hosts-evening-report.md): what the
 * evening made, for its host and admins once it is over: the funnel from the public page to shared
 * contacts with each rate beside its reference, round by round, and the feedback. Downloads as CSV;
 * prints on one A4 page (the print styles below hide the app's header and navigation).
 */

/** One A4 page: the app's header, navigation and toasts are not printed; the report tightens. */
const PRINT_CSS = `@media print {
  @page { size: A4; margin: 11mm 12mm; }
  html, body { background: #fff !important; }
  body > div header, nav, footer, [data-sonner-toaster], a[href="#main"] { display: none !important; }
  main { padding: 0 !important; }
}`;

/** Green where the evening does as well as the reference or better, apricot where it does worse. */
const toneOf = (where: 'below' | 'within' | 'above', better: 'higher' | 'lower') =>
  where === 'within' || (where === 'above') === (better === 'higher') ? 'text-emerald-800' : 'text-apricot-700';

function ReferenceLine({ value, reference }: { value: number | null; reference: NonNullable<FunnelStepView['rate']>['reference'] }) {
  if (!reference) return null;
  const where = againstReference(value, reference);
  return (
    <p className="mt-1 text-sm text-muted print:mt-0 print:text-[10px]">
      <span className="font-semibold text-ink">Reference: {reference.text}</span>
      {where && <span className={cn('font-semibold', toneOf(where, reference.better))}> ({where === 'within' ? 'within it' : `${where} it`})</span>}
      <span className="block text-xs print:inline print:text-[9px]"> Source: {reference.source}</span>
    </p>
  );
}

function Step({ step, widest }: { step: FunnelStepView; widest: number }) {
  const width = step.count === null || widest === 0 ? 0 : Math.max(2, Math.round((100 * step.count) / widest));
  return (
    <li className="py-3 print:break-inside-avoid print:py-1">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h3 className="font-semibold text-wine-900 print:text-sm">{step.label}</h3>
        <p className="text-ink">
          <span className="font-display text-3xl font-bold text-wine-800 print:text-lg">{step.count ?? '—'}</span>
          {step.rate && (
            <span className="ml-2 text-sm text-muted print:text-xs">
              <span className="font-semibold text-ink">{percent(step.rate.value)}</span> {step.rate.of}
            </span>
          )}
        </p>
      </div>
      <div aria-hidden="true" className="mt-1.5 h-2 rounded-full bg-wine-50 print:h-1">
        <div className="h-2 rounded-full bg-wine-500 print:h-1" style={{ width: `${width}%` }} />
      </div>
      {step.rate && <ReferenceLine value={step.rate.value} reference={step.rate.reference} />}
      {step.side && (
        <div className="mt-2 rounded-2xl bg-apricot-100/60 px-3 py-2 print:mt-1 print:bg-transparent print:p-0">
          <p className="text-ink print:text-xs">
            {step.side.label}: <span className="font-semibold">{percent(step.side.value)}</span> {step.side.of}
          </p>
          <ReferenceLine value={step.side.value} reference={step.side.reference} />
        </div>
      )}
      <p className="mt-1 text-sm text-muted print:hidden">{step.note}</p>
    </li>
  );
}

const stars = (v: number | null) => (v === null ? 'no ratings' : `${v.toFixed(1)} of 5`);

function Figures({ report }: { report: EveningReport }) {
  const f = report.figures!;
  const widest = Math.max(0, ...f.funnel.map((s) => s.count ?? 0));
  return (
    <div className="grid items-start gap-5 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] print:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] print:gap-4">
      <section aria-labelledby="funnel-title">
        <Card className="print:border-0 print:p-0 print:shadow-none">
          <CardTitle id="funnel-title" className="flex items-center gap-2 print:text-base">
            <Users aria-hidden="true" className="size-5 text-wine-700 print:hidden" />
            From the page to friendships
          </CardTitle>
          <p className="mt-1 text-sm text-muted print:hidden">Each step with its count and its rate from the step before. Counts only: no one is named.</p>
          <ol className="mt-2 divide-y divide-wine-100">
            {f.funnel.map((s) => (
              <Step key={s.key} step={s} widest={widest} />
            ))}
          </ol>
          {f.ratingsDeletedAt && (
            <p className="mt-3 rounded-2xl bg-wine-50 px-3 py-2 text-sm text-ink print:text-[10px]">
              The ratings were deleted on {formatDate(f.ratingsDeletedAt, 'plain')}, as the privacy policy promises; the figures that came from them are the
              counts kept at that moment.
            </p>
          )}
        </Card>
      </section>

      <div className="space-y-5 print:space-y-3">
        <section aria-labelledby="rounds-title">
          <Card className="print:border-0 print:p-0 print:shadow-none">
            <CardTitle id="rounds-title" className="print:text-base">
              Round by round
            </CardTitle>
            {f.rounds.length === 0 ? (
              <p className="mt-2 text-muted">No round was held.</p>
            ) : (
              <table className="mt-3 w-full text-left print:mt-1 print:text-xs">
                <thead>
                  <tr className="border-b border-wine-100 text-sm text-muted print:text-[10px]">
                    <th scope="col" className="py-2 font-semibold print:py-0.5">
                      Round
                    </th>
                    <th scope="col" className="py-2 text-right font-semibold print:py-0.5">
                      Pairs that met
                    </th>
                    <th scope="col" className="py-2 text-right font-semibold print:py-0.5">
                      Ratings given
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {f.rounds.map((r) => (
                    <tr key={r.round} className="border-b border-wine-50 last:border-0">
                      <th scope="row" className="py-2 font-semibold text-wine-900 print:py-0.5">
                        {r.round}
                      </th>
                      <td className="py-2 text-right tabular-nums print:py-0.5">{r.pairsMet}</td>
                      <td className="py-2 text-right tabular-nums print:py-0.5">{r.ratings ?? '—'}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
            {!!f.ratingsOutsideRounds && (
              <p className="mt-2 text-sm text-muted print:text-[10px]">
                And {f.ratingsOutsideRounds} {f.ratingsOutsideRounds === 1 ? 'rating' : 'ratings'} after a conversation logged by QR code, outside the rounds.
              </p>
            )}
          </Card>
        </section>

        <section aria-labelledby="feedback-title">
          <Card className="print:border-0 print:p-0 print:shadow-none">
            <CardTitle id="feedback-title" className="flex items-center gap-2 print:text-base">
              <MessageSquareHeart aria-hidden="true" className="size-5 text-wine-700 print:hidden" />
              Feedback
            </CardTitle>
            {f.feedback.responses === 0 ? (
              <p className="mt-2 text-muted">No guest filled in the feedback form.</p>
            ) : (
              <>
                <p className="mt-1 text-sm text-muted print:text-[10px]">
                  From {f.feedback.responses} {f.feedback.responses === 1 ? 'guest' : 'guests'}; {f.feedback.recommendationRate ?? 0} % would recommend the
                  evening.
                </p>
                <dl className="mt-3 grid grid-cols-2 gap-2 print:mt-1 print:gap-1">
                  <div className="col-span-2 rounded-2xl bg-apricot-100/60 px-3 py-2 print:bg-transparent print:p-0">
                    <dt className="text-sm text-muted print:text-[10px]">Overall</dt>
                    <dd className="font-display text-2xl font-bold text-wine-800 print:text-base">{stars(f.feedback.averageOverall)}</dd>
                  </div>
                  {f.feedback.aspects.map((a) => (
                    <div key={a.key} className="rounded-2xl bg-wine-50 px-3 py-2 print:bg-transparent print:p-0">
                      <dt className="text-sm text-muted print:text-[10px]">{a.label}</dt>
                      <dd className="font-semibold text-ink print:text-xs">{stars(a.average)}</dd>
                    </div>
                  ))}
                </dl>
                <h3 className="mt-4 font-semibold text-wine-900 print:mt-1 print:text-xs">Most asked to improve</h3>
                {f.feedback.topImprovements.length === 0 ? (
                  <p className="mt-1 text-muted">Nothing was asked for.</p>
                ) : (
                  <ol className="mt-1 space-y-1 print:space-y-0 print:text-xs">
                    {f.feedback.topImprovements.map((i) => (
                      <li key={i.key} className="flex items-baseline justify-between gap-3">
                        <span>{i.label}</span>
                        <span className="shrink-0 text-sm text-muted print:text-[10px]">
                          {i.count} of {f.feedback.responses}
                        </span>
                      </li>
                    ))}
                  </ol>
                )}
              </>
            )}
          </Card>
        </section>
      </div>
    </div>
  );
}

export function EveningReportScreen({ eventId }: { eventId: number }) {
  const report = useEveningReport(eventId);
  if (report.isPending) return <Spinner label="Loading the report" />;
  if (report.isError) {
    const err = report.error;
    if (err instanceof ApiError && err.status === 403) {
      return (
        <NoticeCard icon={Lock} title="This report is for the evening's host">
          <p>{err.serverMessage ?? 'Only the host of this evening and admins can see its report'}.</p>
        </NoticeCard>
      );
    }
    if (err instanceof ApiError && err.status === 404) {
      return (
        <NoticeCard icon={SearchX} title="Event not found">
          <p>There is no evening with this number. It may have been mistyped.</p>
        </NoticeCard>
      );
    }
    return <LoadError title="Could not load the report" message="Please check your connection and try again." onRetry={() => void report.refetch()} />;
  }
  const r = report.data;
  return (
    <div className="space-y-5 print:space-y-2 print:text-sm">
      <style>{PRINT_CSS}</style>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-3xl font-bold break-words text-wine-900 print:text-xl">{r.title}: the evening report</h1>
          <p className="mt-1 text-muted print:mt-0 print:text-xs">
            {formatDate(r.date, 'long')}, {formatTime(r.date)} · {r.venue} · {r.paid ? 'a paid evening' : 'a free evening'}
          </p>
        </div>
        {r.figures && (
          <div className="flex flex-wrap gap-2 print:hidden">
            <Button asChild variant="outline">
              <a href={reportCsvUrl(r.eventId)} download>
                <Download aria-hidden="true" className="size-5" />
                Download CSV
              </a>
            </Button>
            <Button variant="outline" onClick={() => window.print()}>
              <Printer aria-hidden="true" className="size-5" />
              Print
            </Button>
          </div>
        )}
      </div>
      {r.figures ? (
        <Figures report={r} />
      ) : (
        <NoticeCard icon={CalendarClock} title="The report comes after the evening">
          <p>
            Its figures (visits, bookings, check-ins, ratings, matches and feedback) appear here once the evening has ended, at {formatTime(r.endsAt)} on{' '}
            {formatDate(r.endsAt, 'long')}.
          </p>
        </NoticeCard>
      )}
    </div>
  );
}
