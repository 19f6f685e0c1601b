import { PROMO_TITLE } from '../content';
import { useDocumentTitle } from '@client/lib/document-title';
import { Glow, LogoMark, TownBadge } from './bits';
import { CtaLink } from './sections';
import { PriceCard } from './price-card';

/** /promo: a short promo page with the price and what it includes. */
export function PromoPage() {
  useDocumentTitle(PROMO_TITLE);
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-6 sm:px-6 sm:py-10">
      <section aria-labelledby="promo-title" className="relative overflow-hidden rounded-[2rem] bg-wine-900 px-6 py-10 text-cream shadow-xl sm:px-12 sm:py-14">
        <Glow />
        <div className="relative grid items-center gap-10 lg:grid-cols-[1.1fr_1fr]">
          <div>
            <div className="flex flex-wrap items-center gap-4">
              <LogoMark className="size-14" />
              <TownBadge dark />
            </div>
            <h1 id="promo-title" className="mt-6 text-4xl font-bold leading-[1.1] sm:text-5xl">
              Speed Friendship Events in Prestwich
            </h1>
            <p className="mt-4 text-lg leading-relaxed text-wine-100 sm:text-xl">
              One relaxed evening, a drink in hand, and a handful of short conversations with people who also want new friends nearby.
            </p>
            <div className="mt-8 flex flex-col gap-3 sm:flex-row">
              <CtaLink to="/" tone="glow">
                Join the Waitlist
              </CtaLink>
              <CtaLink to="/about" tone="ghostDark" arrow={false}>
                How it works
              </CtaLink>
            </div>
          </div>
          <PriceCard headingId="promo-price-title" dark />
        </div>
      </section>
    </div>
  );
}
