import { CalendarDays, CalendarX, Clock, Lightbulb, MapPin, PoundSterling } from 'lucide-react';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { eventLink } from '@shared/domain/share-sources';
import type { Event } from '@shared/schemas/events';
import { Button } from '@client/components/ui/button';
import { Card, CardTitle } from '@client/components/ui/card';
import { LoadError } from '@client/components/ui/load-error';
import { NoticeCard } from '@client/components/ui/notice-card';
import { Spinner } from '@client/components/ui/spinner';
import { useUpcomingEvents } from '@client/lib/queries/events';
import { usePublicUrl } from '@client/lib/queries/share';
import { MARKETING_TIPS } from '../lib/content';
import { FLYERS, flyerContent, nextEvening, type FlyerContent } from '../lib/flyers';
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

function EveningSummary({ event, content }: { event: Event; content: FlyerContent }) {
  const row = 'flex items-start gap-3';
  const icon = 'mt-0.5 size-5 shrink-0 text-wine-700';
  return (
    <Card className="bg-gradient-to-br from-white to-apricot-100/60">
      <p className="text-sm font-semibold tracking-wide text-apricot-700 uppercase">Flyers for your next evening</p>
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

/**
 * The flyers of an evening: the one named by `eventId` (the page's `?event=`, as docs/product.md's
 * event context asks) when it is upcoming, else the next public evening (GET /api/events/upcoming, the
 * soonest not yet started); or why there are none.
 */
export function PromotionsScreen({ eventId = null }: { eventId?: number | null }) {
  const upcoming = useUpcomingEvents();
  // Links and QR codes start with the site's public address (PUBLIC_URL): nothing is drawn before it is known.
  const publicUrl = usePublicUrl();
  const event = useMemo(() => (upcoming.data ? (upcoming.data.find((e) => e.id === eventId) ?? nextEvening(upcoming.data)) : null), [upcoming.data, eventId]);
  const content = useMemo(() => (event && publicUrl ? flyerContent(event, publicUrl) : null), [event, publicUrl]);

  if (upcoming.isPending || (event && !publicUrl)) return <Spinner label="Finding your next evening" />;
  if (upcoming.isError) {
    return <LoadError title="The evenings could not be loaded" message={upcoming.error.message} onRetry={() => void upcoming.refetch()} />;
  }
  if (!event || !content) {
    return (
      <NoticeCard
        icon={CalendarX}
        title="No upcoming evening to promote"
        actions={
          <Button asChild size="lg">
            <Link to="/create-event">Create an event</Link>
          </Button>
        }
      >
        <p>
          The flyers are made from the next evening on the calendar. As soon as one is scheduled, its social post, story and cover appear here, ready to
          download and share.
        </p>
      </NoticeCard>
    );
  }

  // A new evening (or a change to it) draws fresh flyers: the key starts each card over.
  const key = JSON.stringify(content);
  return (
    <div className="space-y-6">
      <EveningSummary event={event} content={content} />
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
