/**
 * The data export holds everything stored about the person (docs/decisions/0043). Every table with a
 * column pointing at a member (a foreign key to users.id, or a column named like one: *_user_id,
 * *_by, rater_id, email, …) must be named in EXPORT_SECTIONS below: with the export's section(s)
 * that hold it, or as not exported with the reason. A new table with a user column and no entry fails
 * here. Then, with the demo's evenings played and the rest of the app used through its routes, every
 * member's export is compared with the rows each table holds about them.
 */
/** Set-up shared by the parts of the former export.test.ts (split by what they test, issue 40). */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import type { UserExport } from '@shared/schemas/users';
import { loadDemoData } from '../../demo/seed';
import { createTestApp, withCookie, type TestContext } from '../../test/harness';

export type Entry =
  | {
      sections: (keyof UserExport | `${keyof UserExport}.${string}`)[];
      /** User columns whose rows are deliberately not given to the person they point at, with the reason. */
      withheld?: Record<string, string>;
    }
  | { notExported: string };

/**
 * Table -> where the export holds it. To add a table with a user column: give it a section in
 * exportUser (src/server/modules/users/service.ts) and the userExport schema, and name it here; or,
 * if it holds nothing about the person, mark it { notExported: 'why' }.
 */
export const EXPORT_SECTIONS: Record<string, Entry> = {
  users: { sections: ['user'] },
  user_roles: { sections: ['roles'] },
  sessions: { sections: ['sessions'] },
  login_codes: { sections: ['login.codePending'] },
  login_guards: { sections: ['login.wrongCodes'] },
  mail_outbox: { sections: ['mail'] },
  profile_answers: { sections: ['user.answers'] },
  events: { sections: ['hosting.eventsHosted'] },
  registrations: { sections: ['registrations', 'hosting.guestsCheckedIn'] },
  cancelled_tickets: { sections: ['cancelledTickets'] },
  payments: { sections: ['payments'] },
  event_waitlist: { sections: ['waitlist'] },
  rotations: { sections: ['meetings'] },
  ratings: { sections: ['ratingsGiven', 'ratingsReceived'] },
  matches: { sections: ['matches'] },
  connection_logs: { sections: ['conversations.logged', 'conversations.loggedByOthers'] },
  arrival_states: { sections: ['arrivalReports'] },
  event_messages: { sections: ['messagesSent'] },
  message_recipients: { sections: ['messagesReceived'] },
  reminder_sends: { sections: ['remindersSent'] },
  still_coming: { sections: ['stillComing'] },
  access_needs: { sections: ['accessNeeds'] },
  conversation_questions: { sections: ['conversationGuide'] },
  met_again: {
    sections: ['metAgain'],
    withheld: { other_id: "another member's answer about meeting them again is that member's own (docs/decisions/0083-met-again.md)" },
  },
  see_again_counts: { sections: ['seeAgain'] },
  resale_refunds: {
    sections: ['resaleRefunds'],
    withheld: { taken_by_user_id: 'whose refund a booking set off is not told to the guest who booked (docs/decisions/0074-still-coming.md)' },
  },
  event_feedback: { sections: ['feedback'] },
  emoji_feedback: { sections: ['reactions'] },
  preview_opt_outs: { sections: ['previewOptOut'] },
  follow_up_invites: { sections: ['invitesSent', 'invitesReceived'] },
  invite_blocks: { sections: ['invitesStopped'], withheld: { blocked_user_id: 'the person whose invites were stopped is not told (docs/decisions/0043)' } },
  blocks: { sections: ['blocks'], withheld: { blocked_id: 'the blocked person is never told who blocked them (docs/decisions/0041, 0043)' } },
  reports: {
    sections: ['reportsMade', 'hosting.reportsHandled'],
    withheld: {
      reported_id:
        'reports about the member are not given to them: the reporter must stay unknown, and at a small evening even a count could point at them (docs/decisions/0043)',
    },
  },
  removed_guests: { sections: ['removedFrom', 'hosting.guestsRemoved'] },
  no_shows: { sections: ['noShows', 'hosting.noShowsCleared'] },
  barrier_reports: { sections: ['barrierReports'] },
  meetup_polls: { sections: ['meetups'] },
  meetup_members: { sections: ['meetups'] },
  meetup_answers: { sections: ['meetups'] },
  friend_seats: { sections: ['friendSeats.given', 'friendSeats.offered'] },
  host_applications: { sections: ['hostApplications', 'hosting.applicationsDecided'] },
  narration_settings: { sections: ['narrationSettings'] },
  share_events: { sections: ['shares'] },
  signup_sources: { sections: ['signupSource'] },
  venues: { sections: ['hosting.venuesOwned'] },
  venue_hosts: { sections: ['hosting.venuesCoHosted'] },
  rate_limits: { notExported: 'per-minute request counters keyed by IP address and route, gone within minutes; nothing in them names a member' },
  idempotent_requests: {
    notExported:
      'the answers to writes a phone may send twice (docs/decisions/0051): copies of ratings and feedback that are exported from their own tables, gone after two days',
  },
};

/** Column names that point at a member even without a foreign key (and the e-mail keyed tables). */
export const USER_COLUMN =
  /^(user_id|user_[a-z0-9]+|[a-z0-9_]+_user_id|user[0-9]_id|[a-z0-9_]+_by|rater_id|rated_id|reporter_id|reported_id|blocker_id|blocked_id|sender_id|host_id|other_id|email|to)$/;

export let t: TestContext;
export const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

/** Every public table with the columns that point at a member. */
export async function userColumns(): Promise<Map<string, string[]>> {
  const fks = rowsOf<{ table_name: string; column_name: string }>(
    await t.db.execute(sql`
      SELECT kcu.table_name, kcu.column_name
      FROM information_schema.table_constraints tc
      JOIN information_schema.key_column_usage kcu ON kcu.constraint_name = tc.constraint_name AND kcu.table_schema = tc.table_schema
      JOIN information_schema.constraint_column_usage ccu ON ccu.constraint_name = tc.constraint_name AND ccu.constraint_schema = tc.constraint_schema
      WHERE tc.constraint_type = 'FOREIGN KEY' AND tc.table_schema = 'public' AND ccu.table_name = 'users'`),
  );
  const named = rowsOf<{ table_name: string; column_name: string }>(
    await t.db.execute(sql`
      SELECT c.table_name, c.column_name FROM information_schema.columns c
      JOIN information_schema.tables tb ON tb.table_name = c.table_name AND tb.table_schema = c.table_schema
      WHERE c.table_schema = 'public' AND tb.table_type = 'BASE TABLE'`),
  ).filter((c) => USER_COLUMN.test(c.column_name));
  const out = new Map<string, string[]>([['users', ['id']]]);
  for (const c of [...fks, ...named]) {
    const cols = out.get(c.table_name) ?? [];
    if (!cols.includes(c.column_name)) cols.push(c.column_name);
    out.set(c.table_name, cols);
  }
  return out;
}

/** Rows of `table` that point at the member through any of `cols` (e-mail columns by address). */
export async function rowsAbout(table: string, cols: string[], person: { id: number; email: string }) {
  const where = sql.join(
    cols.map((c) => (c === 'email' || c === 'to' ? sql`${sql.identifier(c)} = ${person.email}` : sql`${sql.identifier(c)} = ${person.id}`)),
    sql` OR `,
  );
  return rowsOf<{ n: number }>(await t.db.execute(sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)} WHERE ${where}`))[0]!.n;
}

export function section(data: UserExport, path: string): unknown {
  return path.split('.').reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined), data);
}

export const holdsSomething = (v: unknown) => (Array.isArray(v) ? v.length > 0 : typeof v === 'number' ? v > 0 : v !== null && v !== undefined);

export const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: withCookie(cookie) });
export const send = (method: 'POST' | 'PUT', url: string, cookie: string, payload: object) =>
  t.app.inject({ method, url, headers: withCookie(cookie), payload });

export async function exportOf(id: number, cookie: string) {
  const res = await get(`/api/users/${id}/export`, cookie);
  expect(res.statusCode, res.body).toBe(200);
  return { data: res.json<UserExport>(), body: res.body };
}

/** The set-up every part of export.test.ts shares; call once at the top of each part. */
export function registerExportFixtures() {
  beforeAll(async () => {
    t = await createTestApp();
    await loadDemoData(t.db);
  });
  afterAll(() => t.close());
}
