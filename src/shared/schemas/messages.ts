/**
 * Host messages to the room (/messaging, docs/spec/organiser-tools.md §2.22) and the guest's inbox
 * (/notifications, §2.23). Messages are plain text: the client renders them as text, never as HTML.
 */
import { z } from 'zod';
import { storedText } from './common';

export const MESSAGE_TYPES = ['general', 'urgent', 'round', 'location'] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];
export const MESSAGE_MAX_LENGTH = 500;

/** POST /api/events/{id}/messages. Send is disabled for empty or whitespace-only text (§5). */
export const sendMessageBody = z.object({
  text: storedText({ error: 'Write a message first' })
    .trim()
    .min(1, 'Write a message first')
    .max(MESSAGE_MAX_LENGTH, `A message can be at most ${MESSAGE_MAX_LENGTH} characters`),
  type: z.enum(MESSAGE_TYPES, { error: 'Type must be general, urgent, round or location' }).optional().default('general'),
  /** Ask guests to acknowledge it: an unread one opens the modal with Acknowledged. */
  requiresAction: z.boolean().optional().default(false),
});
export type SendMessageBody = z.input<typeof sendMessageBody>;

/** A message as its host sees it: how many it went to, read and acknowledged. */
export const sentMessageSchema = z.object({
  id: z.number(),
  text: z.string(),
  type: z.enum(MESSAGE_TYPES),
  requiresAction: z.boolean(),
  audience: z.enum(['room', 'reminder']),
  timestamp: z.string(),
  sentTo: z.number(),
  readCount: z.number(),
  acknowledgedCount: z.number(),
});
export type SentMessage = z.infer<typeof sentMessageSchema>;

export const LOCATION_STATES = ['at_venue', 'en_route', 'location_off', 'unknown'] as const;
export type LocationState = (typeof LOCATION_STATES)[number];

/** A guest of the evening as the messaging screen lists them. */
export const roomAttendeeSchema = z.object({
  id: z.number(),
  name: z.string(),
  checkedIn: z.boolean(),
  checkedInAt: z.string().nullable(),
  /** The latest of their check-in, arrival report, and read or acknowledgement of a host message. */
  lastSeen: z.string().nullable(),
  location: z.enum(LOCATION_STATES),
});
export type RoomAttendee = z.infer<typeof roomAttendeeSchema>;

/** GET /api/events/{id}/messages: the history, the attendee counts, where guests are, and the list. */
export const roomSchema = z.object({
  eventId: z.number(),
  messages: z.array(sentMessageSchema),
  counts: z.object({ registered: z.number(), checkedIn: z.number(), notArrived: z.number() }),
  locations: z.object({ at_venue: z.number(), en_route: z.number(), location_off: z.number(), unknown: z.number() }),
  attendees: z.array(roomAttendeeSchema),
});
export type Room = z.infer<typeof roomSchema>;

/** A message in the guest's inbox. */
export const inboxMessageSchema = z.object({
  id: z.number(),
  eventId: z.number(),
  text: z.string(),
  type: z.enum(MESSAGE_TYPES),
  requiresAction: z.boolean(),
  timestamp: z.string(),
  isRead: z.boolean(),
  acknowledged: z.boolean(),
});
export type InboxMessage = z.infer<typeof inboxMessageSchema>;

/** GET /api/events/{id}/inbox. */
export const inboxSchema = z.object({ eventId: z.number(), unread: z.number(), messages: z.array(inboxMessageSchema) });
export type Inbox = z.infer<typeof inboxSchema>;
