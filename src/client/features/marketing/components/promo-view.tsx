import { MapPin, Timer, Users } from 'lucide-react';
import { useDocumentTitle } from '@client/lib/document-title';
import { PEOPLE_LANDING, PRICE, PROMO_TITLE, ROUND_MINUTES } from '../content';
import { Glow, LogoMark, TownBadge } from './bits';
import { CtaLink } from './sections';

const POINTS = [
  { icon: Timer, title: `${ROUND_MINUTES}-minute conversations`, text: 'Short, easy chats. The host keeps time.' },
  { icon: Users, title: `Meet ${PEOPLE_LANDING} new people`, text: 'Friendship, not dating. All in one evening.' },
  { icon: MapPin, title: 'A cosy local venue', text: 'Right here in Prestwich, with room to talk.' },
] as const;

/** `/?view=promo`: a one-screen poster for the next evenings, with a join button back to /. */
export function PromoView() {
  useDocumentTitle(PROMO_TITLE);
  return (
    <div className="mx-auto w-full max-w-xl px-4 py-6 sm:py-10">
      <section
        aria-labelledby="promo-view-title"
        className="relative overflow-hidden rounded-[2rem] bg-wine-900 px-6 py-10 text-center text-cream shadow-xl sm:px-10"
      >
        <Glow />
        <div className="relative flex flex-col items-center">
          <LogoMark className="size-16" />
          <div className="mt-5">
            <TownBadge dark />
          </div>
          <h1 id="promo-view-title" className="mt-4 text-4xl font-bold leading-tight sm:text-5xl">
            Speed Friendship Evenings
          </h1>
          <p className="mt-3 text-lg text-wine-100">Make real local friends in one relaxed evening.</p>

          <p className="mt-8 flex items-baseline justify-center gap-2">
            <span className="font-display text-7xl font-bold text-apricot-300">{PRICE}</span>
            <span className="text-lg font-semibold text-wine-100">incl. a free drink</span>
          </p>

          <ul className="mt-8 w-full space-y-3 text-left">
            {POINTS.map(({ icon: Icon, title, text }) => (
              <li key={title} className="flex items-center gap-4 rounded-2xl bg-wine-800 p-4 ring-1 ring-white/10">
                <span aria-hidden="true" className="inline-flex size-12 shrink-0 items-center justify-center rounded-2xl bg-apricot-300 text-wine-900">
                  <Icon className="size-6" />
                </span>
                <span>
                  <span className="block text-lg font-semibold text-cream">{title}</span>
                  <span className="block text-wine-100">{text}</span>
                </span>
              </li>
            ))}
          </ul>

          <CtaLink to="/" tone="glow" className="mt-8 w-full">
            Join the Waitlist
          </CtaLink>
          <p className="mt-3 text-sm text-wine-100">Free to join. You only pay when you book an evening.</p>
        </div>
      </section>
    </div>
  );
}
