import { Briefcase, Clock, HeartHandshake, MapPin, MessagesSquare, Quote, Sprout, UserPlus, Users, Wine } from 'lucide-react';
import { MEMBERS_CLAIM, PEOPLE_LANDING, PRICE, ROUND_MINUTES, ROUND_MINUTES_WORD } from '../content';
import { Glow, IconBubble, Nowrap, TownBadge } from './bits';
import { CtaBand, CtaLink, Section } from './sections';
import { Faq } from './faq';

const STEPS = [
  { icon: UserPlus, title: 'Sign Up', text: 'Join the waitlist in a minute: tell us your name, age, a little about you and what you enjoy.' },
  {
    icon: MessagesSquare,
    title: 'Meet & Chat',
    text: (
      <>
        Come along to a cosy local venue and enjoy <Nowrap>{ROUND_MINUTES}-minute</Nowrap> one-to-one conversations with <Nowrap>{PEOPLE_LANDING}</Nowrap> new
        people.
      </>
    ),
  },
  { icon: HeartHandshake, title: 'Connect', text: 'Privately pick who you would like to see again. When the feeling is mutual, you can swap contact details.' },
] as const;

const DETAILS = [
  { icon: MapPin, title: 'Where', text: 'Cosy local venues in Prestwich, Manchester' },
  { icon: Clock, title: 'Format', text: `${ROUND_MINUTES}-minute conversations, timed by your host` },
  { icon: Users, title: 'Who you meet', text: `${PEOPLE_LANDING} new people in one evening` },
  { icon: Wine, title: 'Price', text: `${PRICE} per person, your first drink included` },
] as const;

const AUDIENCE = [
  { icon: MapPin, title: 'Newcomers', text: 'Just moved to the area? Meet the neighbours you have not bumped into yet.' },
  { icon: Briefcase, title: 'Busy professionals', text: 'Little time, full diary. One evening, lots of new faces, no endless group chats.' },
  { icon: Sprout, title: 'People after life changes', text: 'A break-up, a new job, retirement or an empty nest: a fresh start deserves fresh friends.' },
] as const;

const FAQ = [
  {
    q: "I'm shy. Is this for me?",
    a: `Very much so. Many of our guests are shy. Every conversation is short, one-to-one and gently hosted, so there is no crowd to break into and no silence to fill on your own. ${ROUND_MINUTES_WORD[0]!.toUpperCase()}${ROUND_MINUTES_WORD.slice(1)} minutes goes quickly.`,
  },
  {
    q: 'What age groups come along?',
    a: 'Our guests are adults of all ages. Each event shows its age range before you book, so you can pick the evenings that suit you.',
  },
  {
    q: 'How does sharing contact details work?',
    a: 'After each conversation you privately choose whether you would like to stay in touch. Nobody sees your choices. Contact details are only shared when you both chose each other.',
  },
  {
    // The rule's numbers are settings (docs/decisions/0076): the privacy page states the ones in force.
    q: "What if I book and can't come?",
    a: "Cancel on the evening's page, so your place goes to someone on the waitlist. A booked evening you miss without cancelling is a no-show, and you see it on your profile. After repeated no-shows in a few months you can't book free evenings or join a waitlist for a few weeks (our privacy page gives the exact numbers); paid evenings stay open. Ill or kept away by an emergency? Write to us and we can clear it.",
  },
] as const;

/** A picture of one round, in CSS: decoration for wide screens only. */
function ConversationArt() {
  return (
    <div aria-hidden="true" className="hidden lg:block">
      <div className="rotate-2 rounded-[1.75rem] bg-wine-800 p-6 shadow-2xl ring-1 ring-white/10">
        <div className="flex items-center justify-between text-sm font-semibold text-wine-100">
          <span>Round 3</span>
          <span className="rounded-full bg-apricot-300 px-3 py-1 font-bold text-wine-900">4:59</span>
        </div>
        <div className="mt-6 flex items-center justify-center">
          <span className="size-24 rounded-full bg-apricot-300 shadow-lg" />
          <span className="-ml-6 size-24 rounded-full bg-apricot-100 shadow-lg" />
        </div>
        <div className="mt-6 h-2 overflow-hidden rounded-full bg-wine-900">
          <div className="h-full w-4/5 rounded-full bg-apricot-300" />
        </div>
        <p className="mt-4 text-center font-display text-xl text-cream">Table 4: say hello to Sam</p>
      </div>
    </div>
  );
}

/** /landing: the marketing page. */
export function LandingPage() {
  return (
    <>
      <section aria-labelledby="landing-title" className="px-4 pt-6 sm:px-6 sm:pt-10">
        <div className="relative mx-auto max-w-5xl overflow-hidden rounded-[2rem] bg-wine-900 px-6 py-12 text-cream shadow-xl sm:px-12 sm:py-20">
          <Glow />
          <div className="relative grid items-center gap-10 lg:grid-cols-[1.5fr_1fr]">
            <div>
              <TownBadge dark>New evenings</TownBadge>
              <h1 id="landing-title" className="mt-5 text-4xl font-bold leading-[1.1] sm:text-6xl">
                Now in Prestwich, Manchester
              </h1>
              <p className="mt-5 text-lg leading-relaxed text-wine-100 sm:text-xl">
                Speed friendship: meet <Nowrap>{PEOPLE_LANDING} local people</Nowrap> in relaxed <Nowrap>{ROUND_MINUTES}-minute</Nowrap> conversations, over a
                drink, in one evening. Friendship, not dating.
              </p>
              <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:items-center">
                <CtaLink to="/" tone="glow">
                  Join the Waitlist
                </CtaLink>
                <p className="inline-flex items-center gap-2 font-semibold text-apricot-100">
                  <Users aria-hidden="true" className="size-5" />
                  {MEMBERS_CLAIM}
                </p>
              </div>
            </div>
            <ConversationArt />
          </div>
        </div>
      </section>

      <Section id="how-title" eyebrow="How it works" title="Three easy steps">
        <ol className="grid gap-4 sm:grid-cols-3">
          {STEPS.map(({ icon, title, text }, i) => (
            <li key={title} className="relative rounded-3xl border border-wine-100 bg-white p-6 shadow-sm">
              <div className="flex items-center gap-3">
                <IconBubble icon={icon} />
                <span className="font-display text-4xl font-bold text-wine-200" aria-hidden="true">
                  {i + 1}
                </span>
              </div>
              <h3 className="mt-4 text-xl font-semibold text-wine-900">{title}</h3>
              <p className="mt-2 text-muted">{text}</p>
            </li>
          ))}
        </ol>
      </Section>

      <Section id="details-title" tone="warm" eyebrow="Event details" title="What to expect on the night">
        <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {DETAILS.map(({ icon, title, text }) => (
            <div key={title} className="rounded-3xl bg-white p-5 shadow-sm">
              <dt className="flex items-center gap-3 text-sm font-bold uppercase tracking-wider text-apricot-700">
                <IconBubble icon={icon} small />
                {title}
              </dt>
              <dd className="mt-3 text-lg font-semibold text-wine-900">{text}</dd>
            </div>
          ))}
        </dl>
      </Section>

      <Section id="audience-title" eyebrow="Who it's for" title="For anyone who'd like more friends nearby">
        <ul className="grid gap-4 sm:grid-cols-3">
          {AUDIENCE.map(({ icon, title, text }) => (
            <li key={title} className="flex gap-4 rounded-3xl border border-wine-100 bg-white p-5 shadow-sm sm:flex-col sm:p-6">
              <IconBubble icon={icon} />
              <div>
                <h3 className="text-xl font-semibold text-wine-900">{title}</h3>
                <p className="mt-1 text-muted">{text}</p>
              </div>
            </li>
          ))}
        </ul>
      </Section>

      <section aria-labelledby="story-title" className="px-4 pb-12 sm:px-6 sm:pb-16">
        <h2 id="story-title" className="sr-only">
          What members say
        </h2>
        <figure className="mx-auto max-w-3xl rounded-[2rem] border border-wine-100 bg-white px-6 py-10 text-center shadow-sm sm:px-12">
          <Quote aria-hidden="true" className="mx-auto size-10 text-apricot-500" />
          <blockquote className="mt-4 font-display text-2xl leading-snug text-wine-900 sm:text-3xl">
            “I moved to Prestwich knowing nobody. One evening later I had three people to go for Sunday walks with. I was nervous for the first five minutes,
            then I forgot to be.”
          </blockquote>
          <figcaption className="mt-6">
            <span className="block font-semibold text-wine-900">Sarah, 34</span>
            <span className="block text-muted">Member since our first evening</span>
          </figcaption>
        </figure>
      </section>

      <Section id="faq-title" tone="white" eyebrow="Questions" title="Frequently asked questions">
        <div className="max-w-3xl">
          <Faq items={FAQ} />
        </div>
      </Section>

      <div className="pt-12 sm:pt-16">
        <CtaBand
          id="landing-cta-title"
          title="Save your seat at the next evening"
          extra={
            <p className="flex items-center justify-center gap-2 font-semibold text-apricot-100">
              <Users aria-hidden="true" className="size-5" />
              {MEMBERS_CLAIM}
            </p>
          }
        >
          Join the waitlist today and we will let you know as soon as the next Prestwich evening opens.
        </CtaBand>
      </div>
    </>
  );
}
