import { CalendarClock, Check, CheckCheck, Map as MapIcon, MapPin, Navigation } from 'lucide-react';
import type { EventDetail } from '@shared/schemas/events';
import type { InboxMessage } from '@shared/schemas/messages';
import { Button } from '@client/components/ui/button';
import { Dialog, DialogContent, DialogFooter, DialogIcon, DialogTrigger } from '@client/components/ui/dialog';
import { formatDate } from '@client/lib/format';
import { eveningSchedule, messageTime, TYPE_LABELS, venueDirectionsUrl, venueMapUrl, type VenuePlace } from '../lib/messages';
import { TYPE_ICONS } from './type-badge';

const NEW_TAB = <span className="sr-only"> (opens in a new tab)</span>;

/** A link to the venue on a map, or to directions there, in a new tab, styled as a button. */
export function VenueLink({
  venue,
  kind,
  variant = 'outline',
  label,
}: {
  venue: VenuePlace;
  kind: 'map' | 'directions';
  variant?: 'outline' | 'secondary' | 'primary';
  label: string;
}) {
  const Icon = kind === 'map' ? MapIcon : Navigation;
  return (
    <Button asChild variant={variant}>
      <a href={kind === 'map' ? venueMapUrl(venue) : venueDirectionsUrl(venue)} target="_blank" rel="noopener noreferrer">
        <Icon aria-hidden="true" className="size-5" />
        {label}
        {NEW_TAB}
      </a>
    </Button>
  );
}

function modalTitle(m: InboxMessage): string {
  if (m.type === 'urgent') return 'Urgent message';
  if (m.type === 'location') return 'Location update';
  return m.requiresAction ? 'Please acknowledge' : `${TYPE_LABELS[m.type]} message`;
}

/**
 * The first unread message that is urgent or asks for an answer (docs/spec/organiser-tools.md §2.23, §4):
 * Got It reads it, Acknowledged answers it; a location message offers the map; directions always.
 */
export function UrgentMessageDialog({
  message,
  venue,
  onGotIt,
  onAcknowledge,
  onDismiss,
}: {
  message: InboxMessage | null;
  venue: VenuePlace;
  onGotIt: (m: InboxMessage) => void;
  onAcknowledge: (m: InboxMessage) => void;
  onDismiss: (m: InboxMessage) => void;
}) {
  return (
    <Dialog open={message !== null} onOpenChange={(open) => !open && message && onDismiss(message)}>
      {message && (
        <DialogContent
          key={message.id}
          title={modalTitle(message)}
          description={<span className="block break-words whitespace-pre-wrap text-lg">{message.text}</span>}
          icon={<DialogIcon icon={TYPE_ICONS[message.type]} tone={message.type === 'urgent' ? 'danger' : 'warm'} />}
        >
          <p className="mt-2 text-sm text-muted">
            From your host · <time dateTime={message.timestamp}>{messageTime(message.timestamp)}</time>
          </p>
          <DialogFooter>
            <VenueLink venue={venue} kind="directions" label="Show Directions" />
            {message.type === 'location' && <VenueLink venue={venue} kind="map" label="Show Map" variant="secondary" />}
            <Button variant={message.requiresAction ? 'outline' : 'primary'} onClick={() => onGotIt(message)}>
              <Check aria-hidden="true" className="size-5" />
              Got It
            </Button>
            {message.requiresAction && (
              <Button onClick={() => onAcknowledge(message)}>
                <CheckCheck aria-hidden="true" className="size-5" />
                Acknowledged
              </Button>
            )}
          </DialogFooter>
        </DialogContent>
      )}
    </Dialog>
  );
}

/** Event Schedule: the evening's times, from the event. */
export function ScheduleDialog({ event }: { event: EventDetail }) {
  const items = eveningSchedule({ ...event, selfCheckInOpensAt: event.viewer.selfCheckInOpensAt });
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="outline">
          <CalendarClock aria-hidden="true" className="size-5" />
          Event Schedule
        </Button>
      </DialogTrigger>
      <DialogContent title="Event Schedule" description={`${event.title} · ${formatDate(event.date, 'long')}`} icon={<DialogIcon icon={CalendarClock} />}>
        <ol className="mt-5 space-y-4" aria-label="Schedule">
          {items.map((item) => (
            <li key={item.title} className="flex gap-4">
              <span className="w-28 shrink-0 font-semibold text-wine-800 tabular-nums">{item.time}</span>
              <span>
                <span className="block font-semibold text-wine-900">{item.title}</span>
                <span className="block text-sm text-muted">{item.detail}</span>
              </span>
            </li>
          ))}
        </ol>
        <p className="mt-5 flex items-center gap-2 text-sm text-muted">
          <MapPin aria-hidden="true" className="size-4" />
          {event.venue}
        </p>
      </DialogContent>
    </Dialog>
  );
}
