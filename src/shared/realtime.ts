/**
 * Every message on the live socket (/ws?eventId&userId&isHost), as one discriminated union per
 * direction. The server sends state (round, phase, ends-at, server time); clients count down
 * locally, so nothing depends on a message arriving every second.
 */
import { z } from 'zod';
import { idParam, publicProfile } from './schemas/common';
import { EXTEND_CHOICES_SECONDS } from './domain/timer';
import { conversationGuideSchema } from './schemas/conversation-guide';
import { checkInChangeSchema } from './schemas/door';
import { ROUND_DURATIONS } from './schemas/events';
import { matchSchema, progressRowSchema } from './schemas/matching';
import { inboxMessageSchema } from './schemas/messages';

const duration = z
  .number()
  .int()
  .refine((v) => (ROUND_DURATIONS as readonly number[]).includes(v), 'Round duration must be 5, 7, 10, 15 or 30 minutes, 1 hour or 1.5 hours');

export const clientMessage = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('start_timer'),
    duration: duration.optional(),
    currentRound: z.number().int().min(0).max(1000).optional(),
    autoAdvance: z.boolean().optional(),
  }),
  z.object({ type: z.literal('pause_timer') }),
  z.object({ type: z.literal('resume_timer') }),
  z.object({ type: z.literal('next_round'), duration: duration.optional() }),
  z.object({ type: z.literal('extend_timer'), seconds: z.literal(EXTEND_CHOICES_SECONDS) }),
  z.object({ type: z.literal('end_event') }),
  z.object({ type: z.literal('sync') }),
]);
export type ClientMessage = z.infer<typeof clientMessage>;

export const timerPhase = z.enum(['idle', 'active', 'paused', 'grace', 'ended']);

export const timerStateFields = z.object({
  /** Seconds left at `serverNow`. */
  timeRemaining: z.number(),
  currentRound: z.number(),
  isActive: z.boolean(),
  phase: timerPhase,
  /** When the running phase ends (ms since epoch), or null. */
  endsAt: z.number().nullable(),
  /** The server's clock when this was sent (ms since epoch), to correct for clock offset. */
  serverNow: z.number(),
  roundDuration: z.number(),
  autoAdvance: z.boolean(),
  version: z.number(),
});
export type TimerStateMessage = z.infer<typeof timerStateFields>;

export const ROUND_STATUSES = ['active', 'completed', 'skipped'] as const;

/** One row of GET /api/events/{id}/rounds (hosts). */
export const roundRecordSchema = z.object({
  round: z.number(),
  startTime: z.string(),
  endTime: z.string().nullable(),
  duration: z.number(),
  participantsSubmitted: z.number(),
  totalParticipants: z.number(),
  status: z.enum(ROUND_STATUSES),
});
export type RoundRecord = z.infer<typeof roundRecordSchema>;

/** A guest's place in one round: 'Round n: talk to NAME at table T'; partner null is a bye. */
export const roundAssignment = z.object({
  round: z.number(),
  table: z.number().nullable(),
  partner: publicProfile.nullable(),
});
export type RoundAssignment = z.infer<typeof roundAssignment>;

/**
 * A state message carries what the phone shows (docs/decisions/0017): on a guest's own socket,
 * `mine` is that guest's place in `currentRound` (null: not paired this round, e.g. not checked in,
 * or no round yet) and `upNext` their place in the round after it, as planned so far (null: none
 * planned). Both absent on hosts' sockets and on the REST answers, which keep their own queries.
 */
const stateMessage = <T extends string>(type: T) =>
  timerStateFields.extend({ type: z.literal(type), mine: roundAssignment.nullable().optional(), upNext: roundAssignment.nullable().optional() });

export const serverMessage = z.discriminatedUnion('type', [
  stateMessage('timer_sync'),
  stateMessage('timer_update'),
  stateMessage('timer_started'),
  stateMessage('timer_paused'),
  stateMessage('grace_started'),
  stateMessage('round_complete'),
  stateMessage('event_ended'),
  /**
   * The host released the evening's contacts. On a guest's own socket, `matches` is what GET
   * /api/events/{id}/matches/{userId} would answer them (docs/decisions/0105); absent for hosts.
   */
  z.object({ type: z.literal('contacts_released'), eventId: z.number(), matches: z.array(matchSchema).optional() }),
  /**
   * New ratings, to the evening's hosts (at most one a second per instance, docs/decisions/0128). With
   * `rounds` (what GET /api/events/{id}/rounds answers) and `progress` (what GET
   * /api/events/{id}/progress?round= answers for the latest round held), the desk needs no read
   * (docs/decisions/0133); without them, the desk reads both again.
   */
  z.object({
    type: z.literal('ratings_updated'),
    eventId: z.number(),
    rounds: z.array(roundRecordSchema).optional(),
    progress: z.object({ round: z.number(), rows: z.array(progressRowSchema) }).optional(),
  }),
  /** The host changed the evening's conversation guide (docs/decisions/0081): phones read their question again. */
  z.object({ type: z.literal('guide_updated'), eventId: z.number() }),
  /**
   * To a checked-in guest with a partner, right after a round's bell: their pair's question for the
   * round, what GET /api/events/{id}/conversation-guide would answer (docs/decisions/0147), so the
   * phone need not ask.
   */
  z.object({ type: z.literal('guide_question'), eventId: z.number(), round: z.number().int(), guide: conversationGuideSchema }),
  /** A host's message, to each checked-in guest it was sent to (docs/spec/organiser-tools.md §2.23). */
  z.object({ type: z.literal('host_message'), eventId: z.number(), message: inboxMessageSchema }),
  /** The guest's inbox changed elsewhere (read or acknowledged on another device). */
  z.object({ type: z.literal('inbox_updated'), eventId: z.number() }),
  /** Hosts: a message was sent, read or acknowledged (history and read counts). */
  z.object({ type: z.literal('messages_updated'), eventId: z.number() }),
  /**
   * Hosts, and the guests concerned: someone was checked in or out, or reported their arrival. To a
   * guest whose check-in changed, `checkedInAt`: theirs as it now stands (ISO instant; null: not
   * checked in), so the phone need not read the evening again (docs/decisions/0139). To the hosts,
   * `guests`: every check-in changed since their last news, which the desk applies to its list
   * instead of reading it (0142); without it, the desk reads the list.
   */
  z.object({
    type: z.literal('checkins_updated'),
    eventId: z.number(),
    checkedInAt: z.string().nullable().optional(),
    guests: z.array(checkInChangeSchema).optional(),
  }),
  /** To the guest a host removed from the evening (issue 21, docs/decisions/0042): their phone says so. */
  z.object({ type: z.literal('guest_removed'), eventId: z.number() }),
  z.object({ type: z.literal('error'), message: z.string() }),
]);
export type ServerMessage = z.infer<typeof serverMessage>;

export const socketQuery = z.object({
  eventId: idParam,
  userId: idParam,
  isHost: z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((v) => v === 'true' || v === '1'),
});
