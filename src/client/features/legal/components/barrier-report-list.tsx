import { TIME_ZONE } from '@shared/domain/time';
import { Spinner } from '@client/components/ui/spinner';
import { LoadError } from '@client/components/ui/load-error';
import { useBarrierReports } from '../api/barrier-reports';

const when = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: TIME_ZONE });

/** Every barrier reported, newest first: admins only (the server refuses anyone else). */
export function BarrierReportList() {
  const reports = useBarrierReports(true);
  if (reports.isPending) return <Spinner label="Loading the barrier reports" />;
  if (reports.isError) return <LoadError title="Could not load the reports" message="Please try again." onRetry={() => void reports.refetch()} />;
  const list = reports.data.reports;
  if (!list.length) return <p className="text-muted">Nobody has reported a barrier yet.</p>;
  return (
    <ul className="space-y-3">
      {list.map((r) => (
        <li key={r.id} className="rounded-2xl border-2 border-wine-100 bg-white p-4">
          <p className="text-sm text-muted">
            {when.format(new Date(r.createdAt))} · {r.page} · {r.from ? r.from.name : 'a visitor'}
          </p>
          <p className="mt-1 whitespace-pre-wrap break-words text-ink">{r.description}</p>
          {r.replyTo && (
            <p className="mt-2 text-sm">
              Answer to{' '}
              <a className="font-semibold text-wine-700 underline underline-offset-2" href={`mailto:${r.replyTo}`}>
                {r.replyTo}
              </a>
            </p>
          )}
        </li>
      ))}
    </ul>
  );
}
