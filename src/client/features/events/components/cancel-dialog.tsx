import { TriangleAlert } from 'lucide-react';
import { useRef, useState } from 'react';
import { REFUND_WINDOW_HOURS } from '@shared/domain/constants';
import type { EventDetail } from '@shared/schemas/events';
import { Button } from '@client/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogFooter, DialogIcon } from '@client/components/ui/dialog';
import { messageOf } from '@client/lib/api';
import { formatMoney } from '@client/lib/format';
import { useCancelRegistration, type CancelResult } from '../api/tickets';

/** What cancelling now means for this member's money, in words (docs/product.md: ≥24 h full refund, later none). */
function refundRule(event: EventDetail) {
  if (event.price <= 0) return 'Your seat will go to someone else. There is nothing to refund.';
  // A paid evening booked without a payment (its host's free place, or a booking of the demo data): say why nothing comes back (issue 22).
  if (!event.viewer.paid)
    return `No payment was taken for this place, so there is nothing to refund, though the evening costs ${formatMoney(event.price)}. Your seat will go to someone else.`;
  if (event.viewer.refundable)
    return `You're cancelling ${REFUND_WINDOW_HOURS} hours or more before the start, so you'll get a full refund of ${formatMoney(event.price)} to your card.`;
  // Refunded on resale (issue 35, docs/decisions/0074-still-coming.md).
  return `The evening starts in less than ${REFUND_WINDOW_HOURS} hours, so there is no refund. Your seat will go to someone else, and if someone takes your place, you'll be refunded ${formatMoney(event.price)}.`;
}

/**
 * Cancel a registration: states the refund rule first. On success it closes and the page shows the
 * server's answer once, in its notice (focused): one confirmation per action, no toast (issue 22).
 * A refusal stays in the dialog, with the reason.
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
  const [error, setError] = useState<string | null>(null);
  const done = useRef(false);

  const change = (next: boolean) => {
    if (cancel.isPending) return;
    onOpenChange(next);
    if (next) setError(null);
  };

  return (
    <Dialog open={open} onOpenChange={change}>
      <DialogContent
        title="Cancel your registration?"
        description={refundRule(event)}
        icon={<DialogIcon icon={TriangleAlert} tone="danger" />}
        closeDisabled={cancel.isPending}
        onCloseAutoFocus={(e) => {
          // No DialogTrigger here (the button is on the ticket): say where focus goes back to.
          e.preventDefault();
          if (done.current) onClosedAfterCancel();
          else returnFocusTo?.focus();
        }}
      >
        <>
          <p className="mt-3 rounded-2xl bg-cream p-3 text-sm text-muted ring-1 ring-wine-100">
            Refund policy: cancel {REFUND_WINDOW_HOURS} hours or more before the start for a full refund. Later than that, you're refunded only if someone else
            takes your place.
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
                  onSuccess: (r: CancelResult) => {
                    done.current = true;
                    onCancelled(r);
                    onOpenChange(false);
                  },
                  onError: (err) => setError(messageOf(err, 'Failed to cancel your registration')),
                })
              }
            >
              {cancel.isPending ? 'Cancelling…' : 'Cancel registration'}
            </Button>
          </DialogFooter>
        </>
      </DialogContent>
    </Dialog>
  );
}
