import type { HTMLAttributes } from 'react';
import { cn } from './cn';

export function Card({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn('rounded-3xl border border-wine-100 bg-white p-5 shadow-sm sm:p-6', className)} {...props} />;
}

export function CardTitle({ className, children, as: As = 'h2', ...props }: HTMLAttributes<HTMLHeadingElement> & { as?: 'h1' | 'h2' | 'h3' }) {
  return (
    <As className={cn('text-xl font-semibold text-wine-900', className)} {...props}>
      {children}
    </As>
  );
}
