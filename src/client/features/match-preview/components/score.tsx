import { compatibilityLabel, scoreColour } from '@shared/domain/matching';
import type { PreviewPersonality } from '@shared/schemas/preview';
import { cn } from '@client/components/ui/cn';

/**
 * Score colours and labels (docs/spec/organiser-tools.md §9): 85+ green, 70+ blue, 60+ yellow,
 * otherwise red; 80+ Excellent Match, 70+ Great Match, else Good Match. The number and the label
 * are always written out, so colour is never the only signal.
 */
const TONE = {
  green: 'bg-emerald-100 text-emerald-900 ring-emerald-200',
  blue: 'bg-blue-100 text-blue-900 ring-blue-200',
  yellow: 'bg-yellow-100 text-yellow-900 ring-yellow-300',
  red: 'bg-red-100 text-red-900 ring-red-200',
} as const;

export function ScorePill({ value, className }: { value: number; className?: string }) {
  return (
    <span className={cn('inline-flex min-w-16 flex-col items-center rounded-2xl px-3 py-1 ring-1', TONE[scoreColour(value)], className)}>
      <span className="text-xl font-bold tabular-nums">{value}%</span>
      <span className="text-xs font-semibold">{compatibilityLabel(value)}</span>
    </span>
  );
}

const TRAITS = [
  ['creative', 'Creative'],
  ['adventurous', 'Adventurous'],
  ['social', 'Social'],
  ['analytical', 'Analytical'],
] as const;

/** The four traits as 0-100 bars; a trait not given says so. */
export function TraitBars({ personality, compact }: { personality: PreviewPersonality; compact?: boolean }) {
  return (
    <dl className={cn('grid gap-x-4', compact ? 'grid-cols-2 gap-y-2' : 'gap-y-3 sm:grid-cols-2')}>
      {TRAITS.map(([key, label]) => {
        const v = personality[key];
        return (
          <div key={key} className="grid grid-cols-[minmax(0,1fr)_auto] items-baseline gap-x-2 text-sm">
            <dt className="font-medium text-ink">{label}</dt>
            <dd className="tabular-nums text-muted">{v === null ? 'not set' : `${v}/100`}</dd>
            <dd aria-hidden="true" className={cn('col-span-2 mt-1 overflow-hidden rounded-full bg-stone-100', compact ? 'h-1.5' : 'h-2')}>
              <span className="block h-full rounded-full bg-wine-600" style={{ width: `${v ?? 0}%` }} />
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
