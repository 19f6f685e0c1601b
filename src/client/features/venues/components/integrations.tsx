import { CalendarSync, ExternalLink } from 'lucide-react';
import type { Venue } from '@shared/schemas/venues';
import { Card, CardTitle } from '@client/components/ui/card';
import { messageOf } from '@client/lib/api';
import { useMyCalendar } from '../api/calendar';
import { CopyField } from './copy-field';

const webcal = (url: string) => url.replace(/^https?:\/\//, 'webcal://');

const HOW_TO = [
  {
    app: 'Google Calendar',
    steps: ['On a computer, open Google Calendar.', 'Next to Other calendars, choose + and then From URL.', 'Paste the address and choose Add calendar.'],
  },
  {
    app: 'Outlook',
    steps: ['In Outlook on the web, choose Add calendar.', 'Choose Subscribe from web.', 'Paste the address, give the calendar a name and choose Import.'],
  },
  {
    app: 'Apple Calendar',
    steps: [
      'On a Mac, choose File and then New Calendar Subscription.',
      'Paste the address and choose Subscribe.',
      'On an iPhone: Settings, Calendar, Accounts, Add Account, Other, Add Subscribed Calendar.',
    ],
  },
];

/** The Integrations tab: the venue's and the member's own iCalendar feeds, with how to subscribe. */
export function Integrations({ venue }: { venue: Venue }) {
  const mine = useMyCalendar();
  return (
    <div className="space-y-5">
      <Card className="space-y-5">
        <div>
          <CardTitle className="flex items-center gap-2">
            <CalendarSync aria-hidden="true" className="size-5 text-wine-700" />
            Calendar feeds
          </CardTitle>
          <p className="mt-1 text-muted">Subscribe once and evenings appear in your calendar app by themselves. Feeds refresh about every 15 minutes.</p>
        </div>
        <div>
          <CopyField label={`${venue.name} feed URL`} value={venue.calendarUrl} hint="Every evening booked at this venue. Safe to share with venue staff." />
          <a
            href={webcal(venue.calendarUrl)}
            className="mt-2 inline-flex min-h-11 items-center gap-1.5 text-sm font-semibold text-wine-800 underline underline-offset-4"
          >
            <ExternalLink aria-hidden="true" className="size-4" />
            Open in my calendar app
          </a>
        </div>
        <div className="border-t border-wine-100 pt-5">
          {mine.isPending ? (
            <p className="text-muted">Loading your feed…</p>
          ) : mine.isError ? (
            <p className="text-red-700">{messageOf(mine.error, "We couldn't load your calendar feed.")}</p>
          ) : (
            <>
              <CopyField
                label="My calendar feed URL"
                value={mine.data.url}
                hint="The evenings you are going to. Keep it private: anyone with this address can see them."
              />
              <a
                href={webcal(mine.data.url)}
                className="mt-2 inline-flex min-h-11 items-center gap-1.5 text-sm font-semibold text-wine-800 underline underline-offset-4"
              >
                <ExternalLink aria-hidden="true" className="size-4" />
                Open in my calendar app
              </a>
            </>
          )}
        </div>
      </Card>

      <div className="grid gap-4 md:grid-cols-3">
        {HOW_TO.map((h) => (
          <Card key={h.app}>
            <h3 className="font-display text-lg font-semibold text-wine-900">{h.app}</h3>
            <ol className="mt-2 list-decimal space-y-1.5 pl-5 text-sm text-ink">
              {h.steps.map((s) => (
                <li key={s}>{s}</li>
              ))}
            </ol>
          </Card>
        ))}
      </div>
    </div>
  );
}
