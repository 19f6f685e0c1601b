import { TrendingUp } from 'lucide-react';
import { Link } from 'react-router';
import { percent } from '@shared/domain/report';
import type { ReportTrend } from '@shared/schemas/report';
import { Card, CardTitle } from '@client/components/ui/card';
import { LoadError } from '@client/components/ui/load-error';
import { Spinner } from '@client/components/ui/spinner';
import { formatDate } from '@client/lib/format';
import { useReportTrends } from '../api/report';

/** How many evenings the table shows side by side. */
const SHOWN = 6;

/** A rate's line over the evenings, oldest on the left; the figures themselves are in the table beside it. */
function Sparkline({ values }: { values: (number | null)[] }) {
  const w = 96;
  const h = 28;
  const known = values.map((v, i) => ({ v, i })).filter((p): p is { v: number; i: number } => p.v !== null);
  if (known.length < 2) return <span className="text-xs text-muted">—</span>;
  const max = Math.max(1, ...known.map((p) => p.v));
  const x = (i: number) => (values.length === 1 ? w / 2 : 4 + (i * (w - 8)) / (values.length - 1));
  const y = (v: number) => h - 4 - (v / max) * (h - 8);
  const d = known.map((p, k) => `${k === 0 ? 'M' : 'L'}${x(p.i).toFixed(1)},${y(p.v).toFixed(1)}`).join(' ');
  const last = known[known.length - 1]!;
  return (
    <svg aria-hidden="true" width={w} height={h} viewBox={`0 0 ${w} ${h}`} className="overflow-visible">
      <path d={d} fill="none" stroke="var(--color-wine-500)" strokeWidth="2" strokeLinejoin="round" strokeLinecap="round" />
      <circle cx={x(last.i)} cy={y(last.v)} r="3" fill="var(--color-wine-700)" />
    </svg>
  );
}

/** 'up 12 points on the evening before', 'down 5 points', 'the same'; '' when either is unknown. */
function change(now: number | null, before: number | null): string {
  if (now === null || before === null) return '';
  const d = Math.round(now * 100) - Math.round(before * 100);
  return d === 0 ? 'the same as the evening before' : `${d > 0 ? 'up' : 'down'} ${Math.abs(d)} points on the evening before`;
}

function TrendTable({ evenings }: { evenings: ReportTrend[] }) {
  const shown = evenings.slice(0, SHOWN);
  const rates = shown[0]!.rates;
  return (
    <div className="mt-3 overflow-x-auto" role="region" aria-label="Rates by evening, newest first" tabIndex={0}>
      <table className="w-full min-w-[36rem] text-left">
        <caption className="sr-only">Each rate at your evenings over, newest first</caption>
        <thead>
          <tr className="border-b border-wine-100 align-bottom text-sm text-muted">
            <th scope="col" className="py-2 pr-3 font-semibold">
              Rate
            </th>
            <th scope="col" className="py-2 pr-3 font-semibold">
              <span className="sr-only">Trend, oldest to newest</span>
              <span aria-hidden="true">Trend</span>
            </th>
            {shown.map((e) => (
              <th key={e.eventId} scope="col" className="py-2 pr-3 text-right font-semibold">
                <Link to={`/events/${e.eventId}/report`} className="inline-flex min-h-11 items-end justify-end text-wine-800 underline underline-offset-2">
                  <span>
                    <span className="sr-only">{e.title}, </span>
                    {formatDate(e.date, 'short')}
                  </span>
                </Link>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rates.map((rate, row) => {
            const values = shown.map((e) => e.rates[row]?.value ?? null);
            return (
              <tr key={rate.key} className="border-b border-wine-50 last:border-0">
                <th scope="row" className="py-2 pr-3 font-semibold text-wine-900">
                  {rate.label}
                  {values.length > 1 && <span className="block text-xs font-normal text-muted">{change(values[0]!, values[1]!)}</span>}
                </th>
                <td className="py-2 pr-3">
                  <Sparkline values={[...values].reverse()} />
                </td>
                {values.map((v, i) => (
                  <td key={shown[i]!.eventId} className="py-2 pr-3 text-right tabular-nums">
                    {percent(v)}
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/**
 * On the host's /dashboard (docs/decisions/0084): the report's rates across their evenings over,
 * newest first, so a host sees whether evenings are getting better; each evening links to its report.
 */
export function ReportTrendsCard({ enabled }: { enabled: boolean }) {
  const list = useReportTrends(enabled);
  return (
    <section aria-labelledby="trends-title">
      <Card>
        <CardTitle id="trends-title" className="flex items-center gap-2">
          <TrendingUp aria-hidden="true" className="size-5 text-wine-700" />
          How your evenings are going
        </CardTitle>
        <p className="mt-1 text-sm text-muted">
          The rates from each evening&apos;s report, newest first. Open an evening for its whole report, per round and with its feedback.
        </p>
        {list.isPending ? (
          <Spinner label="Loading your evenings' rates" />
        ) : list.isError ? (
          <LoadError title="Could not load the rates" message="Please check your connection and try again." onRetry={() => void list.refetch()} />
        ) : list.data.length === 0 ? (
          <p className="mt-3">No evening of yours has ended yet: its report comes after the evening.</p>
        ) : (
          <TrendTable evenings={list.data} />
        )}
      </Card>
    </section>
  );
}
