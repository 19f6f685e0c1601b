import { ArrowRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { cn } from '@client/components/ui/cn';
import { Glow } from './bits';

/*
 * The marketing pages' calls to action and sections (/landing, /about, /promo, ?view=promo): apart
 * from ./bits.tsx, which the first paint of `/` loads, so that paint goes without them
 * (docs/architecture.md Budgets).
 */

const CTA = {
  primary: 'bg-wine-700 text-white shadow-sm hover:bg-wine-800 active:bg-wine-900',
  /** For dark wine panels. */
  glow: 'bg-apricot-300 text-wine-900 shadow-sm hover:bg-apricot-200',
  outline: 'border-2 border-wine-200 bg-white text-wine-800 hover:bg-wine-50',
  /** Outline on dark panels. */
  ghostDark: 'border-2 border-wine-100/40 text-cream hover:bg-white/10',
} as const;

/** A call to action: an in-app link with a big touch target. */
export function CtaLink({
  to,
  children,
  tone = 'primary',
  arrow = true,
  className,
}: {
  to: string;
  children: ReactNode;
  tone?: keyof typeof CTA;
  arrow?: boolean;
  className?: string;
}) {
  return (
    <Link
      to={to}
      className={cn(
        'inline-flex min-h-12 items-center justify-center gap-2 rounded-2xl px-6 text-base font-semibold transition-colors sm:min-h-14 sm:text-lg',
        CTA[tone],
        className,
      )}
    >
      {children}
      {arrow && <ArrowRight aria-hidden="true" className="size-5" />}
    </Link>
  );
}

/** A page section with a labelled heading; `tone` picks the background band. */
export function Section({
  id,
  title,
  eyebrow,
  intro,
  children,
  tone = 'plain',
  className,
}: {
  id: string;
  title: ReactNode;
  eyebrow?: ReactNode;
  intro?: ReactNode;
  children: ReactNode;
  tone?: 'plain' | 'warm' | 'white';
  className?: string;
}) {
  return (
    <section
      aria-labelledby={id}
      className={cn('px-4 py-12 sm:px-6 sm:py-16', tone === 'warm' && 'bg-apricot-100/60', tone === 'white' && 'bg-white', className)}
    >
      <div className="mx-auto max-w-5xl">
        <div className="max-w-2xl">
          {eyebrow && <p className="text-sm font-bold uppercase tracking-wider text-apricot-700">{eyebrow}</p>}
          <h2 id={id} className="mt-1 text-3xl font-bold text-wine-900 sm:text-4xl">
            {title}
          </h2>
          {intro && <p className="mt-3 text-lg text-muted">{intro}</p>}
        </div>
        <div className="mt-8">{children}</div>
      </div>
    </section>
  );
}

/** The closing call to action on a wine panel. */
export function CtaBand({
  id,
  title,
  children,
  cta = 'Join the Waitlist',
  extra,
}: {
  id: string;
  title: ReactNode;
  children: ReactNode;
  cta?: string;
  extra?: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="px-4 pb-12 sm:px-6 sm:pb-16">
      <div className="relative mx-auto max-w-5xl overflow-hidden rounded-[2rem] bg-wine-900 px-6 py-10 text-center text-cream shadow-lg sm:px-12 sm:py-14">
        <Glow />
        <div className="relative">
          <h2 id={id} className="text-3xl font-bold sm:text-4xl">
            {title}
          </h2>
          <div className="mx-auto mt-3 max-w-xl text-lg text-wine-100">{children}</div>
          <CtaLink to="/" tone="glow" className="mt-8 w-full sm:w-auto">
            {cta}
          </CtaLink>
          {extra && <div className="mt-4">{extra}</div>}
        </div>
      </div>
    </section>
  );
}
