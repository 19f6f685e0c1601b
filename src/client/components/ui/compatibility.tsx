import { compatibilityLabel, scoreColour } from '@shared/domain/matching';
import { cn } from './cn';

/**
 * How two people fit, as the match preview and missed connections show it (docs/spec/organiser-tools.md
 * §3 'Match profile (preview)', §9): the score with its colour and label, the four traits as bars,
 * and what they share. The number and the label are always written out, so colour is never the only
 * signal (the 900 shade on the 100 tint: contrast well above AA).
 */
export const SCORE_TONE = {
  green: 'bg-emerald-100 text-emerald-900 ring-emerald-200',
  blue: 'bg-blue-100 text-blue-900 ring-blue-200',
  yellow: 'bg-yellow-100 text-yellow-900 ring-yellow-300',
  red: 'bg-red-100 text-red-900 ring-red-200',
} as const;

/** '82% Excellent Match': 85+ green, 70+ blue, 60+ yellow, otherwise red; 80+ Excellent, 70+ Great, else Good Match. */
export function CompatibilityPill({ value, className }: { value: number; className?: string }) {
  return (
    <span className={cn('inline-flex min-w-16 flex-col items-center rounded-2xl px-3 py-1 ring-1', SCORE_TONE[scoreColour(value)], className)}>
      <span className="text-xl font-bold tabular-nums">{value}%</span>
      <span className="text-xs font-semibold">{compatibilityLabel(value)}</span>
    </span>
  );
}

export type TraitScores = Record<'creative' | 'adventurous' | 'social' | 'analytical', number | null>;

const TRAITS = [
  ['creative', 'Creative'],
  ['adventurous', 'Adventurous'],
  ['social', 'Social'],
  ['analytical', 'Analytical'],
] as const;

/** The four traits as 0-100 bars, named for whose they are; a trait not given says so. */
export function TraitBars({ label, personality, compact = false }: { label: string; personality: TraitScores; compact?: boolean }) {
  return (
    <ul className={cn('grid gap-x-4', compact ? 'grid-cols-2 gap-y-2' : 'gap-y-3 sm:grid-cols-2')} aria-label={label}>
      {TRAITS.map(([key, name]) => {
        const v = personality[key];
        return (
          <li key={key}>
            <span className="flex items-baseline justify-between gap-2 text-sm">
              <span className="font-medium text-ink">{name}</span>
              <span className="tabular-nums text-muted">{v === null ? 'not set' : `${v}/100`}</span>
            </span>
            <span aria-hidden="true" className={cn('mt-1 block overflow-hidden rounded-full bg-stone-100', compact ? 'h-1.5' : 'h-2')}>
              <span className="block h-full rounded-full bg-wine-600" style={{ width: `${v ?? 0}%` }} />
            </span>
          </li>
        );
      })}
    </ul>
  );
}

/** Another guest's side of it: the insight, their traits, what you both like and their top interests. */
export function FitDetails({
  firstName,
  insight,
  personality,
  sharedInterests,
  topInterests,
}: {
  firstName: string;
  insight: string;
  personality: TraitScores | null;
  sharedInterests: readonly string[];
  topInterests: readonly string[];
}) {
  return (
    <>
      <p className="text-ink">{insight}</p>
      {personality ? (
        <TraitBars label={`${firstName}'s personality`} personality={personality} compact />
      ) : (
        <p className="text-sm text-muted">{firstName} hasn't shared a personality profile yet.</p>
      )}
      {sharedInterests.length > 0 && (
        <p className="text-sm">
          <span className="font-semibold text-wine-900">You both like: </span>
          {sharedInterests.join(', ')}
        </p>
      )}
      {topInterests.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label={`${firstName}'s top interests`}>
          {topInterests.map((i) => (
            <li key={i} className="rounded-full bg-wine-50 px-3 py-1 text-sm font-medium text-wine-800">
              {i}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
