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

/** The share a new member arrived from (the `source` parameter of a shared link). */
export const signupSources = pgTable('signup_sources', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  platform: text('platform').$type<SharePlatform>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

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
    status: text('status').$type<'pending' | 'approved'>().notNull().default('pending'),
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
