import { MapPin, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@client/components/ui/cn';
import { TOWN } from '../content';

/** Keep a short phrase such as '8-12 people' on one line. */
export function Nowrap({ children }: { children: ReactNode }) {
  return <span className="whitespace-nowrap">{children}</span>;
}

/** The brand mark in CSS: two friends side by side under a smile, like the favicon. */
export function LogoMark({ className }: { className?: string }) {
  return (
    <span aria-hidden="true" className={cn('relative inline-block size-16 shrink-0 rounded-2xl bg-wine-700 shadow-md ring-1 ring-white/15', className)}>
      <span className="absolute left-[18%] top-[24%] size-[36%] rounded-full bg-apricot-300" />
      <span className="absolute right-[18%] top-[24%] size-[36%] rounded-full bg-apricot-100/90" />
      <span className="absolute bottom-[16%] left-1/2 h-[16%] w-[46%] -translate-x-1/2 rounded-b-full border-4 border-t-0 border-apricot-100" />
    </span>
  );
}

/** Soft apricot and wine glows behind a dark hero panel; decoration only. */
export function Glow() {
  return (
    <span aria-hidden="true" className="pointer-events-none absolute inset-0 overflow-hidden">
      <span className="absolute -right-16 -top-20 size-64 rounded-full bg-apricot-500/25 blur-3xl" />
      <span className="absolute -bottom-24 -left-10 size-64 rounded-full bg-wine-500/40 blur-3xl" />
    </span>
  );
}

/** The town we run evenings in, as a pill. `dark` for use on the wine panels. */
export function TownBadge({ dark, children = TOWN }: { dark?: boolean; children?: ReactNode }) {
  return (
    <p
      className={cn(
        'inline-flex items-center gap-1.5 rounded-full px-3 py-1.5 text-sm font-semibold',
        dark ? 'bg-wine-800 text-apricot-100 ring-1 ring-apricot-300/40' : 'bg-apricot-100 text-wine-800',
      )}
    >
      <MapPin aria-hidden="true" className="size-4" />
      {children}
    </p>
  );
}

/** A round icon holder. */
export function IconBubble({ icon: Icon, small, bg = 'bg-apricot-100' }: { icon: LucideIcon; small?: boolean; bg?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn('inline-flex shrink-0 items-center justify-center text-wine-700', small ? 'size-10 rounded-xl' : 'size-12 rounded-2xl', bg)}
    >
      <Icon className={small ? 'size-5' : 'size-6'} />
    </span>
  );
}
