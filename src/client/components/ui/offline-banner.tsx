import { WifiOff } from 'lucide-react';
import { useOfflineSince } from '@client/lib/connectivity';
import { formatTime } from '@client/lib/format';
import { cn } from './cn';

/**
 * "You are offline since 8:14 PM" on the live screens (docs/decisions/0051): what is on screen stays
 * (the clock counts down locally, the rounds and messages already here remain), and what the guest
 * does is kept on the phone until the connection returns.
 */
export function OfflineBanner({ dark = false, className }: { dark?: boolean; className?: string }) {
  const since = useOfflineSince();
  return (
    <div role="status" className={cn(since === null && 'sr-only', className)}>
      {since !== null && (
        <div
          className={cn(
            'flex items-start gap-3 rounded-2xl p-4 ring-1 ring-inset',
            dark ? 'bg-white/10 text-cream ring-apricot-300/50' : 'bg-wine-900 text-cream ring-wine-900',
          )}
        >
          <WifiOff aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-apricot-200" />
          <p className="text-base">
            <strong className="block text-lg">You are offline since {formatTime(since)}</strong>
            Everything here stays on screen and the clock keeps counting. What you do is saved on this phone and sent when you are back.
          </p>
        </div>
      )}
    </div>
  );
}
