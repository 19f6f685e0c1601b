import { HeartHandshake } from 'lucide-react';
import { cn } from '@client/components/ui/cn';

/**
 * What a guest said would help them on the night (docs/decisions/0086), beside their name at the
 * door: the hosts of the evening see it, online and offline, nobody else.
 */
export function AccessNote({ note, className }: { note: string; className?: string }) {
  return (
    <p className={cn('mt-1.5 flex items-start gap-2 rounded-xl bg-amber-50 px-3 py-2 text-base text-amber-950 ring-1 ring-amber-200', className)}>
      <HeartHandshake aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-amber-800" />
      <span className="min-w-0 break-words">
        <span className="font-semibold">Would help: </span>
        {note}
      </span>
    </p>
  );
}
