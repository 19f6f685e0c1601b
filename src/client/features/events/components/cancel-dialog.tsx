import * as Dialog from '@radix-ui/react-dialog';
import { CircleCheck, TriangleAlert, X } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import type { EventDetail } from '@shared/schemas/events';
import { Button } from '@client/components/ui/button';
import { messageOf } from '@client/lib/api';
import { useCancelRegistration, type CancelResult } from '../api/events';
import { formatPrice } from '../lib/format';

/** What cancelling now means for this member's money, in words (docs/product.md: ≥24 h full refund, later none). */
function refundRule(event: EventDetail) {
  if (event.price <= 0 || !event.viewer.paid) return 'Your seat will go to someone else. There is nothing to refund.';
  if (event.viewer.refundable) return `You're cancelling 24 hours or more before the start, so you'll get a full refund of ${formatPrice(event.price)} to your card.`;
  return 'The evening starts in less than 24 hours, so there is no refund. Your seat will go to someone else.';
}

/**
 * Cancel a registration: states the refund rule first, then the server's own answer.
 * Lives outside the ticket so it stays open (showing the answer) after the ticket goes away.
 */
export function CancelDialog({
  event,
  userId,
  open,
  onOpenChange,
  onCancelled,
  onClosedAfterCancel,
  returnFocusTo,
}: {
  event: EventDetail;
  userId: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCancelled: (result: CancelResult) => void;
  /** Where focus goes once the dialog closes after a cancellation (the ticket and its button are gone). */
  onClosedAfterCancel: () => void;
  /** The button that opened the dialog, focused again when it closes without cancelling. */
  returnFocusTo?: HTMLElement | null;
}) {
  const cancel = useCancelRegistration(userId, event.id);
  const [result, setResult] = useState<CancelResult | null>(null);
  const [error, setError] = useState<string | null>(null);

  const change = (next: boolean) => {
    if (cancel.isPending) return;
    onOpenChange(next);
    if (next) {
      setResult(null);
      setError(null);
    }
  };

  return (
    <Dialog.Root open={open} onOpenChange={change}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-ink/60 backdrop-blur-sm" />
        <Dialog.Content
          className="fixed inset-x-4 top-1/2 z-50 mx-auto max-h-[calc(100dvh-2rem)] max-w-md -translate-y-1/2 overflow-y-auto rounded-3xl bg-white p-6 shadow-xl focus:outline-none"
          // Dismissing a toast is not a click away from the dialog.
          onInteractOutside={(e) => {
            if (e.target instanceof Element && e.target.closest('[data-sonner-toaster]')) e.preventDefault();
          }}
          onCloseAutoFocus={(e) => {
            // No Dialog.Trigger here (the button is on the ticket): say where focus goes back to.
            e.preventDefault();
            if (result) onClosedAfterCancel();
            else returnFocusTo?.focus();
          }}
        >
          {result ? (
            <>
              <div className="mb-4 flex size-12 items-center justify-center rounded-full bg-emerald-100">
                <CircleCheck aria-hidden="true" className="size-6 text-emerald-700" />
              </div>
              <Dialog.Title className="font-display text-2xl font-bold text-wine-900">Registration cancelled</Dialog.Title>
              <Dialog.Description role="status" className="mt-2 text-ink">
                {result.message}
              </Dialog.Description>
              <div className="mt-6 flex justify-end">
                <Dialog.Close asChild>
                  <Button>Done</Button>
                </Dialog.Close>
              </div>
            </>
          ) : (
            <>
              <div className="mb-4 flex size-12 items-center justify-center rounded-full bg-red-100">
                <TriangleAlert aria-hidden="true" className="size-6 text-red-700" />
              </div>
              <Dialog.Title className="font-display text-2xl font-bold text-wine-900">Cancel your registration?</Dialog.Title>
              <Dialog.Description className="mt-2 text-ink">{refundRule(event)}</Dialog.Description>
              <p className="mt-3 rounded-2xl bg-cream p-3 text-sm text-muted ring-1 ring-wine-100">
                Refund policy: cancel 24 hours or more before the start for a full refund. Later than that, there is no refund.
              </p>
              {error && (
                <p role="alert" className="mt-3 text-sm font-medium text-red-700">
                  {error}
                </p>
              )}
              <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
                <Dialog.Close asChild>
                  <Button variant="outline" disabled={cancel.isPending}>
                    Keep my place
                  </Button>
                </Dialog.Close>
                <Button
                  variant="destructive"
                  disabled={cancel.isPending}
                  onClick={() =>
                    cancel.mutate(undefined, {
                      onSuccess: (r) => {
                        setResult(r);
                        onCancelled(r);
                        toast.success('Registration Cancelled', { description: r.message });
                      },
                      onError: (err) => {
                        const msg = messageOf(err, 'Failed to cancel your registration');
                        setError(msg);
                        toast.error('Cancellation Failed', { description: msg });
                      },
                    })
                  }
                >
                  {cancel.isPending ? 'Cancelling…' : 'Cancel registration'}
                </Button>
              </div>
            </>
          )}
          <Dialog.Close asChild>
            <button
              type="button"
              disabled={cancel.isPending}
              className="absolute top-3 right-3 inline-flex size-11 items-center justify-center rounded-full text-muted hover:bg-wine-50 hover:text-wine-800"
              aria-label="Close"
            >
              <X aria-hidden="true" className="size-5" />
            </button>
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
