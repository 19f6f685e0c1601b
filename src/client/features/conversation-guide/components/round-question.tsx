import { Lightbulb, MessageCircleQuestion, RefreshCw } from 'lucide-react';
import { Button } from '@client/components/ui/button';
import { messageOf } from '@client/lib/api';
import { useNextQuestion, useRoundQuestion } from '../api/conversation-guide';

/**
 * Under "Round n: talk to NAME at table T": one question for this pair (docs/decisions/0081), about
 * what the two share when they share something, a follow-up hint under it, and "Another question".
 * Nothing at all when the host turned the guide off, or the question cannot be had (the round card
 * stands on its own).
 */
export function RoundQuestion({ eventId, round }: { eventId: number; round: number }) {
  // Asked a few seconds after the bell, at a moment of this phone's own (docs/decisions/0146).
  const guide = useRoundQuestion(eventId, round);
  const next = useNextQuestion(eventId, round);
  const q = guide.data?.question;
  if (!q) return null;
  return (
    <section aria-labelledby={`guide-${round}`} className="mt-4 rounded-2xl bg-apricot-50 p-4 ring-1 ring-inset ring-apricot-200 sm:p-5">
      {/* What the two share is said in the question itself ('You both like walking. …'). */}
      <h3 id={`guide-${round}`} className="flex items-center gap-2 text-sm font-semibold uppercase tracking-wide text-wine-700">
        <MessageCircleQuestion aria-hidden="true" className="size-5" />
        {q.position === 0 ? 'A question to start' : `Question ${q.position + 1}`}
      </h3>
      <p className="mt-2 font-display text-lg font-bold leading-snug text-wine-900 sm:text-xl" aria-live="polite">
        {q.text}
      </p>
      <p className="mt-2 flex items-start gap-2 text-ink">
        <Lightbulb aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-apricot-700" />
        <span>
          <span className="font-semibold">Then: </span>
          {q.followUp}
        </span>
      </p>
      {guide.data?.more && (
        <Button variant="outline" size="sm" className="mt-3" disabled={next.isPending} onClick={() => next.mutate(q.position)}>
          <RefreshCw aria-hidden="true" className="size-4" />
          Another question
        </Button>
      )}
      {next.isError && (
        <p role="alert" className="mt-2 text-sm text-red-800">
          {messageOf(next.error, "We couldn't get another question. Try again in a moment.")}
        </p>
      )}
    </section>
  );
}
