import { z } from 'zod';
import {
  AGE,
  BIO_MAX,
  BIO_MIN_WAITLIST,
  CONTACT_MAX,
  EMAIL_MAX,
  INTEREST_MAX_LENGTH,
  INTERESTS_MAX_COUNT,
  INTERESTS_MIN_WAITLIST,
  NAME_MAX,
  NAME_MIN_PROFILE,
} from '../domain/constants';
import { idField, storedText } from './common';
import { shareSource } from './share';

/** Text, @, dotted domain. */
export const EMAIL_RE = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:"]+$/;
/** Letters (any script), marks, spaces, apostrophes, hyphens and dots. */
export const NAME_RE = /^[\p{L}\p{M}][\p{L}\p{M}'’ .-]*$/u;
const PHONE_RE = /^[+\d][\d ()-]*$/;
const NO_ANGLE_RE = /^[^<>]*$/;

export const emailField = storedText({ error: 'Please enter your email address' })
  .trim()
  .min(1, 'Please enter your email address')
  .max(EMAIL_MAX, 'Please enter a valid email address')
  .regex(EMAIL_RE, 'Please enter a valid email address')
  .transform((s) => s.toLowerCase());

const nameBase = storedText({ error: 'Please enter your full name' })
  .trim()
  .min(1, 'Please enter your full name')
  .max(NAME_MAX, `Name must be at most ${NAME_MAX} characters`)
  .regex(NAME_RE, 'Name can only contain letters, spaces, hyphens and apostrophes');

const interest = storedText()
  .trim()
  .min(1, 'An interest cannot be empty')
  .max(INTEREST_MAX_LENGTH, `Each interest must be at most ${INTEREST_MAX_LENGTH} characters`)
  .regex(NO_ANGLE_RE, 'Interests cannot contain < or >');

export const interestsField = z
  .array(interest, { error: 'Interests must be a list' })
  .max(INTERESTS_MAX_COUNT, `At most ${INTERESTS_MAX_COUNT} interests`)
  .transform((list) => [...new Set(list)]);

const ageField = (min: number, max: number, minMsg: string, maxMsg: string) =>
  z.number({ error: 'Please enter your age' }).int('Age must be a whole number').min(min, minMsg).max(max, maxMsg);

const bioField = storedText()
  .trim()
  .max(BIO_MAX, `Bio must be less than ${BIO_MAX} characters`)
  .nullable()
  .transform((s) => (s ? s : null));

const contactField = storedText()
  .trim()
  .max(CONTACT_MAX, 'Contact number is too long')
  .refine((s) => s === '' || PHONE_RE.test(s), 'Enter a phone number using digits, spaces, + ( ) or -')
  .nullable()
  .transform((s) => (s ? s : null));

export const COMMUNICATION_STYLES = ['introverted', 'balanced', 'extroverted'] as const;
export const communicationStyle = z.enum(COMMUNICATION_STYLES);

const traitsRecord = z.record(storedText().max(40), z.number().min(0).max(100)).refine((r) => Object.keys(r).length <= 20, 'Too many entries');
const prefsRecord = z
  .record(storedText().max(40), z.union([storedText().max(200), z.number(), z.boolean(), z.array(storedText().max(100)).max(20)]))
  .refine((r) => Object.keys(r).length <= 20, 'Too many entries');

/** POST /api/users: the spec's signup payload. */
export const createUserBody = z.object({
  name: nameBase,
  email: emailField,
  username: storedText().max(EMAIL_MAX).optional().nullable(),
  age: ageField(AGE.min, AGE.max, `Age must be between ${AGE.min} and ${AGE.max}`, `Age must be between ${AGE.min} and ${AGE.max}`),
  bio: bioField.optional().transform((v) => v ?? null),
  interests: interestsField.optional().transform((v) => v ?? []),
  contactInfo: contactField.optional().transform((v) => v ?? null),
  profileImage: storedText()
    .max(500)
    .regex(/^(https?:\/\/|\/)[^\s<>"']*$/, 'Profile image must be a web address')
    .nullable()
    .optional()
    .transform((v) => v ?? null),
  personalityTraits: traitsRecord.optional().transform((v) => v ?? {}),
  preferences: prefsRecord.optional().transform((v) => v ?? {}),
  communicationStyle: communicationStyle
    .nullable()
    .optional()
    .transform((v) => v ?? null),
  /** The first `?source=` of the visit that ended in this signup (first touch, /share analytics). */
  source: shareSource.optional(),
  /** The evening page that visit landed on, when it was one. */
  sourceEventId: idField('Expected a numeric event id').optional(),
});
export type CreateUserBody = z.input<typeof createUserBody>;

/** PUT /api/users/{id}: the profile form. */
export const updateUserBody = z.object({
  name: storedText({ error: 'Name must be at least 2 characters' })
    .trim()
    .min(NAME_MIN_PROFILE, 'Name must be at least 2 characters')
    .max(NAME_MAX, `Name must be at most ${NAME_MAX} characters`)
    .regex(NAME_RE, 'Name can only contain letters, spaces, hyphens and apostrophes'),
  age: ageField(AGE.min, AGE.max, 'Must be at least 18 years old', 'Invalid age'),
  bio: bioField.optional().transform((v) => v ?? null),
  contactInfo: contactField.optional().transform((v) => v ?? null),
  interests: interestsField.optional().transform((v) => v ?? []),
});
export type UpdateUserBody = z.input<typeof updateUserBody>;

export const ROLES = ['member', 'host', 'admin'] as const;
export const role = z.enum(ROLES);
export type Role = z.infer<typeof role>;

/** The registration wizard's saved answers (docs/spec/organiser-tools.md §2.18): personality 1-5 by question. */
export const profileAnswersSchema = z.object({
  personality: z.record(z.string(), z.number()),
  motivations: z.array(z.string()),
  lookingFor: z.string().nullable(),
  completedAt: z.string(),
});
export type ProfileAnswers = z.infer<typeof profileAnswersSchema>;

/** What the member, an admin, or a shared match may see. */
export const userSchema = z.object({
  id: z.number(),
  username: z.string(),
  name: z.string(),
  email: z.string(),
  age: z.number(),
  bio: z.string().nullable(),
  interests: z.array(z.string()),
  profileImage: z.string().nullable(),
  contactInfo: z.string().nullable(),
  personalityTraits: z.record(z.string(), z.unknown()),
  preferences: z.record(z.string(), z.unknown()),
  communicationStyle: z.string().nullable(),
  createdAt: z.string(),
  /**
   * The registration wizard's own answers (/register): only in the member's own views (their
   * profile, their data download); null until they complete it. Never shown to other guests.
   */
  answers: profileAnswersSchema.nullable().optional(),
});
export type User = z.infer<typeof userSchema>;

/** The admin list of signups. */
export const userListItem = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  age: z.number(),
  bio: z.string().nullable(),
  interests: z.array(z.string()),
  username: z.string(),
  createdAt: z.string(),
});
export type UserListItem = z.infer<typeof userListItem>;

export const userStats = z.object({
  eventsAttended: z.number(),
  totalConnections: z.number(),
  averageRating: z.number().nullable(),
});
export type UserStats = z.infer<typeof userStats>;

const at = z.string();
const when = z.string().nullable();
const person = z.object({ id: z.number(), name: z.string() });
const evening = { eventId: z.number(), title: z.string() };

/**
 * GET /api/users/{id}/export: everything stored about a member, as a JSON download (docs/decisions/0043).
 * One section per table that holds something about them (the test in modules/users/export-tables.test.ts
 * keeps this true as tables are added). Secrets (session tokens, login codes, payment client secrets,
 * stop-invite and calendar tokens) are named by what they are and when, never given raw. Ratings others
 * gave them are counted per evening, without values or raters: those are the raters' private choices.
 */
export const userExport = z.object({
  exportedAt: z.string(),
  /** The profile, with since when an admin has suspended the account (null: not suspended; docs/decisions/0041). */
  user: userSchema.extend({ suspendedAt: when }),
  roles: z.array(z.object({ role: z.string(), grantedAt: z.string() })),
  sessions: z.array(z.object({ createdAt: z.string(), expiresAt: z.string() })),
  /** A login code waiting to be typed (the code itself is stored only as a hash) and wrong codes counted against the account. */
  login: z.object({
    codePending: z.object({ createdAt: at, expiresAt: at, wrongTries: z.number() }).nullable(),
    wrongCodes: z.object({ windowStartedAt: at, count: z.number(), lockMailedAt: when }).nullable(),
  }),
  /** E-mails sent to the member's address: subject and time (bodies hold login codes and one-time links). */
  mail: z.array(z.object({ subject: z.string(), sentAt: at })),
  registrations: z.array(
    z.object({
      eventId: z.number(),
      title: z.string(),
      date: z.string(),
      venue: z.string(),
      consentToShare: z.boolean(),
      checkedIn: z.boolean(),
      checkedInAt: when,
      checkInMethod: z.string().nullable(),
      ticketCode: z.string(),
      registeredAt: z.string(),
    }),
  ),
  cancelledTickets: z.array(z.object({ ...evening, ticketCode: z.string(), cancelledAt: at })),
  /** Card payments and seat holds (the provider's client secret is left out). */
  payments: z.array(
    z.object({
      ...evening,
      provider: z.string(),
      reference: z.string(),
      amount: z.number(),
      currency: z.string(),
      status: z.string(),
      holdExpiresAt: at,
      failureMessage: z.string().nullable(),
      refunded: z.boolean(),
      createdAt: at,
    }),
  ),
  waitlist: z.array(z.object({ ...evening, status: z.string(), joinedAt: at, offeredAt: when, offerExpiresAt: when })),
  /** Who the rotation seated the member with, round by round (partner null: a round sat out). */
  meetings: z.array(z.object({ ...evening, round: z.number(), table: z.number().nullable(), partner: person.nullable() })),
  ratingsGiven: z.array(
    z.object({ ...evening, rated: person, rating: z.number(), round: z.number().nullable(), source: z.string(), createdAt: at, updatedAt: at }),
  ),
  /** How many ratings others gave the member, per evening: no values, no raters (docs/decisions/0043). */
  ratingsReceived: z.array(z.object({ ...evening, count: z.number() })),
  matches: z.array(
    z.object({ ...evening, with: person, matchScore: z.number(), matchType: z.string(), sharedByYou: z.boolean(), sharedByThem: z.boolean(), createdAt: at }),
  ),
  /** Conversations the member logged on /live-event; `loggedByOthers` counts those others logged with them. */
  conversations: z.object({
    logged: z.array(z.object({ ...evening, with: person, method: z.string(), round: z.number().nullable(), createdAt: at })),
    loggedByOthers: z.number(),
  }),
  /** Where /arrival put the member (distance from the venue and accuracy, metres), per evening. */
  arrivalReports: z.array(z.object({ ...evening, permission: z.string(), distanceM: z.number().nullable(), accuracyM: z.number().nullable(), updatedAt: at })),
  messagesReceived: z.array(z.object({ ...evening, text: z.string(), type: z.string(), sentAt: at, readAt: when, acknowledgedAt: when })),
  messagesSent: z.array(z.object({ ...evening, text: z.string(), type: z.string(), audience: z.string(), sentAt: at })),
  remindersSent: z.array(z.object({ ...evening, kind: z.string(), sentAt: at })),
  /** "Still coming?" questions asked, and the answers (docs/decisions/0074-still-coming.md). */
  stillComing: z.array(z.object({ ...evening, askedAt: at, answer: z.string().nullable(), answeredAt: when })),
  /** The conversation guide's questions the member and their partner were given, round by round (docs/decisions/0081). */
  conversationGuide: z.array(
    z.object({ ...evening, with: person, round: z.number(), question: z.string(), followUp: z.string(), topic: z.string().nullable(), askedAt: at }),
  ),
  /** Paid seats given up inside the refund window, refunded when someone else booked. */
  resaleRefunds: z.array(z.object({ ...evening, amount: z.number(), status: z.string(), releasedAt: at, refundedAt: when })),
  /** What the member told an evening's hosts would help them on the night (docs/decisions/0086). */
  accessNeeds: z.array(z.object({ ...evening, note: z.string(), updatedAt: at })),
  /** "Did you meet NAME again?" questions asked of the member, and the answers (docs/decisions/0083-met-again.md). */
  metAgain: z.array(z.object({ ...evening, about: person, stage: z.number(), askedAt: at, answer: z.string().nullable(), answeredAt: when })),
  /** How many would like to see the member again, per evening; null where showing it could single someone's rating out. */
  seeAgain: z.array(z.object({ ...evening, count: z.number().nullable() })),
  feedback: z.array(
    z.object({
      ...evening,
      overallRating: z.number(),
      venueRating: z.number(),
      organizationRating: z.number(),
      matchQualityRating: z.number(),
      timingRating: z.number(),
      wouldRecommend: z.boolean(),
      improvements: z.array(z.string()),
      favoriteAspect: z.string().nullable(),
      additionalComments: z.string().nullable(),
      submittedAt: at,
      updatedAt: at,
    }),
  ),
  reactions: z.array(z.object({ ...evening, emoji: z.string(), createdAt: at, updatedAt: at })),
  previewOptOut: z.object({ since: at }).nullable(),
  invitesSent: z.array(z.object({ to: person, metAt: z.string(), invitedTo: z.string(), createdAt: at })),
  invitesReceived: z.array(z.object({ from: person, metAt: z.string(), invitedTo: z.string(), createdAt: at })),
  /** People the member stopped invites from. */
  invitesStopped: z.array(z.object({ person, createdAt: at })),
  /** People the member blocked (docs/decisions/0041). Who blocked the member is not told. */
  blocks: z.array(z.object({ person, createdAt: at })),
  /**
   * Reports the member made, and whether an admin handled them. Reports about the member are
   * withheld: the reporter must stay unknown (docs/decisions/0043).
   */
  reportsMade: z.array(
    z.object({ ...evening, about: person, context: z.string(), reason: z.string(), details: z.string(), createdAt: at, handled: z.boolean(), handledAt: when }),
  ),
  /** Evenings a host removed the member from while they ran (docs/decisions/0042). */
  removedFrom: z.array(z.object({ ...evening, removedAt: at })),
  /** Evenings the member booked and missed (docs/decisions/0076), and whether an admin cleared them, when and why. */
  noShows: z.array(z.object({ ...evening, eveningAt: at, recordedAt: at, cleared: z.object({ at, reason: z.string() }).nullable() })),
  /** Seats for a friend (docs/decisions/0075): tickets given and second seats booked by the member, and seats offered to them. */
  friendSeats: z.object({
    given: z.array(z.object({ ...evening, kind: z.string(), friendEmail: z.string(), status: z.string(), createdAt: at, resolvedAt: at.nullable() })),
    offered: z.array(z.object({ ...evening, kind: z.string(), from: z.string(), status: z.string(), createdAt: at, resolvedAt: at.nullable() })),
  }),
  /**
   * Meet-ups the member was in (docs/decisions/0082): with whom, where, the times and the member's own
   * answers (others' answers are counts on the page, never exported), what became of it.
   */
  meetups: z.array(
    z.object({
      id: z.number(),
      with: z.array(person),
      proposedByYou: z.boolean(),
      place: z.string(),
      status: z.string(),
      times: z.array(z.object({ startsAt: at, yourAnswer: z.boolean().nullable(), confirmed: z.boolean() })),
      createdAt: at,
      closedAt: when,
      leftAt: when,
    }),
  ),
  /** Barriers the member reported from the accessibility statement (docs/decisions/0078). */
  barrierReports: z.array(z.object({ page: z.string(), description: z.string(), replyTo: z.string().nullable(), createdAt: at })),
  hostApplications: z.array(
    z.object({
      name: z.string(),
      email: z.string(),
      location: z.string(),
      experience: z.string(),
      motivation: z.string(),
      venueIdea: z.string(),
      proposedEventDate: z.string().nullable(),
      status: z.string(),
      declineReason: z.string().nullable(),
      decidedAt: when,
      createdAt: at,
    }),
  ),
  narrationSettings: z.object({ settings: z.record(z.string(), z.unknown()), updatedAt: at }).nullable(),
  shares: z.array(z.object({ eventId: z.number().nullable(), platform: z.string(), action: z.string(), template: z.string(), createdAt: at })),
  /** The link that first brought the person (docs/decisions/0047): platform, source and the evening it opened. */
  signupSource: z.object({ platform: z.string().nullable(), source: z.string().nullable(), eventId: z.number().nullable(), createdAt: at }).nullable(),
  /**
   * What the member did as a host or admin: evenings hosted, venues owned or co-hosted, guests checked
   * in, applications decided, reports handled, guests removed.
   */
  hosting: z.object({
    eventsHosted: z.array(z.object({ ...evening, date: at })),
    venuesOwned: z.array(z.object({ id: z.number(), name: z.string() })),
    venuesCoHosted: z.array(z.object({ id: z.number(), name: z.string(), addedAt: at })),
    guestsCheckedIn: z.number(),
    applicationsDecided: z.number(),
    reportsHandled: z.number(),
    guestsRemoved: z.number(),
    /** No-shows this admin cleared (docs/decisions/0076). */
    noShowsCleared: z.number(),
  }),
});
export type UserExport = z.infer<typeof userExport>;

/* ---------- client-side form schemas (the spec's messages, before sending) ---------- */

export const requiredNumber = (requiredMsg: string) =>
  z.union([z.number(), z.string()]).transform((v, ctx) => {
    if (v === '' || v === null || v === undefined || (typeof v === 'number' && Number.isNaN(v))) {
      ctx.addIssue({ code: 'custom', message: requiredMsg });
      return z.NEVER;
    }
    const n = typeof v === 'number' ? v : Number(v);
    if (!Number.isFinite(n)) {
      ctx.addIssue({ code: 'custom', message: requiredMsg });
      return z.NEVER;
    }
    return n;
  });

/** The landing (/) waitlist form: docs/spec/member-app.md §5. */
export const waitlistForm = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'Please enter your full name')
    .max(NAME_MAX, `Name must be at most ${NAME_MAX} characters`)
    .regex(NAME_RE, 'Name can only contain letters, spaces, hyphens and apostrophes'),
  email: storedText()
    .trim()
    .min(1, 'Please enter your email address')
    .max(EMAIL_MAX, 'Please enter a valid email address')
    .regex(EMAIL_RE, 'Please enter a valid email address'),
  age: requiredNumber('Please enter your age').pipe(
    z.number().int('Age must be a whole number').min(AGE.waitlistMin, 'Age must be between 18 and 80').max(AGE.waitlistMax, 'Age must be between 18 and 80'),
  ),
  bio: storedText()
    .trim()
    .min(1, 'Please tell us a bit about yourself')
    .min(BIO_MIN_WAITLIST, 'Please write at least 10 characters about yourself')
    .max(BIO_MAX, `Bio must be less than ${BIO_MAX} characters`),
  interests: storedText()
    .trim()
    .min(1, 'Please share your interests and hobbies')
    .min(INTERESTS_MIN_WAITLIST, 'Please list at least a few interests')
    .max(500, 'Please keep your interests under 500 characters'),
});
export type WaitlistFormInput = z.input<typeof waitlistForm>;

/** The other signup forms: name, e-mail, age required; bio/interests optional. */
export const simpleSignupForm = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'Name is required')
    .max(NAME_MAX, `Name must be at most ${NAME_MAX} characters`)
    .regex(NAME_RE, 'Name can only contain letters, spaces, hyphens and apostrophes'),
  email: storedText()
    .trim()
    .min(1, 'Email is required')
    .max(EMAIL_MAX, 'Please enter a valid email address')
    .regex(EMAIL_RE, 'Please enter a valid email address'),
  age: requiredNumber('Age is required').pipe(
    z.number().int('Age must be a whole number').min(AGE.min, 'Age must be between 18 and 100').max(AGE.max, 'Age must be between 18 and 100'),
  ),
  bio: storedText().trim().max(BIO_MAX, `Bio must be less than ${BIO_MAX} characters`),
  interests: storedText().trim().max(500, 'Please keep your interests under 500 characters'),
});
export type SimpleSignupInput = z.input<typeof simpleSignupForm>;

/** The profile edit form: docs/spec/member-app.md §5. */
export const profileForm = z.object({
  name: z
    .string()
    .trim()
    .min(NAME_MIN_PROFILE, 'Name must be at least 2 characters')
    .max(NAME_MAX, `Name must be at most ${NAME_MAX} characters`)
    .regex(NAME_RE, 'Name can only contain letters, spaces, hyphens and apostrophes'),
  age: requiredNumber('Must be at least 18 years old').pipe(
    z.number().int('Age must be a whole number').min(AGE.min, 'Must be at least 18 years old').max(AGE.max, 'Invalid age'),
  ),
  bio: storedText().trim().max(BIO_MAX, 'Bio must be less than 500 characters'),
  contactInfo: storedText()
    .trim()
    .max(CONTACT_MAX, 'Contact number is too long')
    .refine((s) => s === '' || PHONE_RE.test(s), 'Enter a phone number using digits, spaces, + ( ) or -'),
  interests: z.array(storedText()),
});
