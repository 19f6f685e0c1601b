import { CalendarHeart, CalendarCheck, Hourglass, type LucideIcon } from 'lucide-react';
import { useId } from 'react';
import { MET_AGAIN_ANSWERS, MET_AGAIN_LABELS, metAgainAnsweredNote, metAgainQuestionText, type MetAgainAnswerKey } from '@shared/domain/met-again';
import type { MetAgainQuestion } from '@shared/schemas/met-again';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { formatDate } from '@client/lib/format';

const ICONS: Record<MetAgainAnswerKey, LucideIcon> = { met: CalendarHeart, planned: CalendarCheck, not_yet: Hourglass };

/**
 * One question: "Did you meet NAME again?", the evening it is about, and three big buttons (met /
 * planned / not yet). After the answer, what was answered.
 */
export function MetAgainCard({
  question: q,
  heading: Heading = 'h2',
  onAnswer,
  pending,
  error,
}: {
  question: MetAgainQuestion;
  heading?: 'h1' | 'h2' | 'h3';
  onAnswer: (answer: MetAgainAnswerKey) => void;
  pending: MetAgainAnswerKey | null;
  error: string | null;
}) {
  const titleId = useId();
  return (
    <Card aria-labelledby={titleId} role="region">
      <Heading id={titleId} className="font-display text-2xl font-bold text-wine-900">
        {metAgainQuestionText(q.otherName)}
      </Heading>
      <p className="mt-2 text-base text-ink">
        You matched at {q.eventTitle} on {formatDate(q.eventDate, 'long')}.
      </p>
      {q.answer ? (
        <p role="status" className="mt-5 rounded-2xl bg-apricot-100 px-4 py-3 text-base font-semibold text-wine-900">
          {metAgainAnsweredNote(q.answer, q.otherName)}
        </p>
      ) : (
        <div className="mt-5 grid gap-3 sm:grid-cols-3">
          {MET_AGAIN_ANSWERS.map((a) => {
            const Icon = ICONS[a];
            return (
              <Button key={a} size="lg" block variant={a === 'met' ? 'primary' : 'outline'} disabled={pending !== null} onClick={() => onAnswer(a)}>
                <Icon aria-hidden="true" className="size-5" />
                {pending === a ? 'Saving…' : MET_AGAIN_LABELS[a]}
              </Button>
            );
          })}
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
