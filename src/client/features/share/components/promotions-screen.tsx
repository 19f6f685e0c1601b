import { CalendarDays, CalendarX, Clock, Lightbulb, MapPin, PoundSterling, TriangleAlert } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { eventLink } from '@shared/domain/share-sources';
import type { Event } from '@shared/schemas/events';
import { Button } from '@client/components/ui/button';
import { Card, CardTitle } from '@client/components/ui/card';
import { LoadError } from '@client/components/ui/load-error';
import { NoticeCard } from '@client/components/ui/notice-card';
import { Spinner } from '@client/components/ui/spinner';
import { formatWhen } from '@client/lib/format';
import { useUpcomingEvents } from '@client/lib/queries/events';
import { usePublicUrl } from '@client/lib/queries/share';
import { MARKETING_TIPS } from '../lib/content';
import { FLYERS, flyerContent, promotableEvenings, type FlyerContent } from '../lib/flyers';
import { FlyerCard } from './flyer-card';

/**
 * Copy Link (docs/spec/organiser-tools.md §2.5): the evening's public page, counted for the flyers'
 * link (`?source=flyer-link`, docs/decisions/0047), to the clipboard with the spec's toast, which is
 * now true. A refused clipboard says so and shows the link to copy by hand.
 */
async function copyEveningLink(link: string) {
  try {
    await navigator.clipboard.writeText(link);
    toast.success('Link Copied!', { description: 'Event registration link copied to clipboard' });
  } catch (err) {
    console.error('Clipboard copy failed', err);
    toast.error('Copy failed', { description: `Your browser blocked the clipboard. The link is ${link}` });
  }
}

function EveningSummary({ event, content, eyebrow }: { event: Event; content: FlyerContent; eyebrow: string }) {
  const row = 'flex items-start gap-3';
  const icon = 'mt-0.5 size-5 shrink-0 text-wine-700';
  return (
    <Card className="bg-gradient-to-br from-white to-apricot-100/60">
      <p className="text-sm font-semibold tracking-wide text-apricot-700 uppercase">{eyebrow}</p>
      <CardTitle className="mt-1 text-2xl">{event.title}</CardTitle>
      <dl className="mt-4 grid gap-3 text-ink sm:grid-cols-2">
        <div className={row}>
          <dt>
            <CalendarDays aria-hidden="true" className={icon} />
            <span className="sr-only">Date</span>
          </dt>
          <dd>{content.date}</dd>
        </div>
        <div className={row}>
          <dt>
            <Clock aria-hidden="true" className={icon} />
            <span className="sr-only">Time</span>
          </dt>
          <dd>{content.time}</dd>
        </div>
        <div className={row}>
          <dt>
            <MapPin aria-hidden="true" className={icon} />
            <span className="sr-only">Venue</span>
          </dt>
          <dd>{content.venue}</dd>
        </div>
        <div className={row}>
          <dt>
            <PoundSterling aria-hidden="true" className={icon} />
            <span className="sr-only">Price</span>
          </dt>
          <dd>
            <span className="font-semibold">{content.price}</span> · includes venue access and a welcome drink
          </dd>
        </div>
      </dl>
      <p className="mt-4 text-sm text-muted">
        Every flyer carries a QR code to the evening’s page, where guests book with secure payment and instant confirmation.
      </p>
      <Button asChild variant="ghost" size="sm" className="mt-2 -ml-4">
        <Link to={`/events/${event.id}`}>Open the evening’s page</Link>
      </Button>
    </Card>
  );
}

function MarketingTips() {
  return (
    <Card role="region" aria-labelledby="marketing-tips">
      <CardTitle id="marketing-tips" className="flex items-center gap-2">
        <Lightbulb aria-hidden="true" className="size-6 text-apricot-500" />
        Marketing tips
      </CardTitle>
      <ul className="mt-4 grid gap-4 sm:grid-cols-2">
        {MARKETING_TIPS.map((tip) => (
          <li key={tip.title} className="rounded-2xl bg-cream p-4 ring-1 ring-wine-100">
            <p className="font-semibold text-wine-900">{tip.title}</p>
            <p className="mt-1 text-ink">{tip.text}</p>
          </li>
        ))}
      </ul>
    </Card>
  );
}

/** Who is asking: a host promotes their own evenings (`hostOf`, their user id); admins and everyone else any evening (`null`). */
export interface PromotionsProps {
  /** The page's `?event=`: the evening asked for, or null for the next one. */
  eventId?: number | null;
  hostOf: number | null;
  /** Another evening was chosen in the picker (the page keeps it in its address). */
  onPick?: (eventId: number) => void;
}

function EveningChooser({ evenings, value, onChange }: { evenings: readonly Event[]; value: number; onChange: (id: number) => void }) {
  const id = useId();
  return (
    <Card>
      <label htmlFor={id} className="block text-sm font-semibold text-wine-900">
        Evening to promote
      </label>
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(Number(e.target.value))}
        className="mt-1.5 block min-h-12 w-full rounded-2xl border-2 border-wine-100 bg-white px-4 py-3 text-base text-ink focus:border-wine-500 focus:outline-none sm:max-w-xl"
      >
        {evenings.map((e) => (
          <option key={e.id} value={e.id}>
            {e.title} · {formatWhen(e)}
          </option>
        ))}
      </select>
    </Card>
  );
}

/**
 * The flyers of an evening: the one named by `eventId` (the page's `?event=`, as docs/product.md's
 * event context asks, or the picker's choice) when it is one the viewer may promote, else the next
 * of those (GET /api/events/upcoming, the soonest not yet started); or why there are none. A host
 * promotes their own evenings only: a newly approved host got flyers for another host's evening
 * (issue 34, docs/decisions/0073).
 */
export function PromotionsScreen({ eventId = null, hostOf, onPick }: PromotionsProps) {
  const upcoming = useUpcomingEvents();
  // Links and QR codes start with the site's public address (PUBLIC_URL): nothing is drawn before it is known.
  const publicUrl = usePublicUrl();
  const [picked, setPicked] = useState<number | null>(null);
  const evenings = useMemo(() => (upcoming.data ? promotableEvenings(upcoming.data, hostOf) : []), [upcoming.data, hostOf]);
  const wanted = picked ?? eventId;
  const event = evenings.find((e) => e.id === wanted) ?? evenings[0] ?? null;
  // A host sent here for an evening another host runs (an old link, a shared ?event=): say why it is not that one.
  const notTheirs =
    hostOf !== null && eventId !== null && picked === null && event?.id !== eventId
      ? upcoming.data?.find((e) => e.id === eventId && e.hostId !== hostOf)
      : undefined;
  const content = useMemo(() => (event && publicUrl ? flyerContent(event, publicUrl) : null), [event, publicUrl]);

  if (upcoming.isPending || (event && !publicUrl)) return <Spinner label="Finding your next evening" />;
  if (upcoming.isError) {
    return <LoadError title="The evenings could not be loaded" message={upcoming.error.message} onRetry={() => void upcoming.refetch()} />;
  }
  if (!event || !content) {
    const create = (
      <Button asChild size="lg">
        <Link to="/create-event">Create an event</Link>
      </Button>
    );
    if (hostOf !== null) {
      return (
        <NoticeCard icon={CalendarX} title="You have no upcoming evening to promote" actions={create}>
          <p>
            Flyers are made for the evenings you host. Create your first evening and its social post, story and cover appear here, ready to download and share,
            each with a QR code to its page.
          </p>
        </NoticeCard>
      );
    }
    return (
      <NoticeCard icon={CalendarX} title="No upcoming evening to promote" actions={create}>
        <p>
          The flyers are made from the next evening on the calendar. As soon as one is scheduled, its social post, story and cover appear here, ready to
          download and share.
        </p>
      </NoticeCard>
    );
  }

  const pick = (id: number) => {
    setPicked(id);
    onPick?.(id);
  };
  const eyebrow =
    event.id === evenings[0]?.id
      ? hostOf !== null
        ? 'Flyers for your next evening'
        : 'Flyers for the next evening'
      : hostOf !== null
        ? 'Flyers for your evening'
        : 'Flyers for this evening';
  // A new evening (or a change to it) draws fresh flyers: the key starts each card over.
  const key = JSON.stringify(content);
  return (
    <div className="space-y-6">
      {notTheirs && (
        <p role="status" className="flex gap-2 rounded-2xl bg-apricot-100 px-4 py-3 text-wine-900">
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-apricot-700" />
          <span>
            {notTheirs.title} is hosted by someone else: you can make flyers for the evenings you host. These are for {event.title}.
          </span>
        </p>
      )}
      {evenings.length > 1 && <EveningChooser evenings={evenings} value={event.id} onChange={pick} />}
      <EveningSummary event={event} content={content} eyebrow={eyebrow} />
      <div className="grid gap-6 md:grid-cols-2">
        {FLYERS.map((spec) => (
          <FlyerCard
            key={`${spec.kind}:${key}`}
            spec={spec}
            content={content}
            onCopyLink={() => void copyEveningLink(eventLink(publicUrl!, event.id, 'flyer-link'))}
            className={spec.kind === 'cover' ? 'md:col-span-2' : undefined}
          />
        ))}
      </div>
      <MarketingTips />
    </div>
  );
}
