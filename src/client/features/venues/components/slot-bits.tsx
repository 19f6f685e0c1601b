import type { Slot } from '@shared/schemas/venues';
import { cn } from '@client/components/ui/cn';

export const SLOT_STYLES: Record<Slot['kind'], { label: string; chip: string; dot: string }> = {
  available: { label: 'Available', chip: 'bg-emerald-100 text-emerald-900', dot: 'bg-emerald-600' },
  blocked: { label: 'Blocked', chip: 'bg-stone-200 text-stone-800', dot: 'bg-stone-500' },
  booked: { label: 'Booked', chip: 'bg-wine-100 text-wine-900', dot: 'bg-wine-700' },
};

export function SlotBadge({ kind, className }: { kind: Slot['kind']; className?: string }) {
  return (
    <span className={cn('inline-flex items-center rounded-full px-2.5 py-0.5 text-sm font-semibold', SLOT_STYLES[kind].chip, className)}>
      {SLOT_STYLES[kind].label}
    </span>
  );
}

export function SlotLegend() {
  return (
    <ul aria-label="Key" className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted">
      {(['available', 'blocked', 'booked'] as const).map((k) => (
        <li key={k} className="inline-flex items-center gap-1.5">
          <span aria-hidden="true" className={cn('size-3 rounded-full', SLOT_STYLES[k].dot)} />
          {SLOT_STYLES[k].label}
        </li>
      ))}
    </ul>
  );
}

/** 'x slots: 1 available, 1 booked' for a day's accessible name. */
export function describeSlots(slots: readonly Slot[]): string | undefined {
  if (slots.length === 0) return undefined;
  const counts = (['available', 'blocked', 'booked'] as const)
    .map((k) => [k, slots.filter((s) => s.kind === k).length] as const)
    .filter(([, n]) => n > 0)
    .map(([k, n]) => `${n} ${k}`);
  return `${slots.length} ${slots.length === 1 ? 'slot' : 'slots'}: ${counts.join(', ')}`;
}
