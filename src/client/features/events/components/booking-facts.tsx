import { Sparkles, UserRoundX, UsersRound } from 'lucide-react';
import { Link } from 'react-router';
import { cn } from '@client/components/ui/cn';

/**
 * What the price includes, in the host's words, beside the price; nothing at all when the host said
 * nothing, so no evening promises a drink it does not serve (docs/decisions/0072).
 */
export function PriceIncludes({ text, className }: { text: string | null | undefined; className?: string }) {
  if (!text?.trim()) return null;
  return (
    <p className={cn('flex items-start gap-2 text-ink', className)}>
      <Sparkles aria-hidden="true" className="mt-1 size-4 shrink-0 text-apricot-700" />
      <span className="min-w-0 break-words">Includes: {text}</span>
    </p>
  );
}

/** 'Ages 25-40', near the Book button: who the evening is for, said before anyone presses it. */
export function AgeRangeChip({ min, max, className }: { min: number; max: number; className?: string }) {
  return (
    <span className={cn('inline-flex items-center gap-2 rounded-full bg-wine-50 px-3 py-1 font-semibold text-wine-800 ring-1 ring-wine-100', className)}>
      <UsersRound aria-hidden="true" className="size-4 shrink-0" />
      Ages {min}-{max}
    </span>
  );
}

/**
 * For a signed-in member whose profile age is outside the evening's range: they cannot book it, and
 * why, instead of the Book button (the server refuses the booking too).
 */
export function OutsideAgeRange({ min, max, className }: { min: number; max: number; className?: string }) {
  return (
    <div className={cn('flex items-start gap-3 rounded-2xl bg-apricot-100 p-4 text-wine-900', className)}>
      <UserRoundX aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-apricot-700" />
      <div className="space-y-1">
        <p className="font-semibold">
          This evening is for ages <span className="whitespace-nowrap">{`${min}-${max}`}</span>
        </p>
        <p>The age on your profile is outside this range, so you can't book it.</p>
        <p className="flex flex-wrap gap-x-4">
          <Link to="/events" className="inline-flex min-h-11 items-center font-semibold text-wine-800 underline underline-offset-4">
            See other evenings
          </Link>
          <Link to="/profile" className="inline-flex min-h-11 items-center font-semibold text-wine-800 underline underline-offset-4">
            Edit your profile
          </Link>
        </p>
      </div>
    </div>
  );
}
