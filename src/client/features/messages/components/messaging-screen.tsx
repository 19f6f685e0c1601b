import { useQuery } from '@tanstack/react-query';
import { CalendarX2, Info, Lock, LogIn, ShieldQuestion } from 'lucide-react';
import { Link } from 'react-router';
import type { Me } from '@shared/schemas/auth';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { EveningPicker } from '@client/components/ui/evening-picker';
import { NoticeCard } from '@client/components/ui/notice-card';
import { Page, PageTitle } from '@client/components/ui/page';
import { RestrictedCard } from '@client/components/ui/restricted';
import { Spinner } from '@client/components/ui/spinner';
import { ApiError } from '@client/lib/api';
import { formatDate, formatTimeRange } from '@client/lib/format';
import { useLiveSocket } from '@client/lib/live-socket';
import { eventQuery } from '@client/lib/queries/events';
import { useHostEvenings } from '@client/lib/queries/live';
import { useRoom } from '../api/messages';
import { guests } from '../lib/messages';
import { CustomMessageForm } from './custom-message-form';
import { AttendeeList, AttendeeStatus, MessageHistory, QuickMessages } from './room-panels';

const TITLE = 'Event Messaging';

/**
 * /messaging (docs/spec/organiser-tools.md §2.22): who is asking decides what shows. A visitor is
 * asked to log in, a member without the host role sees the hosts-only card, a host without
 * ?event= chooses one of their evenings.
 */
export function MessagingPage({ viewer, eventId }: { viewer: Pick<Me, 'id' | 'roles'> | null; eventId: number | null }) {
  if (!viewer) {
    return (
      <Page>
        <PageTitle>{TITLE}</PageTitle>
        <NoticeCard icon={LogIn} title="Log in to message your guests" signIn>
          <p>Event messaging is for the host of an evening: send updates to everyone checked in and see who has read them.</p>
        </NoticeCard>
      </Page>
    );
  }
  if (!viewer.roles.includes('host') && !viewer.roles.includes('admin')) {
    return (
      <Page>
        <PageTitle>{TITLE}</PageTitle>
        <RestrictedCard who="hosts" signedIn />
      </Page>
    );
  }
  if (!eventId) return <HostEventPicker />;
  return <MessagingScreen key={eventId} eventId={eventId} userId={viewer.id} />;
}

/** A host's evenings, soonest first, each opening its messaging screen. */
export function HostEventPicker() {
  const list = useHostEvenings();
  return (
    <Page>
      <PageTitle sub="Choose the evening whose guests you want to message.">{TITLE}</PageTitle>
      <EveningPicker
        list={list}
        href={(id) => `/messaging?event=${id}`}
        empty={{ title: 'No events to message', text: 'Evenings you host appear here from the day they happen.' }}
        label="Your evenings"
      />
    </Page>
  );
}

/** The messaging screen of one evening: hosts of that evening only (the server decides). */
export function MessagingScreen({ eventId, userId }: { eventId: number; userId: number }) {
  const room = useRoom(eventId);
  const event = useQuery(eventQuery(eventId));
  const allowed = room.isSuccess;
  // Hosts' channel: messages_updated and checkins_updated refresh the room's counts at once.
  const socket = useLiveSocket(allowed ? eventId : null, allowed ? userId : null, true);

  if (room.isPending) {
    return (
      <Page wide>
        <PageTitle>{TITLE}</PageTitle>
        <Spinner label="Loading the room" />
      </Page>
    );
  }
  if (room.isError) {
    const status = room.error instanceof ApiError ? room.error.status : 0;
    const another = (
      <Button asChild size="lg">
        <Link to="/messaging">Choose one of your evenings</Link>
      </Button>
    );
    return (
      <Page>
        <PageTitle>{TITLE}</PageTitle>
        {status === 403 ? (
          <NoticeCard icon={Lock} title="This page is for the hosts of this evening only" actions={another}>
            <p>Only a host of {event.data ? event.data.title : 'this evening'} can message its guests.</p>
          </NoticeCard>
        ) : status === 404 || status === 400 ? (
          <NoticeCard icon={CalendarX2} title="Event not found" actions={another}>
            <p>It may have been removed, or the link is not quite right.</p>
          </NoticeCard>
        ) : (
          <NoticeCard
            icon={ShieldQuestion}
            title="We couldn't load the room"
            actions={
              <Button variant="outline" size="lg" onClick={() => void room.refetch()}>
                Try again
              </Button>
            }
          >
            <p>Please check your connection and try again.</p>
          </NoticeCard>
        )}
      </Page>
    );
  }

  const r = room.data;
  const e = event.data;
  return (
    <Page wide>
      <PageTitle
        sub={
          e ? (
            <>
              {e.title} · {e.venue} · {formatDate(e.date, 'short')}, {formatTimeRange(e)}
            </>
          ) : undefined
        }
      >
        {TITLE}
      </PageTitle>

      <div className="mb-6 flex flex-wrap items-center gap-3 rounded-2xl bg-apricot-100 px-4 py-3 text-wine-900">
        <Info aria-hidden="true" className="size-5 shrink-0" />
        <p className="min-w-0 flex-1">
          Messages go only to checked-in guests: {r.counts.checkedIn === 0 ? 'nobody is checked in yet' : `${guests(r.counts.checkedIn)} right now`}.
        </p>
        <Badge tone={socket.status === 'open' ? 'green' : 'grey'}>{socket.status === 'open' ? 'Live' : 'Connecting…'}</Badge>
      </div>

      <div className="grid gap-6 lg:grid-cols-2">
        <div className="space-y-6">
          <QuickMessages eventId={eventId} />
          <CustomMessageForm eventId={eventId} />
        </div>
        <div className="space-y-6">
          <AttendeeStatus counts={r.counts} locations={r.locations} />
          <MessageHistory messages={r.messages} />
          <AttendeeList attendees={r.attendees} />
        </div>
      </div>
    </Page>
  );
}
