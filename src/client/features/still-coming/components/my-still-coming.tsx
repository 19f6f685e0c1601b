import { useState } from 'react';
import { toast } from 'sonner';
import { answeredNote } from '@shared/domain/still-coming';
import type { StillComingAnswer } from '@shared/schemas/still-coming';
import { messageOf } from '@client/lib/api';
import { useAnswerAsGuest, useMyStillComing } from '../api/still-coming';
import { StillComingCard } from './still-coming-question';

/**
 * On /notifications: the signed-in guest's "Still coming?" questions not yet answered, with the
 * same two buttons as the e-mail's page. Nothing when there are none (or they cannot be loaded:
 * the e-mail has the same question).
 */
export function MyStillComing() {
  const mine = useMyStillComing();
  const answer = useAnswerAsGuest();
  const [pending, setPending] = useState<{ eventId: number; answer: StillComingAnswer } | null>(null);
  const [error, setError] = useState<{ eventId: number; message: string } | null>(null);
  const questions = mine.data?.questions ?? [];
  if (!questions.length) return null;
  return (
    <section aria-label="Still coming?" className="mb-6 space-y-4">
      {questions.map((q) => (
        <StillComingCard
          key={q.eventId}
          question={q}
          heading="h2"
          pending={pending?.eventId === q.eventId ? pending.answer : null}
          error={error?.eventId === q.eventId ? error.message : null}
          onAnswer={(a) => {
            setPending({ eventId: q.eventId, answer: a });
            setError(null);
            answer.mutate(
              { eventId: q.eventId, answer: a },
              {
                onSuccess: (done) => toast.success(answeredNote(a, done.refund)),
                onError: (err) => setError({ eventId: q.eventId, message: messageOf(err, 'Your answer could not be saved. Please try again.') }),
                onSettled: () => setPending(null),
              },
            );
          }}
        />
      ))}
    </section>
  );
}
