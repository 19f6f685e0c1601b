import { ChartColumn, Megaphone, ScanLine, Timer } from 'lucide-react';
import { Link } from 'react-router';
import { SELF_CHECK_IN_MINUTES } from '@shared/domain/constants';
import type { EventDetail } from '@shared/schemas/events';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { minutesInWords } from '@client/lib/format';
import { HostWaitlistCard } from '../host-waitlist-card';
import { PriceIncludesSetting } from './price-includes-setting';

/** The host's card in place of the ticket: their tools for the evening, what the price includes, the waitlist. */
export function HostToolsCard({ event, over }: { event: EventDetail; over: boolean }) {
  return (
    <Card>
      <h2 className="text-xl font-semibold text-wine-900">You're hosting this evening</h2>
      <p className="mt-2 text-muted">
        Guests can check themselves in from {minutesInWords(SELF_CHECK_IN_MINUTES)} before the start, or you can check them in at the door.
      </p>
      <nav aria-label="Host tools" className="mt-4 grid gap-2">
        <Button asChild variant="outline">
          <Link to={`/check-in?event=${event.id}`}>
            <ScanLine aria-hidden="true" className="size-5" />
            Check guests in
          </Link>
        </Button>
        <Button asChild variant="outline">
          <Link to={`/messaging?event=${event.id}`}>
            <Megaphone aria-hidden="true" className="size-5" />
            Message the room
          </Link>
        </Button>
        <Button asChild variant="outline">
          <Link to={`/host-control?event=${event.id}`}>
            <Timer aria-hidden="true" className="size-5" />
            Host control
          </Link>
        </Button>
        {/* What the evening made: its report, once it is over (docs/decisions/0084-the-hosts-evening-report.md). */}
        <Button asChild variant="outline">
          <Link to={`/events/${event.id}/report`}>
            <ChartColumn aria-hidden="true" className="size-5" />
            Evening report
          </Link>
        </Button>
      </nav>
      {!over && <PriceIncludesSetting event={event} />}
      {!over && <HostWaitlistCard eventId={event.id} />}
    </Card>
  );
}
