import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { events } from './events';
import { users } from './users';

/** Sharing and promotion (/share): shares of templates and posts, where sign-ups came from, page visits. */

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
