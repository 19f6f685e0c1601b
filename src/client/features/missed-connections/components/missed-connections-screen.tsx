import * as Tabs from '@radix-ui/react-tabs';
import { CalendarClock, CalendarPlus, HeartHandshake, Lock, Send, Sparkles, Users } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import type { MissedConnection, MissedConnectionsResponse } from '@shared/schemas/missed-connections';
import { Button } from '@client/components/ui/button';
import { EveningLoadError, GuestsOnlyCard, NoEveningCard } from '@client/components/ui/evening-notices';
import { NoticeCard } from '@client/components/ui/notice-card';
import { Spinner } from '@client/components/ui/spinner';
import { ApiError, messageOf } from '@client/lib/api';
import { formatDate } from '@client/lib/format';
import { useMissedConnections, useSendAll, useSendInvite } from '../api/missed-connections';
import { ConnectionCard } from './connection-card';
import { eveningWhen, FollowUpTab } from './follow-up-tab';

/** /missed-connections for a visitor. */
export function MissedSignIn() {
  return (
    <NoticeCard icon={Lock} title="Log in to see your missed connections" signIn>
      <p>After an evening, this page shows the people you met or were previewed with but didn't match, so you can invite them to another evening.</p>
    </NoticeCard>
  );
}

/** A member with no evening at all. */
export function NoMissedEvening() {
  return (
    <NoEveningCard>
      <p>Come to a speed friendship evening: afterwards, the people you'd like to see again appear here.</p>
    </NoEveningCard>
  );
}

type Tab = 'connections' | 'events';

const TRIGGER =
  'inline-flex min-h-12 items-center justify-center gap-2 rounded-2xl px-3 text-sm font-semibold text-wine-800 transition-colors hover:bg-white/70 data-[state=active]:bg-white data-[state=active]:text-wine-900 data-[state=active]:shadow-sm';

function Group({ title, sub, people, card }: { title: string; sub: string; people: MissedConnection[]; card: (c: MissedConnection) => ReactNode }) {
  const id = `group-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <section aria-labelledby={id} className="space-y-3">
      <div>
        <h2 id={id} className="text-xl font-semibold text-wine-900">
          {title} <span className="text-base font-normal text-muted">({people.length})</span>
        </h2>
        <p className="text-sm text-muted">{sub}</p>
      </div>
      {people.length === 0 ? (
        <p className="text-muted">No one here.</p>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2" aria-label={title}>
          {people.map(card)}
        </ul>
      )}
    </section>
  );
}

function ConnectionsTab({
  eventId,
  data,
  onChangeEvening,
  actions,
}: {
  eventId: number;
  data: MissedConnectionsResponse;
  onChangeEvening: () => void;
  actions?: PersonActions | undefined;
}) {
  const send = useSendInvite(eventId);
  const sendAll = useSendAll(eventId);
  const [errors, setErrors] = useState<Record<number, string>>({});
  const [note, setNote] = useState('');
  const chosen = data.followUpEvents.find((e) => e.id === data.followUpEventId) ?? null;
  const open = !!chosen && !chosen.full;
  const sendingId = send.isPending ? send.variables?.toUserId : undefined;

  if (data.connections.length === 0) {
    return (
      <NoticeCard icon={HeartHandshake} title="No missed connections">
        <p>Everyone you met or saw in your preview is already a match, or no one was there to meet. Your matches are on the Matches page.</p>
      </NoticeCard>
    );
  }

  const fromPreview = data.connections.filter((c) => c.wasInPreview);
  const discoveries = data.connections.filter((c) => !c.wasInPreview);
  const allSent = data.connections.every((c) => c.inviteStatus === 'sent');

  const one = (c: MissedConnection) => {
    if (!chosen) return;
    setErrors(({ [c.id]: _, ...rest }) => rest);
    send.mutate(
      { toUserId: c.id, eventId: chosen.id },
      {
        onSuccess: (r) =>
          setNote(r.alreadySent ? `${c.firstName} already has your invite to ${chosen.title}.` : `Invite sent to ${c.firstName} for ${chosen.title}.`),
        onError: (err) => setErrors((e) => ({ ...e, [c.id]: messageOf(err, 'The invite could not be sent. Please try again.') })),
      },
    );
  };
  const all = () => {
    if (!chosen) return;
    sendAll.mutate(chosen.id, {
      onSuccess: (r) => setNote(r.sent === 0 ? 'No new invites to send.' : `Sent ${r.sent} ${r.sent === 1 ? 'invite' : 'invites'} for ${chosen.title}.`),
      onError: (err) => setNote(messageOf(err, 'The invites could not be sent. Please try again.')),
    });
  };

  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-3 rounded-3xl bg-wine-50 p-4 sm:flex-row sm:items-center sm:justify-between">
        <div className="min-w-0">
          <p className="text-sm font-semibold text-wine-900">Invites are for</p>
          {chosen ? (
            <p className="text-ink">
              {chosen.title} · {eveningWhen(chosen)}
              {chosen.full && <span className="font-semibold text-red-800"> (full: choose another evening)</span>}
            </p>
          ) : (
            <p className="text-ink">No upcoming evening yet</p>
          )}
          <Button variant="ghost" size="sm" className="-ml-4 mt-1" onClick={onChangeEvening}>
            <CalendarPlus aria-hidden="true" className="size-4" />
            Change evening
          </Button>
        </div>
        <Button size="lg" onClick={all} disabled={!open || allSent || data.pendingCount === 0 || sendAll.isPending} aria-describedby="missed-note">
          <Send aria-hidden="true" className="size-5" />
          {sendAll.isPending ? 'Sending…' : allSent ? 'All Invites Sent' : 'Send All Invites'}
        </Button>
      </div>
      <p id="missed-note" role="status" className="min-h-6 text-sm text-muted">
        {note}
      </p>
      <Group
        title="From your preview"
        sub="People your match preview suggested before the evening."
        people={fromPreview}
        card={(c) => (
          <ConnectionCard
            key={c.id}
            c={c}
            canSend={open}
            sending={sendingId === c.id}
            error={errors[c.id] ?? null}
            onSend={() => one(c)}
            actions={actions?.(c)}
          />
        )}
      />
      <Group
        title="New discoveries"
        sub="People you met on the night who weren't in your preview."
        people={discoveries}
        card={(c) => (
          <ConnectionCard
            key={c.id}
            c={c}
            canSend={open}
            sending={sendingId === c.id}
            error={errors[c.id] ?? null}
            onSend={() => one(c)}
            actions={actions?.(c)}
          />
        )}
      />
    </div>
  );
}

/**
 * /missed-connections (docs/spec/organiser-tools.md §2.26): two tabs. Connections: the people from
 * the preview and the new discoveries, each with Send Follow-Up Invite, and Send All Invites
 * (disabled when all are sent). Follow-up events: choose the evening and see the invitation.
 */
/** More for a person on a card (the app composes Block and Report, docs/decisions/0041). */
export type PersonActions = (c: MissedConnection) => ReactNode;

/** The chosen follow-up evening lives in the page's `?followUp=ID`, so a reload or a shared link keeps it (issue 22). */
function useFollowUpParam() {
  const [params, setParams] = useSearchParams();
  const v = params.get('followUp');
  const followUp = v && /^\d+$/.test(v) && Number(v) > 0 ? Number(v) : null;
  const setFollowUp = (id: number | null) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (id === null) next.delete('followUp');
        else next.set('followUp', String(id));
        return next;
      },
      { replace: true },
    );
  return [followUp, setFollowUp] as const;
}

export function MissedConnectionsScreen({ eventId, actions }: { eventId: number; actions?: PersonActions }) {
  const [followUp, setFollowUp] = useFollowUpParam();
  const [tab, setTab] = useState<Tab>('connections');
  const missed = useMissedConnections(eventId, followUp);
  const stale = missed.isError && missed.error instanceof ApiError && missed.error.status === 409 && followUp !== null;
  useEffect(() => {
    // The chosen evening has started meanwhile, or is now too soon to book: go back to the server's choice.
    if (stale) setFollowUp(null);
  });

  if (missed.isPending) return <Spinner label="Loading your missed connections" />;
  if (missed.isError) {
    const status = missed.error instanceof ApiError ? missed.error.status : null;
    if (status === 401) return <MissedSignIn />;
    if (status === 403) {
      return (
        <GuestsOnlyCard title="This page is for guests of this evening" eventId={eventId}>
          <p>
            Missed connections are for the guests who came to the evening. Book a place at an evening, and afterwards the people you'd like to see again appear
            here.
          </p>
        </GuestsOnlyCard>
      );
    }
    if (stale) return <Spinner label="Loading your missed connections" />;
    return <EveningLoadError notFound={status === 404 || status === 400} onRetry={() => void missed.refetch()} />;
  }

  const data = missed.data;
  if (data.status === 'upcoming') {
    return (
      <NoticeCard icon={CalendarClock} title="Missed connections open after the evening">
        <p>
          {data.event.title} is on {formatDate(data.event.date, 'long')}. After the evening has begun, the people you met or saw in your preview but didn't
          match with appear here, and you can invite them to another evening.
        </p>
      </NoticeCard>
    );
  }

  if (data.status === 'absent') {
    return (
      <NoticeCard icon={CalendarClock} title="Missed connections are for guests who came">
        <p>
          You booked {data.event.title} but were not checked in at the door, so there is nobody from it to invite: follow-up invites go only between people who
          were there. If you were there, ask the host to check you in.
        </p>
      </NoticeCard>
    );
  }

  const fromPreview = data.connections.filter((c) => c.wasInPreview).length;
  return (
    <div>
      <p className="mb-4 text-muted">
        From {data.event.title} ({formatDate(data.event.date, 'plain')}):{' '}
        <span className="inline-flex items-center gap-1">
          <Users aria-hidden="true" className="size-4" />
          {data.connections.length} {data.connections.length === 1 ? 'person' : 'people'}
        </span>{' '}
        you didn't match with
        {data.connections.length > 0 && (
          <>
            , <Sparkles aria-hidden="true" className="inline size-4" /> {fromPreview} from your preview
          </>
        )}
        .
      </p>
      <Tabs.Root value={tab} onValueChange={(v) => setTab(v as Tab)}>
        <Tabs.List aria-label="Missed connections sections" className="grid grid-cols-2 gap-1 rounded-3xl bg-wine-50 p-1">
          <Tabs.Trigger value="connections" className={TRIGGER}>
            <Users aria-hidden="true" className="size-4 shrink-0" />
            Connections
          </Tabs.Trigger>
          <Tabs.Trigger value="events" className={TRIGGER}>
            <CalendarPlus aria-hidden="true" className="size-4 shrink-0" />
            Follow-up events
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="connections" className="mt-5 focus-visible:outline-offset-4">
          <ConnectionsTab eventId={eventId} data={data} onChangeEvening={() => setTab('events')} actions={actions} />
        </Tabs.Content>
        <Tabs.Content value="events" className="mt-5 focus-visible:outline-offset-4">
          <FollowUpTab
            events={data.followUpEvents}
            chosenId={followUp ?? data.followUpEventId}
            sender={data.senderFirstName}
            onChoose={(id) => setFollowUp(id)}
          />
        </Tabs.Content>
      </Tabs.Root>
    </div>
  );
}
