import { CircleCheck, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { REFUND_WINDOW_HOURS } from '@shared/domain/constants';
import type { EventDetail } from '@shared/schemas/events';
import { Button } from '@client/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogFooter, DialogIcon } from '@client/components/ui/dialog';
import { messageOf } from '@client/lib/api';
import { formatMoney } from '@client/lib/format';
import { useCancelRegistration, type CancelResult } from '../api/events';

/** What cancelling now means for this member's money, in words (docs/product.md: ≥24 h full refund, later none). */
function refundRule(event: EventDetail) {
  if (event.price <= 0 || !event.viewer.paid) return 'Your seat will go to someone else. There is nothing to refund.';
  if (event.viewer.refundable) return `You're cancelling ${REFUND_WINDOW_HOURS} hours or more before the start, so you'll get a full refund of ${formatMoney(event.price)} to your card.`;
  return `The evening starts in less than ${REFUND_WINDOW_HOURS} hours, so there is no refund. Your seat will go to someone else.`;
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
    <Dialog open={open} onOpenChange={change}>
      <DialogContent
        title={result ? 'Registration cancelled' : 'Cancel your registration?'}
        description={result ? result.message : refundRule(event)}
        descriptionRole={result ? 'status' : undefined}
        icon={result ? <DialogIcon icon={CircleCheck} tone="success" /> : <DialogIcon icon={TriangleAlert} tone="danger" />}
        closeDisabled={cancel.isPending}
        onCloseAutoFocus={(e) => {
          // No DialogTrigger here (the button is on the ticket): say where focus goes back to.
          e.preventDefault();
          if (result) onClosedAfterCancel();
          else returnFocusTo?.focus();
        }}
      >
        {result ? (
          <DialogFooter>
            <DialogClose asChild>
              <Button>Done</Button>
            </DialogClose>
          </DialogFooter>
        ) : (
          <>
            <p className="mt-3 rounded-2xl bg-cream p-3 text-sm text-muted ring-1 ring-wine-100">
              Refund policy: cancel {REFUND_WINDOW_HOURS} hours or more before the start for a full refund. Later than that, there is no refund.
            </p>
            {error && (
              <p role="alert" className="mt-3 text-sm font-medium text-red-700">
                {error}
              </p>
            )}
            <DialogFooter>
              <DialogClose asChild>
                <Button variant="outline" disabled={cancel.isPending}>
                  Keep my place
                </Button>
              </DialogClose>
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
            </DialogFooter>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
