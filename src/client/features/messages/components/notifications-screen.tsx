import { useQuery } from '@tanstack/react-query';
import { Bell, BellOff, CheckCheck, Inbox as InboxIcon, LogIn } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import type { EventDetail } from '@shared/schemas/events';
import type { InboxMessage } from '@shared/schemas/messages';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card, CardTitle } from '@client/components/ui/card';
import { cn } from '@client/components/ui/cn';
import { EveningLoadError, GuestsOnlyCard, HostingCard, NoEveningCard } from '@client/components/ui/evening-notices';
import { ForEvening } from '@client/components/ui/for-evening';
import { NoticeCard } from '@client/components/ui/notice-card';
import { OfflineBanner } from '@client/components/ui/offline-banner';
import { Spinner } from '@client/components/ui/spinner';
import { ApiError, messageOf } from '@client/lib/api';
import { useLiveSocket } from '@client/lib/live-socket';
import { eventQuery } from '@client/lib/queries/events';
import { useInbox, useInboxAction, useVenuePlace, type InboxAction } from '../api/messages';
import { alertArrival, useNotificationPermission, type NotificationState } from '../hooks/use-notifications';
import { messageTime, modalMessage, newestFirst } from '../lib/messages';
import { ScheduleDialog, UrgentMessageDialog, VenueLink } from './guest-dialogs';
import { TypeBadge, TypeIcon } from './type-badge';

export const EMPTY_INBOX = "No messages yet. You'll see updates here during the event.";
export const NOTIFICATIONS_OFF = 'Enable notifications to receive instant updates during the event.';

/**
 * /notifications (docs/spec/organiser-tools.md §2.23): the guest's inbox for their evening
 * (`?event=ID`, else their current or next one). A visitor is asked to log in.
 */
export function NotificationsPage({ viewer }: { viewer: { id: number } | null }) {
  if (!viewer) {
    return (
      <NoticeCard icon={LogIn} title="Log in to see your notifications" signIn>
        <p>On the night, your host's updates arrive here: table changes, breaks and where to go. Log in with the account you booked with.</p>
      </NoticeCard>
    );
  }
  return (
    <ForEvening
      userId={viewer.id}
      failed={(retry) => <LoadFailed onRetry={retry} />}
      none={
        <NoEveningCard>
          <p>Book a speed friendship evening and your host's updates on the night will arrive here.</p>
        </NoEveningCard>
      }
    >
      {(eventId) => <NotificationsScreen key={eventId} eventId={eventId} userId={viewer.id} />}
    </ForEvening>
  );
}

function LoadFailed({ onRetry }: { onRetry: () => void }) {
  return <EveningLoadError notFound={false} title="We couldn't load your messages" onRetry={onRetry} browse={false} />;
}

function GuestsOnly({ event }: { event: EventDetail | undefined }) {
  return (
    <GuestsOnlyCard title="This page is for the guests of this evening only" eventId={event?.id}>
      <p>
        {event
          ? `Book a place at ${event.title} to get its host's updates on the night.`
          : "Book a place at this evening to get its host's updates on the night."}
      </p>
    </GuestsOnlyCard>
  );
}

/** One evening's notifications: guests of the evening only (the server decides too). */
export function NotificationsScreen({ eventId, userId }: { eventId: number; userId: number }) {
  const event = useQuery(eventQuery(eventId));
  if (event.isPending) return <Spinner label="Loading your evening" />;
  if (event.isError) {
    const notFound = event.error instanceof ApiError && (event.error.status === 404 || event.error.status === 400);
    return notFound ? <EveningLoadError notFound /> : <LoadFailed onRetry={() => void event.refetch()} />;
  }
  const e = event.data;
  if (!e.viewer.registered) {
    return e.viewer.isHost ? (
      <HostingCard to={`/messaging?event=${e.id}`} action="Open event messaging">
        <p>Guests read your updates here. You send them, and see who has read them, from event messaging.</p>
      </HostingCard>
    ) : (
      <GuestsOnly event={e} />
    );
  }
  return <GuestInbox event={e} userId={userId} />;
}

function GuestInbox({ event, userId }: { event: EventDetail; userId: number }) {
  const inbox = useInbox(event.id);
  const act = useInboxAction(event.id);
  const venue = useVenuePlace(event.id).data ?? { name: event.venue };
  const { permission, request } = useNotificationPermission();
  /** Modal messages closed without an answer: they stay unread but do not open again. */
  const [dismissed, setDismissed] = useState<ReadonlySet<number>>(new Set());
  const headingId = useId();

  useLiveSocket(event.id, userId, false, (m) => {
    if (m.type === 'host_message' && m.eventId === event.id) alertArrival(m.message, event.title);
  });

  function run(message: InboxMessage, action: InboxAction) {
    act.mutate(
      { id: message.id, action },
      {
        onError: (err) =>
          toast.error(action === 'acknowledge' ? 'Could not acknowledge the message' : 'Could not mark the message as read', {
            description: messageOf(err, 'Please try again.'),
          }),
      },
    );
  }

  if (inbox.isPending) return <Spinner label="Loading your messages" />;
  if (inbox.isError) {
    return inbox.error instanceof ApiError && inbox.error.status === 403 ? <GuestsOnly event={event} /> : <LoadFailed onRetry={() => void inbox.refetch()} />;
  }
  const { unread } = inbox.data;
  const messages = newestFirst(inbox.data.messages);
  const current = modalMessage(messages, dismissed);

  return (
    <div className="space-y-6">
      <p className="-mt-4 text-muted">
        {event.title} · {event.venue}
      </p>
      <OfflineBanner />
      <NotificationStatus permission={permission} onEnable={() => void request()} />

      <div className="flex flex-col gap-3 sm:flex-row">
        <VenueLink venue={venue} kind="map" label="Venue Map" />
        <ScheduleDialog event={event} />
      </div>

      <Card role="region" aria-labelledby={headingId}>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle id={headingId}>Messages</CardTitle>
          <p role="status" className="text-sm">
            <Badge tone={unread > 0 ? 'red' : 'grey'}>{unread} unread</Badge>
          </p>
        </div>
        {messages.length === 0 ? (
          <div className="py-8 text-center">
            <InboxIcon aria-hidden="true" className="mx-auto size-10 text-wine-300" />
            <p className="mt-3 text-muted">{EMPTY_INBOX}</p>
          </div>
        ) : (
          <ul className="mt-4 space-y-3" aria-label="Messages from your host">
            {messages.map((m) => (
              <MessageItem key={m.id} message={m} onRead={() => !m.isRead && run(m, 'read')} onAcknowledge={() => run(m, 'acknowledge')} />
            ))}
          </ul>
        )}
      </Card>

      <UrgentMessageDialog
        message={current}
        venue={venue}
        onGotIt={(m) => run(m, 'read')}
        onAcknowledge={(m) => run(m, 'acknowledge')}
        onDismiss={(m) => setDismissed((s) => new Set(s).add(m.id))}
      />
    </div>
  );
}

/** One message: tapping it marks it read; one that asks for an answer has its own Acknowledge button. */
function MessageItem({ message: m, onRead, onAcknowledge }: { message: InboxMessage; onRead: () => void; onAcknowledge: () => void }) {
  return (
    <li className={cn('rounded-2xl border-2 transition-colors', m.isRead ? 'border-wine-100 bg-white' : 'border-wine-300 bg-wine-50')}>
      <button type="button" onClick={onRead} aria-describedby={`message-${m.id}-state`} className="flex w-full items-start gap-3 rounded-2xl p-4 text-left">
        <TypeIcon type={m.type} />
        <span className="min-w-0 flex-1">
          <span className="flex flex-wrap items-center gap-2">
            <TypeBadge type={m.type} />
            {!m.isRead && <Badge tone="apricot">New</Badge>}
            <time dateTime={m.timestamp} className="ml-auto text-sm text-muted">
              {messageTime(m.timestamp)}
            </time>
          </span>
          <span className={cn('mt-2 block break-words whitespace-pre-wrap text-ink', !m.isRead && 'font-semibold')}>{m.text}</span>
          <span id={`message-${m.id}-state`} className="sr-only">
            {m.isRead ? 'Read' : 'Unread: tap to mark as read'}
          </span>
        </span>
      </button>
      {m.requiresAction && (
        <div className="flex items-center justify-end gap-3 px-4 pb-4">
          {m.acknowledged ? (
            <Badge tone="green" className="gap-1">
              <CheckCheck aria-hidden="true" className="size-4" />
              Acknowledged
            </Badge>
          ) : (
            <Button size="sm" onClick={onAcknowledge}>
              <CheckCheck aria-hidden="true" className="size-4" />
              Acknowledge
            </Button>
          )}
        </div>
      )}
    </li>
  );
}

/** The browser's notification permission (§8): Disabled with the way to enable it, where the browser still allows asking. */
function NotificationStatus({ permission, onEnable }: { permission: NotificationState; onEnable: () => void }) {
  const on = permission === 'granted';
  return (
    <Card className="flex flex-col gap-3 sm:flex-row sm:items-center">
      <span
        className={cn('flex size-12 shrink-0 items-center justify-center rounded-full', on ? 'bg-emerald-100 text-emerald-800' : 'bg-stone-200 text-stone-700')}
      >
        {on ? <Bell aria-hidden="true" className="size-6" /> : <BellOff aria-hidden="true" className="size-6" />}
      </span>
      <div className="min-w-0 flex-1">
        <h2 className="flex flex-wrap items-center gap-2 text-lg font-semibold text-wine-900">
          Notification status
          <Badge tone={on ? 'green' : 'grey'}>{on ? 'Enabled' : 'Disabled'}</Badge>
        </h2>
        {on ? (
          <p className="text-sm text-muted">Your phone will tell you when your host sends an update, even with this page in the background.</p>
        ) : (
          <>
            <p className="text-sm text-ink">{NOTIFICATIONS_OFF}</p>
            {permission === 'denied' && (
              <p className="mt-1 text-sm text-muted">Your browser is blocking them: allow notifications for this site in its settings, then come back.</p>
            )}
            {permission === 'unsupported' && (
              <p className="mt-1 text-sm text-muted">This browser cannot show notifications: keep this page open to see updates.</p>
            )}
          </>
        )}
      </div>
      {permission === 'default' && (
        <Button onClick={onEnable} className="shrink-0">
          <Bell aria-hidden="true" className="size-5" />
          Enable notifications
        </Button>
      )}
    </Card>
  );
}
