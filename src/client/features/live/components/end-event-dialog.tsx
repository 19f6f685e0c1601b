import { Flag, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@client/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogFooter, DialogIcon, DialogTrigger } from '@client/components/ui/dialog';

/** A yes/no question before an action that cannot be undone. */
export function ConfirmDialog({
  trigger,
  onConfirm,
  disabled,
  title,
  description,
  confirmLabel,
  cancelLabel = 'Cancel',
  icon = Flag,
  destructive = true,
}: {
  trigger: ReactNode;
  onConfirm: () => void;
  disabled?: boolean;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  icon?: LucideIcon;
  destructive?: boolean;
}) {
  return (
    <Dialog>
      <DialogTrigger asChild disabled={disabled}>
        {trigger}
      </DialogTrigger>
      <DialogContent title={title} description={description} icon={<DialogIcon icon={icon} tone={destructive ? 'danger' : 'warm'} />}>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline" size="lg">
              {cancelLabel}
            </Button>
          </DialogClose>
          <DialogClose asChild>
            <Button variant={destructive ? 'destructive' : 'primary'} size="lg" onClick={onConfirm}>
              {confirmLabel}
            </Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** 'End Event Now' asks first: it stops the timer for everyone and calculates the matches. */
export function EndEventDialog({ trigger, onConfirm, disabled }: { trigger: ReactNode; onConfirm: () => void; disabled?: boolean }) {
  return (
    <ConfirmDialog
      trigger={trigger}
      onConfirm={onConfirm}
      disabled={disabled}
      title="End the event for everyone?"
      description="The timer stops on every phone, the round and clock reset to zero, and matches are calculated from the ratings so far. This cannot be undone."
      confirmLabel="End Event Now"
      cancelLabel="Keep going"
    />
  );
}
