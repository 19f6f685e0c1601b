import * as Tabs from '@radix-ui/react-tabs';
import { Calculator, CircleCheck, Megaphone, ShieldCheck } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { ALGORITHMS, compatibilityLabel, type Algorithm } from '@shared/domain/matching';
import type { Event } from '@shared/schemas/events';
import type { Match } from '@shared/schemas/matching';
import { Avatar } from '@client/components/ui/avatar';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { cn } from '@client/components/ui/cn';
import { Dialog, DialogClose, DialogContent, DialogFooter, DialogIcon, DialogTrigger } from '@client/components/ui/dialog';
import { Spinner } from '@client/components/ui/spinner';
import { ApiError, messageOf } from '@client/lib/api';
import { formatDate } from '@client/lib/format';
import { useEvents, useUpcomingEvents } from '@client/lib/queries/events';
import { useCalculateMatches, useEventMatches, useReleaseContacts } from '../api/matches';
import { defaultEvening, MATCHING_RATINGS_TEXT, plural } from '../lib/matches';
import { InterestChips } from './person';
import { ScorePill, ScoreRow } from './score';

const ALGORITHM_TEXT: Record<Algorithm, { name: string; blurb: string }> = {
  balanced: { name: 'Balanced', blurb: 'Personality, interests, communication, age and ratings, weighted equally.' },
  personality: { name: 'Personality', blurb: 'Personality first (60%), then communication style, age and interests.' },
  interest: { name: 'Interest', blurb: 'Shared interests (70%) with how warmly they rated each other (30%).' },
  rating: { name: 'Rating', blurb: 'Only the ratings the two guests gave each other.' },
};

const SCORE_ROWS: {
  key: keyof Pick<Match, 'personalityScore' | 'interestScore' | 'communicationScore' | 'ageCompatibilityScore' | 'ratingScore'>;
  label: string;
}[] = [
  { key: 'personalityScore', label: 'Personality' },
  { key: 'interestScore', label: 'Interests' },
  { key: 'communicationScore', label: 'Communication' },
  { key: 'ageCompatibilityScore', label: 'Age' },
  { key: 'ratingScore', label: 'Ratings' },
];

const EMPTY = 'No matches found. Try calculating matches first or check if the event has enough participants.';

const trigger =
  'inline-flex min-h-11 flex-1 items-center justify-center rounded-xl px-2 text-sm font-semibold sm:px-3 sm:text-base text-wine-800 transition-colors hover:bg-white/60 data-[state=active]:bg-white data-[state=active]:text-wine-900 data-[state=active]:shadow-sm';

/**
 * /matching-dashboard (docs/spec/organiser-tools.md §2.11), for hosts: pick an evening and an algorithm,
 * Calculate Matches, then read the results by compatibility or by guest; release contacts.
 * A host sees their own evenings; an admin sees all.
 */
export function MatchingDashboard({ userId, isAdmin }: { userId: number; isAdmin: boolean }) {
  const [params, setParams] = useSearchParams();
  const raw = Number(params.get('event'));
  const eventId = Number.isInteger(raw) && raw > 0 ? raw : null;
  const [algorithm, setAlgorithm] = useState<Algorithm>('balanced');
  const upcoming = useUpcomingEvents();
  const all = useEvents();
  const calculate = useCalculateMatches();
  const selectId = useId();
  const algoId = useId();

  const { soon, past } = useMemo(() => {
    const mine = (e: Event) => isAdmin || e.hostId === userId;
    const t = (e: Event) => new Date(e.date).getTime();
    const soonList = (upcoming.data ?? []).filter(mine).sort((a, b) => t(a) - t(b));
    const soonIds = new Set(soonList.map((e) => e.id));
    const pastList = (all.data ?? []).filter((e) => mine(e) && !soonIds.has(e.id)).sort((a, b) => t(b) - t(a));
    return { soon: soonList, past: pastList };
  }, [upcoming.data, all.data, isAdmin, userId]);
  const event = [...soon, ...past].find((e) => e.id === eventId) ?? null;

  const choose = (id: string) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (id) next.set('event', id);
        else next.delete('event');
        return next;
      },
      { replace: true },
    );

  const run = () => {
    if (eventId === null) return;
    calculate.mutate(
      { eventId, algorithm },
      {
        onSuccess: (r) =>
          toast.success('Matches Calculated', {
            description: `${plural(r.matches, 'mutual match', 'mutual matches')}, ranked by the ${ALGORITHM_TEXT[r.algorithm].name.toLowerCase()} algorithm.`,
          }),
        onError: (err) => toast.error('Calculation Failed', { description: messageOf(err, 'Failed to calculate matches') }),
      },
    );
  };

  const loadingEvents = upcoming.isPending || all.isPending;

  // Without ?event, open on tonight's evening (else the next, else the most recent), once.
  const preselected = useRef(false);
  useEffect(() => {
    if (preselected.current) return;
    if (eventId !== null) {
      preselected.current = true;
      return;
    }
    if (loadingEvents) return;
    preselected.current = true;
    const pick = defaultEvening(soon, past);
    if (pick) choose(String(pick.id));
  });

  return (
    <div className="space-y-8">
      <Card>
        <form
          className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.4fr)]"
          onSubmit={(e) => {
            e.preventDefault();
            run();
          }}
        >
          <div className="space-y-2">
            <label htmlFor={selectId} className="block text-lg font-semibold text-wine-900">
              Event
            </label>
            <select
              id={selectId}
              value={eventId ?? ''}
              onChange={(e) => choose(e.target.value)}
              disabled={loadingEvents}
              aria-describedby={`${selectId}-hint`}
              className="block min-h-12 w-full rounded-2xl border-2 border-wine-100 bg-white px-4 py-3 text-base text-ink focus:border-wine-500"
            >
              <option value="">{loadingEvents ? 'Loading evenings…' : 'Choose an evening'}</option>
              {soon.length > 0 && (
                <optgroup label="Upcoming">
                  {soon.map((e) => (
                    <option key={e.id} value={e.id}>
                      {e.title} · {formatDate(e.date, 'medium')} ({e.participantCount} guests)
                    </option>
                  ))}
                </optgroup>
              )}
              {past.length > 0 && (
                <optgroup label="Past">
                  {past.map((e) => (
                    <option key={e.id} value={e.id}>
                      {e.title} · {formatDate(e.date, 'medium')} ({e.participantCount} guests)
                    </option>
                  ))}
                </optgroup>
              )}
            </select>
            <p id={`${selectId}-hint`} className="text-sm text-muted">
              {isAdmin ? 'Every evening, upcoming first.' : 'The evenings you host, upcoming first.'}
            </p>
            {(upcoming.isError || all.isError) && (
              <p role="alert" className="text-sm font-medium text-red-700">
                We couldn't load every evening. Please reload the page.
              </p>
            )}
          </div>

          <fieldset>
            <legend id={algoId} className="mb-2 text-lg font-semibold text-wine-900">
              Algorithm
            </legend>
            <div className="grid gap-2 sm:grid-cols-2">
              {ALGORITHMS.map((a) => (
                <label
                  key={a}
                  className={cn(
                    'flex min-h-11 cursor-pointer gap-3 rounded-2xl border-2 p-3 transition-colors has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-apricot-500',
                    algorithm === a ? 'border-wine-700 bg-wine-50' : 'border-wine-100 bg-white hover:border-wine-300',
                  )}
                >
                  <input
                    type="radio"
                    name="algorithm"
                    value={a}
                    checked={algorithm === a}
                    onChange={() => setAlgorithm(a)}
                    className="mt-1 size-5 shrink-0 accent-wine-700"
                  />
                  <span>
                    <span className="block font-semibold text-wine-900">{ALGORITHM_TEXT[a].name}</span>
                    <span className="block text-sm text-muted">{ALGORITHM_TEXT[a].blurb}</span>
                  </span>
                </label>
              ))}
            </div>
          </fieldset>

          <div className="flex flex-col gap-3 border-t border-wine-100 pt-5 sm:flex-row sm:items-center lg:col-span-2">
            <Button type="submit" size="lg" disabled={eventId === null || calculate.isPending}>
              <Calculator aria-hidden="true" className="size-5" />
              {calculate.isPending ? 'Calculating…' : 'Calculate Matches'}
            </Button>
            <p className="text-sm text-muted sm:flex-1">
              Only mutual matches count: both guests rated each other {MATCHING_RATINGS_TEXT}. The algorithm ranks them; it never creates a match.
            </p>
          </div>
        </form>
      </Card>

      {eventId !== null && <Results key={eventId} eventId={eventId} event={event} />}
    </div>
  );
}

function Results({ eventId, event }: { eventId: number; event: Event | null }) {
  const matches = useEventMatches(eventId);
  const sorted = useMemo(() => [...(matches.data ?? [])].sort((a, b) => (b.overallScore ?? 0) - (a.overallScore ?? 0)), [matches.data]);

  return (
    <section aria-labelledby="match-results" className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="match-results" className="text-2xl font-bold text-wine-900">
            Match results
          </h2>
          {event && <p className="text-muted">{event.title}</p>}
        </div>
        {matches.data && matches.data.length > 0 && <ReleaseContacts eventId={eventId} title={event?.title} count={matches.data.length} />}
      </div>

      {matches.isPending ? (
        <Spinner label="Loading matches" />
      ) : matches.isError ? (
        <div role="alert" className="rounded-3xl border border-wine-100 bg-white p-6 text-center shadow-sm">
          <p className="text-lg font-semibold text-wine-900">
            {matches.error instanceof ApiError && matches.error.status === 403
              ? 'Only hosts of this evening can see its matches'
              : "We couldn't load the matches"}
          </p>
          <p className="mt-1 text-muted">{messageOf(matches.error, 'Please check your connection and try again.')}</p>
        </div>
      ) : sorted.length === 0 ? (
        <p className="rounded-3xl border border-dashed border-wine-200 bg-white/70 p-6 text-center text-ink">{EMPTY}</p>
      ) : (
        <Tabs.Root defaultValue="scores">
          <Tabs.List aria-label="Match results" className="mb-5 flex gap-1 rounded-2xl bg-wine-100/70 p-1 sm:max-w-md">
            <Tabs.Trigger value="scores" className={trigger}>
              Compatibility Scores
            </Tabs.Trigger>
            <Tabs.Trigger value="users" className={trigger}>
              User Details
            </Tabs.Trigger>
          </Tabs.List>
          <p className="mb-4 text-muted">{plural(sorted.length, 'mutual match', 'mutual matches')}, best first.</p>
          <Tabs.Content value="scores" className="rounded-3xl focus-visible:outline-offset-4">
            <ul className="grid gap-4 md:grid-cols-2">
              {sorted.map((m) => (
                <li key={m.id}>
                  <ScoreCard match={m} />
                </li>
              ))}
            </ul>
          </Tabs.Content>
          <Tabs.Content value="users" className="rounded-3xl focus-visible:outline-offset-4">
            <ul className="grid gap-4 md:grid-cols-2">
              {sorted.map((m) => (
                <li key={m.id}>
                  <UsersCard match={m} />
                </li>
              ))}
            </ul>
          </Tabs.Content>
        </Tabs.Root>
      )}
    </section>
  );
}

function pairName(m: Match) {
  return `${m.user1.name} & ${m.user2.name}`;
}

function ScoreCard({ match: m }: { match: Match }) {
  const rows = SCORE_ROWS.filter((r) => m[r.key] !== null);
  return (
    <Card className="h-full">
      <div className="flex items-start gap-3">
        <div className="min-w-0 flex-1">
          <h3 className="text-lg leading-snug font-bold break-words text-wine-900">{pairName(m)}</h3>
          <div className="mt-1 flex flex-wrap gap-2">
            <Badge tone="grey" className="capitalize">
              {m.matchType}
            </Badge>
            {m.contactShared && (
              <Badge tone="green">
                <CircleCheck aria-hidden="true" className="mr-1 size-4" />
                Contact Shared
              </Badge>
            )}
          </div>
        </div>
        {m.overallScore !== null && (
          <div className="shrink-0 text-center">
            <ScorePill value={m.overallScore} size="lg" />
            <p className="mt-1 text-xs font-semibold text-muted">{compatibilityLabel(m.overallScore)}</p>
          </div>
        )}
      </div>
      {rows.length > 0 && (
        <dl className="mt-4 space-y-3">
          {rows.map((r) => (
            <ScoreRow key={r.key} label={r.label} value={m[r.key]!} />
          ))}
        </dl>
      )}
    </Card>
  );
}

function UsersCard({ match: m }: { match: Match }) {
  return (
    <Card className="h-full">
      <h3 className="sr-only">{pairName(m)}</h3>
      <div className="grid gap-4 sm:grid-cols-2">
        {[m.user1, m.user2].map((u) => (
          <div key={u.id} className="min-w-0">
            <div className="flex items-center gap-3">
              <Avatar name={u.name} image={u.profileImage} size="sm" />
              <div className="min-w-0">
                <p className="font-semibold break-words text-wine-900">{u.name}</p>
                <p className="text-sm text-muted">Age {u.age}</p>
              </div>
            </div>
            <div className="mt-3">
              <InterestChips interests={u.interests} label={`${u.name}'s interests`} highlight={m.sharedInterests} />
            </div>
          </div>
        ))}
      </div>
      <p className="mt-4 border-t border-wine-100 pt-3 text-sm text-ink">
        <span className="font-semibold">Shared interests: </span>
        {m.sharedInterests.length ? m.sharedInterests.join(', ') : 'none'}
      </p>
    </Card>
  );
}

function ReleaseContacts({ eventId, title, count }: { eventId: number; title: string | undefined; count: number }) {
  const [open, setOpen] = useState(false);
  const release = useReleaseContacts();
  const change = (next: boolean) => {
    if (!release.isPending) setOpen(next);
  };
  return (
    <Dialog open={open} onOpenChange={change}>
      <DialogTrigger asChild>
        <Button variant="secondary">
          <Megaphone aria-hidden="true" className="size-5" />
          Release contacts
        </Button>
      </DialogTrigger>
      <DialogContent
        title="Release contacts?"
        description={
          <>
            The {plural(count, 'matched pair', 'matched pairs')} of {title ?? 'this evening'} will see each other's e-mail and phone number, and ratings close.
            Guests consented to sharing with their mutual matches when they registered.
          </>
        }
        icon={<DialogIcon icon={ShieldCheck} tone="warm" />}
        closeDisabled={release.isPending}
      >
        <p className="mt-3 rounded-2xl bg-cream p-3 text-sm text-muted ring-1 ring-wine-100">
          Only mutual matches are shared. Guests who did not match see nothing of each other. Open pages update at once.
        </p>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline" disabled={release.isPending}>
              Not yet
            </Button>
          </DialogClose>
          <Button
            disabled={release.isPending}
            onClick={() =>
              release.mutate(eventId, {
                onSuccess: (r) => {
                  setOpen(false);
                  toast.success('Contacts Released', {
                    description: `${plural(r.matches, 'matched pair', 'matched pairs')} can now see each other's contact details.`,
                  });
                },
                onError: (err) => toast.error('Release Failed', { description: messageOf(err, 'Failed to release contacts') }),
              })
            }
          >
            {release.isPending ? 'Releasing…' : 'Release contacts'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
