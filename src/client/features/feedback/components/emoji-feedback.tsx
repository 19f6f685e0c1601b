import { KEPT_ON_PHONE } from '@client/lib/outbox';
import { SmilePlus } from 'lucide-react';
import { useId, useState } from 'react';
import { countEmoji, EMOJI_CHOICES, type EmojiKey } from '@shared/domain/feedback';
import { Card } from '@client/components/ui/card';
import { cn } from '@client/components/ui/cn';
import { LoginButton } from '@client/components/ui/notice-card';
import { messageOf } from '@client/lib/api';
import { useEmojiFeedback, useMyEmoji, useReact } from '../api/feedback';

export const REACTION_PENDING = 'Submitting your reaction...';
export const REACTION_THANKS = 'Thanks for your feedback! Your reaction helps improve future events.';
export const REACTIONS_FROM_GUESTS = 'Reactions come from the guests who were checked in.';

/**
 * The emoji widget (docs/spec/organiser-tools.md §3 "Event feedback (emoji widget)", §4 "Emoji
 * feedback", §7): eight reactions in a four-column grid with their counts. A member's choice is
 * marked; choosing another saves it, choosing the same one does nothing; the buttons are disabled
 * while saving. Visitors see the counts and a way to log in. Usable on any event page; only the
 * evening's checked-in guests may react, and only their reactions are counted (issue 33): anyone
 * else who tries reads the server's refusal under the buttons.
 */
export function EmojiFeedback({ eventId, userId, title = 'How was the evening?' }: { eventId: number; userId: number | null; title?: string }) {
  const headingId = useId();
  const list = useEmojiFeedback(eventId);
  const counts = countEmoji(list.data ?? []);
  const total = list.data?.length ?? 0;

  return (
    <Card aria-labelledby={headingId} role="region">
      <h2 id={headingId} className="flex items-center gap-2 text-xl font-semibold text-wine-900">
        <SmilePlus aria-hidden="true" className="size-6 text-wine-700" />
        {title}
      </h2>
      <p className="mt-1 text-muted">
        {list.isError
          ? "We couldn't load the reactions just now."
          : list.isPending
            ? 'Loading the reactions…'
            : total === 0
              ? 'No reactions yet: be the first.'
              : `${total} ${total === 1 ? 'reaction' : 'reactions'} so far.`}
      </p>
      <p className="text-sm text-muted">{REACTIONS_FROM_GUESTS}</p>
      {userId === null ? <VisitorTally counts={counts} /> : <ReactionButtons eventId={eventId} userId={userId} counts={counts} />}
    </Card>
  );
}

function Count({ n }: { n: number }) {
  return (
    <span className="text-sm font-bold tabular-nums text-wine-900">
      {n}
      <span className="sr-only"> {n === 1 ? 'reaction' : 'reactions'}</span>
    </span>
  );
}

function VisitorTally({ counts }: { counts: Record<EmojiKey, number> }) {
  return (
    <>
      <ul className="mt-4 grid grid-cols-4 gap-2" aria-label="Reactions so far">
        {EMOJI_CHOICES.map((e) => (
          <li key={e.key} className="flex min-h-20 flex-col items-center justify-center rounded-2xl bg-wine-50 px-1 py-2 text-center">
            <span aria-hidden="true" className="text-2xl">
              {e.symbol}
            </span>
            <span className="text-xs font-semibold text-wine-800">{e.label}</span>
            <Count n={counts[e.key]} />
          </li>
        ))}
      </ul>
      <div className="mt-4 flex flex-col items-center gap-3 rounded-2xl bg-apricot-100/60 p-4 text-center sm:flex-row sm:justify-between sm:text-left">
        <p className="text-ink">Log in to add your reaction.</p>
        <LoginButton />
      </div>
    </>
  );
}

function ReactionButtons({ eventId, userId, counts }: { eventId: number; userId: number; counts: Record<EmojiKey, number> }) {
  const mine = useMyEmoji(eventId, userId);
  const react = useReact(eventId, userId);
  const [thanked, setThanked] = useState(false);
  const [kept, setKept] = useState(false);
  const current = react.isPending ? null : (mine.data?.emoji ?? null);

  const choose = (emoji: EmojiKey) => {
    // §4: choosing the current emoji again does nothing.
    if (emoji === mine.data?.emoji || react.isPending) return;
    setThanked(false);
    setKept(false);
    react.mutate(emoji, { onSuccess: (r) => (r.kept ? setKept(true) : setThanked(true)) });
  };

  return (
    <>
      <div className="mt-4 grid grid-cols-4 gap-2" role="group" aria-label="Your reaction">
        {EMOJI_CHOICES.map((e) => {
          const chosen = current === e.key || (react.isPending && react.variables === e.key);
          return (
            <button
              key={e.key}
              type="button"
              aria-pressed={current === e.key}
              disabled={react.isPending}
              onClick={() => choose(e.key)}
              className={cn(
                'flex min-h-20 flex-col items-center justify-center rounded-2xl border-2 px-1 py-2 text-center transition-colors disabled:cursor-wait disabled:opacity-60',
                chosen ? 'border-wine-700 bg-wine-100' : 'border-wine-100 bg-white hover:bg-wine-50',
              )}
            >
              <span aria-hidden="true" className="text-2xl">
                {e.symbol}
              </span>
              <span className="text-xs font-semibold text-wine-800">{e.label}</span>
              <Count n={counts[e.key]} />
            </button>
          );
        })}
      </div>
      <p role="status" aria-live="polite" className="mt-3 min-h-6 text-center font-medium text-wine-800">
        {react.isPending ? REACTION_PENDING : kept ? `Your reaction is ${KEPT_ON_PHONE}.` : thanked ? REACTION_THANKS : ''}
      </p>
      {react.isError && (
        <p role="alert" className="mt-2 rounded-2xl bg-red-50 px-4 py-3 text-center font-medium text-red-800">
          {messageOf(react.error, 'Your reaction was not saved. Please try again.')}
        </p>
      )}
    </>
  );
}
