import type { Event } from '@shared/schemas/events';
import type { Inbox, InboxMessage, LocationState, MessageType, SendMessageBody, SentMessage } from '@shared/schemas/messages';
import { formatDate, formatTime, formatWallTime } from '@client/lib/format';

/**
 * Pure rules of the room's messages (docs/spec/organiser-tools.md §2.22-2.23, §4 "Attendee message",
 * §5 "Custom message"): the quick messages, labels, the modal's choice, the venue's map links and
 * the evening's schedule. No React.
 */

export const TYPE_LABELS: Record<MessageType, string> = {
  general: 'General',
  urgent: 'Urgent',
  round: 'Round',
  location: 'Location',
};

/** What each type is for, under the type selector. */
export const TYPE_HINTS: Record<MessageType, string> = {
  general: 'News and thank-yous',
  urgent: 'Buzzes phones and opens on screen',
  round: 'Tables, rounds and breaks',
  location: 'A change of room or place',
};

export const LOCATION_LABELS: Record<LocationState, string> = {
  at_venue: 'At venue',
  en_route: 'En route',
  location_off: 'Location off',
  unknown: 'Unknown',
};

/** One-tap messages for the moments every evening has; each goes after a few seconds in which the host can undo it (components/room-panels.tsx). */
export const QUICK_MESSAGES: readonly Required<SendMessageBody>[] = [
  { text: 'Please find your table for the next round', type: 'round', requiresAction: false },
  { text: 'Short break: back in 10 minutes', type: 'general', requiresAction: false },
  { text: 'Last round coming up!', type: 'round', requiresAction: false },
  { text: "We've moved to the upstairs room", type: 'location', requiresAction: true },
  { text: 'Thank you for coming! Your matches arrive within 24 hours', type: 'general', requiresAction: false },
];

/** Custom message text may be sent when it has something besides spaces (§5). */
export const canSend = (text: string) => text.trim() !== '';

export const guests = (n: number) => `${n} ${n === 1 ? 'guest' : 'guests'}`;

/** The first unread message that is urgent or asks for an answer: it opens the modal (§4). `skip` holds ones closed without an answer. */
export function modalMessage(messages: readonly InboxMessage[], skip: ReadonlySet<number> = new Set()): InboxMessage | null {
  return messages.find((m) => !m.isRead && (m.type === 'urgent' || m.requiresAction) && !skip.has(m.id)) ?? null;
}

/** The inbox after reading (or acknowledging) one message: at once, before the server answers. */
export function markInInbox(inbox: Inbox, id: number, acknowledge: boolean): Inbox {
  let unread = inbox.unread;
  const messages = inbox.messages.map((m) => {
    if (m.id !== id) return m;
    if (!m.isRead) unread = Math.max(0, unread - 1);
    return { ...m, isRead: true, acknowledged: m.acknowledged || acknowledge };
  });
  return { ...inbox, unread, messages };
}

/** The inbox with the server's copy of one message in place. */
export function replaceInInbox(inbox: Inbox, message: InboxMessage): Inbox {
  const old = inbox.messages.find((m) => m.id === message.id);
  if (!old) return inbox;
  const unread = Math.max(0, inbox.unread - (!old.isRead && message.isRead ? 1 : 0));
  return { ...inbox, unread, messages: inbox.messages.map((m) => (m.id === message.id ? message : m)) };
}

/** The host's history, newest first, with a message just sent added once. */
export function withSent(history: readonly SentMessage[], sent: SentMessage): SentMessage[] {
  const rest = history.filter((m) => m.id !== sent.id);
  return newestFirst([sent, ...rest]);
}

export const newestFirst = <T extends { timestamp: string }>(list: readonly T[]): T[] =>
  [...list].sort((a, b) => Date.parse(b.timestamp) - Date.parse(a.timestamp));

/** '7:05 PM' today, 'Wed 14 May, 7:05 PM' another day. */
export function messageTime(iso: string, now = Date.now()): string {
  const sameDay = formatDate(iso, 'plain') === formatDate(now, 'plain');
  return sameDay ? formatTime(iso) : `${formatDate(iso, 'short')}, ${formatTime(iso)}`;
}

/** A share of a total as a whole percentage (0 for an empty room). */
export const percent = (part: number, total: number) => (total > 0 ? Math.round((part / total) * 100) : 0);

// ---- the venue ----

export interface VenuePlace {
  name: string;
  address?: string | null | undefined;
  city?: string | null | undefined;
  latitude?: number | null | undefined;
  longitude?: number | null | undefined;
}

/** Coordinates when known, else the name and address as a search. */
function destination(v: VenuePlace): string {
  if (typeof v.latitude === 'number' && typeof v.longitude === 'number') return `${v.latitude},${v.longitude}`;
  // 'The Church Inn, Prestwich' already names its town: no need to say it twice.
  const more = [v.address, v.city].filter((s): s is string => !!s && s.trim() !== '' && !v.name.includes(s.trim()));
  return [v.name, ...more].join(', ');
}

/** The venue on a map (Google Maps opens in the app on phones that have it). */
export const venueMapUrl = (v: VenuePlace) => `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(destination(v))}`;

/** Directions to the venue from wherever the guest is. */
export const venueDirectionsUrl = (v: VenuePlace) => `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(destination(v))}`;

// ---- the evening's schedule ----

export interface ScheduleItem {
  time: string;
  title: string;
  detail: string;
}

/** The evening's times, from the event: check-in, arrival, the rounds, the end. */
export function eveningSchedule(e: Pick<Event, 'startTime' | 'endTime' | 'roundDuration'> & { selfCheckInOpensAt?: string | undefined }): ScheduleItem[] {
  const minutes = Math.round(e.roundDuration / 60);
  const items: ScheduleItem[] = [];
  if (e.selfCheckInOpensAt) {
    const opens = formatTime(e.selfCheckInOpensAt);
    if (opens) items.push({ time: opens, title: 'Check-in opens', detail: 'Check in from your phone on the way, or show your ticket at the door.' });
  }
  items.push({ time: formatWallTime(e.startTime), title: 'Doors open', detail: 'Arrive, get your free drink and say hello to your host.' });
  items.push({
    time: `From ${formatWallTime(e.startTime)}`,
    title: 'Rounds start',
    detail: `${minutes}-minute conversations, a new person each round. Your host starts the first round once everyone has arrived.`,
  });
  items.push({ time: formatWallTime(e.endTime), title: 'Evening ends', detail: 'Your matches arrive within 24 hours.' });
  return items;
}
