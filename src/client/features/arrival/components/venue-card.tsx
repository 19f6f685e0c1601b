import { BatteryCharging, Clock, ExternalLink, HeartHandshake, Lightbulb, MapPin, Smartphone, Users, Wine } from 'lucide-react';
import type { Arrival } from '@shared/schemas/arrival';
import { Card } from '@client/components/ui/card';
import { SELF_CHECK_IN_MINUTES } from '@shared/domain/constants';
import { formatDate, formatTime, formatWallTime, minutesInWords } from '@client/lib/format';
import { expectedText, mapLink } from '../lib/arrival';

/** The event venue card (docs/spec/organiser-tools.md §2.21): name, address, arrival time, guests expected, a map. */
export function VenueCard({ arrival }: { arrival: Arrival }) {
  const { event, venue } = arrival;
  const address = [venue.address, venue.city].filter(Boolean).join(', ');
  return (
    <Card>
      <section aria-labelledby="venue-title" className="space-y-4">
        <div>
          <p className="text-sm font-semibold tracking-wide text-wine-600 uppercase">{event.title}</p>
          <h2 id="venue-title" className="text-2xl font-bold text-wine-900">
            {venue.name}
          </h2>
        </div>
        <ul className="space-y-3 text-lg text-ink">
          {address && (
            <li className="flex items-start gap-3">
              <MapPin aria-hidden="true" className="mt-1 size-5 shrink-0 text-wine-700" />
              <span>
                <span className="sr-only">Address: </span>
                {address}
              </span>
            </li>
          )}
          <li className="flex items-start gap-3">
            <Clock aria-hidden="true" className="mt-1 size-5 shrink-0 text-wine-700" />
            {/* When arrival opens is the server's rule (selfCheckInOpensAt, SELF_CHECK_IN_MINUTES before the start), not the start itself (issue 22). */}
            <span>
              Arrival from <strong className="font-semibold">{formatTime(arrival.selfCheckInOpensAt)}</strong>
              <span className="block text-base text-muted">
                Check-in opens {minutesInWords(SELF_CHECK_IN_MINUTES)} before the {formatWallTime(event.startTime)} start, {formatDate(event.date, 'long')}
              </span>
            </span>
          </li>
          <li className="flex items-start gap-3">
            <Users aria-hidden="true" className="mt-1 size-5 shrink-0 text-wine-700" />
            <span>{expectedText(event.expected)}</span>
          </li>
        </ul>
        {venue.latitude !== null && venue.longitude !== null && (
          <a
            href={mapLink(venue.latitude, venue.longitude)}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex min-h-12 w-full items-center justify-center gap-2 rounded-2xl border-2 border-wine-200 bg-white px-5 font-semibold text-wine-800 hover:bg-wine-50"
          >
            <ExternalLink aria-hidden="true" className="size-5" />
            Open in Maps
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        )}
      </section>
    </Card>
  );
}

const TIPS = [
  { icon: Clock, text: 'Arrive 10 minutes early to settle in and grab a drink.' },
  { icon: BatteryCharging, text: 'Bring your phone charged: you will use it to log the people you meet.' },
  { icon: HeartHandshake, text: 'Your host will welcome you and explain how the rounds work.' },
  { icon: Wine, text: 'Relax: everyone is here to make new friends, just like you.' },
  { icon: Smartphone, text: 'Keep this page open on the way and we will tell you when you have arrived.' },
] as const;

/** Tips for the evening (§2.21). */
export function ArrivalTips() {
  return (
    <Card className="bg-apricot-100/60">
      <section aria-labelledby="tips-title">
        <h2 id="tips-title" className="flex items-center gap-2 text-xl font-semibold text-wine-900">
          <Lightbulb aria-hidden="true" className="size-6 text-apricot-700" />
          Tips for tonight
        </h2>
        <ul className="mt-3 space-y-3">
          {TIPS.map(({ icon: Icon, text }) => (
            <li key={text} className="flex items-start gap-3 text-ink">
              <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-wine-700" />
              <span>{text}</span>
            </li>
          ))}
        </ul>
      </section>
    </Card>
  );
}
