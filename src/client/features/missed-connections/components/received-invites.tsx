import { BellOff, CheckCircle2, Undo2 } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { NoticeCard } from '@client/components/ui/notice-card';
import { Spinner } from '@client/components/ui/spinner';
import { ApiError, messageOf } from '@client/lib/api';
import { formatDate } from '@client/lib/format';
import { useInviteBlock, useMyInvites, useStopInvites } from '../api/missed-connections';
import { eveningWhen } from './follow-up-tab';

/**
 * Invites you've received (docs/product.md "Organiser tools are real"): who invited the member
 * (first name), where they met, the evening they were invited to, and 'Stop invites from NAME'
 * with an undo. Several invites from one person share one stop.
 */
export function ReceivedInvitesSection() {
  const invites = useMyInvites();
  const block = useInviteBlock();
  const busyId = block.isPending ? block.variables?.userId : undefined;
  const last = block.isSuccess ? block.data : null;

  return (
    <section aria-labelledby="received-invites-title" className="mt-10">
      <h2 id="received-invites-title" className="mb-3 text-2xl font-semibold text-wine-900">
        Invites you've received
      </h2>
      {invites.isPending ? (
        <Spinner label="Loading your invites" />
      ) : invites.isError ? (
        <Card>
          <p role="alert">{messageOf(invites.error, "We couldn't load your invites.")}</p>
          <Button variant="outline" className="mt-3" onClick={() => void invites.refetch()}>
            Try again
          </Button>
        </Card>
      ) : invites.data.invites.length === 0 ? (
        <p className="text-muted">No follow-up invites yet. When someone you met invites you to another evening, it shows up here.</p>
      ) : (
        <>
          <p role="status" className="mb-3 min-h-6 text-sm text-muted">
            {block.isError
              ? messageOf(block.error, 'That did not work. Please try again.')
              : last
                ? last.blocked
                  ? `You won't get follow-up invites from ${last.firstName} again.`
                  : `Invites from ${last.firstName} are welcome again.`
                : ''}
          </p>
          <ul className="space-y-3" aria-label="Invites you've received">
            {invites.data.invites.map((i) => (
              <li key={i.id} className="rounded-3xl border border-wine-100 bg-white p-4 shadow-sm sm:p-5">
                <p className="text-lg font-semibold text-wine-900">
                  {i.from.firstName} invited you to {i.event.title}
                </p>
                <p className="text-sm text-ink">
                  {eveningWhen(i.event)} at {i.event.venue}
                </p>
                <p className="text-sm text-muted">
                  You met at {i.metAt.title} ({formatDate(i.metAt.date, 'plain')}) · sent {formatDate(i.sentAt, 'plain')}
                </p>
                <div className="mt-3 flex flex-col gap-2 sm:flex-row sm:flex-wrap">
                  <Button asChild variant="outline">
                    <Link to={`/events/${i.event.id}`}>See the evening</Link>
                  </Button>
                  {i.blocked ? (
                    <Button variant="ghost" disabled={busyId === i.from.userId} onClick={() => block.mutate({ userId: i.from.userId, blocked: false })}>
                      <Undo2 aria-hidden="true" className="size-5" />
                      Undo: allow invites from {i.from.firstName}
                    </Button>
                  ) : (
                    <Button variant="ghost" disabled={busyId === i.from.userId} onClick={() => block.mutate({ userId: i.from.userId, blocked: true })}>
                      <BellOff aria-hidden="true" className="size-5" />
                      Stop invites from {i.from.firstName}
                    </Button>
                  )}
                </div>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

/** The e-mail's 'stop invites' link (/missed-connections?stop=TOKEN): works for visitors too. */
export function StopInvites({ token, signedIn }: { token: string; signedIn: boolean }) {
  const stop = useStopInvites(token);
  if (stop.isPending) return <Spinner label="Stopping these invites" />;
  if (stop.isError) {
    const notFound = stop.error instanceof ApiError && (stop.error.status === 404 || stop.error.status === 400);
    return (
      <NoticeCard
        icon={BellOff}
        title={notFound ? 'This link is not valid' : "We couldn't stop the invites"}
        actions={
          !notFound && (
            <Button size="lg" variant="outline" onClick={() => void stop.refetch()}>
              Try again
            </Button>
          )
        }
        signIn={notFound && !signedIn}
      >
        <p role="alert">
          {notFound
            ? 'It may have been copied incompletely. Open the link from the e-mail again, or log in to manage the invites you have received.'
            : messageOf(stop.error, 'Please check your connection and try again.')}
        </p>
      </NoticeCard>
    );
  }
  const name = stop.data.firstName;
  return (
    <NoticeCard
      icon={CheckCircle2}
      title={`You won't get follow-up invites from ${name} again`}
      actions={
        signedIn ? (
          <Button asChild size="lg" variant="outline">
            <Link to="/missed-connections">Manage your invites</Link>
          </Button>
        ) : (
          <Button asChild size="lg" variant="outline">
            <Link to="/">Go to the home page</Link>
          </Button>
        )
      }
    >
      <p role="status">Done. {name} isn't told. Changed your mind? You can allow invites again from this page when you're logged in.</p>
    </NoticeCard>
  );
}
