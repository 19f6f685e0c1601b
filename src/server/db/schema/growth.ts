import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { events } from './events';
import { users } from './users';

/**
 * Growth and access (docs/spec/organiser-tools.md §2.1, §2.13, §2.18, §2.24, §2.29): share analytics,
 * where signups came from, host applications, registration-wizard answers and narration settings.
 */

export type SharePlatform = 'facebook' | 'instagram' | 'twitter' | 'whatsapp' | 'linkedin' | 'local';

/** Every copy or share of a promotion template or generated post (/share analytics). */
export const shareEvents = pgTable(
  'share_events',
  {
    id: serial('id').primaryKey(),
    /** Who copied or shared it (null for a visitor). */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The evening the post was about, when one was picked. */
    eventId: integer('event_id').references(() => events.id, { onDelete: 'set null' }),
    platform: text('platform').$type<SharePlatform>().notNull(),
    action: text('action').$type<'copy' | 'share'>().notNull(),
    /** Which template ('facebook', …) or 'custom' for the custom generator. */
    template: text('template').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('share_events_created_idx').on(t.createdAt)],
);

/**
 * Where a new member came from: the first `source` of the visit that ended in their signup
 * (first touch, docs/decisions/0047). One row per member, written once at signup.
 */
export const signupSources = pgTable(
  'signup_sources',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The platform of a share post; null for a flyer's QR code or link. */
    platform: text('platform').$type<SharePlatform>(),
    /** The full source ('instagram-post', 'flyer-qr'); null on rows written before sources had a medium (read as `<platform>-post`). */
    source: text('source'),
    /** The evening page the visit landed on, when it was one. */
    eventId: integer('event_id').references(() => events.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('signup_sources_event_idx').on(t.eventId)],
);

/**
 * Visits to an evening's public page that came through one of our links: one per browser session
 * per evening (the unique index), reported by the browser, so anyone could add some: the analytics
 * say so (docs/decisions/0047).
 */
export const pageVisits = pgTable(
  'page_visits',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    source: text('source').notNull(),
    /** A random id the browser keeps for its session (sessionStorage). */
    sessionId: text('session_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('page_visits_once_per_session').on(t.eventId, t.sessionId), index('page_visits_source_idx').on(t.source)],
);

/** An application to host evenings (/host-program); an admin's approval grants the host role. */
export const hostApplications = pgTable(
  'host_applications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    location: text('location').notNull(),
    experience: text('experience').notNull(),
    motivation: text('motivation').notNull(),
    venueIdea: text('venue_idea').notNull(),
    /** 'declined' by an admin (with a reason the applicant is told), 'withdrawn' by the applicant. */
    status: text('status').$type<'pending' | 'approved' | 'declined' | 'withdrawn'>().notNull().default('pending'),
    declineReason: text('decline_reason'),
    proposedEventDate: text('proposed_event_date'),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    isDemo: boolean('is_demo').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('host_applications_status_idx').on(t.status, t.createdAt),
    // One pending application per person.
    uniqueIndex('host_applications_one_pending').on(t.userId).where(sql`${t.status} = 'pending'`),
  ],
);

/** The registration wizard's answers (/register), kept with the member's profile. */
export const profileAnswers = pgTable('profile_answers', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** The five personality questions, 1-5 each, by question key. */
  personality: jsonb('personality').$type<Record<string, number>>().notNull().default(sql`'{}'::jsonb`),
  motivations: jsonb('motivations').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
  /** The optional free text: what they are looking for. */
  lookingFor: text('looking_for'),
  completedAt: timestamp('completed_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A member's voice narration settings (/accessibility), so they follow them to every device. */
export const narrationSettings = pgTable('narration_settings', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  settings: jsonb('settings').$type<Record<string, unknown>>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
