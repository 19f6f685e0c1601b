import { cn } from '@client/components/ui/cn';

/** How full an evening is, as a bar; decorative (the count is written out beside it). */
export function CapacityMeter({ count, max, className }: { count: number; max: number; className?: string }) {
  const pct = max > 0 ? Math.min(100, Math.round((count / max) * 100)) : 100;
  return (
    <div aria-hidden="true" className={cn('h-2 overflow-hidden rounded-full bg-wine-100', className)}>
      <div className={cn('h-full rounded-full', pct >= 100 ? 'bg-apricot-500' : 'bg-wine-500')} style={{ width: `${pct}%` }} />
    </div>
  );
}
