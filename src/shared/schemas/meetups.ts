import { z } from 'zod';
import { MEETUP_OPTIONS_MAX, MEETUP_PEOPLE_MAX, MEETUP_PLACE_MAX } from '../domain/meetups';
import { TIME_RE } from '../domain/time';
import { dayField, idField, storedText } from './common';

/** Meet-up polls (GitHub issue 36 "Meet again", docs/decisions/0082-meet-ups-decided-by-everyone.md). */

/** One proposed time: a London day and wall-clock time, as evenings are given. */
export const meetupTimeInput = z.object({
  day: dayField('Choose a day'),
  time: z.string({ error: 'Choose a time' }).regex(TIME_RE, 'Choose a time'),
});

/**
 * POST /api/meetups: the other people (the proposer is the viewer), one to three times, and the place:
 * a venue by id, or words of one's own (exactly one of the two).
 */
export const proposeMeetupBody = z
  .object({
    withIds: z
      .array(idField('Expected a person'), { error: 'Say who the meet-up is with' })
      .min(1, 'Say who the meet-up is with')
      .max(MEETUP_PEOPLE_MAX - 1, `A meet-up is for at most ${MEETUP_PEOPLE_MAX} people`),
    times: z
      .array(meetupTimeInput, { error: 'Give at least one time' })
      .min(1, 'Give at least one time')
      .max(MEETUP_OPTIONS_MAX, `Give at most ${MEETUP_OPTIONS_MAX} times`),
    venueId: idField('Choose a venue').nullable().optional(),
    place: storedText({ error: 'Say where' }).trim().max(MEETUP_PLACE_MAX, `At most ${MEETUP_PLACE_MAX} characters`).optional(),
  })
  .refine((b) => (b.venueId != null) !== !!b.place, { message: 'Choose a venue or write a place (one of the two)', path: ['place'] })
  .refine((b) => new Set(b.withIds).size === b.withIds.length, { message: 'Each person once', path: ['withIds'] })
  .refine((b) => new Set(b.times.map((t) => `${t.day}T${t.time}`)).size === b.times.length, { message: 'Each time once', path: ['times'] });
export type ProposeMeetupBody = z.input<typeof proposeMeetupBody>;

/** PUT /api/meetups/{id}/answers: yes or no to every time of the poll, each once. */
export const meetupAnswersBody = z.object({
  answers: z
    .array(z.object({ optionId: idField('Expected a time'), yes: z.boolean({ error: 'Answer yes or no' }) }), { error: 'Answer every time' })
    .min(1, 'Answer every time')
    .max(MEETUP_OPTIONS_MAX, 'Answer every time'),
});
export type MeetupAnswersBody = z.infer<typeof meetupAnswersBody>;

export const meetupMemberSchema = z.object({
  id: z.number(),
  name: z.string(),
  isYou: z.boolean(),
  /** Answered every time. */
  answered: z.boolean(),
  /** Withdrew from it. */
  left: z.boolean(),
});

export const meetupOptionSchema = z.object({
  id: z.number(),
  /** ISO instant. */
  startsAt: z.string(),
  /** How many said yes (who said what is not shown). */
  yes: z.number(),
  /** The viewer's answer, or null. */
  yourAnswer: z.boolean().nullable(),
});

export const meetupSchema = z.object({
  id: z.number(),
  /** The people's key: a friend group's key, or the pair's two ids. */
  key: z.string(),
  status: z.enum(['open', 'confirmed', 'cancelled']),
  proposer: z.object({ id: z.number(), name: z.string() }),
  place: z.string(),
  venueId: z.number().nullable(),
  members: z.array(meetupMemberSchema),
  options: z.array(meetupOptionSchema),
  confirmedOptionId: z.number().nullable(),
  /** The viewer withdrew from it. */
  youLeft: z.boolean(),
  createdAt: z.string(),
  closedAt: z.string().nullable(),
});
export type Meetup = z.infer<typeof meetupSchema>;

/** A venue to pick as the place. */
export const meetupVenueSchema = z.object({ id: z.number(), name: z.string(), place: z.string() });
export type MeetupVenue = z.infer<typeof meetupVenueSchema>;

/** GET /api/meetups: the viewer's meet-ups (each group's latest that is still to show), and the venues to pick from. */
export const myMeetupsSchema = z.object({ meetups: z.array(meetupSchema), venues: z.array(meetupVenueSchema) });
export type MyMeetups = z.infer<typeof myMeetupsSchema>;
