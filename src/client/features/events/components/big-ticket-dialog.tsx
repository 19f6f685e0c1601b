import { Dialog, DialogContent } from '@client/components/ui/dialog';
import { TicketQr } from '@client/components/ui/ticket-qr';

/** The ticket's QR, larger, for a dim room (the ticket's Make it bigger). Focus goes back to `opener` when it closes. */
export function BigTicketDialog({
  ticketCode,
  open,
  onOpenChange,
  opener,
}: {
  ticketCode: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  opener: HTMLElement | null;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title="Your ticket"
        description="Show this QR code at the door. Turn your screen brightness up if the room is dark."
        className="bg-white"
        onCloseAutoFocus={(e) => {
          // No DialogTrigger (the button is on the ticket, which loads without the dialog): say where focus goes back to.
          e.preventDefault();
          opener?.focus();
        }}
      >
        <TicketQr ticketCode={ticketCode} size={Math.max(240, Math.min(360, window.innerWidth - 48))} className="mt-5" />
      </DialogContent>
    </Dialog>
  );
}
