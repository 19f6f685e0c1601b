import { CalendarHeart, CheckCircle2, MailCheck, MessagesSquare, Send, Ticket, Timer, Users, Wine } from 'lucide-react';
import { DEFAULT_PRICE_PENCE, EVENT_GROUP_SIZE, ROUND_DURATION_SECONDS } from '@shared/domain/constants';
import { Link } from 'react-router';
import { Button } from '@client/components/ui/button';
import { Card, CardTitle } from '@client/components/ui/card';
import { formatMoney } from '@client/lib/format';
import { useActiveHosts } from '../api/host-program';

const BENEFITS = [
  {
    icon: Ticket,
    title: 'Free entry',
    text: `You get in free (worth ${formatMoney(DEFAULT_PRICE_PENCE, { wholePounds: true })}) to the evenings you organise.`,
  },
  { icon: Timer, title: 'Timing controls', text: 'Run the shared round timer: start, pause and move everyone on to their next conversation.' },
  { icon: MessagesSquare, title: 'Messaging and coordination', text: 'Check guests in at the door and send updates to everyone checked in.' },
  { icon: CalendarHeart, title: 'Full tool access', text: 'Create evenings, manage your venues and their availability, and see how each evening went.' },
] as const;

const STEPS = [
  { icon: Send, title: 'Apply', text: 'Tell us who you are, where you would host, and your venue ideas.' },
  { icon: CheckCircle2, title: 'An admin reviews it', text: 'We read every application and may write to you with a question.' },
  { icon: MailCheck, title: 'You are a host', text: 'Once approved, your host tools open straight away and we e-mail you the links.' },
] as const;

/**
 * What hosting means, how to become a host, and the programme in real figures. A host (`onApply`
 * null) is not invited to apply: their button opens their tools instead (issue 34).
 */
export function OverviewTab({ onApply, onHosts }: { onApply: (() => void) | null; onHosts: () => void }) {
  const hosts = useActiveHosts();
  const figures = hosts.data
    ? [
        { label: 'Active hosts', value: hosts.data.length },
        { label: 'Evenings hosted', value: hosts.data.reduce((n, h) => n + h.eventsHosted, 0) },
        { label: 'Guests checked in', value: hosts.data.reduce((n, h) => n + h.totalAttendees, 0) },
      ]
    : null;

  return (
    <div className="space-y-5">
      <Card className="bg-gradient-to-br from-apricot-100 to-white">
        <CardTitle>Host evenings in your town</CardTitle>
        <p className="mt-2 text-lg leading-relaxed text-ink">
          Our hosts welcome guests, keep groups to about {EVENT_GROUP_SIZE} people, run the {ROUND_DURATION_SECONDS / 60}-minute rounds and make sure everyone
          leaves having met someone new. If you love bringing people together, we would love to hear from you.
        </p>
        <div className="mt-5 flex flex-col gap-3 sm:flex-row">
          {onApply ? (
            <Button size="lg" onClick={onApply}>
              <Send aria-hidden="true" className="size-5" />
              Apply to host
            </Button>
          ) : (
            <Button size="lg" asChild>
              <Link to="/create-event">
                <CalendarHeart aria-hidden="true" className="size-5" />
                Create an evening
              </Link>
            </Button>
          )}
          <Button size="lg" variant="outline" onClick={onHosts}>
            <Users aria-hidden="true" className="size-5" />
            Meet our hosts
          </Button>
        </div>
      </Card>

      {figures && (
        <section aria-labelledby="host-figures">
          <h2 id="host-figures" className="sr-only">
            The programme in figures
          </h2>
          <dl className="grid grid-cols-3 gap-3">
            {figures.map((f) => (
              <div key={f.label} className="rounded-3xl border border-wine-100 bg-white p-4 text-center shadow-sm">
                <dt className="text-sm text-muted">{f.label}</dt>
                <dd className="text-3xl font-bold text-wine-900 tabular-nums">{f.value}</dd>
              </div>
            ))}
          </dl>
        </section>
      )}

      <section aria-labelledby="host-benefits" className="space-y-3">
        <h2 id="host-benefits" className="text-xl font-semibold text-wine-900">
          What hosts get
        </h2>
        <ul className="grid gap-3 sm:grid-cols-2">
          {BENEFITS.map(({ icon: Icon, title, text }) => (
            <li key={title} className="flex gap-4 rounded-3xl border border-wine-100 bg-white p-4 shadow-sm">
              <span className="flex size-12 shrink-0 items-center justify-center rounded-full bg-apricot-100">
                <Icon aria-hidden="true" className="size-6 text-wine-700" />
              </span>
              <span>
                <span className="block font-semibold text-wine-900">{title}</span>
                <span className="block text-muted">{text}</span>
              </span>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="host-venues" className="rounded-3xl bg-wine-900 p-5 text-white sm:p-6">
        <h2 id="host-venues" className="flex items-center gap-2 text-xl font-semibold">
          <Wine aria-hidden="true" className="size-6 text-apricot-300" />
          Venues that work
        </h2>
        <ul className="mt-3 list-disc space-y-1.5 pl-5 text-white/90">
          <li>Weeknight partnerships, Tuesday to Thursday, with no hire fees.</li>
          <li>Venues that welcome 40 or more customers on the night.</li>
          <li>That keeps the price between £15 and £25 a person, a drink included.</li>
        </ul>
      </section>

      <section aria-labelledby="host-steps" className="space-y-3">
        <h2 id="host-steps" className="text-xl font-semibold text-wine-900">
          How it works
        </h2>
        <ol className="grid gap-3 sm:grid-cols-3">
          {STEPS.map(({ icon: Icon, title, text }, i) => (
            <li key={title} className="rounded-3xl border border-wine-100 bg-white p-4 shadow-sm">
              <span className="flex items-center gap-2 font-semibold text-wine-900">
                <Icon aria-hidden="true" className="size-5 text-wine-700" />
                {i + 1}. {title}
              </span>
              <span className="mt-1 block text-muted">{text}</span>
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}
