import { AlertCircle, CircleCheck, DoorOpen, PartyPopper } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { formatDate, formatTime, formatWallTime } from '@client/lib/format';

/** The server's reason for refusing a check-in, said at once. */
function Refusal({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className="flex items-start gap-2 rounded-2xl bg-red-50 p-3 font-medium text-red-800 ring-1 ring-red-200">
      <AlertCircle aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <span>{message}</span>
    </p>
  );
}

/** "You've Arrived" (docs/spec/organiser-tools.md §2.21, §4 "Arrival"): check in now, or not yet. */
export function ArrivedPrompt({
  venueName,
  pending,
  error,
  onYes,
  onNotYet,
}: {
  venueName: string;
  pending: boolean;
  error: string | null;
  onYes: () => void;
  onNotYet: () => void;
}) {
  return (
    <Card className="border-2 border-emerald-300 bg-emerald-50">
      <section aria-labelledby="arrived-title" className="space-y-4 text-center">
        <span className="mx-auto flex size-16 items-center justify-center rounded-full bg-emerald-100">
          <PartyPopper aria-hidden="true" className="size-8 text-emerald-800" />
        </span>
        <div>
          <h2 id="arrived-title" className="text-3xl font-bold text-wine-900">
            You've Arrived
          </h2>
          <p className="mt-1 text-lg text-ink">Welcome to {venueName}! Would you like to check in now?</p>
        </div>
        <Refusal message={error} />
        <div className="flex flex-col gap-3">
          <Button size="lg" block onClick={onYes} disabled={pending}>
            <DoorOpen aria-hidden="true" className="size-6" />
            {pending ? 'Checking you in…' : 'Yes, Check Me In'}
          </Button>
          <Button size="lg" variant="outline" block onClick={onNotYet} disabled={pending}>
            Not Yet
          </Button>
        </div>
      </section>
    </Card>
  );
}

/** "Successfully Checked In" with the way into the live evening. */
export function CheckedInCard({
  eventId,
  venueName,
  checkedInAt,
  tonight,
  event,
}: {
  eventId: number;
  venueName: string;
  checkedInAt: string | null;
  /** On the evening's day: the first round is soon. Otherwise (checked in days ahead by the host) say when it is. */
  tonight: boolean;
  event: { date: string; startTime: string };
}) {
  return (
    <Card className="border-2 border-emerald-300 bg-emerald-50">
      <section aria-labelledby="checked-in-title" className="space-y-4 text-center">
        <span className="mx-auto flex size-16 items-center justify-center rounded-full bg-emerald-100">
          <CircleCheck aria-hidden="true" className="size-9 text-emerald-800" />
        </span>
        <div>
          <h2 id="checked-in-title" className="text-3xl font-bold text-wine-900">
            Successfully Checked In
          </h2>
          <p className="mt-1 text-lg text-ink">
            {tonight
              ? `Welcome to ${venueName}!${checkedInAt ? ` You checked in at ${formatTime(checkedInAt)}.` : ''} Find a seat: your host will start the first round soon.`
              : `You're checked in for ${formatDate(event.date, 'long')}. The evening starts at ${formatWallTime(event.startTime)} at ${venueName}.`}
          </p>
        </div>
        <Button asChild size="lg" block>
          <Link to={`/events/${eventId}`}>{tonight ? 'Go to Live Event' : 'See the evening'}</Link>
        </Button>
      </section>
    </Card>
  );
}

/** Self check-in is open (from 60 minutes before the start): a guest without location can check in too; the server decides. */
export function CheckInNow({ pending, error, onCheckIn }: { pending: boolean; error: string | null; onCheckIn: () => void }) {
  return (
    <Card>
      <section aria-labelledby="check-in-now-title" className="space-y-3">
        <h2 id="check-in-now-title" className="text-xl font-semibold text-wine-900">
          Check-in is open
        </h2>
        <p className="text-muted">Already at the venue? Check yourself in here.</p>
        <Refusal message={error} />
        <Button size="lg" block onClick={onCheckIn} disabled={pending}>
          <DoorOpen aria-hidden="true" className="size-6" />
          {pending ? 'Checking you in…' : 'Check in now'}
        </Button>
      </section>
    </Card>
  );
}

/** The evening has ended before the guest checked in: check-in is closed; their matches are on the event page. */
export function EveningOver({ eventId }: { eventId: number }) {
  return (
    <Card>
      <section aria-labelledby="evening-over-title" className="space-y-3">
        <h2 id="evening-over-title" className="text-xl font-semibold text-wine-900">
          This evening has ended
        </h2>
        <p className="text-muted">Check-in is closed. Your matches and the people you met are on the event page.</p>
        <Button asChild variant="outline" size="lg" block>
          <Link to={`/events/${eventId}`}>Open the event page</Link>
        </Button>
      </section>
    </Card>
  );
}
