import { HeartCrack, Hourglass, Mail, MessageSquareText, Phone, Sparkles } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { seeAgainText } from '@shared/domain/met-again';
import type { MatchUser, MyMatches, PendingRelease } from '@shared/schemas/matching';
import { Avatar } from '@client/components/ui/avatar';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { Spinner } from '@client/components/ui/spinner';
import { messageOf } from '@client/lib/api';
import { formatDate } from '@client/lib/format';
import { KEYS } from '@client/lib/session';
import { useMyMatches } from '../api/matches';
import { counterpart, firstName, mailtoLink, MATCHING_RATINGS_TEXT, pendingText, plural, smsLink } from '../lib/matches';
import { InterestChips } from './person';

/**
 * /my-matches: 'Waiting for Host' until the host releases contacts (polled every 2 seconds),
 * then the member's real matches with their contact details, or 'No Mutual Matches'. An evening
 * that is over but not released yet is named, with the latest time its matches are shared
 * (24 hours after it ends, when the server releases them itself). The local flag
 * contactsReleased mirrors the server's answer; the server decides. `actions` adds more for the
 * person of each match (the app composes Block and Report, docs/decisions/0041).
 */
export function MyMatchesScreen({ userId, actions }: { userId: number; actions?: MatchActions }) {
  const q = useMyMatches();
  const released = q.data?.released ?? false;
  const pending = q.data?.pending ?? [];
  // Still waiting: nothing released yet, or an evening is not released yet and nothing else matched.
  const waiting = !released || (pending.length > 0 && (q.data?.matches.length ?? 0) === 0);

  useEffect(() => {
    if (!q.data) return;
    try {
      if (q.data.released) localStorage.setItem(KEYS.contactsReleased, 'true');
      else localStorage.removeItem(KEYS.contactsReleased);
    } catch {
      /* storage unavailable: the server's answer is all that matters */
    }
  }, [q.data]);

  // Announce the moment the host releases contacts while the page is open.
  const wasWaiting = useRef(false);
  const [announce, setAnnounce] = useState('');
  useEffect(() => {
    if (!q.data) return;
    if (waiting) wasWaiting.current = true;
    else if (wasWaiting.current) {
      wasWaiting.current = false;
      setAnnounce(q.data.matches.length ? 'The host has released contacts. Your matches are below.' : 'The host has released contacts.');
    }
  }, [q.data, waiting]);

  let body;
  if (q.isPending) body = <Spinner label="Checking for your matches" />;
  else if (q.isError && !q.data)
    body = (
      <div role="alert" className="rounded-3xl border border-wine-100 bg-white p-6 text-center shadow-sm">
        <p className="text-lg font-semibold text-wine-900">We couldn't check your matches</p>
        <p className="mt-1 text-muted">{messageOf(q.error, 'Please check your connection and try again.')}</p>
        <Button variant="outline" className="mt-4" onClick={() => void q.refetch()}>
          Try again
        </Button>
      </div>
    );
  else if (waiting) body = <Waiting pending={pending} />;
  else if (q.data && q.data.matches.length === 0) body = <NoMatches />;
  else body = <MatchList data={q.data!} userId={userId} actions={actions} />;
  const laterToo = !waiting && pending.length > 0;
  const seeAgain = !waiting ? (q.data?.seeAgain ?? []) : [];

  return (
    <>
      <p role="status" className="sr-only">
        {announce}
      </p>
      {seeAgain.length > 0 && <SeeAgain counts={seeAgain} />}
      {laterToo && (
        <Card className="mx-auto mb-5 max-w-xl">
          <PendingList pending={pending} />
        </Card>
      )}
      {body}
    </>
  );
}

/**
 * The liking gap's answer (docs/decisions/0083-met-again.md): how many people would like to see the
 * member again, per evening; a count, never who, and only when the server says it singles no one out.
 */
function SeeAgain({ counts }: { counts: MyMatches['seeAgain'] }) {
  return (
    <Card className="mx-auto mb-5 max-w-xl border-apricot-200 bg-apricot-100">
      <ul className="space-y-3">
        {counts.map((c) => (
          <li key={c.eventId} className="flex items-start gap-3">
            <span className="flex size-12 shrink-0 items-center justify-center rounded-full bg-white text-wine-700 shadow-sm">
              <Sparkles aria-hidden="true" className="size-6" />
            </span>
            <span>
              <span className="block text-lg font-bold text-wine-900">{seeAgainText(c.count)}</span>
              <span className="block text-muted">
                From {c.eventTitle} ({formatDate(c.eventDate, 'long')}). People often like us more than we think.
              </span>
            </span>
          </li>
        ))}
      </ul>
    </Card>
  );
}

function PendingList({ pending, className }: { pending: PendingRelease[]; className?: string }) {
  return (
    <ul className={className}>
      {pending.map((p) => (
        <li key={p.eventId} className="leading-relaxed text-ink">
          {pendingText(p)}
        </li>
      ))}
    </ul>
  );
}

function Waiting({ pending }: { pending: PendingRelease[] }) {
  return (
    <Card className="mx-auto max-w-xl overflow-hidden text-center">
      <div className="mx-auto flex size-20 items-center justify-center rounded-full bg-apricot-100">
        <Hourglass aria-hidden="true" className="size-10 text-wine-700 motion-safe:animate-pulse" />
      </div>
      <h2 className="mt-5 text-2xl font-bold text-wine-900 sm:text-3xl">Waiting for Host</h2>
      {pending.length > 0 && <PendingList pending={pending} className="mx-auto mt-3 max-w-md space-y-2 font-semibold" />}
      <p className="mx-auto mt-3 max-w-md leading-relaxed text-ink">
        Your host releases everyone's contact details at the end of the evening. Only mutual matches are shared: people who both rated each other{' '}
        {MATCHING_RATINGS_TEXT}.
      </p>
      <p className="mx-auto mt-4 flex max-w-md items-center justify-center gap-2 text-sm text-muted">
        <span aria-hidden="true" className="size-2 rounded-full bg-emerald-600 motion-safe:animate-ping" />
        Keep this page open: it updates by itself.
      </p>
    </Card>
  );
}

function NoMatches() {
  return (
    <Card className="mx-auto max-w-xl text-center">
      <div className="mx-auto flex size-20 items-center justify-center rounded-full bg-wine-50">
        <HeartCrack aria-hidden="true" className="size-10 text-wine-500" />
      </div>
      <h2 className="mt-5 text-2xl font-bold text-wine-900 sm:text-3xl">No Mutual Matches</h2>
      <p className="mx-auto mt-3 max-w-md leading-relaxed text-ink">
        This time nobody you rated {MATCHING_RATINGS_TEXT} rated you as highly. That happens: every evening brings a fresh room of people to meet.
      </p>
      <Button asChild className="mt-6">
        <Link to="/events">Find your next evening</Link>
      </Button>
    </Card>
  );
}

/** More for the person of a match, below the ways to write to them. */
export type MatchActions = (match: MyMatches['matches'][number], other: MatchUser) => ReactNode;

type MyMatch = MyMatches['matches'][number];

/** The matches by evening, newest evening first (tonight's before an old one), each evening's matches in the server's order. */
function byEvening(matches: MyMatch[]): { eventId: number; title: string; date: string; matches: MyMatch[] }[] {
  const groups = new Map<number, { eventId: number; title: string; date: string; matches: MyMatch[] }>();
  for (const m of matches) {
    const g = groups.get(m.eventId) ?? { eventId: m.eventId, title: m.eventTitle, date: m.eventDate, matches: [] };
    g.matches.push(m);
    groups.set(m.eventId, g);
  }
  return [...groups.values()].sort((a, b) => Date.parse(b.date) - Date.parse(a.date));
}

function MatchList({ data, userId, actions }: { data: MyMatches; userId: number; actions?: MatchActions | undefined }) {
  return (
    <section aria-labelledby="my-matches-heading">
      <div className="mb-4 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="my-matches-heading" className="flex items-center gap-2 text-2xl font-bold text-wine-900">
          <Sparkles aria-hidden="true" className="size-6 text-apricot-500" />
          Your Matches
        </h2>
        <p className="text-muted">{plural(data.matches.length, 'mutual match', 'mutual matches')}</p>
      </div>
      <div className="space-y-8">
        {byEvening(data.matches).map((g) => (
          <section key={g.eventId} aria-labelledby={`my-matches-evening-${g.eventId}`}>
            <h3 id={`my-matches-evening-${g.eventId}`} className="mb-3 border-b border-wine-100 pb-2 text-xl font-bold break-words text-wine-900">
              {g.title}
              <span className="block text-base font-medium text-muted">
                <time dateTime={g.date}>{formatDate(g.date, 'long')}</time>
              </span>
            </h3>
            <EveningMatches matches={g.matches} userId={userId} actions={actions} />
          </section>
        ))}
      </div>
    </section>
  );
}

function EveningMatches({ matches, userId, actions }: { matches: MyMatch[]; userId: number; actions?: MatchActions | undefined }) {
  return (
    <ul className="grid gap-4 md:grid-cols-2">
      {matches.map((m) => {
        const other = counterpart(m, userId);
        const first = firstName(other.name);
        const more = actions?.(m, other);
        return (
          <li key={m.id}>
            <Card className="flex h-full flex-col">
              <div className="flex items-start gap-4">
                <Avatar name={other.name} image={other.profileImage} size="lg" />
                <div className="min-w-0 flex-1">
                  <h4 className="text-xl leading-tight font-bold break-words text-wine-900">{other.name}</h4>
                  <p className="text-muted">{m.round !== null ? `Met in round ${m.round}` : 'Met this evening'}</p>
                </div>
              </div>
              <dl className="mt-4 space-y-2 rounded-2xl bg-cream p-3 ring-1 ring-wine-100">
                <div className="flex items-start gap-2">
                  <dt className="mt-0.5 shrink-0">
                    <Mail aria-hidden="true" className="size-5 text-wine-500" />
                    <span className="sr-only">E-mail</span>
                  </dt>
                  <dd className="min-w-0 font-medium [overflow-wrap:anywhere] text-ink">{other.email ?? 'Not shared'}</dd>
                </div>
                <div className="flex items-start gap-2">
                  <dt className="mt-0.5 shrink-0">
                    <Phone aria-hidden="true" className="size-5 text-wine-500" />
                    <span className="sr-only">Phone</span>
                  </dt>
                  <dd className="min-w-0 font-medium text-ink">{other.contactInfo ?? 'No phone number shared'}</dd>
                </div>
              </dl>
              {m.sharedInterests.length > 0 && (
                <div className="mt-4">
                  <p className="mb-2 text-sm font-semibold text-wine-900">Shared interests</p>
                  <InterestChips interests={m.sharedInterests} label={`Interests you share with ${first}`} highlight={m.sharedInterests} />
                </div>
              )}
              <div className="mt-auto grid gap-3 pt-5 sm:grid-cols-2">
                {other.email && (
                  <Button asChild variant="primary" className={other.contactInfo ? '' : 'sm:col-span-2'}>
                    <a href={mailtoLink(other.email, `We matched at ${m.eventTitle}`)}>
                      <Mail aria-hidden="true" className="size-5" />
                      Send Email<span className="sr-only"> to {other.name}</span>
                    </a>
                  </Button>
                )}
                {other.contactInfo && (
                  <Button asChild variant="secondary" className={other.email ? '' : 'sm:col-span-2'}>
                    <a href={smsLink(other.contactInfo)}>
                      <MessageSquareText aria-hidden="true" className="size-5" />
                      Text Message<span className="sr-only"> to {other.name}</span>
                    </a>
                  </Button>
                )}
              </div>
              {more && <div className="mt-3 border-t border-wine-100 pt-3">{more}</div>}
            </Card>
          </li>
        );
      })}
    </ul>
  );
}
