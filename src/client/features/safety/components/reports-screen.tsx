import { CheckCircle2, Flag, UserX } from 'lucide-react';
import { toast } from 'sonner';
import { REPORT_REASON_LABELS, type ReportRow } from '@shared/schemas/safety';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { Dialog, DialogClose, DialogContent, DialogFooter, DialogIcon, DialogTrigger } from '@client/components/ui/dialog';
import { LoadError } from '@client/components/ui/load-error';
import { NoticeCard } from '@client/components/ui/notice-card';
import { Spinner } from '@client/components/ui/spinner';
import { messageOf } from '@client/lib/api';
import { formatDate } from '@client/lib/format';
import { useMarkHandled, useReports, useSuspend } from '../api/safety';

const CONTEXT = { evening: 'At the evening', match: 'From a match', invite: 'From an invite' } as const;

/**
 * /reports (GitHub issue 21): reports about people, for the hosts of the evening concerned and for
 * admins; an admin marks a report handled and suspends (or lifts) the reported account.
 */
export function ReportsScreen() {
  const reports = useReports(true);
  if (reports.isPending) return <Spinner label="Loading reports" />;
  if (!reports.data)
    return <LoadError title="We couldn't load the reports" message={messageOf(reports.error, 'Please try again.')} onRetry={() => void reports.refetch()} />;
  const { reports: rows, canHandle } = reports.data;
  if (rows.length === 0) {
    return (
      <NoticeCard icon={CheckCircle2} title="No reports">
        <p>Nobody has reported anyone from {canHandle ? 'any evening' : 'your evenings'}.</p>
      </NoticeCard>
    );
  }
  return (
    <ul className="space-y-4" aria-label="Reports">
      {rows.map((r) => (
        <ReportCard key={r.id} r={r} canHandle={canHandle} />
      ))}
    </ul>
  );
}

function ReportCard({ r, canHandle }: { r: ReportRow; canHandle: boolean }) {
  const handled = useMarkHandled();
  const headingId = `report-${r.id}`;
  return (
    <li aria-labelledby={headingId}>
      <Card className="space-y-3">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h2 id={headingId} className="text-xl font-semibold text-wine-900">
            <Flag aria-hidden="true" className="mr-2 inline size-5 text-red-700" />
            {REPORT_REASON_LABELS[r.reason]}: {r.reported.name}
          </h2>
          <div className="flex flex-wrap gap-2">
            {r.handledAt ? <Badge tone="green">Handled</Badge> : <Badge tone="apricot">Open</Badge>}
            {r.reported.suspended && <Badge tone="wine">Suspended</Badge>}
          </div>
        </div>
        <dl className="grid gap-1 text-sm sm:grid-cols-2">
          <div>
            <dt className="inline font-semibold">Evening: </dt>
            <dd className="inline">
              {r.event.title}, {formatDate(r.event.date, 'long')}
            </dd>
          </div>
          <div>
            <dt className="inline font-semibold">Where: </dt>
            <dd className="inline">{CONTEXT[r.context]}</dd>
          </div>
          <div>
            <dt className="inline font-semibold">Reported by: </dt>
            <dd className="inline">{r.reporter.name}</dd>
          </div>
          <div>
            <dt className="inline font-semibold">Sent: </dt>
            <dd className="inline">{formatDate(r.createdAt, 'long')}</dd>
          </div>
          {r.reported.email && (
            <div>
              <dt className="inline font-semibold">Account: </dt>
              <dd className="inline break-all">{r.reported.email}</dd>
            </div>
          )}
        </dl>
        {r.details && <p className="rounded-2xl bg-wine-50 p-4 whitespace-pre-wrap">{r.details}</p>}
        {canHandle && (
          <div className="flex flex-wrap gap-2">
            {!r.handledAt && (
              <Button
                variant="outline"
                size="sm"
                disabled={handled.isPending}
                onClick={() =>
                  handled.mutate(r.id, { onError: (err) => toast.error('Could not mark it handled', { description: messageOf(err, 'Please try again.') }) })
                }
              >
                Mark handled<span className="sr-only"> (report about {r.reported.name})</span>
              </Button>
            )}
            <SuspendButton userId={r.reported.id} name={r.reported.name} suspended={r.reported.suspended} />
          </div>
        )}
      </Card>
    </li>
  );
}

/** Suspend (or lift) an account, after a question. */
export function SuspendButton({ userId, name, suspended }: { userId: number; name: string; suspended: boolean }) {
  const suspend = useSuspend();
  const confirm = () =>
    suspend.mutateAsync({ userId, suspended: !suspended }).then(
      (r) =>
        toast.success(r.suspended ? `${name} is suspended` : `${name} can sign in again`, {
          description: r.suspended
            ? `${r.cancelledBookings} future booking${r.cancelledBookings === 1 ? '' : 's'} cancelled, ${r.refunds} refunded. ${name} was told by e-mail.`
            : `${name} was told by e-mail.`,
        }),
      (err: unknown) => toast.error('Could not change the account', { description: messageOf(err, 'Please try again.') }),
    );
  return (
    <Dialog>
      <DialogTrigger asChild disabled={suspend.isPending}>
        <Button variant={suspended ? 'outline' : 'destructive'} size="sm">
          <UserX aria-hidden="true" className="size-4" />
          {suspended ? 'Lift suspension' : 'Suspend account'}
          <span className="sr-only"> of {name}</span>
        </Button>
      </DialogTrigger>
      <DialogContent
        title={suspended ? `Lift ${name}'s suspension?` : `Suspend ${name}?`}
        description={
          suspended
            ? `${name} will be able to sign in and book evenings again, and is told by e-mail.`
            : `${name} is signed out everywhere and cannot sign in or book. Bookings for evenings still to come are cancelled (refunded by the 24-hour rule) and ${name} is told by e-mail.`
        }
        icon={<DialogIcon icon={UserX} tone="danger" />}
      >
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline" size="lg">
              Cancel
            </Button>
          </DialogClose>
          <DialogClose asChild>
            <Button variant={suspended ? 'primary' : 'destructive'} size="lg" onClick={() => void confirm()}>
              {suspended ? 'Lift suspension' : 'Suspend account'}
            </Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
