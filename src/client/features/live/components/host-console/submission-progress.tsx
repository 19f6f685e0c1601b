import { Check, Clock, Coffee, RefreshCw, UserRoundX } from 'lucide-react';
import type { ProgressRow } from '@shared/schemas/matching';
import { Button } from '@client/components/ui/button';
import { cn } from '@client/components/ui/cn';
import { Spinner } from '@client/components/ui/spinner';
import { Panel } from './panel';

function classify(rows: ProgressRow[]) {
  return {
    submitted: rows.filter((r) => r.hasSubmitted),
    pending: rows.filter((r) => !r.hasSubmitted && !r.sittingOut && r.partnerId !== null),
    sittingOut: rows.filter((r) => r.sittingOut),
    notPlaced: rows.filter((r) => !r.sittingOut && r.partnerId === null),
  };
}

function NameList({ rows, icon: Icon, tone, empty }: { rows: ProgressRow[]; icon: typeof Check; tone: 'green' | 'apricot'; empty: string }) {
  if (rows.length === 0) return <p className="text-muted">{empty}</p>;
  return (
    <ul className="space-y-2">
      {rows.map((r) => (
        <li key={r.id} className="flex min-h-11 items-center gap-3 rounded-2xl bg-cream px-3 ring-1 ring-wine-100">
          <span
            className={cn(
              'inline-flex size-7 items-center justify-center rounded-full',
              tone === 'green' ? 'bg-emerald-100 text-emerald-800' : 'bg-apricot-100 text-apricot-700',
            )}
          >
            <Icon aria-hidden="true" className="size-4" />
          </span>
          <span className="font-medium text-ink">{r.name}</span>
        </li>
      ))}
    </ul>
  );
}

/** Who has rated this round's partner (from real ratings), and who has not yet. */
export function SubmissionProgress({
  round,
  rows,
  loading,
  error,
  onRefresh,
  refreshing,
}: {
  round: number;
  rows: ProgressRow[] | undefined;
  loading: boolean;
  error: boolean;
  onRefresh: () => void;
  refreshing: boolean;
}) {
  const refresh = (
    <Button variant="ghost" size="sm" onClick={onRefresh} disabled={refreshing}>
      <RefreshCw aria-hidden="true" className={cn('size-5', refreshing && 'motion-safe:animate-spin')} />
      Refresh
    </Button>
  );
  if (round === 0) {
    return (
      <Panel title="Submission progress" action={refresh}>
        <p className="text-muted">
          Once round 1 starts, you&apos;ll see who has rated their partner and who is still to.
          {rows ? ` ${rows.length} ${rows.length === 1 ? 'guest is' : 'guests are'} checked in.` : ''}
        </p>
      </Panel>
    );
  }
  if (loading)
    return (
      <Panel title="Submission progress">
        <Spinner />
      </Panel>
    );
  if (error || !rows)
    return (
      <Panel title="Submission progress" action={refresh}>
        <p className="text-muted">We couldn&apos;t load the ratings. Try Refresh.</p>
      </Panel>
    );
  const c = classify(rows);
  const expected = c.submitted.length + c.pending.length;
  const pct = expected ? Math.round((c.submitted.length / expected) * 100) : 0;
  return (
    <Panel title="Submission progress" action={refresh}>
      <p className="text-ink">
        <span className="font-display text-3xl font-bold text-wine-800">{c.submitted.length}</span>
        <span className="text-lg text-muted">
          {' '}
          of {expected} rated their round {round} partner
        </span>
      </p>
      <div
        className="mt-3 h-3 overflow-hidden rounded-full bg-wine-100"
        role="progressbar"
        aria-label={`Round ${round} ratings submitted`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={pct}
      >
        <div className="h-full rounded-full bg-emerald-600" style={{ width: `${pct}%` }} />
      </div>
      <div className="mt-5 grid gap-5 sm:grid-cols-2">
        <div>
          <h3 className="mb-2 font-sans text-base font-semibold text-wine-900">Submitted ({c.submitted.length})</h3>
          <NameList rows={c.submitted} icon={Check} tone="green" empty="No ratings yet this round." />
        </div>
        <div>
          <h3 className="mb-2 font-sans text-base font-semibold text-wine-900">Pending ({c.pending.length})</h3>
          <NameList rows={c.pending} icon={Clock} tone="apricot" empty="Everyone has rated. 🎉" />
        </div>
      </div>
      {(c.sittingOut.length > 0 || c.notPlaced.length > 0) && (
        <div className="mt-4 space-y-1 text-sm text-muted">
          {c.sittingOut.length > 0 && (
            <p className="flex items-center gap-2">
              <Coffee aria-hidden="true" className="size-4" />
              Sitting out: {c.sittingOut.map((r) => r.name).join(', ')}
            </p>
          )}
          {c.notPlaced.length > 0 && (
            <p className="flex items-center gap-2">
              <UserRoundX aria-hidden="true" className="size-4" />
              Joins next round: {c.notPlaced.map((r) => r.name).join(', ')}
            </p>
          )}
        </div>
      )}
    </Panel>
  );
}
