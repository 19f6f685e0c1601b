import { scoreColour } from '@shared/domain/matching';
import { cn } from '@client/components/ui/cn';
import { SCORE_TONE } from '@client/components/ui/compatibility';

/**
 * Score colours (docs/spec/organiser-tools.md §9): 85+ green, 70+ blue, 60+ yellow, otherwise red, in the
 * tones every score uses (components/ui/compatibility.tsx); the number is always written out, so colour
 * is never the only signal.
 */
const TEXT = SCORE_TONE;

const BAR = {
  green: 'bg-emerald-600',
  blue: 'bg-blue-600',
  yellow: 'bg-yellow-500',
  red: 'bg-red-600',
} as const;

export const scoreTextClass = (v: number) => TEXT[scoreColour(v)];

/** A score as a coloured pill: '87%'. */
export function ScorePill({ value, className, size = 'md' }: { value: number; className?: string; size?: 'md' | 'lg' }) {
  return (
    <span
      className={cn(
        'inline-flex items-center justify-center rounded-full font-bold tabular-nums ring-1',
        size === 'lg' ? 'min-w-20 px-4 py-2 text-2xl' : 'min-w-14 px-2.5 py-0.5 text-sm',
        TEXT[scoreColour(value)],
        className,
      )}
    >
      {value}%
    </span>
  );
}

/** One named component score with a bar; hidden by the caller when the score is null. */
export function ScoreRow({ label, value }: { label: string; value: number }) {
  return (
    <div className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-3 gap-y-1">
      <dt className="text-sm font-medium text-ink">{label}</dt>
      <dd className="row-span-2 self-center">
        <ScorePill value={value} />
      </dd>
      <dd aria-hidden="true" className="h-2 overflow-hidden rounded-full bg-stone-100">
        <span className={cn('block h-full rounded-full', BAR[scoreColour(value)])} style={{ width: `${Math.max(4, Math.min(100, value))}%` }} />
      </dd>
    </div>
  );
}
