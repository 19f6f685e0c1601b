import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    age: integer('age').notNull(),
    bio: text('bio'),
    interests: jsonb('interests')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    profileImage: text('profile_image'),
    contactInfo: text('contact_info'),
    personalityTraits: jsonb('personality_traits')
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    preferences: jsonb('preferences')
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    communicationStyle: text('communication_style'),
    /** Secret in the member's iCalendar feed URL. */
    calendarToken: text('calendar_token')
      .notNull()
      .default(sql`replace(gen_random_uuid()::text, '-', '')`),
    isDemo: boolean('is_demo').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set while an admin has suspended the account (docs/decisions/0041): no login, no sessions, no booking. */
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('users_email_unique').on(t.email)],
);

export const userRoles = pgTable(
  'user_roles',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').$type<'host' | 'admin'>().notNull(),
    grantedAt: timestamp('granted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.role] })],
);

export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const loginCodes = pgTable('login_codes', {
  email: text('email').primaryKey(),
  codeHash: text('code_hash').notNull(),
  attempts: integer('attempts').notNull().default(0),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /**
   * A sign-up form's answers, waiting for the code (docs/decisions/0070): the account is made
   * from them only when the code proves the address. Null for a log-in.
   */
  signup: jsonb('signup').$type<Record<string, unknown>>(),
});

/**
 * Wrong login codes per account, across codes (docs/decisions/0009): a fixed window that starts
 * at the first wrong code; at the limit, code login is locked until the window ends.
 */
export const loginGuards = pgTable('login_guards', {
  email: text('email').primaryKey(),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
  /** Guesses compared with a code in this window (a guess holds its place while it is checked). */
  failures: integer('failures').notNull().default(0),
  /** When the owner was told about the lock of this window (once per lock). */
  lockMailedAt: timestamp('lock_mailed_at', { withTimezone: true }),
  /**
   * SHA-256 of the one-time link in that notice (issue 21): it signs the owner in and clears the
   * lock, once, until the window ends (docs/decisions/0009-login-guessing-per-account.md).
   */
  unlockTokenHash: text('unlock_token_hash'),
});

/** Rate-limit counters shared by every instance on PostgreSQL (docs/decisions/0010). */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    count: integer('count').notNull(),
  },
  (t) => [index('rate_limits_expires_idx').on(t.expiresAt)],
);

/** The registration wizard's answers (/register), kept with the member's profile. */
export const profileAnswers = pgTable('profile_answers', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** The five personality questions, 1-5 each, by question key. */
  personality: jsonb('personality')
    .$type<Record<string, number>>()
    .notNull()
    .default(sql`'{}'::jsonb`),
  motivations: jsonb('motivations')
    .$type<string[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  /** The optional free text: what they are looking for. */
  lookingFor: text('looking_for'),
  completedAt: timestamp('completed_at', { withTimezone: true }).notNull().defaultNow(),
});
