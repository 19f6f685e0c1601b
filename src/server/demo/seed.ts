import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { appMeta, events, registrations, userRoles, users } from '../db/schema/index';
import { DEMO_PEOPLE } from './people';

/**
 * Demo datasets, each loaded once per database and remembered in app_meta. Later features
 * add their own dataset to DATASETS; `npm run seed` and the first embedded start run them all.
 */
interface Dataset {
  key: string;
  load(db: Db, ctx: SeedContext): Promise<void>;
}

interface SeedContext {
  userIds: Map<string, number>;
}

/** 14 May 2025 (a Wednesday), 7:00 PM in Prestwich (BST, UTC+1). */
export const WINE_BAR_EVENING = new Date(Date.UTC(2025, 4, 14, 18, 0));

function daysFromNow(days: number, hourUtc: number) {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + days);
  d.setUTCHours(hourUtc, 0, 0, 0);
  return d;
}

const people: Dataset = {
  key: 'demo:people',
  async load(db, ctx) {
    for (const p of DEMO_PEOPLE) {
      const [row] = await db
        .insert(users)
        .values({
          username: p.email,
          name: p.name,
          email: p.email,
          age: p.age,
          bio: p.bio,
          interests: p.interests,
          contactInfo: p.contactInfo,
          communicationStyle: p.communicationStyle,
          personalityTraits: p.personalityTraits,
          isDemo: true,
        })
        .onConflictDoNothing({ target: users.email })
        .returning({ id: users.id });
      const id = row?.id ?? (await db.select({ id: users.id }).from(users).where(eq(users.email, p.email)))[0]?.id;
      if (!id) continue;
      ctx.userIds.set(p.key, id);
      for (const role of p.roles ?? []) await db.insert(userRoles).values({ userId: id, role }).onConflictDoNothing();
    }
  },
};

const evenings: Dataset = {
  key: 'demo:evenings',
  async load(db, ctx) {
    const host = ctx.userIds.get('host') ?? null;
    const guests = ['member', 'sarah', 'michael', 'emma', 'david', 'priya', 'tom'].map((k) => ctx.userIds.get(k)).filter((v): v is number => !!v);
    const [past] = await db
      .insert(events)
      .values({
        title: 'Wine Bar Speed Friendship',
        description: 'Our launch evening: five-minute conversations over a glass of wine, first drink included.',
        date: WINE_BAR_EVENING,
        startTime: '19:00',
        endTime: '21:00',
        venue: 'The Wine Bar, Prestwich',
        ageRangeMin: 25,
        ageRangeMax: 45,
        maxParticipants: 40,
        participantCount: guests.length,
        price: 1500,
        status: 'completed',
        hostId: host,
        isDemo: true,
      })
      .returning({ id: events.id });
    if (past) {
      for (const userId of guests) {
        await db.insert(registrations).values({ eventId: past.id, userId, consentToShare: true, checkedIn: true, checkedInAt: WINE_BAR_EVENING });
      }
    }
    const [next] = await db
      .insert(events)
      .values({
        title: 'Thursday Night Speed Friendship',
        description: 'Meet 8-12 new people in relaxed five-minute chats. Your first drink is on us.',
        date: daysFromNow(12, 18),
        startTime: '19:00',
        endTime: '21:30',
        venue: 'The Wine Bar, Prestwich',
        ageRangeMin: 25,
        ageRangeMax: 40,
        maxParticipants: 30,
        participantCount: 1,
        price: 1500,
        status: 'upcoming',
        hostId: host,
        isDemo: true,
      })
      .returning({ id: events.id });
    const member = ctx.userIds.get('member');
    if (next && member) await db.insert(registrations).values({ eventId: next.id, userId: member, consentToShare: true });
  },
};

export const DATASETS: Dataset[] = [people, evenings];

/** Load every demo dataset not yet loaded into this database. Safe to run again. */
export async function loadDemoData(db: Db) {
  const done = new Set((await db.select({ key: appMeta.key }).from(appMeta)).map((r) => r.key));
  const ctx: SeedContext = { userIds: new Map() };
  // Resolve ids of existing demo people so later datasets can refer to them.
  for (const p of DEMO_PEOPLE) {
    const row = (await db.select({ id: users.id }).from(users).where(eq(users.email, p.email)))[0];
    if (row) ctx.userIds.set(p.key, row.id);
  }
  const loaded: string[] = [];
  for (const ds of DATASETS) {
    if (done.has(ds.key)) continue;
    await db.transaction(async (tx) => {
      await ds.load(tx as unknown as Db, ctx);
      await tx.insert(appMeta).values({ key: ds.key, value: new Date().toISOString() });
    });
    loaded.push(ds.key);
  }
  return { loaded };
}
