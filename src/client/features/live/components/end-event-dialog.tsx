import * as Dialog from '@radix-ui/react-dialog';
import { Flag, X } from 'lucide-react';
import type { ComponentType, ReactNode } from 'react';
import { Button } from '@client/components/ui/button';

/** A yes/no question before an action that cannot be undone. */
export function ConfirmDialog({
  trigger,
  onConfirm,
  disabled,
  title,
  description,
  confirmLabel,
  cancelLabel = 'Cancel',
  icon: Icon = Flag,
  destructive = true,
}: {
  trigger: ReactNode;
  onConfirm: () => void;
  disabled?: boolean;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  icon?: ComponentType<{ className?: string; 'aria-hidden'?: boolean }>;
  destructive?: boolean;
}) {
  return (
    <Dialog.Root>
      <Dialog.Trigger asChild disabled={disabled}>
        {trigger}
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-ink/70 backdrop-blur-sm" />
        <Dialog.Content className="fixed inset-x-4 top-1/2 z-50 mx-auto max-h-[calc(100dvh-2rem)] max-w-md -translate-y-1/2 overflow-y-auto rounded-3xl bg-white p-6 text-ink shadow-xl focus:outline-none">
          <div className={destructive ? 'mb-4 flex size-12 items-center justify-center rounded-full bg-red-100' : 'mb-4 flex size-12 items-center justify-center rounded-full bg-apricot-100'}>
            <Icon aria-hidden={true} className={destructive ? 'size-6 text-red-700' : 'size-6 text-wine-700'} />
          </div>
          <Dialog.Title className="font-display text-2xl font-bold text-wine-900">{title}</Dialog.Title>
          <Dialog.Description className="mt-2 text-ink">{description}</Dialog.Description>
          <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Dialog.Close asChild>
              <Button variant="outline" size="lg">
                {cancelLabel}
              </Button>
            </Dialog.Close>
            <Dialog.Close asChild>
              <Button variant={destructive ? 'destructive' : 'primary'} size="lg" onClick={onConfirm}>
                {confirmLabel}
              </Button>
            </Dialog.Close>
          </div>
          <Dialog.Close asChild>
            <button type="button" className="absolute top-3 right-3 inline-flex size-11 items-center justify-center rounded-full text-muted hover:bg-wine-50 hover:text-wine-800" aria-label="Close">
              <X aria-hidden="true" className="size-5" />
            </button>
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
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
