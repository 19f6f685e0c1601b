import { CircleCheck, Clock, HeartHandshake, Mail, MessageCircle, Phone, Share2 } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef } from 'react';
import { toast } from 'sonner';
import type { Match } from '@shared/schemas/matching';
import { Avatar } from '@client/components/ui/avatar';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { Spinner } from '@client/components/ui/spinner';
import { messageOf } from '@client/lib/api';
import { useShareContact, userMatchesQuery } from '../api/matches';
import { counterpart, firstName, individualMessage, mailtoLink, MATCHING_RATINGS_TEXT, RATING_LABELS, whatsappLink } from '../lib/matches';
import { InterestChips } from './person';

/**
 * The member's matches at one evening (GET /api/events/{id}/matches/{userId}), for a completed
 * or selected event. A match whose contact is shared shows 'Contact Shared', the details the
 * server returned and a message action; otherwise 'Share Contact', then 'Waiting for them to share'.
 */
export function MatchesList({
  eventId,
  userId,
  eventTitle,
  headingLevel = 'h3',
}: {
  eventId: number;
  userId: number;
  eventTitle?: string;
  headingLevel?: 'h2' | 'h3';
}) {
  // Asked again when the list appears (the evening has just ended: what the phone read earlier, e.g. for
  // the live stats, predates the release) and whenever the phone is back online: a release announced
  // while it was away would otherwise go unseen (issue 32).
  const matches = useQuery({ ...userMatchesQuery(eventId, userId), refetchOnMount: 'always', refetchOnReconnect: 'always' });

  if (matches.isPending) return <Spinner label="Loading your matches" />;
  if (matches.isError)
    return (
      <div role="alert" className="rounded-3xl border border-wine-100 bg-white p-6 text-center shadow-sm">
        <p className="text-lg font-semibold text-wine-900">We couldn't load your matches</p>
        <p className="mt-1 text-muted">{messageOf(matches.error, 'Please check your connection and try again.')}</p>
        <Button variant="outline" className="mt-4" onClick={() => void matches.refetch()}>
          Try again
        </Button>
      </div>
    );
  if (matches.data.length === 0)
    return (
      <div className="flex flex-col items-center rounded-3xl border border-dashed border-wine-200 bg-white/70 px-6 py-10 text-center">
        <HeartHandshake aria-hidden="true" className="size-12 text-wine-300" />
        <p className="mt-3 text-xl font-semibold text-wine-900">No matches from this evening</p>
        <p className="mt-1 max-w-sm text-muted">
          A match needs both of you to rate each other {MATCHING_RATINGS_TEXT}. Every evening brings new people to meet.
        </p>
      </div>
    );

  return (
    <ul className="grid gap-4">
      {matches.data.map((m) => (
        <li key={m.id}>
          <MatchCard match={m} eventId={eventId} userId={userId} eventTitle={eventTitle} headingLevel={headingLevel} />
        </li>
      ))}
    </ul>
  );
}

/** MatchesList in a card with its own heading, for the event page once the evening is completed. */
export function MatchesCard({ eventId, userId, eventTitle }: { eventId: number; userId: number; eventTitle?: string }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <h2 id={headingId} className="text-2xl font-bold text-wine-900">
        Your matches
      </h2>
      <MatchesList eventId={eventId} userId={userId} eventTitle={eventTitle} />
    </section>
  );
}

/** After sharing (until the other person shares too). */
function WaitingNote() {
  return (
    <p
      tabIndex={-1}
      role="status"
      className="flex min-h-12 items-center justify-center gap-2 rounded-2xl bg-apricot-100 px-4 text-center font-semibold text-wine-900 focus:outline-none focus-visible:outline-3"
    >
      <Clock aria-hidden="true" className="size-5 shrink-0" />
      Waiting for them to share
    </p>
  );
}

function MatchCard({
  match,
  eventId,
  userId,
  eventTitle,
  headingLevel: H,
}: {
  match: Match;
  eventId: number;
  userId: number;
  eventTitle: string | undefined;
  headingLevel: 'h2' | 'h3';
}) {
  const other = counterpart(match, userId);
  const share = useShareContact(eventId, userId);
  const first = firstName(other.name);
  const wa = match.contactShared ? whatsappLink(other.contactInfo, individualMessage(other.name, eventTitle)) : null;
  const actionsRef = useRef<HTMLDivElement>(null);
  // After sharing, the button is replaced: focus goes to what replaced it (the note or the message link).
  useEffect(() => {
    if (share.isSuccess) actionsRef.current?.querySelector<HTMLElement>('a, [tabindex="-1"]')?.focus();
  }, [share.isSuccess, match.contactShared, match.sharedByMe]);

  return (
    <Card className="flex h-full flex-col">
      <div className="flex items-start gap-4">
        <Avatar name={other.name} image={other.profileImage} size="lg" />
        <div className="min-w-0 flex-1">
          <H className="text-xl leading-tight font-bold break-words text-wine-900">{other.name}</H>
          <p className="text-muted">
            Age {other.age}
            {match.round !== null && <> · Met in round {match.round}</>}
          </p>
          <div className="mt-2 flex flex-wrap gap-2">
            {match.contactShared ? (
              <Badge tone="green">
                <CircleCheck aria-hidden="true" className="mr-1 size-4" />
                Contact Shared
              </Badge>
            ) : (
              <Badge tone="wine">
                <HeartHandshake aria-hidden="true" className="mr-1 size-4" />
                {RATING_LABELS[match.matchScore] ?? 'Mutual match'}
              </Badge>
            )}
          </div>
        </div>
      </div>

      {match.sharedInterests.length > 0 ? (
        <div className="mt-4">
          <p className="mb-2 text-sm font-semibold text-wine-900">You both enjoy</p>
          <InterestChips interests={match.sharedInterests} label={`Interests you share with ${first}`} highlight={match.sharedInterests} />
        </div>
      ) : (
        <div className="mt-4">
          <InterestChips interests={other.interests} max={3} label={`${first}'s interests`} />
        </div>
      )}
      {other.bio && <p className="mt-3 line-clamp-3 leading-relaxed break-words text-ink">{other.bio}</p>}

      {match.contactShared && (other.email || other.contactInfo) && (
        <ul aria-label={`${first}'s contact details`} className="mt-4 space-y-1 rounded-2xl bg-cream p-3 ring-1 ring-wine-100">
          {other.email && (
            <li className="flex items-center gap-2">
              <Mail aria-hidden="true" className="size-4 shrink-0 text-wine-500" />
              <a
                href={mailtoLink(other.email, `We matched at ${eventTitle ?? 'Speed Friendship'}`)}
                className="inline-flex min-h-11 items-center font-medium [overflow-wrap:anywhere] text-wine-800 underline underline-offset-2"
              >
                {other.email}
              </a>
            </li>
          )}
          {other.contactInfo && (
            <li className="flex items-center gap-2">
              <Phone aria-hidden="true" className="size-4 shrink-0 text-wine-500" />
              <a
                href={`tel:${other.contactInfo.replace(/[^\d+]/g, '')}`}
                className="inline-flex min-h-11 items-center font-medium text-wine-800 underline underline-offset-2"
              >
                {other.contactInfo}
              </a>
            </li>
          )}
        </ul>
      )}

      <div ref={actionsRef} className="mt-auto pt-5">
        {match.contactShared ? (
          wa ? (
            <Button asChild block>
              <a href={wa} target="_blank" rel="noopener noreferrer">
                <MessageCircle aria-hidden="true" className="size-5" />
                Message {first} on WhatsApp
                <span className="sr-only"> (opens WhatsApp)</span>
              </a>
            </Button>
          ) : other.email ? (
            <Button asChild block>
              <a href={mailtoLink(other.email, `We matched at ${eventTitle ?? 'Speed Friendship'}`)}>
                <Mail aria-hidden="true" className="size-5" />
                Email {first}
              </a>
            </Button>
          ) : null
        ) : match.sharedByMe ? (
          <WaitingNote />
        ) : (
          <Button
            block
            variant="secondary"
            disabled={share.isPending}
            onClick={() =>
              share.mutate(match.id, {
                onSuccess: (m) =>
                  toast.success('Contact Shared', {
                    description: m.contactShared
                      ? `You and ${first} can now see each other's contact details.`
                      : `${first} will see your details once they share theirs too.`,
                  }),
                onError: (err) => toast.error('Sharing Failed', { description: messageOf(err, 'Failed to share your contact') }),
              })
            }
          >
            <Share2 aria-hidden="true" className="size-5" />
            {share.isPending ? 'Sharing…' : 'Share Contact'}
            <span className="sr-only"> with {other.name}</span>
          </Button>
        )}
      </div>
    </Card>
  );
}
