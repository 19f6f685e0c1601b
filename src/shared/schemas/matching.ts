import { z } from 'zod';
import { ALGORITHMS } from '../domain/matching';
import { idField, publicProfile, storedText } from './common';

export const ratingBody = z.object({
  raterId: idField('raterId is required'),
  ratedId: idField('ratedId is required'),
  rating: z.number({ error: 'Ratings are 1 to 5' }).int('Ratings are 1 to 5').min(1, 'Ratings are 1 to 5').max(5, 'Ratings are 1 to 5'),
  round: z.number().int().min(0).max(1000).nullable().optional(),
});

export const ratingSchema = z.object({
  id: z.number(),
  raterId: z.number(),
  ratedId: z.number(),
  rating: z.number(),
  round: z.number().nullable(),
  createdAt: z.string(),
});

export const calculateBody = z
  .object({ algorithm: z.enum(ALGORITHMS).optional().default('balanced') })
  .optional()
  .default({ algorithm: 'balanced' });

const matchUser = publicProfile.extend({
  /** Only when the contact is shared (both pressed Share Contact, or the host released contacts). */
  email: z.string().nullable(),
  contactInfo: z.string().nullable(),
});

export const matchSchema = z.object({
  id: z.number(),
  eventId: z.number(),
  user1Id: z.number(),
  user2Id: z.number(),
  user1: matchUser,
  user2: matchUser,
  matchScore: z.number(),
  matchType: z.string(),
  personalityScore: z.number().nullable(),
  interestScore: z.number().nullable(),
  communicationScore: z.number().nullable(),
  ageCompatibilityScore: z.number().nullable(),
  ratingScore: z.number().nullable(),
  overallScore: z.number().nullable(),
  contactShared: z.boolean(),
  /** The viewer pressed Share Contact. */
  sharedByMe: z.boolean(),
  /** The round the pair met in, when known. */
  round: z.number().nullable(),
  sharedInterests: z.array(z.string()),
});
export type Match = z.infer<typeof matchSchema>;
export type MatchUser = z.infer<typeof matchUser>;

export const quickRatingBody = z.object({
  ratedId: idField().optional(),
  code: storedText().trim().min(1, 'Enter a code').max(12).optional(),
  method: z.enum(['qr', 'code', 'list']),
  decision: z.enum(['yes', 'no']).optional(),
});
export type QuickRatingBody = z.input<typeof quickRatingBody>;
export type Rating = z.infer<typeof ratingSchema>;

/** POST /api/events/{id}/calculate-matches (hosts of the event). */
export const calculateResult = z.object({ matches: z.number(), algorithm: z.enum(ALGORITHMS) });
export type CalculateResult = z.infer<typeof calculateResult>;

/** POST /api/events/{id}/release-contacts (hosts of the event). */
export const releaseResult = z.object({ released: z.boolean(), matches: z.number() });
export type ReleaseResult = z.infer<typeof releaseResult>;

/** GET /api/me/matches: matches from every evening whose contacts the host has released. */
/** An evening of the member that is over but whose contacts are not released yet. */
export const pendingReleaseSchema = z.object({
  eventId: z.number(),
  eventTitle: z.string(),
  endsAt: z.string(),
  /** The latest moment its contacts are released (24 hours after the end). */
  releaseBy: z.string(),
});
export type PendingRelease = z.infer<typeof pendingReleaseSchema>;

export const myMatchesSchema = z.object({
  released: z.boolean(),
  /** Newest evening first; each with its evening's title and start (ISO instant), for a heading per evening. */
  matches: z.array(matchSchema.extend({ eventTitle: z.string(), eventDate: z.string() })),
  pending: z.array(pendingReleaseSchema),
  /**
   * The liking-gap answer (docs/decisions/0083-met-again.md): per released evening, how many people
   * rated the member highly enough to see them again; only counts of one or more that single no one out.
   */
  seeAgain: z.array(z.object({ eventId: z.number(), eventTitle: z.string(), eventDate: z.string(), count: z.number().int().min(1) })),
});
export type MyMatches = z.infer<typeof myMatchesSchema>;

/** One row of GET /api/events/{id}/progress?round=N (hosts): who has rated their partner of the round. */
export const progressRowSchema = z.object({
  id: z.number(),
  name: z.string(),
  partnerId: z.number().nullable(),
  hasSubmitted: z.boolean(),
  sittingOut: z.boolean(),
});
export type ProgressRow = z.infer<typeof progressRowSchema>;

export const CONNECTION_METHODS = ['qr', 'code', 'list'] as const;
export type ConnectionMethod = (typeof CONNECTION_METHODS)[number];
export const DECISIONS = ['yes', 'no'] as const;
export type Decision = (typeof DECISIONS)[number];

/**
 * One conversation the viewer logged; `response` is their yes/no (null: still pending). `canDecide`:
 * the two sat together in a round that started, so a yes/no may be given (docs/decisions/0063).
 */
export const connectionSchema = z.object({
  participantId: z.number(),
  participantName: z.string(),
  timestamp: z.string(),
  method: z.enum(CONNECTION_METHODS),
  round: z.number().nullable(),
  response: z.enum(DECISIONS).nullable(),
  canDecide: z.boolean(),
});
export type Connection = z.infer<typeof connectionSchema>;

/** GET and POST /api/events/{id}/connections: the viewer's code, their logged conversations, the other checked-in guests. */
export const connectionsStateSchema = z.object({
  personalCode: z.string(),
  connections: z.array(connectionSchema),
  attendees: z.array(z.object({ id: z.number(), name: z.string() })),
});
export type ConnectionsState = z.infer<typeof connectionsStateSchema>;
