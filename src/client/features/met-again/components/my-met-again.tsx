import { useState } from 'react';
import { toast } from 'sonner';
import { metAgainAnsweredNote, type MetAgainAnswerKey } from '@shared/domain/met-again';
import { messageOf } from '@client/lib/api';
import { useAnswerMetAgain, useMyMetAgain } from '../api/met-again';
import { MetAgainCard } from './met-again-card';

/**
 * On /notifications: the signed-in guest's "Did you meet NAME again?" questions not yet answered, with
 * the same three buttons as the e-mail's page. Nothing when there are none.
 */
export function MyMetAgain() {
  const mine = useMyMetAgain();
  const answer = useAnswerMetAgain();
  const [pending, setPending] = useState<{ id: number; answer: MetAgainAnswerKey } | null>(null);
  const [error, setError] = useState<{ id: number; message: string } | null>(null);
  const questions = mine.data?.questions ?? [];
  if (!questions.length) return null;
  return (
    <section aria-label="Did you meet again?" className="mb-6 space-y-4">
      {questions.map((q) => (
        <MetAgainCard
          key={q.id}
          question={q}
          heading="h2"
          pending={pending?.id === q.id ? pending.answer : null}
          error={error?.id === q.id ? error.message : null}
          onAnswer={(a) => {
            setPending({ id: q.id, answer: a });
            setError(null);
            answer.mutate(
              { id: q.id, answer: a },
              {
                onSuccess: (done) => toast.success(metAgainAnsweredNote(a, done.otherName)),
                onError: (err) => setError({ id: q.id, message: messageOf(err, 'Your answer could not be saved. Please try again.') }),
                onSettled: () => setPending(null),
              },
            );
          }}
        />
      ))}
    </section>
  );
}
