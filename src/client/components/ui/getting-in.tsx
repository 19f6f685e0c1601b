import { Accessibility, Armchair, Ear, EarOff, Info, Leaf, Lightbulb, SquareParking, Toilet, TramFront, Volume2, type LucideIcon } from 'lucide-react';
import { useId } from 'react';
import type { VenueAccess } from '@shared/schemas/venue-access';
import { accessLines, type AccessFactKey, type AccessLine } from '@shared/domain/venue-access';
import { Card, CardTitle } from './card';
import { cn } from './cn';

const ICONS: Record<AccessFactKey, LucideIcon> = {
  stepFree: Accessibility,
  accessibleToilet: Toilet,
  hearingLoop: Ear,
  quietSpace: Leaf,
  seating: Armchair,
  lighting: Lightbulb,
  noise: Volume2,
  parking: SquareParking,
  transport: TramFront,
  notes: Info,
};

/** Facts told in the host's own words: their name above them, as a label. */
const WORDED = new Set<AccessFactKey>(['parking', 'transport', 'notes']);

function Line({ line, compact }: { line: AccessLine; compact: boolean }) {
  const Icon = line.key === 'hearingLoop' && line.yes === false ? EarOff : ICONS[line.key];
  const worded = WORDED.has(line.key);
  return (
    <li className={cn('flex items-start', compact ? 'gap-2 text-sm' : 'min-h-10 gap-3', (line.key === 'notes' || (compact && worded)) && 'sm:col-span-2')}>
      <span
        className={cn(
          'flex shrink-0 items-center justify-center',
          compact ? 'size-7 rounded-lg' : 'size-10 rounded-xl',
          line.yes === false ? 'bg-stone-100 text-stone-700' : 'bg-emerald-50 text-emerald-800',
          line.yes === null && 'bg-wine-50 text-wine-700',
        )}
      >
        <Icon aria-hidden="true" className={compact ? 'size-4' : 'size-5'} />
      </span>
      {worded ? (
        <span className={cn('min-w-0', compact ? 'pt-1' : 'pt-0.5')}>
          <span className={cn('font-semibold text-muted', compact ? 'inline' : 'block text-sm')}>
            {line.name}
            {compact && ': '}
          </span>
          <span className={cn('break-words whitespace-pre-line text-ink', !compact && 'block')}>{line.text}</span>
        </span>
      ) : (
        <span className={cn('min-w-0 font-semibold break-words text-ink', compact ? 'pt-1' : 'pt-2')}>{line.text}</span>
      )}
    </li>
  );
}

/**
 * "Getting in": how to get into the venue, as its host told it (docs/decisions/0077-venues-say-how-to-get-in.md),
 * in plain words with an icon each. Nothing at all when nothing is told: a fact not told is never
 * shown as a "no". `compact` is for a venue's card on /venues (no card of its own, a smaller heading).
 */
export function GettingIn({
  access,
  compact = false,
  headingLevel = compact ? 'h4' : 'h2',
  className,
}: {
  access: VenueAccess | null | undefined;
  compact?: boolean;
  headingLevel?: 'h2' | 'h3' | 'h4';
  className?: string;
}) {
  const titleId = useId();
  const lines = accessLines(access);
  if (lines.length === 0) return null;
  const list = (
    <ul aria-labelledby={titleId} className={cn('grid sm:grid-cols-2', compact ? 'mt-2 gap-x-3 gap-y-1.5' : 'mt-4 gap-3')}>
      {lines.map((l) => (
        <Line key={l.key} line={l} compact={compact} />
      ))}
    </ul>
  );
  if (compact) {
    const H = headingLevel;
    // No landmark of its own: a page of venue cards would hold several regions of the same name.
    return (
      <div className={cn('rounded-2xl bg-cream p-4', className)}>
        <H id={titleId} className="text-sm font-semibold text-wine-900">
          Getting in
        </H>
        {list}
      </div>
    );
  }
  return (
    <Card className={className}>
      <section aria-labelledby={titleId}>
        <CardTitle id={titleId} as={headingLevel === 'h4' ? 'h3' : headingLevel}>
          Getting in
        </CardTitle>
        <p className="mt-1 text-muted">As told by the venue's host.</p>
        {list}
      </section>
    </Card>
  );
}
