import type { ReactNode } from 'react';
import { cn } from './cn';

/** The main column every screen sits in: readable width, room for the bottom navigation. */
export function Page({ children, className, wide }: { children: ReactNode; className?: string; wide?: boolean }) {
  return <div className={cn('mx-auto w-full px-4 py-6 sm:px-6', wide ? 'max-w-5xl' : 'max-w-xl', className)}>{children}</div>;
}

export function PageTitle({ children, sub }: { children: ReactNode; sub?: ReactNode }) {
  return (
    <div className="mb-6 space-y-1">
      <h1 className="text-3xl font-bold text-wine-900">{children}</h1>
      {sub && <p className="text-muted">{sub}</p>}
    </div>
  );
}
