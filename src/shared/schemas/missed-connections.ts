import { z } from 'zod';
import { idField, idParam, storedText } from './common';

/**
 * Missed connections and follow-up invites (/missed-connections, docs/spec/organiser-tools.md §2.26,
 * §3 "Match profile (preview)", §4 "Follow-up invite", §9; docs/product.md "Organiser tools are real").
 * After an evening, a guest sees the people they met or were previewed with and did not match, and
 * invites them to an upcoming evening: the invite is stored and e-mailed (first name and evening only).
 */

/** Follow-up event spots badge is red when this many spots or fewer remain (§9). */
export const FOLLOW_UP_FEW_SPOTS = 10;

/** The four matching traits as 0-100 (the stored 0-10 times ten); null for a trait not given. */
export const personalityScores = z.object({
  creative: z.number().nullable(),
  adventurous: z.number().nullable(),
  social: z.number().nullable(),
  analytical: z.number().nullable(),
});
export type PersonalityScores = z.infer<typeof personalityScores>;

export const inviteStatus = z.enum(['pending', 'sent']);

/** A missed connection: a match profile of the preview, plus whether they were in the preview, met, and invited. First names only. */
export const missedConnection = z.object({
  id: z.number(),
  firstName: z.string(),
  age: z.number(),
  /** Null when the member gave no personality answers (never made up). */
  personality: personalityScores.nullable(),
  topInterests: z.array(z.string()),
  compatibilityScore: z.number(),
  sharedInterests: z.array(z.string()),
  personalityInsight: z.string(),
  connectionPotential: z.enum(['high', 'good']),
  wasInPreview: z.boolean(),
  met: z.boolean(),
  /** For the chosen follow-up evening. */
  inviteStatus,
});
export type MissedConnection = z.infer<typeof missedConnection>;

/** An upcoming evening to invite people to (§3 "Follow-up event"). */
export const followUpEvent = z.object({
  id: z.number(),
  title: z.string(),
  date: z.string(),
  startTime: z.string(),
  venue: z.string(),
  location: z.string(),
  price: z.number(),
  description: z.string(),
  spotsAvailable: z.number(),
  totalSpots: z.number(),
  full: z.boolean(),
});
export type FollowUpEvent = z.infer<typeof followUpEvent>;

/** GET /api/events/{id}/missed-connections?followUp=ID (guests of the evening). */
export const missedConnectionsQuery = z.object({ followUp: idParam.optional() });

export const missedConnectionsResponse = z.object({
  event: z.object({ id: z.number(), title: z.string(), date: z.string(), venue: z.string() }),
  /**
   * 'upcoming' until the evening begins: there is nothing to show before it. 'absent': the viewer
   * booked but was never checked in, so they met nobody there to invite.
   */
  status: z.enum(['upcoming', 'absent', 'ready']),
  /** The viewer's first name, for the invitation preview. */
  senderFirstName: z.string(),
  followUpEvents: z.array(followUpEvent),
  /** The follow-up evening the invite statuses are for (the asked one, else the first with spots); null when there is none. */
  followUpEventId: z.number().nullable(),
  connections: z.array(missedConnection),
  /** How many connections Send All would still invite to the chosen evening. */
  pendingCount: z.number(),
});
export type MissedConnectionsResponse = z.infer<typeof missedConnectionsResponse>;

/** POST /api/events/{id}/invites: one follow-up invite to `eventId` (the follow-up evening). */
export const sendInviteBody = z.object({
  toUserId: idField('Expected a numeric user id'),
  eventId: idField('Expected a numeric event id'),
});

export const sentInvite = z.object({
  toUserId: z.number(),
  eventId: z.number(),
  inviteStatus: z.literal('sent'),
  /** True when this invite had been sent before (no second e-mail). */
  alreadySent: z.boolean(),
});
export type SentInvite = z.infer<typeof sentInvite>;

/** POST /api/events/{id}/invites/all: every missed connection still pending, to `eventId`. */
export const sendAllInvitesBody = z.object({ eventId: idField('Expected a numeric event id') });
export const sentAllInvites = z.object({ sent: z.number() });
export type SentAllInvites = z.infer<typeof sentAllInvites>;

/** POST /api/invites/stop: the e-mail's "stop invites from this person" link (no login needed). */
export const stopInvitesBody = z.object({
  token: storedText({ error: 'Expected the stop code from the e-mail' })
    .trim()
    .min(1, 'Expected the stop code from the e-mail')
    .max(200, 'Expected the stop code from the e-mail'),
});
export const stoppedInvites = z.object({ firstName: z.string() });
export type StoppedInvites = z.infer<typeof stoppedInvites>;

/** One invite the viewer received (GET /api/me/invites). */
export const receivedInvite = z.object({
  id: z.number(),
  from: z.object({ userId: z.number(), firstName: z.string() }),
  /** The evening they met at (or were previewed with). */
  metAt: z.object({ id: z.number(), title: z.string(), date: z.string() }),
  event: z.object({ id: z.number(), title: z.string(), date: z.string(), startTime: z.string(), venue: z.string() }),
  sentAt: z.string(),
  /** The viewer stopped invites from this person. */
  blocked: z.boolean(),
});
export const receivedInvites = z.object({ invites: z.array(receivedInvite) });
export type ReceivedInvites = z.infer<typeof receivedInvites>;

/** POST /api/me/invite-blocks {userId}; DELETE /api/me/invite-blocks/{userId} undoes it. */
export const inviteBlockBody = z.object({ userId: idField('Expected a numeric user id') });
export const inviteBlockParams = z.object({ userId: idParam });
export const inviteBlockState = z.object({ userId: z.number(), firstName: z.string(), blocked: z.boolean() });
export type InviteBlockState = z.infer<typeof inviteBlockState>;
