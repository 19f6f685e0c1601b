import { CalendarX2, LogIn, ShieldQuestion } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { DoorGuest } from '@shared/schemas/door';
import { Link } from 'react-router';
import { Button } from '@client/components/ui/button';
import { LoadError } from '@client/components/ui/load-error';
import { NoticeCard } from '@client/components/ui/notice-card';
import { Page } from '@client/components/ui/page';
import { Spinner } from '@client/components/ui/spinner';
import { ApiError, messageOf, NetworkError } from '@client/lib/api';
import { useDocumentTitle } from '@client/lib/document-title';
import { formatWhen } from '@client/lib/format';
import { useLiveSocket, type ConnectionStatus } from '@client/lib/live-socket';
import { useEvent } from '@client/lib/queries/events';
import { useDoor } from '../api/door';
import { DeskProvider, NO_LIST_OFFLINE, useDeskState } from '../hooks/use-desk';
import { deskStore, type DeskStore } from '../lib/desk-store';
import { deskLine, DeskNotices } from './desk-status';
import { DoorActions, DoorCounts, RecentCheckIns } from './door-panels';
import { GuestSearch } from './guest-search';
import { ScanPanel } from './scan-panel';

/**
 * /check-in?event=ID (docs/spec/organiser-tools.md §2.19): the host's desk at the door. Counts, a
 * QR scanner, manual search, the five latest check-ins, and Start Event, Export Attendance, Send
 * Reminders. The live socket keeps the counts current when other devices check guests in.
 */
export function CheckInDesk({
  eventId,
  userId,
  guestActions,
  store,
  extra,
}: {
  eventId: number;
  userId: number;
  guestActions?: (guest: DoorGuest) => ReactNode;
  /** Where the desk keeps its offline pack and queue: the device's IndexedDB unless given (lib/desk-store.ts). */
  store?: DeskStore;
  /** More about the evening under the counts, composed by the page (the "Still coming?" counts, docs/decisions/0074-still-coming.md). */
  extra?: ReactNode;
}) {
  const door = useDoor(eventId);
  const event = useEvent(eventId);
  const [kept] = useState(() => store ?? deskStore());
  // Offline, the door is this desk's pack and queue (docs/decisions/0052-the-door-offline.md).
  const desk = useDeskState(eventId, kept, door.data, door.dataUpdatedAt);
  // Cut off from the server: the browser says so, or the first read failed on the network. The stored
  // list shows at once then (a reload offline waited 7 s for the retries before, issue 32); the retries
  // go on behind it, and the server's list replaces it when one gets through.
  const cutOff = door.fetchStatus === 'paused' || door.error instanceof NetworkError || door.failureReason instanceof NetworkError || !desk.online;
  const shown = door.data ? desk.show(door.data) : cutOff ? desk.show(undefined) : undefined;
  // checkins_updated lands on queryKeys.door(eventId) (@client/lib/live-cache); the timer tells Start Event where the evening is.
  const live = useLiveSocket(eventId, userId, true);
  useCatchUpAfterReconnect(live.status, door.refetch);
  const title = event.data?.title ?? desk.pack?.event.title;
  useDocumentTitle(title ? `Check-in · ${title} · Speed Friendship` : 'Check-in · Speed Friendship');

  if (!shown && (cutOff ? !desk.loaded : door.isPending)) return <Spinner label="Loading the guest list" />;
  // A refetch that fails while the list is on screen keeps the list: the door must not go blank.
  if (!shown) {
    const status = door.error instanceof ApiError ? door.error.status : 0;
    const another = (
      <Button asChild variant="outline">
        <Link to="/check-in">Choose another event</Link>
      </Button>
    );
    return (
      <Page>
        <h1 className="mb-6 text-3xl font-bold text-wine-900">Check-in</h1>
        {status === 403 ? (
          <NoticeCard icon={ShieldQuestion} title="For the hosts of this evening only" actions={another}>
            <p>Only the hosts of this evening can check its guests in. Pick one of the evenings you host.</p>
          </NoticeCard>
        ) : status === 404 || status === 400 ? (
          <NoticeCard icon={CalendarX2} title="Event not found" actions={another}>
            <p>This event does not exist or has been removed.</p>
          </NoticeCard>
        ) : status === 401 ? (
          <NoticeCard icon={LogIn} title="Log in to check guests in" signIn>
            <p>Your session has ended. Log in again with your host account.</p>
          </NoticeCard>
        ) : cutOff ? (
          <LoadError title="You're offline" message={NO_LIST_OFFLINE} onRetry={() => void door.refetch()} />
        ) : (
          <LoadError
            title="We couldn't load the guest list"
            message={messageOf(door.error, 'Please check your connection and try again.')}
            onRetry={() => void door.refetch()}
          />
        )}
      </Page>
    );
  }

  const { counts, recent, guests, reminders } = shown;
  return (
    <DeskProvider value={desk}>
      <Page wide>
        <header className="mb-5">
          <p className="text-sm font-semibold tracking-wide text-wine-600 uppercase">Check-in</p>
          <h1 className="text-3xl font-bold break-words text-wine-900">{title ?? 'Check-in'}</h1>
          {event.data && (
            <p className="mt-1 text-muted">
              {event.data.venue} · {formatWhen(event.data)}
            </p>
          )}
        </header>

        <p role="status" className="empty:hidden mb-3 flex items-center gap-2 rounded-2xl bg-apricot-100 px-4 py-2 text-base font-semibold text-wine-900">
          {deskLine(desk, live.status === 'reconnecting')}
        </p>

        <DeskNotices />

        <DoorCounts counts={counts} />
        {extra && <div className="mt-4">{extra}</div>}

        <div className="mt-5 grid gap-5 lg:grid-cols-5 lg:items-start lg:gap-6">
          <div className="space-y-5 lg:col-span-3 lg:space-y-6">
            <ScanPanel eventId={eventId} />
            <GuestSearch eventId={eventId} guests={guests} guestActions={guestActions} />
          </div>
          <div className="space-y-5 lg:col-span-2 lg:space-y-6">
            <RecentCheckIns eventId={eventId} recent={recent} />
            <DoorActions eventId={eventId} timer={live.timer} toCome={counts.toCome} reminded={reminders} />
          </div>
        </div>
      </Page>
    </DeskProvider>
  );
}

/** Check-ins made while the socket was down sent messages this desk never heard: read the door again once it is back. */
function useCatchUpAfterReconnect(status: ConnectionStatus, refetch: () => unknown) {
  const wasDown = useRef(false);
  useEffect(() => {
    if (status === 'reconnecting') wasDown.current = true;
    if (status === 'open' && wasDown.current) {
      wasDown.current = false;
      void refetch();
    }
  }, [status, refetch]);
}
