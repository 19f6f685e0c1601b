import { Heart, HeartHandshake, ThumbsDown } from 'lucide-react';
import { forwardRef, useState } from 'react';
import type { Connection, Decision } from '@shared/schemas/matching';
import { Button } from '@client/components/ui/button';
import { messageOf } from '@client/lib/api';

/**
 * The private yes/no after a conversation: 'Would you like to stay in touch with NAME?'. Yes is a
 * quick rating of 4, No of 1; only two yeses make a match.
 */
export const DecisionCard = forwardRef<
  HTMLElement,
  {
    connection: Connection;
    /** The round is still running: answer when the chat ends. */
    roundRunning: boolean;
    /** More answers waiting after this one. */
    waiting: number;
    busy: boolean;
    onDecide: (decision: Decision) => Promise<void>;
    /** Shown when changing an earlier answer. */
    onCancel?: (() => void) | undefined;
  }
>(function DecisionCard({ connection, roundRunning, waiting, busy, onDecide, onCancel }, ref) {
  const [error, setError] = useState<string | null>(null);
  const name = connection.participantName;
  const decide = async (d: Decision) => {
    setError(null);
    try {
      await onDecide(d);
    } catch (err) {
      setError(messageOf(err, "We couldn't save your answer. Please try again."));
    }
  };
  const changing = connection.response !== null;

  return (
    <section
      ref={ref}
      tabIndex={-1}
      aria-labelledby="decision-heading"
      className="rounded-3xl bg-apricot-100 p-5 shadow-sm ring-2 ring-apricot-300 focus:outline-none focus-visible:outline-3 sm:p-6"
    >
      <h2 id="decision-heading" className="flex items-center gap-2 text-xl font-semibold text-wine-900">
        <HeartHandshake aria-hidden="true" className="size-6 text-wine-700" />
        {changing ? 'Change your answer' : 'Stay in touch?'}
        {waiting > 0 && <span className="ml-auto rounded-full bg-white px-3 py-0.5 text-sm font-semibold text-wine-800">{waiting} more to answer</span>}
      </h2>
      <p className="mt-3 font-display text-2xl leading-snug font-semibold text-wine-900">Would you like to stay in touch with {name}?</p>
      <p className="mt-2 text-wine-900">
        {changing ? `You said ${connection.response === 'yes' ? 'Yes' : 'No'}. ` : roundRunning ? 'No rush: answer when your conversation ends. ' : ''}
        Your answer is private: you only match if you both say yes.
      </p>
      {error && (
        <p role="alert" className="mt-4 rounded-2xl bg-white p-4 font-medium text-red-800 ring-1 ring-red-200">
          {error}
        </p>
      )}
      <div className="mt-5 grid grid-cols-2 gap-3">
        <Button size="lg" disabled={busy} onClick={() => void decide('yes')}>
          <Heart aria-hidden="true" className="size-6" />
          Yes
        </Button>
        <Button size="lg" variant="outline" disabled={busy} onClick={() => void decide('no')}>
          <ThumbsDown aria-hidden="true" className="size-6" />
          No
        </Button>
      </div>
      {onCancel && (
        <Button variant="ghost" block className="mt-2" onClick={onCancel} disabled={busy}>
          Keep my answer
        </Button>
      )}
    </section>
  );
});
