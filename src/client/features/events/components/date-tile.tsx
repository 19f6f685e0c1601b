import { cn } from '@client/components/ui/cn';
import { formatDate } from '@client/lib/format';

/** A calendar-leaf date (day over month); decorative, the full date is written out next to it. */
export function DateTile({ iso, muted, className }: { iso: string; muted?: boolean; className?: string }) {
  return (
    <div
      aria-hidden="true"
      className={cn(
        'flex size-16 shrink-0 flex-col items-center justify-center rounded-2xl leading-none',
        muted ? 'bg-stone-100 text-stone-600' : 'bg-wine-700 text-white',
        className,
      )}
    >
      <span className="font-display text-2xl font-bold">{formatDate(iso, 'dayOfMonth')}</span>
      <span className={cn('mt-1 text-xs font-semibold tracking-wider uppercase', muted ? 'text-stone-600' : 'text-wine-100')}>
        {formatDate(iso, 'monthShort')}
      </span>
    </div>
  );
}
