import { Slot } from '@radix-ui/react-slot';
import type { ButtonHTMLAttributes } from 'react';
import { cn } from './cn';

const VARIANTS = {
  primary: 'bg-wine-700 text-white hover:bg-wine-800 active:bg-wine-900 shadow-sm',
  secondary: 'bg-apricot-100 text-wine-900 hover:bg-apricot-200',
  outline: 'border-2 border-wine-200 bg-white text-wine-800 hover:bg-wine-50',
  ghost: 'text-wine-800 hover:bg-wine-50',
  destructive: 'bg-red-700 text-white hover:bg-red-800',
} as const;

const SIZES = {
  md: 'min-h-12 px-5 text-base',
  sm: 'min-h-11 px-4 text-sm',
  lg: 'min-h-14 px-6 text-lg',
} as const;

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: keyof typeof VARIANTS;
  size?: keyof typeof SIZES;
  /** Render the child element (e.g. a Link) with button styles. */
  asChild?: boolean;
  block?: boolean;
}

export function Button({ variant = 'primary', size = 'md', asChild, block, className, type, ...props }: ButtonProps) {
  const Comp = asChild ? Slot : 'button';
  return (
    <Comp
      type={asChild ? undefined : (type ?? 'button')}
      className={cn(
        'inline-flex items-center justify-center gap-2 rounded-2xl font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-60',
        VARIANTS[variant],
        SIZES[size],
        block && 'w-full',
        className,
      )}
      {...props}
    />
  );
}
