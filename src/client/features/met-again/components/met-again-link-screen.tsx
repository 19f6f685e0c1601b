import { CalendarX2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { MetAgainAnswerKey } from '@shared/domain/met-again';
import { Button } from '@client/components/ui/button';
import { LoadError } from '@client/components/ui/load-error';
import { NoticeCard } from '@client/components/ui/notice-card';
import { Spinner } from '@client/components/ui/spinner';
import { ApiError, messageOf } from '@client/lib/api';
import { useAnswerMetAgainByLink, useMetAgainLink } from '../api/met-again';
import { MetAgainCard } from './met-again-card';

/**
 * /met-again/{token}: the e-mail's one-tap page, no sign-in needed (the token is the proof). Opening
 * it changes nothing; a button answers, once; afterwards the page says what was answered.
 */
export function MetAgainLinkScreen({ token }: { token: string }) {
  const question = useMetAgainLink(token);
  const answer = useAnswerMetAgainByLink(token);
  const [pending, setPending] = useState<MetAgainAnswerKey | null>(null);

  if (question.isPending) return <Spinner label="Loading your question" />;
  if (question.isError) {
    const err = question.error;
    if (err instanceof ApiError && err.status === 404) {
      return (
        <NoticeCard
          icon={CalendarX2}
          title="This link doesn't work"
          actions={
            <>
              <Button asChild size="lg">
                <Link to="/notifications">My notifications</Link>
              </Button>
              <Button asChild size="lg" variant="outline">
                <Link to="/my-matches">My matches</Link>
              </Button>
            </>
          }
        >
          <p>{messageOf(err, 'This link is no longer valid.')}</p>
        </NoticeCard>
      );
    }
    return (
      <LoadError title="We couldn't load your question" message={messageOf(err, 'Please check your connection.')} onRetry={() => void question.refetch()} />
    );
  }

  const onAnswer = (a: MetAgainAnswerKey) => {
    setPending(a);
    answer.mutate(a, { onSettled: () => setPending(null) });
  };
  return (
    <div className="space-y-4">
      <p className="text-lg text-ink">Hi {question.data.firstName},</p>
      <MetAgainCard
        question={question.data}
        heading="h2"
        onAnswer={onAnswer}
        pending={pending}
        error={answer.isError ? messageOf(answer.error, 'Your answer could not be saved. Please try again.') : null}
      />
      {question.data.answer && (
        <div className="grid gap-3 sm:grid-cols-2">
          <Button asChild size="lg" block>
            <Link to="/my-matches">See my matches</Link>
          </Button>
          <Button asChild variant="outline" size="lg" block>
            <Link to="/events">Find your next evening</Link>
          </Button>
        </div>
      )}
    </div>
  );
}
