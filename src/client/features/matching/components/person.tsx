import { cn } from '@client/components/ui/cn';

/** Interest chips; `max` keeps the first few. */
export function InterestChips({ interests, max, label = 'Interests', highlight }: { interests: string[]; max?: number; label?: string; highlight?: string[] }) {
  const shown = max === undefined ? interests : interests.slice(0, max);
  if (shown.length === 0) return null;
  const hl = new Set((highlight ?? []).map((i) => i.toLowerCase()));
  return (
    <ul aria-label={label} className="flex flex-wrap gap-2">
      {shown.map((i) => (
        <li
          key={i}
          className={cn(
            'rounded-full px-3 py-1 text-sm font-medium',
            hl.has(i.toLowerCase()) ? 'bg-wine-700 text-white' : 'bg-wine-50 text-wine-800 ring-1 ring-wine-100',
          )}
        >
          {i}
        </li>
      ))}
    </ul>
  );
}
