import { LoaderCircle, WifiOff } from 'lucide-react';
import type { ConnectionStatus } from '@client/lib/live-socket';
import { cn } from '@client/components/ui/cn';

/**
 * The socket's state in words (docs/spec/member-app.md §4): a dropped connection shows 'Reconnecting to
 * timer...' to participants and 'Connecting to timer service...' to the host. Meanwhile the
 * clock keeps counting down locally from the last state.
 */
export function ConnectionNotice({ status, host, className }: { status: ConnectionStatus; host: boolean; className?: string }) {
  const text =
    status === 'open' ? '' : host ? 'Connecting to timer service...' : status === 'connecting' ? 'Connecting to timer...' : 'Reconnecting to timer...';
  return (
    <div role="status" className={cn(!text && 'sr-only', className)}>
      {text && (
        <p className="inline-flex items-center gap-2 rounded-full bg-white/10 px-3 py-1.5 text-sm font-semibold text-apricot-200 ring-1 ring-inset ring-apricot-300/40">
          {status === 'reconnecting' ? (
            <WifiOff aria-hidden="true" className="size-4" />
          ) : (
            <LoaderCircle aria-hidden="true" className="size-4 motion-safe:animate-spin" />
          )}
          {text}
        </p>
      )}
    </div>
  );
}
