import { Lightbulb, Megaphone, Share2, Sparkles, type LucideIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { SOURCE_LABELS } from '@shared/domain/share-sources';
import { PLATFORM_NAMES } from '@shared/domain/share-templates';
import type { ShareAnalytics } from '@shared/schemas/share';
import { Card, CardTitle } from '@client/components/ui/card';
import { LoadError } from '@client/components/ui/load-error';
import { RestrictedCard } from '@client/components/ui/restricted';
import { Spinner } from '@client/components/ui/spinner';
import { ApiError, messageOf } from '@client/lib/api';
import { formatWhen } from '@client/lib/format';
import { useUpcomingEvents } from '@client/lib/queries/events';
import { useShareAnalytics } from '../api/share';

export interface ShareViewer {
  signedIn: boolean;
  /** Hosts and admins read the figures. */
  canSeeAnalytics: boolean;
  /** The picker of one evening's figures lists this host's evenings only (the server refuses another's); null or absent: every evening (admins). */
  hostOf?: number | null;
  /** Who is asking is still being checked. */
  pending?: boolean;
}

/** Share Analytics (docs/spec/organiser-tools.md §2.1), counted for real: hosts and admins only. */
export function ShareAnalyticsTab({ viewer }: { viewer: ShareViewer }) {
  return (
    <div className="space-y-5">
      <Figures viewer={viewer} />
      {/* Advice, not data: for everyone. */}
      <ProTip />
    </div>
  );
}

function Figures({ viewer }: { viewer: ShareViewer }) {
  const [eventId, setEventId] = useState<number | null>(null);
  const analytics = useShareAnalytics(viewer.canSeeAnalytics, eventId);
  if (viewer.pending) return <Spinner />;
  if (!viewer.canSeeAnalytics) return <RestrictedCard who="hosts" signedIn={viewer.signedIn} />;
  if (analytics.isPending) return <Spinner label="Loading share analytics" />;
  if (analytics.isError) {
    const err = analytics.error;
    if (err instanceof ApiError && (err.status === 401 || err.status === 403)) return <RestrictedCard who="hosts" signedIn={err.status === 403} />;
    return (
      <LoadError
        title="We couldn't load the share analytics"
        message={messageOf(err, 'Check your connection and try again.')}
        onRetry={() => void analytics.refetch()}
      />
    );
  }
  const a = analytics.data;
  return (
    <div className="space-y-5">
      <div className="grid gap-3 sm:grid-cols-3">
        <Tile icon={Sparkles} label="Templates Used" value={a.templatesUsed} />
        <Tile icon={Share2} label="Times Shared" value={a.timesShared} />
        <Tile icon={Megaphone} label="Platforms Reached" value={a.platformsReached} />
      </div>

      <Card>
        <table className="w-full text-left text-base">
          <caption className="mb-3 text-left text-xl font-semibold text-wine-900">By platform</caption>
          <thead>
            <tr className="border-b border-wine-100 text-sm text-muted">
              <th scope="col" className="py-2 pr-3 font-semibold">
                Platform
              </th>
              <th scope="col" className="px-3 py-2 text-right font-semibold">
                Copies
              </th>
              <th scope="col" className="px-3 py-2 text-right font-semibold">
                Shares
              </th>
              <th scope="col" className="py-2 pl-3 text-right font-semibold">
                Signups
              </th>
            </tr>
          </thead>
          <tbody>
            {a.platforms.map((r) => (
              <tr key={r.platform} className="border-b border-wine-50 last:border-0">
                <th scope="row" className="py-3 pr-3 font-semibold text-wine-900">
                  {PLATFORM_NAMES[r.platform]}
                </th>
                <td className="px-3 py-3 text-right tabular-nums">{r.copies}</td>
                <td className="px-3 py-3 text-right tabular-nums">{r.shares}</td>
                <td className="py-3 pl-3 text-right tabular-nums">{r.signups}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p className="mt-3 text-sm text-muted">Signups count new members who arrived through a shared link.</p>
      </Card>

      <SourcesTable analytics={a} eventId={eventId} onPick={setEventId} hostOf={viewer.hostOf ?? null} />
    </div>
  );
}

/**
 * From link to seat (docs/decisions/0047): per source, the visits to an evening's page, the new
 * members it brought (their first source) and the seats they booked, for every evening or one.
 */
function SourcesTable({
  analytics: a,
  eventId,
  onPick,
  hostOf,
}: {
  analytics: ShareAnalytics;
  eventId: number | null;
  onPick: (id: number | null) => void;
  hostOf: number | null;
}) {
  const pickerId = useId();
  const upcoming = useUpcomingEvents();
  const evenings = (upcoming.data ?? []).filter((e) => hostOf === null || e.hostId === hostOf);
  return (
    <Card>
      <h2 className="text-xl font-semibold text-wine-900">From link to seat</h2>
      <p className="mt-1 text-muted">
        Every link, flyer QR code and Copy Link opens the evening’s page with its source. Each person counts once, for the first link that brought them.
      </p>
      <div className="mt-4 space-y-1.5 sm:max-w-xl">
        <label htmlFor={pickerId} className="block text-sm font-semibold text-wine-900">
          Evening
        </label>
        <select
          id={pickerId}
          value={eventId ?? ''}
          onChange={(e) => onPick(e.target.value ? Number(e.target.value) : null)}
          className="block min-h-12 w-full rounded-2xl border-2 border-wine-100 bg-white px-4 py-3 text-base text-ink focus:border-wine-500 focus:outline-none"
        >
          <option value="">All evenings</option>
          {evenings.map((e) => (
            <option key={e.id} value={e.id}>
              {e.title} · {formatWhen(e)}
            </option>
          ))}
        </select>
      </div>
      {/* Scrolls sideways on a narrow phone: focusable, so a keyboard can scroll it too (axe scrollable-region-focusable). */}
      <div
        className="mt-4 overflow-x-auto rounded-xl focus-visible:ring-2 focus-visible:ring-wine-500 focus-visible:outline-none"
        tabIndex={0}
        role="region"
        aria-label="Sources table"
      >
        {/* Fits a 390 px phone: tighter gaps and smaller type there, source ids that wrap (issue 34). */}
        <table className="w-full text-left text-sm sm:text-base">
          <caption className="sr-only">Visits, signups and seats booked per source{a.eventId === null ? ', every evening' : ''}</caption>
          <thead>
            <tr className="border-b border-wine-100 text-sm text-muted">
              <th scope="col" className="py-2 pr-1.5 font-semibold sm:pr-3">
                Source
              </th>
              <th scope="col" className="px-1.5 py-2 text-right font-semibold sm:px-3">
                Visits<span aria-hidden="true">*</span>
              </th>
              <th scope="col" className="px-1.5 py-2 text-right font-semibold sm:px-3">
                Signups
              </th>
              <th scope="col" className="py-2 pl-1.5 text-right font-semibold sm:pl-3">
                Seats booked
              </th>
            </tr>
          </thead>
          <tbody>
            {a.sources.map((r) => (
              <tr key={r.source} data-source={r.source} className="border-b border-wine-50 last:border-0">
                <th scope="row" className="py-3 pr-1.5 font-semibold text-wine-900 sm:pr-3">
                  {SOURCE_LABELS[r.source]} <span className="block text-xs font-normal break-all text-muted sm:text-sm">{r.source}</span>
                </th>
                <td className="px-1.5 py-3 text-right tabular-nums sm:px-3">{r.visits}</td>
                <td className="px-1.5 py-3 text-right tabular-nums sm:px-3">{r.signups}</td>
                <td className="py-3 pl-1.5 text-right tabular-nums sm:pl-3">{r.seats}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="mt-3 text-sm text-muted">
        <span aria-hidden="true">* </span>Visits are self-reported by browsers, once per browser session and evening, so anyone could add some. Signups and
        seats are counted from real accounts and paid bookings: a seat held at checkout does not count, and a cancelled one stops counting.
      </p>
    </Card>
  );
}

function Tile({ icon: Icon, label, value }: { icon: LucideIcon; label: string; value: number }) {
  return (
    <div className="rounded-3xl border border-wine-100 bg-white p-4 shadow-sm sm:p-5">
      <div className="flex items-center justify-between gap-2">
        <p className="text-sm font-semibold text-muted">{label}</p>
        <span className="inline-flex size-9 shrink-0 items-center justify-center rounded-full bg-apricot-100 text-wine-700">
          <Icon aria-hidden="true" className="size-5" />
        </span>
      </div>
      <p className="mt-1 font-display text-3xl font-bold text-wine-800 sm:text-4xl">{value}</p>
    </div>
  );
}

function ProTip() {
  return (
    <Card className="flex gap-3 border-apricot-200 bg-apricot-100/50">
      <Lightbulb aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-apricot-700" />
      <div>
        <CardTitle className="text-lg">Pro tip</CardTitle>
        <p className="mt-1 text-ink">
          Facebook and WhatsApp work best: post in local community groups and send the invitation straight to friends who would enjoy it.
        </p>
      </div>
    </Card>
  );
}
