import { DoorOpen } from 'lucide-react';

/**
 * What a guest's phone says when the host removed them from the evening (the socket's
 * guest_removed, docs/decisions/0042): shown on the live screens, announced at once.
 */
export function RemovedNotice({ removed }: { removed: boolean }) {
  // An alert is announced as it appears; none at all until then (screens have alerts of their own).
  if (!removed) return null;
  return (
    <div role="alert" className="mx-auto my-4 flex max-w-xl items-start gap-3 rounded-3xl border-2 border-red-200 bg-red-50 p-5 text-left text-red-900">
      <DoorOpen aria-hidden="true" className="mt-0.5 size-6 shrink-0" />
      <div>
        <p className="text-lg font-semibold">The host has removed you from this evening</p>
        <p className="mt-1">You are no longer in the rotation and cannot rate or be rated tonight. If you think this is a mistake, please speak to the host.</p>
      </div>
    </div>
  );
}
