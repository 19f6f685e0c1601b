import { BellRing, CalendarPlus, Navigation } from 'lucide-react';
import { useState } from 'react';
import type { PreviewResponse } from '@shared/schemas/match-preview';
import { Button } from '@client/components/ui/button';
import { messageOf } from '@client/lib/api';
import { useSendReminder } from '../api/match-preview';

/**
 * Set Event Reminder (e-mails the guest a reminder with the evening's .ics; the server allows one
 * per 10 minutes), the same .ics as a download, and Get Directions: a plain link to a map, nothing loaded here.
 */
export function PreviewActions({ data }: { data: PreviewResponse }) {
  const reminder = useSendReminder(data.event.id);
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const ended = data.event.hasEnded;

  const remind = () => {
    setStatus(null);
    reminder.mutate(undefined, {
      // The answer shows once, in the status line under the button (no toast as well: issue 22).
      onSuccess: (r) => setStatus({ ok: true, text: r.message }),
      onError: (err) => setStatus({ ok: false, text: messageOf(err, "We couldn't send your reminder. Please try again.") }),
    });
  };

  return (
    <div className="space-y-2">
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
        <Button size="lg" onClick={remind} disabled={ended || reminder.isPending} aria-describedby="preview-reminder-status">
          <BellRing aria-hidden="true" className="size-5" />
          {reminder.isPending ? 'Sending…' : 'Set Event Reminder'}
        </Button>
        <Button asChild size="lg" variant="outline">
          <a href={data.event.calendarUrl} download>
            <CalendarPlus aria-hidden="true" className="size-5" />
            Download .ics
          </a>
        </Button>
        <Button asChild size="lg" variant="secondary">
          <a href={data.venue.directionsUrl} target="_blank" rel="noopener noreferrer">
            <Navigation aria-hidden="true" className="size-5" />
            Get Directions
            <span className="sr-only"> to {data.venue.name} (opens a map in a new tab)</span>
          </a>
        </Button>
      </div>
      <p
        id="preview-reminder-status"
        role="status"
        aria-live="polite"
        className={status ? (status.ok ? 'text-emerald-800' : 'text-red-800') : 'text-sm text-muted'}
      >
        {status?.text ?? (ended ? 'This evening has happened, so reminders are closed.' : "The reminder e-mail carries the evening's calendar file.")}
      </p>
    </div>
  );
}
