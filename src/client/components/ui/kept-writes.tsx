import { CloudCheck, CloudOff, TriangleAlert } from 'lucide-react';
import { dismissKept, KEPT_ON_PHONE, useKeptWrites, useSentWrites } from '@client/lib/outbox';
import { cn } from './cn';

/**
 * What this phone keeps for the evening (lib/outbox.ts, docs/decisions/0051): the writes made with
 * no connection, waiting to be sent, and any the server refused when they were sent on return
 * (with its reason, until the guest dismisses it), and for a few seconds those just sent ("Sent"),
 * so none vanishes without a word. Nothing when there is none of these.
 */
export function KeptWrites({ userId, eventId, dark = false, className }: { userId: number; eventId: number; dark?: boolean; className?: string }) {
  const kept = useKeptWrites(userId, eventId);
  const waiting = kept.filter((w) => w.refusal === null);
  const refused = kept.filter((w) => w.refusal !== null);
  const sent = useSentWrites(userId, eventId);
  return (
    <div className={cn('space-y-3', className)}>
      <div role="status">
        {waiting.length > 0 && (
          <div
            className={cn('rounded-2xl p-4 ring-1 ring-inset', dark ? 'bg-white/10 text-cream ring-white/20' : 'bg-apricot-100 text-wine-900 ring-apricot-300')}
          >
            <p className="flex items-center gap-2 text-base font-semibold">
              <CloudOff aria-hidden="true" className="size-5 shrink-0" />
              <span>{KEPT_ON_PHONE[0]!.toUpperCase() + KEPT_ON_PHONE.slice(1)}</span>
            </p>
            <ul className="mt-2 list-disc space-y-1 pl-6 text-base">
              {waiting.map((w) => (
                <li key={w.id}>{w.label}</li>
              ))}
            </ul>
          </div>
        )}
        {sent.length > 0 && (
          <div
            className={cn(
              'mt-3 rounded-2xl p-4 ring-1 ring-inset first:mt-0',
              dark ? 'bg-white/10 text-cream ring-white/20' : 'bg-emerald-50 text-emerald-900 ring-emerald-200',
            )}
          >
            <ul className="space-y-1 text-base">
              {sent.map((w) => (
                <li key={w.id} className="flex items-center gap-2">
                  <CloudCheck aria-hidden="true" className="size-5 shrink-0" />
                  <span>Sent: {w.label[0]!.toLowerCase() + w.label.slice(1)}</span>
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>
      {refused.length > 0 && (
        <div
          role="alert"
          className={cn('rounded-2xl p-4 ring-1 ring-inset', dark ? 'bg-red-950/60 text-cream ring-red-300/50' : 'bg-red-50 text-red-900 ring-red-200')}
        >
          <p className="flex items-center gap-2 text-base font-semibold">
            <TriangleAlert aria-hidden="true" className="size-5 shrink-0" />
            <span>{refused.length === 1 ? 'Not sent: the server refused it' : `Not sent: the server refused ${refused.length} of them`}</span>
          </p>
          <ul className="mt-2 space-y-2">
            {refused.map((w) => (
              <li key={w.id} className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <span className="min-w-0 flex-1 text-base">
                  {w.label}. {w.refusal}
                </span>
                <button
                  type="button"
                  onClick={() => void dismissKept(w)}
                  className={cn(
                    'min-h-12 rounded-xl px-4 font-semibold ring-1 ring-inset',
                    dark ? 'ring-white/40 hover:bg-white/10' : 'ring-red-300 hover:bg-red-100',
                  )}
                >
                  Dismiss<span className="sr-only"> {w.label}</span>
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
