import { Timer } from 'lucide-react';
import { cn } from '@client/components/ui/cn';
import { formatCountdown, formatTime, secondsLeft } from '@client/lib/format';

/** 'Your seat is held for 14:32': the visible count ticks; screen readers get the end time once. */
export function HoldCountdown({ expiresAt, now }: { expiresAt: string; now: number }) {
  const left = new Date(expiresAt).getTime() - now;
  const urgent = left <= 60_000;
  return (
    <div
      className={cn(
        'flex items-center gap-3 rounded-2xl px-4 py-3 ring-1',
        urgent ? 'bg-red-50 text-red-800 ring-red-200' : 'bg-apricot-100 text-wine-900 ring-apricot-200',
      )}
    >
      <Timer aria-hidden="true" className="size-6 shrink-0" />
      <p>
        <span aria-hidden="true">
          Your seat is held for <strong className="font-display text-xl tabular-nums">{formatCountdown(secondsLeft(left))}</strong>
        </span>
        <span className="sr-only">Your seat is held until {formatTime(expiresAt)}.</span>
      </p>
    </div>
  );
}
