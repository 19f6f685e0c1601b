import { useQuery } from '@tanstack/react-query';
import { CalendarX2, ChevronRight, Info, Lock, LogIn, ShieldQuestion, Users } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import type { Me } from '@shared/schemas/auth';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Page, PageTitle } from '@client/components/ui/page';
import { RestrictedCard } from '@client/components/ui/restricted';
import { Spinner } from '@client/components/ui/spinner';
import { ApiError } from '@client/lib/api';
import { formatDate, formatTimeRange } from '@client/lib/format';
import { useLiveSocket } from '@client/lib/live-socket';
import { eventQuery } from '@client/lib/queries';
import { useHostEvents, useRoom } from '../api/messages';
import { guests } from '../lib/messages';
import { CustomMessageForm } from './custom-message-form';
import { Notice } from './notice';
import { AttendeeList, AttendeeStatus, MessageHistory, QuickMessages } from './room-panels';

const TITLE = 'Event Messaging';

/**
 * /messaging (docs/spec/organiser-tools.md §2.22): who is asking decides what shows. A visitor is
 * asked to log in, a member without the host role sees the hosts-only card, a host without
 * ?event= chooses one of their evenings.
 */
export function MessagingPage({ viewer, eventId }: { viewer: Pick<Me, 'id' | 'roles'> | null; eventId: number | null }) {
  const { pathname, search } = useLocation();
  if (!viewer) {
    return (
      <Page>
        <PageTitle>{TITLE}</PageTitle>
        <Notice
          icon={LogIn}
          title="Log in to message your guests"
          actions={
            <Button asChild size="lg">
              <Link to={`/login?next=${encodeURIComponent(pathname + search)}`}>Log in</Link>
            </Button>
          }
        >
          <p>Event messaging is for the host of an evening: send updates to everyone checked in and see who has read them.</p>
        </Notice>
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
  const list = useHostEvents();
  const rows = [...(list.data ?? [])].sort((a, b) => Date.parse(a.event.date) - Date.parse(b.event.date));
  return (
    <Page>
      <PageTitle sub="Choose the evening whose guests you want to message.">{TITLE}</PageTitle>
      {list.isPending ? (
        <Spinner label="Loading your events" />
      ) : list.isError ? (
        <Notice
          icon={CalendarX2}
          title="We couldn't load your events"
          actions={
            <Button variant="outline" size="lg" onClick={() => void list.refetch()}>
              Try again
            </Button>
          }
        >
          <p>Please check your connection and try again.</p>
        </Notice>
      ) : rows.length === 0 ? (
        <Notice
          icon={CalendarX2}
          title="No events to message"
          actions={
            <Button asChild size="lg">
              <Link to="/create-event">Create an event</Link>
            </Button>
          }
        >
          <p>Evenings you host appear here from the day they happen.</p>
        </Notice>
      ) : (
        <ul className="space-y-3" aria-label="Your evenings">
          {rows.map((row) => (
            <li key={row.event.id}>
              <Link
                to={`/messaging?event=${row.event.id}`}
                className="flex min-h-16 items-center gap-4 rounded-3xl border border-wine-100 bg-white p-4 shadow-sm transition-colors hover:border-wine-300 hover:bg-wine-50"
              >
                <div className="min-w-0 flex-1">
                  <span className="font-display text-lg font-bold text-wine-900">{row.event.title}</span>
                  <p className="mt-1 text-sm text-muted">
                    {row.event.venue} · {formatDate(row.event.date, 'short')} · {formatTimeRange(row.event)}
                  </p>
                  <p className="mt-1 flex items-center gap-1.5 text-sm text-muted">
                    <Users aria-hidden="true" className="size-4" />
                    {row.checkedIn} checked in · {row.event.participantCount} registered
                  </p>
                </div>
                <ChevronRight aria-hidden="true" className="size-6 shrink-0 text-wine-700" />
              </Link>
            </li>
          ))}
        </ul>
      )}
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
    return (
      <Page>
        <PageTitle>{TITLE}</PageTitle>
        {status === 403 ? (
          <Notice
            icon={Lock}
            title="This page is for the hosts of this evening only"
            actions={
              <Button asChild size="lg">
                <Link to="/messaging">Choose one of your evenings</Link>
              </Button>
            }
          >
            <p>Only a host of {event.data ? event.data.title : 'this evening'} can message its guests.</p>
          </Notice>
        ) : status === 404 || status === 400 ? (
          <Notice
            icon={CalendarX2}
            title="Event not found"
            actions={
              <Button asChild size="lg">
                <Link to="/messaging">Choose one of your evenings</Link>
              </Button>
            }
          >
            <p>It may have been removed, or the link is not quite right.</p>
          </Notice>
        ) : (
          <Notice
            icon={ShieldQuestion}
            title="We couldn't load the room"
            actions={
              <Button variant="outline" size="lg" onClick={() => void room.refetch()}>
                Try again
              </Button>
            }
          >
            <p>Please check your connection and try again.</p>
          </Notice>
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
