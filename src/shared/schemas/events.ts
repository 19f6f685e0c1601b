import { z } from 'zod';

export const EVENT_STATUSES = ['upcoming', 'completed'] as const;

export const eventSchema = z.object({
  id: z.number(),
  title: z.string(),
  description: z.string().nullable(),
  date: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  venue: z.string(),
  price: z.number(),
  status: z.enum(EVENT_STATUSES),
  maxParticipants: z.number(),
  participantCount: z.number(),
  ageRangeMin: z.number(),
  ageRangeMax: z.number(),
});
export type Event = z.infer<typeof eventSchema>;

/** GET /api/users/{id}/events: the member's registrations with their events. */
export const userEventSchema = eventSchema.extend({ checkedIn: z.boolean(), registeredAt: z.string() });
export type UserEvent = z.infer<typeof userEventSchema>;
