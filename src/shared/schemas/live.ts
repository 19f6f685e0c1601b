import { z } from 'zod';
import { ALGORITHMS } from '../domain/matching';

export const ratingBody = z.object({
  raterId: z.number({ error: 'raterId is required' }).int().positive(),
  ratedId: z.number({ error: 'ratedId is required' }).int().positive(),
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

export const calculateBody = z.object({ algorithm: z.enum(ALGORITHMS).optional().default('balanced') }).optional().default({ algorithm: 'balanced' });

const matchUser = z.object({
  id: z.number(),
  name: z.string(),
  age: z.number(),
  bio: z.string().nullable(),
  interests: z.array(z.string()),
  profileImage: z.string().nullable(),
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

export const quickRatingBody = z.object({
  ratedId: z.number().int().positive().optional(),
  code: z.string().trim().min(1, 'Enter a code').max(12).optional(),
  method: z.enum(['qr', 'code', 'list']),
  decision: z.enum(['yes', 'no']).optional(),
});
