import type { ButtonHTMLAttributes } from 'react';
import { cn } from '@client/components/ui/cn';

const TONES = {
  /** The main action on the dark timer panel. */
  primary: 'bg-apricot-300 text-wine-900 hover:bg-apricot-200 active:bg-apricot-100',
  quiet: 'bg-white/10 text-cream ring-1 ring-inset ring-white/30 hover:bg-white/20',
  danger: 'bg-red-700 text-white hover:bg-red-800 ring-1 ring-inset ring-red-400/40',
} as const;

/** A big (≥56 px) button for the dark timer panel, easy to hit in a dim bar. */
export function ControlButton({ tone = 'quiet', className, type, ...props }: ButtonHTMLAttributes<HTMLButtonElement> & { tone?: keyof typeof TONES }) {
  return (
    <button
      type={type ?? 'button'}
      className={cn(
        'inline-flex min-h-14 items-center justify-center gap-2 whitespace-nowrap rounded-2xl px-4 text-lg font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-50',
        TONES[tone],
        className,
      )}
      {...props}
    />
  );
}
