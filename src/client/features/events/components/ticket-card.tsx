import { CalendarPlus, CircleCheck, DoorOpen, Maximize2, Ticket, XCircle } from 'lucide-react';
import { lazy, Suspense, useId, useState } from 'react';
import { toast } from 'sonner';
import type { EventDetail } from '@shared/schemas/events';
import { SELF_CHECK_IN_MINUTES } from '@shared/domain/constants';
import { Button } from '@client/components/ui/button';
import { TicketQr } from '@client/components/ui/ticket-qr';
import { messageOf } from '@client/lib/api';
import { formatDate, formatMoney, formatTime, minutesInWords } from '@client/lib/format';
import { useCheckIn } from '../api/tickets';
import { useNow } from '@client/lib/use-now';

/**
 * The member's ticket for an evening: check-in at the door, add to calendar, cancel. `liveStage`:
 * where the room's timer is; the host may start round 1 (or end the evening) before the advertised times.
 */
export function TicketCard({
  event,
  userId,
  onCancel,
  liveStage = 'before',
}: {
  event: EventDetail;
  userId: number;
  onCancel: () => void;
  liveStage?: 'before' | 'running' | 'over';
}) {
  const now = useNow(15_000);
  // Ended by the clock, or by the host's End Event (which completes the evening, however early).
  const ended = new Date(event.endsAt).getTime() <= now || event.status === 'completed' || liveStage === 'over';
  const started = ended || liveStage === 'running' || new Date(event.date).getTime() <= now;
  return (
    <section aria-labelledby="ticket-title" className="overflow-hidden rounded-3xl bg-white shadow-md ring-1 ring-wine-100">
      <div className="bg-wine-700 px-5 pt-5 pb-6 text-white sm:px-6">
        <div className="flex items-center gap-3">
          <span className="flex size-11 items-center justify-center rounded-full bg-white/15">
            <Ticket aria-hidden="true" className="size-6" />
          </span>
          <div>
            <h2 id="ticket-title" className="text-2xl font-bold">
              You're registered
            </h2>
            <p className="text-wine-100">{event.viewer.paid ? `Paid ${formatMoney(event.price)}` : event.price > 0 ? 'Your place is booked' : 'Free entry'}</p>
            {/* What the host said the price includes, kept on the ticket (nothing when they said nothing). */}
            {event.priceIncludes && <p className="break-words text-wine-100">Includes: {event.priceIncludes}</p>}
          </div>
        </div>
      </div>
      {/* the ticket's perforation */}
      <div aria-hidden="true" className="relative h-0 border-t-2 border-dashed border-wine-200">
        <span className="absolute -top-3 -left-3 size-6 rounded-full bg-cream" />
        <span className="absolute -top-3 -right-3 size-6 rounded-full bg-cream" />
      </div>
      <div className="space-y-5 px-5 pt-5 pb-5 sm:px-6 sm:pb-6">
        {!ended && !event.viewer.checkedIn && event.viewer.ticketCode && <DoorQr ticketCode={event.viewer.ticketCode} />}
        {!ended && !event.viewer.checkedIn && (
          <p className="text-ink">Your ticket with its QR code is in your email. Show it at the door, or check yourself in here when you arrive.</p>
        )}
        <CheckIn event={event} userId={userId} now={now} ended={ended} />
        {!ended && (
          <div className="flex flex-col gap-3 border-t border-wine-100 pt-5">
            <Button asChild variant="outline">
              <a href={`/api/events/${event.id}/calendar.ics`} download={`speed-friendship-${event.id}.ics`}>
                <CalendarPlus aria-hidden="true" className="size-5" />
                Add to calendar
              </a>
            </Button>
            {/* Once in the room the place is kept: the rounds are planned from the checked-in guests (the server refuses too). */}
            {!started && !event.viewer.checkedIn && (
              <Button variant="ghost" className="text-red-700 hover:bg-red-50" onClick={onCancel}>
                <XCircle aria-hidden="true" className="size-5" />
                Cancel registration
              </Button>
            )}
          </div>
        )}
      </div>
    </section>
  );
}

/** Radix's dialog code loads when the guest first asks for the bigger QR. */
const BigTicketDialog = lazy(() => import('./big-ticket-dialog').then((m) => ({ default: m.BigTicketDialog })));

/**
 * The ticket's QR (what the host's camera at /check-in reads) and its code, drawn here from the
 * cached event, so it still shows when the bar's Wi-Fi drops: big, dark on white, and larger still
 * on tap for a dim room.
 */
function DoorQr({ ticketCode }: { ticketCode: string }) {
  const [big, setBig] = useState(false);
  // The button that opened the dialog, once asked: the dialog mounts then, and stays.
  const [opener, setOpener] = useState<HTMLElement | null>(null);
  return (
    <div className="flex flex-col items-center gap-3 rounded-2xl bg-white text-center">
      <p className="text-lg font-bold text-wine-900">Show this QR code at the door</p>
      <TicketQr ticketCode={ticketCode} size={240} />
      <Button
        variant="outline"
        size="sm"
        aria-haspopup="dialog"
        aria-expanded={big}
        onClick={(e) => {
          setOpener(e.currentTarget);
          setBig(true);
        }}
      >
        <Maximize2 aria-hidden="true" className="size-4" />
        Make it bigger
      </Button>
      {opener && (
        <Suspense fallback={null}>
          <BigTicketDialog ticketCode={ticketCode} open={big} onOpenChange={setBig} opener={opener} />
        </Suspense>
      )}
    </div>
  );
}

function CheckIn({ event, userId, now, ended }: { event: EventDetail; userId: number; now: number; ended: boolean }) {
  const checkIn = useCheckIn(userId, event.id);
  const hintId = useId();
  const opensAt = new Date(event.viewer.selfCheckInOpensAt).getTime();

  if (event.viewer.checkedIn) {
    return (
      <div role="status" className="flex items-center gap-3 rounded-2xl bg-emerald-50 p-4 ring-1 ring-emerald-200">
        <CircleCheck aria-hidden="true" className="size-7 shrink-0 text-emerald-700" />
        <div>
          <p className="text-lg font-bold text-emerald-900">
            {event.viewer.checkedInAt ? (
              <>
                Checked in at <time dateTime={event.viewer.checkedInAt}>{formatTime(event.viewer.checkedInAt)}</time>
              </>
            ) : (
              'Checked in'
            )}
          </p>
          <p className="text-emerald-900">{ended ? 'Thanks for coming!' : 'Enjoy the evening!'}</p>
        </div>
      </div>
    );
  }
  if (ended) return <p className="rounded-2xl bg-stone-100 p-4 text-stone-700">This evening has finished. We hope to see you at the next one.</p>;

  const open = now >= opensAt;
  return (
    <div className="space-y-2">
      <Button
        size="lg"
        block
        disabled={!open || checkIn.isPending}
        aria-describedby={open ? undefined : hintId}
        onClick={() =>
          checkIn.mutate(undefined, {
            onSuccess: () => toast.success('Checked In', { description: 'Welcome! Find a seat: the first round starts soon.' }),
            onError: (err) => toast.error('Check-in Failed', { description: messageOf(err, 'Failed to check in') }),
          })
        }
      >
        <DoorOpen aria-hidden="true" className="size-5" />
        {checkIn.isPending ? 'Checking in…' : 'Check In'}
      </Button>
      {!open && (
        <p id={hintId} className="text-center text-sm text-muted">
          Check-in opens at {formatTime(event.viewer.selfCheckInOpensAt)} on {formatDate(event.viewer.selfCheckInOpensAt, 'short')},{' '}
          {minutesInWords(SELF_CHECK_IN_MINUTES)} before the start.
        </p>
      )}
    </div>
  );
}
