import { CalendarDays, CalendarX2, Clock, Heart, MessagesSquare, Star, Ticket, UsersRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { PublicEvening } from '@shared/schemas/public-evening';
import { REFUND_WINDOW_HOURS } from '@shared/domain/constants';
import { Button } from '@client/components/ui/button';
import { Card, CardTitle } from '@client/components/ui/card';
import { GettingIn } from '@client/components/ui/getting-in';
import { Page } from '@client/components/ui/page';
import { Spinner } from '@client/components/ui/spinner';
import { useDocumentTitle } from '@client/lib/document-title';
import { formatDate, formatMoney, formatTimeRange } from '@client/lib/format';
import { usePublicEvening } from '../api/public-evening';
import { spotsLeftText } from '../lib/format';
import { AgeRangeChip, PriceIncludes } from './booking-facts';
import { Fact } from './fact';
import { EveningFaq, EveningShareActions, goingText, HostCard } from './public-evening-more';
import { EventLoadError } from './event-load-error';
import { StatusBadge, type StatusLabel } from './status-badge';
import { VenueFact } from './venue-fact';

/**
 * Where Book takes a visitor: log in (or sign up from there), then straight on to this evening's
 * checkout; a free evening registers on its own page. `next` is carried through the forms.
 */
export function bookingPath(e: Pick<PublicEvening, 'id' | 'price' | 'state'>): string {
  const next = e.price > 0 && e.state === 'open' ? `/checkout/${e.id}` : `/events/${e.id}`;
  return `/login?next=${encodeURIComponent(next)}`;
}

const BADGE: Record<PublicEvening['state'], StatusLabel> = { open: 'Open', full: 'Full', started: 'Happening now', ended: 'Past' };

/**
 * /events/{id} for a visitor (no account, or not signed in): the evening as its flyer tells it, what
 * happens at one, and one Book button (docs/decisions/0045). Members see the member page instead.
 */
export function PublicEveningScreen({ eventId }: { eventId: number }) {
  const evening = usePublicEvening(eventId);
  if (evening.isPending) return <Spinner label="Loading the event" />;
  if (!evening.data) return <EventLoadError error={evening.error} onRetry={() => void evening.refetch()} away={{ to: '/', label: 'Speed Friendship home' }} />;
  return <PublicEveningView evening={evening.data} />;
}

function PublicEveningView({ evening: e }: { evening: PublicEvening }) {
  useDocumentTitle(`${e.title} · Speed Friendship`);
  const over = e.state === 'ended' || e.state === 'started';
  return (
    <Page wide>
      <div className="grid gap-5 lg:grid-cols-[minmax(0,1fr)_22rem] lg:gap-x-8 lg:gap-y-6">
        <header className="lg:col-start-1">
          <StatusBadge label={BADGE[e.state]} />
          <h1 className="mt-3 text-3xl leading-tight font-bold break-words text-wine-900 sm:text-4xl">{e.title}</h1>
          {/* The age range is said once, by the Book button. */}
          {e.hostFirstName && <p className="mt-1 text-lg text-muted">Hosted by {e.hostFirstName}</p>}
          <dl className="mt-5 grid gap-4 rounded-3xl bg-white p-5 shadow-sm ring-1 ring-wine-100 sm:grid-cols-2 sm:p-6">
            <Fact icon={<CalendarDays aria-hidden="true" className="size-5" />} label="Date">
              <time dateTime={e.date}>{formatDate(e.date, 'long')}</time>
            </Fact>
            <Fact icon={<Clock aria-hidden="true" className="size-5" />} label="Time">
              {formatTimeRange(e)}
            </Fact>
            <VenueFact name={e.venue.name} place={e.venue} />
            <Fact icon={<UsersRound aria-hidden="true" className="size-5" />} label="Places">
              {/* How many are left is said once, by the Book button. */}
              {`${e.maxParticipants} guests`}
              {goingText(e.going) && <span className="block font-normal text-ink">{goingText(e.going)}</span>}
            </Fact>
          </dl>
        </header>

        <aside aria-label="Book" className="lg:sticky lg:top-20 lg:col-start-2 lg:row-span-4 lg:row-start-1 lg:self-start">
          <Card>
            <p className="flex items-baseline gap-2">
              <span className="font-display text-4xl font-bold text-wine-800">{e.price > 0 ? formatMoney(e.price) : 'Free'}</span>
              {e.price > 0 && <span className="text-muted">per person</span>}
            </p>
            <PriceIncludes text={e.priceIncludes} className="mt-1" />
            {over ? (
              <div className="mt-4 flex items-start gap-3 rounded-2xl bg-stone-100 p-4 text-stone-700">
                <CalendarX2 aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
                <p>{e.state === 'ended' ? 'This evening has ended.' : 'This evening has already started, so booking has closed.'} Join us at the next one.</p>
              </div>
            ) : (
              <>
                {/* Who the evening is for, said by the Book button (the page cannot know a visitor's age; booking checks it). */}
                <p className="mt-4 flex flex-wrap items-center gap-x-3 gap-y-2">
                  <AgeRangeChip min={e.ageRangeMin} max={e.ageRangeMax} />
                  <span className="font-semibold text-apricot-700">{e.state === 'open' ? spotsLeftText(e.spotsLeft) : 'Full: join the waitlist'}</span>
                </p>
                <Button asChild size="lg" block className="mt-3">
                  <Link to={bookingPath(e)}>
                    <Ticket aria-hidden="true" className="size-5" />
                    {e.state === 'open' ? 'Book your place' : 'Join the waitlist'}
                  </Link>
                </Button>
                <p className="mt-3 text-center text-sm text-muted">
                  Log in or sign up with your e-mail: no password.
                  {e.price > 0 && (
                    <>
                      {' '}
                      <Link to="/refunds" className="underline underline-offset-4">
                        Free cancellation up to {REFUND_WINDOW_HOURS} hours before the start
                      </Link>
                      .
                    </>
                  )}
                </p>
              </>
            )}
            {/* What's next: the evenings still open for booking (issue 34). */}
            {over && (
              <Button asChild variant="outline" block className="mt-4">
                <Link to="/events">See what's next</Link>
              </Button>
            )}
            <div className="mt-4 border-t border-wine-100 pt-4">
              <EveningShareActions evening={e} />
            </div>
          </Card>
        </aside>

        {/* How to get into the venue, when its host has told it (docs/decisions/0077). */}
        <GettingIn access={e.venue.access} className="lg:col-start-1" />

        <Card className="lg:col-start-1">
          <CardTitle>What happens at an evening</CardTitle>
          <ol className="mt-4 space-y-4">
            <Step icon={<MessagesSquare aria-hidden="true" className="size-5" />} title={`${roundLength(e.roundDuration)} conversations`}>
              A timer keeps the rounds: you talk to one new person at a time, then everyone moves on. You meet 8-12 people in an evening.
            </Step>
            <Step icon={<Star aria-hidden="true" className="size-5" />} title="Private ratings">
              After each conversation you say, on your phone, whom you would like to see again. Nobody else sees your answers.
            </Step>
            <Step icon={<Heart aria-hidden="true" className="size-5" />} title="Mutual matches share contacts">
              Only when two people both choose each other do they get each other's contact details. No awkward no's.
            </Step>
          </ol>
        </Card>

        {e.description && (
          <Card className="lg:col-start-1">
            <CardTitle>About this evening</CardTitle>
            <p className="mt-2 leading-relaxed whitespace-pre-line text-ink">{e.description}</p>
          </Card>
        )}

        <div className="lg:col-start-1">
          <HostCard evening={e} />
        </div>

        <div className="lg:col-start-1">
          <EveningFaq evening={e} />
        </div>
      </div>
    </Page>
  );
}

const WORDS: Record<number, string> = { 5: 'Five', 7: 'Seven', 10: 'Ten', 15: 'Fifteen', 30: 'Thirty' };

/** 300 seconds → 'Five-minute'; 3600 → '60-minute'. */
function roundLength(seconds: number) {
  const minutes = Math.round(seconds / 60);
  return `${WORDS[minutes] ?? minutes}-minute`;
}

function Step({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <li className="flex gap-3">
      <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-apricot-100 text-wine-700">{icon}</span>
      <div>
        <h3 className="font-semibold text-wine-900">{title}</h3>
        <p className="mt-0.5 text-ink">{children}</p>
      </div>
    </li>
  );
}
