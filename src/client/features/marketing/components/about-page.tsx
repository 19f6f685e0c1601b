import { Coffee, EyeOff, HandHeart, HeartHandshake, MapPin, MessagesSquare, PartyPopper, ShieldCheck, Sparkles, Timer, Users } from 'lucide-react';
import { Link } from 'react-router';
import { PEOPLE_ABOUT, ROUND_MINUTES } from '../content';
import { Glow, IconBubble, Nowrap, TownBadge } from './bits';
import { CtaBand, Section } from './sections';

const DIFFERENT = [
  {
    icon: HandHeart,
    title: 'Friendship, not dating',
    text: 'Everyone is here for the same reason: to meet people they would enjoy spending time with. No pressure, no awkward expectations.',
  },
  {
    icon: Timer,
    title: 'Structured and hosted',
    text: `A host welcomes you and times every ${ROUND_MINUTES}-minute conversation, so you never have to break into a group or end a chat yourself.`,
  },
  { icon: ShieldCheck, title: 'Private by design', text: 'Your choices stay private. Contact details are only shared when the interest is mutual.' },
  { icon: MapPin, title: 'Truly local', text: 'Evenings at cosy venues in Prestwich, so the friends you make live just around the corner.' },
] as const;

const STEPS = [
  {
    icon: Coffee,
    title: 'A warm welcome',
    text: (
      <>
        Arrive, collect your first drink and meet your host and the <Nowrap>{PEOPLE_ABOUT} people</Nowrap> joining you for the evening.
      </>
    ),
  },
  {
    icon: MessagesSquare,
    title: 'Structured conversations',
    text: `Take turns in ${ROUND_MINUTES}-minute one-to-one conversations. When the host's timer ends the round, you move on to someone new.`,
  },
  { icon: EyeOff, title: 'Private decisions', text: 'After each chat, quietly note who you would like to see again. Nobody else ever sees your choices.' },
  {
    icon: HeartHandshake,
    title: 'Mutual matches',
    text: 'When two people chose each other, it is a match, and you can share your contact details with one another.',
  },
  {
    icon: PartyPopper,
    title: 'New friendships',
    text: 'Meet up for a coffee, a walk or the next evening. When several of you match, you become a small friend group.',
  },
] as const;

/** /about: our story, what makes us different, how an evening works and the community. */
export function AboutPage() {
  return (
    <>
      <section aria-labelledby="about-title" className="px-4 pt-6 sm:px-6 sm:pt-10">
        <div className="relative mx-auto max-w-5xl overflow-hidden rounded-[2rem] bg-wine-900 px-6 py-12 text-cream shadow-xl sm:px-12 sm:py-16">
          <Glow />
          <div className="relative max-w-2xl">
            <TownBadge dark />
            <h1 id="about-title" className="mt-5 text-4xl font-bold leading-[1.1] sm:text-5xl">
              About Speed Friendship
            </h1>
            <p className="mt-5 text-lg leading-relaxed text-wine-100 sm:text-xl">
              We host relaxed evenings where grown-ups meet new people, one short conversation at a time, and leave with friends who live nearby.
            </p>
          </div>
        </div>
      </section>

      <Section id="story-title" eyebrow="Our story" title="Making friends as an adult is hard. It shouldn't be.">
        <div className="grid gap-6 text-lg leading-relaxed text-ink md:grid-cols-2">
          <p>
            School, university and first jobs hand us friends without trying. Then life moves on: people relocate, work longer hours, settle down or start over,
            and suddenly there is nobody to call for a spontaneous pint or a Sunday walk.
          </p>
          <p>
            Speed Friendship started in Prestwich to fix that. We borrowed the best part of speed dating, the short, structured, low-pressure conversations, and
            left out the romance. The result is an evening where meeting new people feels easy, and even fun.
          </p>
        </div>
      </Section>

      <Section id="different-title" tone="warm" eyebrow="What makes us different" title="Designed to make it easy">
        <ul className="grid gap-4 sm:grid-cols-2">
          {DIFFERENT.map(({ icon, title, text }) => (
            <li key={title} className="flex gap-4 rounded-3xl bg-white p-6 shadow-sm">
              <IconBubble icon={icon} />
              <div>
                <h3 className="text-xl font-semibold text-wine-900">{title}</h3>
                <p className="mt-2 text-muted">{text}</p>
              </div>
            </li>
          ))}
        </ul>
      </Section>

      <Section
        id="steps-title"
        eyebrow="How an evening works"
        title="Five steps to new friends"
        intro={
          <>
            A typical evening brings together <Nowrap>{PEOPLE_ABOUT} people</Nowrap>.
          </>
        }
      >
        <ol className="relative space-y-4 before:absolute before:bottom-6 before:left-6 before:top-6 before:w-0.5 before:bg-wine-100 sm:max-w-3xl">
          {STEPS.map(({ icon: Icon, title, text }, i) => (
            <li key={title} className="relative flex gap-4">
              <span
                aria-hidden="true"
                className="relative z-10 inline-flex size-12 shrink-0 items-center justify-center rounded-full bg-wine-700 text-cream shadow-sm ring-4 ring-cream"
              >
                <Icon className="size-6" />
              </span>
              <div className="flex-1 rounded-3xl border border-wine-100 bg-white p-5 shadow-sm">
                <p className="text-sm font-bold uppercase tracking-wider text-apricot-700">Step {i + 1}</p>
                <h3 className="mt-1 text-xl font-semibold text-wine-900">{title}</h3>
                <p className="mt-2 text-muted">{text}</p>
              </div>
            </li>
          ))}
        </ol>
      </Section>

      <Section id="community-title" tone="white" eyebrow="Community" title="More than one evening">
        <div className="grid gap-6 md:grid-cols-[1fr_1fr]">
          <p className="text-lg leading-relaxed text-ink">
            Every evening adds to a growing community of local people who said yes to something new. Matches become friend groups, friend groups come back
            together, and regulars often bring a friend the next time.
          </p>
          <ul className="space-y-3">
            {[
              { icon: Users, text: 'Friend groups form when several people match with each other' },
              { icon: Sparkles, text: 'New evenings in Prestwich, announced to the waitlist first' },
              { icon: HandHeart, text: 'Friendly members can apply to host evenings of their own', to: '/host-program' },
            ].map(({ icon, text, to }) => (
              <li key={text} className="flex items-center gap-4 rounded-2xl bg-apricot-100/60 p-4">
                <IconBubble icon={icon} bg="bg-white" />
                {to ? (
                  <Link to={to} className="font-semibold text-wine-900 underline decoration-wine-300 underline-offset-4 hover:decoration-wine-700">
                    {text}
                  </Link>
                ) : (
                  <span className="font-semibold text-wine-900">{text}</span>
                )}
              </li>
            ))}
          </ul>
        </div>
      </Section>

      <div className="pt-12 sm:pt-16">
        <CtaBand id="about-cta-title" title="Ready to meet your people?">
          Join the waitlist and we will invite you to the next evening in Prestwich.
        </CtaBand>
      </div>
    </>
  );
}
