import { Megaphone, X } from 'lucide-react';
import type { RefObject } from 'react';
import type { CancelResult } from '../../api/tickets';

/** The place was just cancelled: the server's message, focused once the dialog has closed; dismissable. */
export function CancelledNotice({
  cancelled,
  noticeRef,
  setCancelled,
}: {
  cancelled: CancelResult;
  noticeRef: RefObject<HTMLDivElement | null>;
  setCancelled: (cancelled: CancelResult | null) => void;
}) {
  return (
    <div
      ref={noticeRef}
      tabIndex={-1}
      role="status"
      className="mb-4 flex items-start gap-3 rounded-3xl bg-white p-5 shadow-sm ring-1 ring-wine-100 focus:outline-none focus-visible:outline-3"
    >
      <Megaphone aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-wine-500" />
      <div className="flex-1">
        <p className="font-bold text-wine-900">Registration cancelled</p>
        <p className="mt-1 text-ink">{cancelled.message}</p>
      </div>
      <button
        type="button"
        onClick={() => setCancelled(null)}
        aria-label="Dismiss"
        className="-mt-2 -mr-2 inline-flex size-11 shrink-0 items-center justify-center rounded-full text-muted hover:bg-wine-50"
      >
        <X aria-hidden="true" className="size-5" />
      </button>
    </div>
  );
}
