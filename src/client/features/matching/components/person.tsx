import { cn } from '@client/components/ui/cn';
import { initials } from '@client/lib/format';

/** A round avatar: the member's picture when there is one, else initials on a warm tint. */
export function Avatar({ name, image, size = 'md', className }: { name: string; image?: string | null; size?: 'sm' | 'md' | 'lg'; className?: string }) {
  const box = size === 'lg' ? 'size-16 text-xl' : size === 'sm' ? 'size-10 text-sm' : 'size-12 text-base';
  if (image) return <img src={image} alt="" className={cn('shrink-0 rounded-full object-cover ring-2 ring-white', box, className)} />;
  return (
    <span
      aria-hidden="true"
      className={cn('inline-flex shrink-0 items-center justify-center rounded-full bg-apricot-100 font-bold text-wine-800 ring-2 ring-white', box, className)}
    >
      {initials(name)}
    </span>
  );
}

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
