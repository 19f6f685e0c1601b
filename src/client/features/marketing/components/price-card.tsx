import { Check } from 'lucide-react';
import { cn } from '@client/components/ui/cn';
import { PEOPLE_LANDING, PRICE, ROUND_MINUTES } from '../content';

export const INCLUSIONS = [
  'Your first drink, on us',
  `${ROUND_MINUTES}-minute one-to-one conversations`,
  `Meet ${PEOPLE_LANDING} new people in one evening`,
  'A friendly host who keeps things flowing',
  'Contact details shared only when you both say yes',
] as const;

/** The price and what it includes. `dark` for the wine panels. */
export function PriceCard({ headingId, dark, className }: { headingId: string; dark?: boolean; className?: string }) {
  return (
    <div
      className={cn(
        'rounded-3xl p-6 sm:p-8',
        dark ? 'bg-wine-800 text-cream ring-1 ring-apricot-300/30' : 'border border-wine-100 bg-white shadow-sm',
        className,
      )}
    >
      <h2 id={headingId} className={cn('text-xl font-semibold', dark ? 'text-apricot-100' : 'text-wine-900')}>
        One evening, one price
      </h2>
      <p className="mt-2 flex flex-wrap items-baseline gap-x-3">
        <span className={cn('font-display text-6xl font-bold', dark ? 'text-apricot-300' : 'text-wine-700')}>{PRICE}</span>
        <span className={cn('text-lg font-semibold whitespace-nowrap', dark ? 'text-wine-100' : 'text-muted')}>per person, incl. first drink</span>
      </p>
      <ul className="mt-6 space-y-3 text-left">
        {INCLUSIONS.map((item) => (
          <li key={item} className="flex items-start gap-3">
            <span
              aria-hidden="true"
              className={cn(
                'mt-0.5 inline-flex size-6 shrink-0 items-center justify-center rounded-full',
                dark ? 'bg-apricot-300 text-wine-900' : 'bg-apricot-100 text-wine-700',
              )}
            >
              <Check className="size-4" strokeWidth={3} />
            </span>
            <span className={dark ? 'text-cream' : 'text-ink'}>{item}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
