import { CalendarDays, MapPin, Star, Users } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { HOST_RATING_RULE, NEW_HOST_NOTE } from '@shared/domain/feedback';
import type { ActiveHost } from '@shared/schemas/host-program';
import { Card } from '@client/components/ui/card';
import { LoadError } from '@client/components/ui/load-error';
import { Spinner } from '@client/components/ui/spinner';
import { messageOf } from '@client/lib/api';
import { formatDate, formatWallTime, initials } from '@client/lib/format';
import { useActiveHosts } from '../api/host-program';

/**
 * Everyone may see the hosts (names and towns, never e-mail or phone) with their real figures:
 * evenings hosted, guests checked in at their evenings, the feedback rating once enough guests who
 * booked their own place have rated them (docs/decisions/0067, said on the page), and their next
 * evening with its registrations.
 */
export function ActiveHostsTab() {
  const hosts = useActiveHosts();
  if (hosts.isPending) return <Spinner label="Loading hosts" />;
  if (hosts.isError)
    return (
      <LoadError
        title="We couldn't load our hosts"
        message={messageOf(hosts.error, 'Check your connection and try again.')}
        onRetry={() => void hosts.refetch()}
      />
    );
  if (hosts.data.length === 0)
    return (
      <Card className="text-center">
        <p className="text-lg font-semibold text-wine-900">No hosts yet</p>
        <p className="mt-1 text-muted">Approved hosts appear here with the evenings they run. Why not be the first?</p>
      </Card>
    );
  return (
    <section aria-labelledby="active-hosts-title" className="space-y-4">
      <h2 id="active-hosts-title" className="text-xl font-semibold text-wine-900">
        Our hosts <span className="text-muted">({hosts.data.length})</span>
      </h2>
      <p className="text-sm text-muted">
        “Evenings hosted” counts evenings that have started; “Guests checked in” counts guests checked in at the door across all of a host’s evenings. “Average
        rating” is the overall star rating guests gave in their feedback on a host’s evenings.
      </p>
      <p className="text-sm text-muted">{HOST_RATING_RULE}</p>
      <ul className="grid gap-4 md:grid-cols-2">
        {hosts.data.map((h) => (
          <li key={h.id}>
            <HostCard host={h} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function HostCard({ host: h }: { host: ActiveHost }) {
  const headingId = useId();
  return (
    <Card role="article" aria-labelledby={headingId} className="h-full">
      <div className="flex items-center gap-3">
        <span aria-hidden="true" className="flex size-12 shrink-0 items-center justify-center rounded-full bg-wine-700 text-lg font-bold text-white">
          {initials(h.name)}
        </span>
        <div>
          <h3 id={headingId} className="text-lg font-semibold text-wine-900">
            {h.name}
          </h3>
          <p className="flex items-center gap-1 text-muted">
            <MapPin aria-hidden="true" className="size-4" />
            {h.location ?? 'Location not given'}
          </p>
        </div>
      </div>
      <dl className="mt-4 grid grid-cols-3 gap-2 text-center">
        <Figure label="Evenings hosted" value={String(h.eventsHosted)} />
        <Figure label="Guests checked in" value={String(h.totalAttendees)} />
        <Figure
          label="Average rating"
          value={h.averageRating === null ? '—' : h.averageRating.toFixed(1)}
          note={h.averageRating === null ? NEW_HOST_NOTE : `from ${h.ratingCount} ${h.ratingCount === 1 ? 'review' : 'reviews'}`}
          icon={h.averageRating === null ? undefined : <Star aria-hidden="true" className="inline size-4 fill-apricot-500 text-apricot-500" />}
        />
      </dl>
      <div className="mt-4 rounded-2xl bg-apricot-100/60 p-4">
        <p className="flex items-center gap-2 text-sm font-semibold text-wine-900">
          <CalendarDays aria-hidden="true" className="size-4" />
          Next evening
        </p>
        {h.nextEvent ? (
          <>
            <p className="mt-1 font-semibold text-ink">{h.nextEvent.title}</p>
            <p className="text-sm text-muted">
              {formatDate(h.nextEvent.date, 'medium')} · {formatWallTime(h.nextEvent.startTime)} · {h.nextEvent.venue}
            </p>
            <p className="mt-1 flex items-center gap-1 text-sm text-ink">
              <Users aria-hidden="true" className="size-4" />
              {h.nextEvent.registrations} of {h.nextEvent.maxParticipants} registered
            </p>
          </>
        ) : (
          <p className="mt-1 text-sm text-muted">Nothing scheduled yet</p>
        )}
      </div>
    </Card>
  );
}

function Figure({ label, value, note, icon }: { label: string; value: string; note?: string | undefined; icon?: ReactNode }) {
  return (
    <div className="rounded-2xl bg-wine-50 px-2 py-3">
      <dt className="text-xs font-semibold text-wine-800">{label}</dt>
      <dd className="mt-1 text-2xl font-bold text-wine-900 tabular-nums">
        {icon} {value}
        {note && <span className="block text-xs font-normal text-muted">{note}</span>}
      </dd>
    </div>
  );
}
