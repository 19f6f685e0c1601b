import { CalendarX2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { StillComingAnswer } from '@shared/schemas/still-coming';
import { Button } from '@client/components/ui/button';
import { LoadError } from '@client/components/ui/load-error';
import { NoticeCard } from '@client/components/ui/notice-card';
import { Spinner } from '@client/components/ui/spinner';
import { ApiError, messageOf } from '@client/lib/api';
import { useAnswerByLink, useStillComingLink } from '../api/still-coming';
import { StillComingCard } from './still-coming-question';

/**
 * /still-coming/{token}: the e-mail's one-tap page, no sign-in needed (the token is the proof).
 * Opening it changes nothing; a button answers, once; afterwards the page says what was answered.
 */
export function StillComingLinkScreen({ token }: { token: string }) {
  const question = useStillComingLink(token);
  const answer = useAnswerByLink(token);
  const [pending, setPending] = useState<StillComingAnswer | null>(null);

  if (question.isPending) return <Spinner label="Loading your evening" />;
  if (question.isError) {
    const err = question.error;
    if (err instanceof ApiError && (err.status === 404 || err.status === 410)) {
      return (
        <NoticeCard
          icon={CalendarX2}
          title={err.status === 404 ? "This link doesn't work" : 'Nothing to answer'}
          actions={
            <>
              <Button asChild size="lg">
                <Link to="/notifications">My notifications</Link>
              </Button>
              <Button asChild size="lg" variant="outline">
                <Link to="/events">Browse evenings</Link>
              </Button>
            </>
          }
        >
          <p>{messageOf(err, 'This link is no longer valid.')}</p>
        </NoticeCard>
      );
    }
    return (
      <LoadError title="We couldn't load your evening" message={messageOf(err, 'Please check your connection.')} onRetry={() => void question.refetch()} />
    );
  }

  const onAnswer = (a: StillComingAnswer) => {
    setPending(a);
    answer.mutate(a, { onSettled: () => setPending(null) });
  };
  return (
    <div className="space-y-4">
      <p className="text-lg text-ink">Hi {question.data.firstName},</p>
      <StillComingCard
        question={question.data}
        heading="h2"
        onAnswer={onAnswer}
        pending={pending}
        error={answer.isError ? messageOf(answer.error, 'Your answer could not be saved. Please try again.') : null}
      />
      {question.data.answer === 'no' && (
        <Button asChild variant="outline" size="lg" block>
          <Link to="/events">See other evenings</Link>
        </Button>
      )}
    </div>
  );
}
