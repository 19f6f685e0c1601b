import { useQuery } from '@tanstack/react-query';
import { ListOrdered } from 'lucide-react';
import { formatDate, formatTime } from '@client/lib/format';
import { hostWaitlistQuery } from '../api/tickets';

/** Inside the host's card: the view of a full evening's waitlist (docs/decisions/0016): who holds an offer until when, and who is next. */
export function HostWaitlistCard({ eventId }: { eventId: number }) {
  const line = useQuery(hostWaitlistQuery(eventId));
  if (!line.data) return null;
  const { entries, expiredOffers, left } = line.data;
  return (
    <section aria-labelledby="host-waitlist" className="mt-5 border-t border-wine-100 pt-4">
      <h3 id="host-waitlist" className="flex items-center gap-2 text-lg font-semibold text-wine-900">
        <ListOrdered aria-hidden="true" className="size-5" />
        Waitlist
      </h3>
      {entries.length === 0 ? (
        <p className="mt-2 text-muted">Nobody is waiting. If the evening fills up, members can join a waitlist and freed places are offered to them in turn.</p>
      ) : (
        <ol className="mt-3 divide-y divide-wine-100" aria-label="People on the waitlist">
          {entries.map((e) => (
            <li key={e.userId} className="flex min-h-12 items-center justify-between gap-3 py-2">
              <span className="font-medium text-ink">
                {e.position !== null && <span className="mr-2 text-muted tabular-nums">{e.position}.</span>}
                {e.name}
              </span>
              {e.status === 'offered' && e.offerExpiresAt ? (
                <span className="rounded-full bg-emerald-100 px-3 py-1 text-sm font-semibold text-emerald-800">
                  Offered until {formatTime(e.offerExpiresAt)}, {formatDate(e.offerExpiresAt, 'short')}
                </span>
              ) : (
                <span className="text-sm text-muted">Waiting</span>
              )}
            </li>
          ))}
        </ol>
      )}
      {(expiredOffers > 0 || left > 0) && (
        <p className="mt-3 text-sm text-muted">
          {expiredOffers} {expiredOffers === 1 ? 'offer' : 'offers'} not taken up · {left} left the waitlist
        </p>
      )}
    </section>
  );
}
