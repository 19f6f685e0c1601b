import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { ROUND_MINUTES_WORD } from '../content';
import { Glow, LogoMark, TownBadge } from './bits';

/** The top of /: logo, headline, tagline and the 'Learn More About Us' link. */
export function HomeHero() {
  return (
    <section aria-labelledby="home-title" className="relative overflow-hidden rounded-[2rem] bg-wine-900 px-6 py-8 text-cream shadow-lg sm:px-10 sm:py-12">
      <Glow />
      <div className="relative">
        <div className="flex flex-wrap items-center gap-4">
          <LogoMark className="size-14 sm:size-16" />
          <TownBadge dark />
        </div>
        <h1 id="home-title" className="mt-6 text-4xl font-bold leading-[1.1] sm:text-5xl">
          Make new friends, {ROUND_MINUTES_WORD} minutes at a time
        </h1>
        <p className="mt-4 text-lg leading-relaxed text-wine-100">
          Speed Friendship brings local people together for relaxed, hosted evenings of short one-to-one conversations. Have a drink, meet new people, and keep
          in touch with the ones you click with.
        </p>
        <Link
          to="/about"
          className="mt-6 inline-flex min-h-12 items-center gap-2 rounded-2xl border-2 border-wine-100/40 px-5 text-base font-semibold text-cream transition-colors hover:bg-white/10"
        >
          Learn More About Us
          <ArrowRight aria-hidden="true" className="size-5" />
        </Link>
      </div>
    </section>
  );
}
