import type { HTMLAttributes } from 'react';
import { cn } from './cn';

const TONES = {
  wine: 'bg-wine-100 text-wine-800',
  apricot: 'bg-apricot-100 text-apricot-700',
  green: 'bg-emerald-100 text-emerald-800',
  grey: 'bg-stone-200 text-stone-700',
  red: 'bg-red-100 text-red-800',
} as const;

export function Badge({ tone = 'wine', className, ...props }: HTMLAttributes<HTMLSpanElement> & { tone?: keyof typeof TONES }) {
  return <span className={cn('inline-flex items-center rounded-full px-3 py-1 text-sm font-semibold', TONES[tone], className)} {...props} />;
}
