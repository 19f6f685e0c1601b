import { ChevronDown, Heart, HeartHandshake, MapPin, PartyPopper, SkipForward, Star } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { toast } from 'sonner';
import { KEPT_ON_PHONE } from '@client/lib/outbox';
import { MIN_MATCH_RATING } from '@shared/domain/constants';
import type { MyRound } from '@shared/schemas/live';
import type { Rating } from '@shared/schemas/matching';
import { Avatar } from '@client/components/ui/avatar';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { cn } from '@client/components/ui/cn';
import { Spinner } from '@client/components/ui/spinner';
import { messageOf } from '@client/lib/api';
import { useMyRotation } from '@client/lib/queries/live';
import { useRatingsGiven, useSubmitRating, type GivenRating } from '../api/matches';
import { firstName, MATCHING_RATINGS_TEXT, plural, RATING_LABELS, RATING_VALUES } from '../lib/matches';
import { InterestChips } from './person';

type Partner = NonNullable<MyRound['partner']>;
interface Meeting {
  round: number;
  table: number | null;
  partner: Partner;
}

/** Partners in rotation order, byes skipped, each person once (their first meeting). */
function meetingsOf(rotation: MyRound[]): Meeting[] {
  const seen = new Set<number>();
  const out: Meeting[] = [];
  for (const r of [...rotation].sort((a, b) => a.round - b.round)) {
    if (!r.partner || seen.has(r.partner.id)) continue;
    seen.add(r.partner.id);
    out.push({ round: r.round, table: r.table, partner: r.partner });
  }
  return out;
}

/** Skipped partners survive a reload of the page for the rest of the browser session. */
function useSkipped(eventId: number, userId: number) {
  const key = `rating-skipped:${eventId}:${userId}`;
  const [skipped, setSkipped] = useState<Set<number>>(() => {
    try {
      return new Set((JSON.parse(sessionStorage.getItem(key) ?? '[]') as unknown[]).filter((v): v is number => typeof v === 'number'));
    } catch {
      return new Set();
    }
  });
  const update = (next: Set<number>) => {
    setSkipped(next);
    try {
      sessionStorage.setItem(key, JSON.stringify([...next]));
    } catch {
      /* private mode: keep it in memory only */
    }
  };
  return [skipped, update] as const;
}

/**
 * The rating card of the live evening: conversation partners one at a time, in rotation order.
 * `round` is the current round of the timer: partners of later rounds wait until their round
 * starts. Pass null (or 0 once the evening has ended) to offer the whole rotation.
 * Submit and Skip both move on; partners already rated are skipped (and can be changed later,
 * prefilled, until the host releases matches). The server calculates matches itself after a
 * guest's last rating.
 */
export function RatingCard({ eventId, userId, round }: { eventId: number; userId: number; round?: number | null }) {
  const rotation = useMyRotation(eventId);
  const ratings = useRatingsGiven(eventId, userId);
  const [skipped, setSkipped] = useSkipped(eventId, userId);
  const [editing, setEditing] = useState<number | null>(null);
  /** After Submit or Skip, focus moves to what comes next (the next partner, or the thank-you). */
  const [moved, setMoved] = useState(false);
  const headingId = useId();
  // The mutation lives here, not in the partner's form: that form unmounts as soon as the rating is saved.
  const submit = useSubmitRating(eventId, userId);

  // A new round's partner arrives with the timer's state (the live socket puts it into this query:
  // docs/decisions/0017), so a round change needs no request here.

  const all = useMemo(() => meetingsOf(rotation.data ?? []), [rotation.data]);
  // Only conversations that took place are offered (docs/decisions/0063): the server's rotation holds
  // the rounds that started and, while the evening runs, the one up next, which waits for its round.
  const limit = round && round > 0 ? round : Infinity;
  const met = all.filter((m) => m.round <= limit);
  const given = useMemo(() => new Map((ratings.data ?? []).map((r) => [r.ratedId, r] as const)), [ratings.data]);
  const queue = met.filter((m) => !given.has(m.partner.id) && !skipped.has(m.partner.id));
  const current = editing !== null ? (met.find((m) => m.partner.id === editing) ?? null) : (queue[0] ?? null);

  let body;
  if (rotation.isPending || ratings.isPending) body = <Spinner label="Loading your conversation partners" />;
  else if (rotation.isError || ratings.isError)
    body = (
      <div role="alert" className="text-center">
        <p className="font-semibold text-wine-900">We couldn't load your conversation partners</p>
        <p className="mt-1 text-muted">{messageOf(rotation.error ?? ratings.error, 'Please check your connection and try again.')}</p>
        <Button variant="outline" className="mt-4" onClick={() => void Promise.all([rotation.refetch(), ratings.refetch()])}>
          Try again
        </Button>
      </div>
    );
  else if (all.length === 0)
    body = (
      <p className="text-muted">
        Your conversation partners appear here one at a time once the host starts round 1. After each chat, rate how it went: only you see your ratings.
      </p>
    );
  else if (current)
    body = (
      <PartnerRating
        key={current.partner.id}
        meeting={current}
        position={met.indexOf(current) + 1}
        total={met.length}
        previous={given.get(current.partner.id)}
        autoFocus={moved}
        pending={submit.isPending}
        onSubmit={(value) => {
          const first = firstName(current.partner.name);
          submit.mutate(
            { ratedId: current.partner.id, rating: value, round: current.round, partnerName: current.partner.name },
            {
              onSuccess: (result) => {
                if (result.kept) toast('Rating kept on this phone', { description: `${RATING_LABELS[value]} for ${first}: ${KEPT_ON_PHONE}.` });
                else toast.success('Rating Submitted', { description: `${RATING_LABELS[value]} for ${first}. Only you can see your ratings.` });
                setMoved(true);
                setEditing(null);
              },
              onError: (err) => toast.error('Rating Failed', { description: messageOf(err, 'Failed to submit rating') }),
            },
          );
        }}
        onSkip={() => {
          if (editing === null) setSkipped(new Set(skipped).add(current.partner.id));
          setMoved(true);
          setEditing(null);
        }}
      />
    );
  else
    body = (
      <Finished
        everyone={met.length === all.length}
        nextRound={Number.isFinite(limit) ? limit + 1 : null}
        met={met}
        given={given}
        skipped={met.filter((m) => skipped.has(m.partner.id) && !given.has(m.partner.id))}
        onRateSkipped={() => {
          const next = new Set(skipped);
          met.forEach((m) => next.delete(m.partner.id));
          setSkipped(next);
        }}
        autoFocus={moved}
        onChange={(id) => {
          setMoved(true);
          setEditing(id);
        }}
      />
    );

  return (
    <Card aria-labelledby={headingId} role="region">
      <div className="mb-4 flex items-center gap-3">
        <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-wine-100">
          <Star aria-hidden="true" className="size-5 text-wine-700" />
        </span>
        <h2 id={headingId} className="text-xl font-semibold text-wine-900 sm:text-2xl">
          Rate your conversations
        </h2>
      </div>
      {body}
    </Card>
  );
}

function PartnerRating({
  meeting,
  position,
  total,
  previous,
  autoFocus,
  pending,
  onSubmit,
  onSkip,
}: {
  meeting: Meeting;
  position: number;
  total: number;
  previous: Rating | undefined;
  autoFocus: boolean;
  pending: boolean;
  onSubmit: (value: number) => void;
  onSkip: () => void;
}) {
  const { partner } = meeting;
  const [value, setValue] = useState<number | null>(previous?.rating ?? null);
  const nameRef = useRef<HTMLHeadingElement>(null);
  const legendId = useId();

  // Each new partner takes focus (after the first), so keyboard and screen-reader users carry on from here.
  useEffect(() => {
    if (autoFocus) nameRef.current?.focus();
  }, [autoFocus]);

  const first = firstName(partner.name);

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (value === null || pending) return;
        onSubmit(value);
      }}
    >
      <p className="flex flex-wrap items-center gap-x-2 text-sm font-semibold text-muted">
        <span>
          Partner {position} of {total}
        </span>
        <span aria-hidden="true">·</span>
        <span>Round {meeting.round}</span>
        {meeting.table !== null && (
          <>
            <span aria-hidden="true">·</span>
            <span className="inline-flex items-center gap-1">
              <MapPin aria-hidden="true" className="size-4" />
              Table {meeting.table}
            </span>
          </>
        )}
      </p>
      <div aria-hidden="true" className="mt-2 flex gap-1">
        {Array.from({ length: total }, (_, i) => (
          <span key={i} className={cn('h-1.5 flex-1 rounded-full', i < position ? 'bg-wine-600' : 'bg-wine-100')} />
        ))}
      </div>

      <div className="mt-5 flex items-start gap-4">
        <Avatar name={partner.name} image={partner.profileImage} size="lg" />
        <div className="min-w-0 flex-1">
          <h3 ref={nameRef} tabIndex={-1} className="text-2xl leading-tight font-bold break-words text-wine-900 focus:outline-none focus-visible:outline-3">
            {partner.name}
          </h3>
          <p className="text-muted">Age {partner.age}</p>
        </div>
      </div>
      <div className="mt-3 space-y-3">
        <InterestChips interests={partner.interests} max={3} label={`${first}'s interests`} />
        {partner.bio && <p className="leading-relaxed break-words text-ink">{partner.bio}</p>}
      </div>

      <fieldset className="mt-6" aria-describedby={previous ? `${legendId}-prev` : undefined}>
        <legend id={legendId} className="mb-3 text-lg font-semibold text-wine-900">
          How was your conversation with {first}?
        </legend>
        {previous && (
          <p id={`${legendId}-prev`} className="-mt-1 mb-3 text-sm text-muted">
            You rated {first} {previous.rating}: {RATING_LABELS[previous.rating]}. Choose again to change it.
          </p>
        )}
        <div className="grid gap-2">
          {RATING_VALUES.map((v) => (
            <label
              key={v}
              className={cn(
                'flex min-h-14 cursor-pointer items-center gap-3 rounded-2xl border-2 px-3 py-2 transition-colors has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-apricot-500',
                value === v ? 'border-wine-700 bg-wine-50' : 'border-wine-100 bg-white hover:border-wine-300',
              )}
            >
              <input type="radio" name="rating" value={v} checked={value === v} onChange={() => setValue(v)} className="sr-only" />
              <span
                aria-hidden="true"
                className={cn(
                  'inline-flex size-9 shrink-0 items-center justify-center rounded-full text-lg font-bold',
                  value === v ? 'bg-wine-700 text-white' : 'bg-wine-50 text-wine-800',
                )}
              >
                {v}
              </span>
              <span className="flex-1 text-base font-semibold text-ink">
                <span className="sr-only">{v}: </span>
                {RATING_LABELS[v]}
              </span>
              {v >= MIN_MATCH_RATING && (
                <Heart aria-hidden="true" className={cn('size-5 shrink-0', value === v ? 'fill-wine-700 text-wine-700' : 'text-wine-300')} />
              )}
            </label>
          ))}
        </div>
      </fieldset>
      <p className="mt-3 text-sm text-muted">You match only if you both choose {MATCHING_RATINGS_TEXT}.</p>

      <div className="mt-5 grid grid-cols-[auto_minmax(0,1fr)] gap-3">
        <Button variant="outline" onClick={onSkip} disabled={pending}>
          <SkipForward aria-hidden="true" className="size-5" />
          Skip
        </Button>
        <Button type="submit" disabled={value === null || pending}>
          {pending ? 'Submitting…' : previous ? 'Update Rating' : 'Submit Rating'}
        </Button>
      </div>
    </form>
  );
}

function Finished({
  everyone,
  nextRound,
  met,
  given,
  skipped,
  onRateSkipped,
  onChange,
  autoFocus,
}: {
  everyone: boolean;
  nextRound: number | null;
  met: Meeting[];
  given: Map<number, GivenRating>;
  skipped: Meeting[];
  onRateSkipped: () => void;
  onChange: (partnerId: number) => void;
  autoFocus: boolean;
}) {
  const rated = met.filter((m) => given.has(m.partner.id));
  const statusRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (autoFocus) statusRef.current?.focus();
  }, [autoFocus]);
  return (
    <div>
      <div
        ref={statusRef}
        tabIndex={-1}
        role="status"
        className="flex items-start gap-3 rounded-2xl bg-apricot-100 p-4 focus:outline-none focus-visible:outline-3"
      >
        {everyone ? (
          <PartyPopper aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-wine-700" />
        ) : (
          <HeartHandshake aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-wine-700" />
        )}
        <div>
          <p className="text-lg font-bold text-wine-900">{everyone ? 'Thank you for rating!' : "You're all caught up"}</p>
          <p className="mt-1 text-ink">
            {everyone
              ? `Your matches are worked out from mutual ratings of ${MATCHING_RATINGS_TEXT}. The host releases contact details at the end of the evening.`
              : `Your next partner appears here when round ${nextRound ?? ''} starts.`}
          </p>
        </div>
      </div>

      {skipped.length > 0 && (
        <div className="mt-4 flex flex-col gap-3 rounded-2xl border border-wine-100 p-4 sm:flex-row sm:items-center">
          <p className="flex-1 text-ink">You skipped {plural(skipped.length, 'person', 'people')}.</p>
          <Button variant="secondary" size="sm" onClick={onRateSkipped}>
            Rate them now
          </Button>
        </div>
      )}

      {rated.length > 0 && (
        <details className="group mt-4 rounded-2xl border border-wine-100">
          <summary className="flex min-h-12 cursor-pointer list-none items-center justify-between gap-3 rounded-2xl px-4 font-semibold text-wine-800 hover:bg-wine-50 [&::-webkit-details-marker]:hidden">
            Your ratings ({rated.length})
            <ChevronDown aria-hidden="true" className="size-5 shrink-0 transition-transform group-open:rotate-180" />
          </summary>
          <ul className="divide-y divide-wine-100 border-t border-wine-100">
            {rated.map((m) => {
              const r = given.get(m.partner.id)!;
              return (
                <li key={m.partner.id} className="flex items-center gap-3 px-4 py-2">
                  <span className="min-w-0 flex-1">
                    <span className="block font-semibold break-words text-ink">{m.partner.name}</span>
                    <span className="block text-sm text-muted">
                      {r.rating}: {RATING_LABELS[r.rating]}
                      {r.keptOnPhone && `, ${KEPT_ON_PHONE}`}
                    </span>
                  </span>
                  <Button variant="ghost" size="sm" onClick={() => onChange(m.partner.id)}>
                    Change<span className="sr-only"> rating for {m.partner.name}</span>
                  </Button>
                </li>
              );
            })}
          </ul>
        </details>
      )}
    </div>
  );
}
