import * as DialogPrimitive from '@radix-ui/react-dialog';
import { X, type LucideIcon } from 'lucide-react';
import type { ComponentPropsWithoutRef, HTMLAttributes, ReactNode } from 'react';
import { cn } from './cn';

/**
 * The app's one dialog, on Radix: focus moves in and stays in, Escape and the close button
 * close it, focus goes back to the opener, the page behind is hidden from screen readers and
 * does not scroll. On a phone it is a sheet along the bottom edge (thumb reach); from `sm` up
 * a centred card like components/ui/card.tsx.
 */
export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

const TONES = {
  danger: 'bg-red-100 text-red-700',
  warm: 'bg-apricot-100 text-wine-700',
  success: 'bg-emerald-100 text-emerald-700',
} as const;

/** The round badge above a dialog's title. */
export function DialogIcon({ icon: Icon, tone = 'warm' }: { icon: LucideIcon; tone?: keyof typeof TONES }) {
  return (
    <div className={cn('mb-4 flex size-12 items-center justify-center rounded-full', TONES[tone])}>
      <Icon aria-hidden="true" className="size-6" />
    </div>
  );
}

/** The dialog's buttons, the way out first: stacked full width on a phone (the way out last, nearest the thumb), in a row from `sm` up. */
export function DialogFooter({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn('mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:flex-wrap sm:justify-end sm:[&>*]:whitespace-nowrap', className)} {...props} />;
}

export interface DialogContentProps extends Omit<ComponentPropsWithoutRef<typeof DialogPrimitive.Content>, 'title'> {
  /** The dialog's accessible name, shown as its heading. */
  title: ReactNode;
  /** Read out with the name when the dialog opens. */
  description?: ReactNode;
  /** 'status' when the description is the answer to something just done (it is announced again). */
  descriptionRole?: 'status';
  /** Shown above the title, e.g. a DialogIcon. */
  icon?: ReactNode;
  /** The close button's accessible name (default 'Close'). */
  closeLabel?: string;
  /** While something runs that closing would leave half done. */
  closeDisabled?: boolean;
  /** card: a sheet on phones, a centred card above; takeover: the whole screen, no close button (an alert that must be seen). */
  variant?: 'card' | 'takeover';
  /** Render inside this element instead of the body (an element in full-screen mode hides everything outside it). */
  container?: HTMLElement | null;
}

const isToast = (target: EventTarget | null) => target instanceof Element && !!target.closest('[data-sonner-toaster]');

export function DialogContent({
  title,
  description,
  descriptionRole,
  icon,
  closeLabel = 'Close',
  closeDisabled,
  variant = 'card',
  container,
  className,
  children,
  onInteractOutside,
  ...props
}: DialogContentProps) {
  const takeover = variant === 'takeover';
  return (
    <DialogPrimitive.Portal container={container}>
      {!takeover && <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-ink/60 backdrop-blur-sm motion-safe:animate-dialog-fade" />}
      <DialogPrimitive.Content
        {...props}
        // Dismissing a toast is not a click away from the dialog.
        onInteractOutside={(e) => {
          if (isToast(e.target)) e.preventDefault();
          onInteractOutside?.(e);
        }}
        className={cn(
          'z-50 focus:outline-none',
          takeover
            ? 'fixed inset-0 flex flex-col items-center justify-center gap-6 overflow-y-auto bg-apricot-300 px-6 py-8 text-center text-wine-900'
            : cn(
                'fixed inset-x-0 bottom-0 max-h-[calc(100dvh-1rem)] overflow-y-auto rounded-t-3xl border-t border-wine-100 bg-white px-5 text-ink pt-6 pb-[max(1.5rem,env(safe-area-inset-bottom))] shadow-2xl',
                'motion-safe:animate-dialog-sheet',
                'sm:inset-x-4 sm:top-1/2 sm:bottom-auto sm:mx-auto sm:max-h-[calc(100dvh-2rem)] sm:w-auto sm:max-w-lg sm:-translate-y-1/2 sm:rounded-3xl sm:border sm:p-6 sm:shadow-xl sm:motion-safe:animate-dialog-pop',
              ),
          className,
        )}
      >
        {icon}
        <DialogPrimitive.Title className={takeover ? 'font-display text-5xl font-bold sm:text-7xl' : 'pr-10 font-display text-2xl font-bold text-wine-900'}>
          {title}
        </DialogPrimitive.Title>
        {description != null && (
          // A new element when it becomes a status, as a live region is announced when it appears.
          <DialogPrimitive.Description
            key={descriptionRole ?? 'plain'}
            role={descriptionRole}
            className={takeover ? 'max-w-md text-xl font-semibold' : 'mt-2 text-ink'}
          >
            {description}
          </DialogPrimitive.Description>
        )}
        {children}
        {!takeover && (
          <DialogPrimitive.Close asChild>
            <button
              type="button"
              disabled={closeDisabled}
              aria-label={closeLabel}
              className="absolute top-3 right-3 inline-flex size-11 items-center justify-center rounded-full text-muted transition-colors hover:bg-wine-50 hover:text-wine-800 disabled:cursor-not-allowed disabled:opacity-50"
            >
              <X aria-hidden="true" className="size-5" />
            </button>
          </DialogPrimitive.Close>
        )}
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}
