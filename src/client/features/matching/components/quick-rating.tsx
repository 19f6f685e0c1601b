import { Heart } from 'lucide-react';
import { useId } from 'react';
import { MIN_MATCH_RATING } from '@shared/domain/constants';
import { cn } from '@client/components/ui/cn';
import { messageOf } from '@client/lib/api';
import { KEPT_ON_PHONE } from '@client/lib/outbox';
import { useRatingsGiven, useSubmitRating } from '../api/matches';
import { firstName, RATING_LABELS, RATING_VALUES } from '../lib/matches';

/**
 * The rating of the partner just met, in one tap (for the 'Time to Switch!' overlay of /timer):
 * five buttons, each saves at once. The same rating as the event page's card (one per partner,
 * changeable until matches are released), so choosing again changes it.
 */
export function QuickRating({ eventId, userId, round, partner }: { eventId: number; userId: number; round: number; partner: { id: number; name: string } }) {
  const given = useRatingsGiven(eventId, userId);
  const submit = useSubmitRating(eventId, userId);
  const legendId = useId();
  const first = firstName(partner.name);
  const mine = given.data?.find((r) => r.ratedId === partner.id);
  const saved = mine?.rating ?? null;
  const chosen = submit.isPending ? (submit.variables?.rating ?? saved) : saved;

  return (
    <div role="group" aria-labelledby={legendId} className="w-full max-w-md">
      <p id={legendId} className="text-lg font-bold">
        How was your chat with {first}?
      </p>
      <div className="mt-3 grid grid-cols-5 gap-2">
        {RATING_VALUES.map((v) => (
          <button
            key={v}
            type="button"
            aria-pressed={chosen === v}
            aria-label={`${v}: ${RATING_LABELS[v]}`}
            disabled={submit.isPending}
            onClick={() => submit.mutate({ ratedId: partner.id, rating: v, round, partnerName: partner.name })}
            className={cn(
              'flex min-h-14 items-center justify-center gap-0.5 rounded-2xl text-2xl leading-none font-bold ring-2 ring-inset transition-colors disabled:cursor-wait',
              chosen === v ? 'bg-wine-900 text-cream ring-wine-900' : 'bg-white text-wine-900 ring-white hover:ring-wine-700',
            )}
          >
            {v}
            {v >= MIN_MATCH_RATING && <Heart aria-hidden="true" className={cn('size-3.5', chosen === v ? 'fill-cream' : 'fill-wine-700 text-wine-700')} />}
          </button>
        ))}
      </div>
      {/* The scale's two ends; each button's name says its label in full. */}
      <p aria-hidden="true" className="mt-1.5 flex justify-between text-sm font-semibold">
        <span>{RATING_LABELS[RATING_VALUES[0]]}</span>
        <span>{RATING_LABELS[RATING_VALUES[RATING_VALUES.length - 1]!]}</span>
      </p>
      <p role="status" className="mt-3 min-h-6 text-base font-semibold">
        {submit.isPending
          ? 'Saving…'
          : submit.isError
            ? `Not saved: ${messageOf(submit.error, 'Failed to submit rating')}. Tap again, or rate on the event page.`
            : saved !== null && mine?.keptOnPhone
              ? `${saved}, ${RATING_LABELS[saved]} for ${first}: ${KEPT_ON_PHONE}`
              : saved !== null
                ? `✓ Saved: ${saved}, ${RATING_LABELS[saved]} for ${first}. Only you see it.`
                : 'One tap saves it. Only you see your ratings.'}
      </p>
    </div>
  );
}
