/**
 * The host programme (/host-program, docs/spec/organiser-tools.md §2.24, the Host application and
 * Active host entities of §3, the form rule of §5; docs/product.md "Identity and roles": hosts are
 * granted when an admin approves a host application).
 */
import { z } from 'zod';
import { NAME_MAX } from '../domain/constants';
import { dayField, storedText } from './common';
import { emailField } from './users';

export const HOST_LOCATION_MAX = 100;
export const HOST_TEXT_MAX = 2000;
export const HOST_MESSAGE_MAX = 2000;

const required = (message: string, max: number, tooLong: string) => storedText({ error: message }).trim().min(1, message).max(max, tooLong);

/** POST /api/host-program/applications: all six fields are required (§5); a proposed first evening is optional. */
export const hostApplicationBody = z.object({
  name: required('Please enter your full name', NAME_MAX, `Name must be at most ${NAME_MAX} characters`),
  email: emailField,
  location: required('Please enter your city or region', HOST_LOCATION_MAX, `City or region must be at most ${HOST_LOCATION_MAX} characters`),
  experience: required('Please tell us about your experience', HOST_TEXT_MAX, `Experience must be at most ${HOST_TEXT_MAX} characters`),
  motivation: required('Please tell us why you would like to host', HOST_TEXT_MAX, `Motivation must be at most ${HOST_TEXT_MAX} characters`),
  venueIdea: required('Please share your venue ideas', HOST_TEXT_MAX, `Venue ideas must be at most ${HOST_TEXT_MAX} characters`),
  /** YYYY-MM-DD; an empty field means none. */
  proposedEventDate: z
    .union([z.literal(''), dayField('Please pick a real date')])
    .nullish()
    .transform((d) => d || null),
});
export type HostApplicationBody = z.input<typeof hostApplicationBody>;

export const HOST_APPLICATION_STATUSES = ['pending', 'approved', 'declined', 'withdrawn'] as const;

/** A host application as admins see it (and its applicant sees their own). */
export const hostApplicationSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  location: z.string(),
  experience: z.string(),
  motivation: z.string(),
  venueIdea: z.string(),
  proposedEventDate: z.string().nullable(),
  status: z.enum(HOST_APPLICATION_STATUSES),
  /** When it was sent (ISO instant). */
  appliedDate: z.string(),
  decidedAt: z.string().nullable(),
  /** The admin who approved or declined it (name only). */
  decidedBy: z.string().nullable(),
  /**
   * The account that applied, as the database knows it (the name and e-mail above are only what was
   * typed): what the admin approves, and where the e-mails go. Null once the account is deleted.
   */
  account: z
    .object({
      id: z.number(),
      name: z.string(),
      /** The login e-mail. */
      email: z.string(),
      /** When the account was created (ISO instant). */
      memberSince: z.string(),
      /** Evenings the member was checked in at. */
      eveningsAttended: z.number(),
    })
    .nullable(),
  /** Why an admin declined it (told to the applicant). */
  declineReason: z.string().nullable(),
});
export type HostApplication = z.infer<typeof hostApplicationSchema>;

/** GET /api/host-program/me: whether the viewer is a host, and their newest application. */
export const myHostProgramSchema = z.object({
  isHost: z.boolean(),
  application: hostApplicationSchema.nullable(),
});
export type MyHostProgram = z.infer<typeof myHostProgramSchema>;

export const DECLINE_REASON_MAX = 1000;
/** POST /api/host-program/applications/{id}/decline: an admin's reason, e-mailed to the applicant and shown to them on /host-program. */
export const hostDeclineBody = z.object({
  reason: storedText({ error: 'Please give the applicant a reason' })
    .trim()
    .min(1, 'Please give the applicant a reason')
    .max(DECLINE_REASON_MAX, `A reason can be at most ${DECLINE_REASON_MAX} characters`),
});

/** POST /api/host-program/applications/{id}/message: a note from an admin, e-mailed to the applicant. */
export const hostMessageBody = z.object({
  text: storedText({ error: 'Write a message first' })
    .trim()
    .min(1, 'Write a message first')
    .max(HOST_MESSAGE_MAX, `A message can be at most ${HOST_MESSAGE_MAX} characters`),
});

export const hostMessageSent = z.object({ message: z.string(), sentTo: z.string(), sentAt: z.string() });
export type HostMessageSent = z.infer<typeof hostMessageSent>;

/** An active host as everyone may see them: no e-mail, no phone (docs/product.md "Personal data"). */
export const activeHostSchema = z.object({
  id: z.number(),
  name: z.string(),
  /** From their approved application, else the city of the venue of their latest evening. */
  location: z.string().nullable(),
  /** Evenings they hosted that have started. */
  eventsHosted: z.number(),
  /** Guests checked in across all their evenings. */
  totalAttendees: z.number(),
  /**
   * Average feedback rating of their evenings, from guests who booked their own place and came; null
   * until HOST_RATING_MIN_REVIEWS responses from HOST_RATING_MIN_EVENINGS evenings count (docs/decisions/0067).
   */
  averageRating: z.number().nullable(),
  /** Feedback responses that count towards the rating. */
  ratingCount: z.number(),
  /** Their next (or current) evening, with how many are registered. */
  nextEvent: z
    .object({
      id: z.number(),
      title: z.string(),
      date: z.string(),
      startTime: z.string(),
      venue: z.string(),
      registrations: z.number(),
      maxParticipants: z.number(),
    })
    .nullable(),
});
export type ActiveHost = z.infer<typeof activeHostSchema>;
