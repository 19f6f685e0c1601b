import { CalendarDays, MapPin } from 'lucide-react';
import { useId } from 'react';
import { answeredNote, NO_LABEL, releaseNote, stillComingQuestionText, YES_LABEL } from '@shared/domain/still-coming';
import type { StillComingAnswer, StillComingQuestion } from '@shared/schemas/still-coming';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { formatDate, formatTimeRange } from '@client/lib/format';

/** "Still coming to NAME on DAY?" as a heading (the level the page needs). */
export function questionTitle(q: Pick<StillComingQuestion, 'title' | 'date'>) {
  return stillComingQuestionText(q.title, formatDate(q.date, 'long'));
}

/**
 * One question: the evening, then "Yes, see you there" and "I can't make it", the second saying
 * before it is pressed what happens to the seat and the money. After the answer, what was answered.
 */
export function StillComingCard({
  question: q,
  heading: Heading = 'h2',
  onAnswer,
  pending,
  error,
}: {
  question: StillComingQuestion;
  heading?: 'h1' | 'h2' | 'h3';
  onAnswer: (answer: StillComingAnswer) => void;
  pending: StillComingAnswer | null;
  error: string | null;
}) {
  const titleId = useId();
  const noteId = useId();
  return (
    <Card aria-labelledby={titleId} role="region">
      <Heading id={titleId} className="font-display text-2xl font-bold text-wine-900">
        {q.answer ? q.title : questionTitle(q)}
      </Heading>
      <ul className="mt-3 space-y-1.5 text-base text-ink">
        <li className="flex items-center gap-2">
          <CalendarDays aria-hidden="true" className="size-5 shrink-0 text-wine-700" />
          {formatDate(q.date, 'long')} · {formatTimeRange(q)}
        </li>
        <li className="flex items-center gap-2">
          <MapPin aria-hidden="true" className="size-5 shrink-0 text-wine-700" />
          {q.venue}
        </li>
      </ul>
      {q.answer ? (
        <p role="status" className="mt-5 rounded-2xl bg-apricot-100 px-4 py-3 text-base font-semibold text-wine-900">
          {answeredNote(q.answer, q.refund)}
        </p>
      ) : (
        <div className="mt-5 grid gap-3 sm:grid-cols-2">
          <Button size="lg" block disabled={pending !== null} onClick={() => onAnswer('yes')}>
            {pending === 'yes' ? 'Saving…' : YES_LABEL}
          </Button>
          <Button
            size="lg"
            variant="outline"
            block
            disabled={pending !== null}
            aria-describedby={noteId}
            className="h-auto flex-col gap-0.5 py-2"
            onClick={() => onAnswer('no')}
          >
            <span>{pending === 'no' ? 'Releasing your place…' : NO_LABEL}</span>
            <span id={noteId} className="text-sm font-normal text-muted">
              {releaseNote(q.refund)}
            </span>
          </Button>
        </div>
      )}
      {error && (
        <p role="alert" className="mt-3 font-semibold text-red-700">
          {error}
        </p>
      )}
    </Card>
  );
}
