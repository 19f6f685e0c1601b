import type { LucideIcon } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Button } from '@client/components/ui/button';
import { Dialog, DialogContent, DialogIcon } from '@client/components/ui/dialog';

/** An action dialog's state: open or not, and why the last try failed (cleared when it closes). */
export function useActionDialog() {
  const [open, setOpen] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  return { open, setOpen, failure, setFailure };
}
export type ActionDialogState = ReturnType<typeof useActionDialog>;

/**
 * One admin action on an application (approve, decline, message): the button that opens it, then a
 * dialog with its title, what will happen, what the admin fills in and its own footer.
 */
export function ActionDialog({
  state,
  trigger,
  title,
  description,
  icon,
  tone,
  pending,
  children,
}: {
  state: ActionDialogState;
  trigger: { label: string; ariaLabel: string; variant?: 'primary' | 'outline' };
  title: string;
  description: string;
  icon: LucideIcon;
  tone?: 'success';
  pending: boolean;
  children: ReactNode;
}) {
  const Icon = icon;
  return (
    <Dialog
      open={state.open}
      onOpenChange={(next) => {
        state.setOpen(next);
        if (!next) state.setFailure(null);
      }}
    >
      <Button size="lg" variant={trigger.variant} onClick={() => state.setOpen(true)} aria-label={trigger.ariaLabel}>
        <Icon aria-hidden="true" className="size-5" />
        {trigger.label}
      </Button>
      <DialogContent title={title} description={description} icon={<DialogIcon icon={icon} tone={tone} />} closeDisabled={pending}>
        {children}
      </DialogContent>
    </Dialog>
  );
}

/** Why the action did not go through, read out when it appears. */
export function ActionFailure({ failure, className = '' }: { failure: string | null; className?: string }) {
  if (!failure) return null;
  return (
    <p role="alert" className={`rounded-2xl bg-red-50 px-4 py-3 font-medium text-red-800 ${className}`.trim()}>
      {failure}
    </p>
  );
}
