import { CalendarOff } from 'lucide-react';
import { Link } from 'react-router';
import type { NoShowPauseView } from '@shared/schemas/no-shows';
import { cn } from '@client/components/ui/cn';

/**
 * In place of Book / Join waitlist when the member's free bookings and waitlist places are paused
 * after no-shows (docs/decisions/0076-no-shows-have-a-cost.md): why, and until when, before they try.
 * The words are the server's, the same as its 409 would say. `onProfile`: on the record itself, without the link to it.
 */
export function BookingPauseNotice({ pause, className, onProfile = false }: { pause: NoShowPauseView; className?: string; onProfile?: boolean }) {
  return (
    <div role="note" aria-labelledby="booking-paused-title" className={cn('rounded-2xl border-2 border-apricot-200 bg-apricot-50 p-4 text-ink', className)}>
      <p id="booking-paused-title" className="flex items-center gap-2 font-semibold text-wine-900">
        <CalendarOff aria-hidden="true" className="size-5 shrink-0 text-wine-700" />
        Booking paused
      </p>
      <p className="mt-2">{pause.message}</p>
      <p className="mt-3 flex flex-wrap gap-x-4">
        {!onProfile && (
          <Link
            to="/profile#no-shows"
            className="inline-flex min-h-11 items-center font-semibold text-wine-700 underline underline-offset-2 hover:text-wine-900"
          >
            See your record
          </Link>
        )}
        <Link
          to="/privacy#privacy-no-shows"
          className="inline-flex min-h-11 items-center font-semibold text-wine-700 underline underline-offset-2 hover:text-wine-900"
        >
          How this works
        </Link>
      </p>
    </div>
  );
}
