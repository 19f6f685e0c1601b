import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { DEFAULT_PRICE_PENCE, SELF_CHECK_IN_MINUTES } from '@shared/domain/constants';
import type { EmojiKey, ImprovementKey } from '@shared/domain/feedback';
import { pairKey, planSchedule, type RoundPlan } from '@shared/domain/rotation';
import { londonDay, londonInstant, TIME_ZONE } from '@shared/domain/time';
import type { VenueAccess } from '@shared/schemas/venue-access';
import type { Db } from '../db/client';
import type { SharePlatform } from '../db/schema/share';
import { sourcePlatform, type ShareSource } from '@shared/domain/share-sources';
import {
  appMeta,
  arrivalStates,
  emojiFeedback,
  eventFeedback,
  eventMessages,
  events,
  eveningVisits,
  eventTimers,
  eventWaitlist,
  followUpInvites,
  hostApplications,
  matches,
  messageRecipients,
  metAgain,
  ratings,
  registrations,
  rotations,
  roundHistory,
  pageVisits,
  shareEvents,
  signupSources,
  userRoles,
  users,
  venues,
} from '../db/schema/index';
import { calculate } from '../modules/matching/service';
import { DEMO_PEOPLE, LATER_DEMO_PEOPLE, type DemoPerson } from './people';

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
  venueIds: Map<string, number>;
}

/** 14 May 2025 (a Wednesday), 7:00 PM in Prestwich. */
export const WINE_BAR_DAY = '2025-05-14';

/** The London day `days` from today. */
function dayFromNow(days: number) {
  return londonDay(new Date(Date.now() + days * 86_400_000));
}

/** The first London day at least `days` from today that is a Thursday (the evening's title says so). */
export function thursdayFromNow(days: number, now = Date.now()) {
  for (let d = days; ; d++) {
    const day = londonDay(new Date(now + d * 86_400_000));
    if (new Date(`${day}T12:00:00Z`).getUTCDay() === 4) return day;
  }
}

const hhmm = (d: Date) => new Intl.DateTimeFormat('en-GB', { timeZone: TIME_ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(d);

/** An evening starting 45 minutes after the demo data loads (so guests may check in at once), two hours long. */
function soonSlot() {
  const start = new Date(Math.ceil((Date.now() + 45 * 60_000) / 900_000) * 900_000);
  const day = londonDay(start);
  const end = new Date(start.getTime() + 2 * 3_600_000);
  return { day, startTime: hhmm(start), endTime: londonDay(end) === day ? hhmm(end) : '23:59' };
}

const newTicket = () => randomBytes(9).toString('base64url');

const people: Dataset = {
  key: 'demo:people',
  async load(db, ctx) {
    for (const p of DEMO_PEOPLE) await addPerson(db, ctx, p);
  },
};

/** Insert a flagged demo person (kept if the e-mail exists already) and remember their id. */
async function addPerson(db: Db, ctx: SeedContext, p: DemoPerson) {
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
  if (!id) return;
  ctx.userIds.set(p.key, id);
  for (const role of p.roles ?? []) await db.insert(userRoles).values({ userId: id, role }).onConflictDoNothing();
}

export const DEMO_VENUES = [
  {
    key: 'wine',
    name: 'The Wine Bar',
    address: '12 Bury New Road',
    city: 'Prestwich',
    capacity: 60,
    amenities: ['bar', 'music', 'wifi'],
    latitude: 53.5331,
    longitude: -2.2847,
    contactInfo: '0161 000 0101',
  },
  {
    key: 'corner',
    name: 'The Corner Café',
    address: '3 Longfield Centre',
    city: 'Prestwich',
    capacity: 35,
    amenities: ['coffee', 'wifi', 'catering'],
    latitude: 53.5336,
    longitude: -2.2861,
    contactInfo: '0161 000 0102',
  },
  {
    key: 'boathouse',
    name: 'Heaton Park Boathouse',
    address: 'Heaton Park',
    city: 'Manchester',
    capacity: 50,
    amenities: ['coffee', 'outdoor', 'parking'],
    latitude: 53.5352,
    longitude: -2.2557,
    contactInfo: '0161 000 0103',
  },
  {
    key: 'nq',
    name: 'Northern Quarter Social',
    address: '41 Oldham Street',
    city: 'Manchester',
    capacity: 80,
    amenities: ['bar', 'music', 'catering'],
    latitude: 53.4836,
    longitude: -2.2352,
    contactInfo: '0161 000 0104',
  },
] as const;

const venueData: Dataset = {
  key: 'demo:venues',
  async load(db, ctx) {
    for (const v of DEMO_VENUES) {
      const { key, ...values } = v;
      const [row] = await db
        .insert(venues)
        .values({ ...values, amenities: [...values.amenities], pricePerHour: 5000, isActive: true, createdBy: ctx.userIds.get('host') ?? null, isDemo: true })
        .returning({ id: venues.id });
      if (row) ctx.venueIds.set(key, row.id);
    }
  },
};

/**
 * How to get into each demo venue (docs/decisions/0077-venues-say-how-to-get-in.md): a mix of yes,
 * no, "with help" and facts not told yet, as real venues tell them. A dataset of its own, so a demo
 * database loaded before these facts existed gets them too; a venue whose host has already told
 * something keeps what was told.
 */
export const DEMO_VENUE_ACCESS: Record<(typeof DEMO_VENUES)[number]['key'], VenueAccess> = {
  wine: {
    stepFree: 'with_help',
    accessibleToilet: false,
    hearingLoop: false,
    quietSpace: true,
    seating: ['chairs', 'stools'],
    lighting: 'dim',
    noise: 'lively',
    parking: 'Blue-badge bays at the Longfield Centre car park, about 100 m along Bury New Road',
    transport: 'Metrolink to Prestwich, then a 5-minute flat walk; buses 98 and 135 stop outside',
    notes:
      'One step at the front door: ring the bell and staff bring a portable ramp. The toilets are downstairs. The back snug is kept quiet for anyone who needs a break.',
  },
  corner: {
    stepFree: 'yes',
    accessibleToilet: true,
    hearingLoop: true,
    quietSpace: null,
    seating: ['chairs'],
    lighting: 'bright',
    noise: 'quiet',
    parking: 'Longfield Centre car park, with blue-badge bays by the café entrance',
    transport: 'Metrolink to Prestwich, then a 3-minute flat walk',
    notes: null,
  },
  boathouse: {
    stepFree: 'yes',
    accessibleToilet: true,
    hearingLoop: null,
    quietSpace: true,
    seating: ['chairs'],
    lighting: 'soft',
    noise: 'quiet',
    parking: 'Blue-badge bays in the boating lake car park, 50 m on a flat path',
    transport: 'Metrolink to Heaton Park, then a 15-minute walk through the park, partly uphill',
    notes: null,
  },
  nq: {
    stepFree: 'no',
    accessibleToilet: false,
    hearingLoop: false,
    quietSpace: false,
    seating: ['stools', 'standing'],
    lighting: 'dim',
    noise: 'loud',
    parking: 'No blue-badge bays on Oldham Street; the nearest are in the Arndale car park, about 300 m away',
    transport: 'Trams and buses at Piccadilly Gardens, a 3-minute walk',
    notes: 'The bar is up a flight of 20 stairs with a handrail, and there is no lift.',
  },
};

const venueAccessData: Dataset = {
  key: 'demo:venue-access',
  async load(db, ctx) {
    for (const [key, access] of Object.entries(DEMO_VENUE_ACCESS)) {
      const id = ctx.venueIds.get(key);
      if (id)
        await db
          .update(venues)
          .set({ access })
          .where(and(eq(venues.id, id), sql`${venues.access} = '{}'::jsonb`));
    }
  },
};

/** What the demo evenings' price includes, as the spec's payment screen and flyer say. */
export const DEMO_PRICE_INCLUDES = 'Venue access and a welcome drink';

interface DemoEvening {
  title: string;
  description: string;
  day: string;
  startTime: string;
  endTime: string;
  venue: (typeof DEMO_VENUES)[number]['key'];
  ages: [number, number];
  max: number;
  guests: string[];
  checkedIn?: boolean;
  status?: 'upcoming' | 'completed';
}

function demoEvenings(): DemoEvening[] {
  const everyone = ['member', 'sarah', 'michael', 'emma', 'david', 'priya', 'tom'];
  return [
    {
      title: 'Wine Bar Speed Friendship',
      description: 'Our launch evening: five-minute conversations over a glass of wine, first drink included.',
      day: WINE_BAR_DAY,
      startTime: '19:00',
      endTime: '21:00',
      venue: 'wine',
      ages: [25, 45],
      max: 40,
      guests: everyone,
      checkedIn: true,
      status: 'completed',
    },
    {
      title: TONIGHT_TITLE,
      description: `A relaxed weeknight round of five-minute chats. Check-in opens ${SELF_CHECK_IN_MINUTES} minutes before the start.`,
      ...soonSlot(),
      venue: 'wine',
      ages: [25, 45],
      max: 30,
      guests: ['sarah', 'michael', 'emma', 'priya'],
    },
    {
      title: 'Thursday Night Speed Friendship',
      description: 'Meet 8-12 new people in relaxed five-minute chats. Your first drink is on us.',
      day: thursdayFromNow(8),
      startTime: '19:00',
      endTime: '21:30',
      venue: 'wine',
      ages: [25, 40],
      max: 30,
      guests: ['member', 'sarah', 'david'],
    },
    {
      title: 'Coffee & Conversation',
      description: 'An early-evening session over coffee and cake for people who prefer a quieter room.',
      day: dayFromNow(5),
      startTime: '18:30',
      endTime: '20:30',
      venue: 'corner',
      ages: [30, 55],
      max: 8,
      guests: ['emma', 'david', 'priya', 'tom', 'michael', 'sarah', 'admin'],
    },
    {
      title: 'Northern Quarter Newcomers Night',
      description: 'New to Manchester? Meet other newcomers in the city centre. Five-minute rounds, mutual matches only.',
      day: dayFromNow(26),
      startTime: '19:30',
      endTime: '22:00',
      venue: 'nq',
      ages: [21, 35],
      max: 40,
      guests: ['priya', 'tom'],
    },
  ];
}

const evenings: Dataset = {
  key: 'demo:evenings',
  async load(db, ctx) {
    const host = ctx.userIds.get('host') ?? null;
    for (const e of demoEvenings()) {
      const venueId = ctx.venueIds.get(e.venue) ?? null;
      const venue = DEMO_VENUES.find((v) => v.key === e.venue)!;
      const guestIds = e.guests.map((k) => ctx.userIds.get(k)).filter((v): v is number => !!v);
      const start = londonInstant(e.day, e.startTime);
      const [row] = await db
        .insert(events)
        .values({
          title: e.title,
          description: e.description,
          date: start,
          endsAt: londonInstant(e.day, e.endTime),
          startTime: e.startTime,
          endTime: e.endTime,
          venue: `${venue.name}, ${venue.city}`,
          venueId,
          ageRangeMin: e.ages[0],
          ageRangeMax: e.ages[1],
          maxParticipants: e.max,
          participantCount: guestIds.length,
          seatsTaken: guestIds.length,
          price: DEFAULT_PRICE_PENCE,
          // The spec's sample evenings: the price includes venue access and a welcome drink (docs/product.md).
          priceIncludes: DEMO_PRICE_INCLUDES,
          status: e.status ?? 'upcoming',
          hostId: host,
          isDemo: true,
        })
        .returning({ id: events.id });
      if (!row) continue;
      for (const userId of guestIds) {
        await db.insert(registrations).values({
          eventId: row.id,
          userId,
          consentToShare: true,
          checkedIn: !!e.checkedIn,
          checkedInAt: e.checkedIn ? start : null,
          ticketCode: newTicket(),
        });
      }
    }
  },
};

/** The demo evening tonight, as the door and the room see it. */
export const TONIGHT_TITLE = 'Tonight at The Wine Bar';

/**
 * The door and the room on the demo data (docs/spec/organiser-tools.md §2.19-2.23): tonight at The
 * Wine Bar two guests are already in (one scanned, one found by name), one is on her way (her phone
 * shares its position), and the host has sent the room two messages, one of them read. The launch
 * evening's guests were scanned in at the door.
 */
const room: Dataset = {
  key: 'demo:room',
  async load(db, ctx) {
    const host = ctx.userIds.get('host') ?? null;
    await db
      .update(registrations)
      .set({ checkInMethod: 'scan', checkedInBy: host })
      .where(and(eq(registrations.checkedIn, true), isNull(registrations.checkInMethod)));
    const [tonight] = await db
      .select({ id: events.id, date: events.date })
      .from(events)
      .where(and(eq(events.title, TONIGHT_TITLE), eq(events.isDemo, true)));
    if (!tonight) return;
    const id = (k: string) => ctx.userIds.get(k);
    const sarah = id('sarah');
    const michael = id('michael');
    const emma = id('emma');
    if (!sarah || !michael || !emma) return;
    const now = Date.now();
    const at = (minutesAgo: number) => new Date(now - minutesAgo * 60_000);
    const checkIn = async (userId: number, method: 'scan' | 'search', minutesAgo: number) =>
      db
        .update(registrations)
        .set({ checkedIn: true, checkedInAt: at(minutesAgo), checkInMethod: method, checkedInBy: host })
        .where(and(eq(registrations.eventId, tonight.id), eq(registrations.userId, userId)));
    await checkIn(sarah, 'scan', 12);
    await checkIn(michael, 'search', 6);
    await db
      .insert(arrivalStates)
      .values({ eventId: tonight.id, userId: emma, permission: 'granted', distanceM: 850, accuracyM: 20, updatedAt: at(3) })
      .onConflictDoNothing();
    const messages = [
      {
        text: 'Welcome! Grab your first drink at the bar; we start the first round shortly.',
        type: 'general' as const,
        requiresAction: false,
        minutesAgo: 5,
        readBy: [sarah],
      },
      {
        text: 'Please find your table for the next round: the numbers are on the candles.',
        type: 'round' as const,
        requiresAction: false,
        minutesAgo: 1,
        readBy: [] as number[],
      },
    ];
    for (const m of messages) {
      const [row] = await db
        .insert(eventMessages)
        .values({
          eventId: tonight.id,
          senderId: host,
          text: m.text,
          type: m.type,
          requiresAction: m.requiresAction,
          audience: 'room',
          createdAt: at(m.minutesAgo),
        })
        .returning({ id: eventMessages.id });
      if (!row) continue;
      for (const userId of [sarah, michael]) {
        await db.insert(messageRecipients).values({ messageId: row.id, userId, readAt: m.readBy.includes(userId) ? at(m.minutesAgo - 1) : null });
      }
    }
  },
};

/**
 * Growth and access (docs/spec/organiser-tools.md §2.1, §2.24): the share records behind the spec's
 * sample analytics (6 templates used, 12 shares, 5 platforms), the members who arrived from a share,
 * and host applications: three waiting for the admin, and the demo host's own, approved.
 */
const growth: Dataset = {
  key: 'demo:growth',
  async load(db, ctx) {
    const id = (k: string) => ctx.userIds.get(k) ?? null;
    const [thursday] = await db
      .select({ id: events.id })
      .from(events)
      .where(and(eq(events.title, 'Thursday Night Speed Friendship'), eq(events.isDemo, true)));
    const daysAgo = (d: number) => new Date(Date.now() - d * 86_400_000);
    const shares: [SharePlatform, 'copy' | 'share', string, string | null][] = [
      ['facebook', 'copy', 'facebook', null],
      ['facebook', 'share', 'facebook', 'host'],
      ['facebook', 'share', 'facebook', 'sarah'],
      ['facebook', 'share', 'custom', 'host'],
      ['facebook', 'copy', 'custom', 'member'],
      ['whatsapp', 'share', 'whatsapp', 'emma'],
      ['whatsapp', 'share', 'whatsapp', null],
      ['whatsapp', 'copy', 'whatsapp', 'priya'],
      ['local', 'copy', 'local', 'host'],
      ['local', 'share', 'local', null],
      ['twitter', 'copy', 'twitter', 'david'],
      ['instagram', 'share', 'instagram', 'tom'],
    ];
    await db.insert(shareEvents).values(
      shares.map(([platform, action, template, who], i) => ({
        platform,
        action,
        template,
        userId: who ? id(who) : null,
        eventId: thursday?.id ?? null,
        createdAt: daysAgo(10 - (i * 10) / shares.length),
      })),
    );
    // Who came through which link (first touch), landing on the Thursday evening's page, and the
    // visits those links brought to that page: one per browser session (docs/decisions/0047).
    const sources: [string, ShareSource][] = [
      ['sarah', 'facebook-post'],
      ['michael', 'facebook-post'],
      ['emma', 'whatsapp-post'],
      ['priya', 'local-post'],
      ['tom', 'flyer-qr'],
    ];
    for (const [who, source] of sources) {
      const userId = id(who);
      if (userId)
        await db
          .insert(signupSources)
          .values({ userId, source, platform: sourcePlatform(source), eventId: thursday?.id ?? null })
          .onConflictDoNothing();
    }
    if (thursday) {
      const visits: [ShareSource, number][] = [
        ['facebook-post', 14],
        ['whatsapp-post', 8],
        ['flyer-qr', 6],
        ['local-post', 4],
        ['instagram-post', 3],
        ['twitter-post', 2],
      ];
      await db
        .insert(pageVisits)
        .values(
          visits.flatMap(([source, n]) =>
            Array.from({ length: n }, (_, i) => ({ eventId: thursday.id, source, sessionId: randomUUID(), createdAt: daysAgo(9 - (i * 9) / n) })),
          ),
        );
    }
    const wednesdayIn30 = (() => {
      const d = new Date(Date.now() + 30 * 86_400_000);
      while (d.getUTCDay() !== 3) d.setUTCDate(d.getUTCDate() + 1);
      return londonDay(d);
    })();
    const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000);
    const applications = [
      {
        who: 'sarah',
        name: 'Sarah Johnson',
        email: 'sarah@speedfriendship.test',
        location: 'Prestwich',
        at: hoursAgo(72),
        experience: 'I run the Thursday book club at the library, about 20 regulars.',
        motivation: 'So many people tell me they moved here and know nobody. I would love to fix that.',
        venueIdea: 'The Corner Café on a Tuesday evening, or the Wine Bar midweek.',
        proposedEventDate: null,
      },
      {
        who: 'michael',
        name: 'Michael Chen',
        email: 'michael@speedfriendship.test',
        location: 'Whitefield',
        at: hoursAgo(24),
        experience: 'Five years organising five-a-side football and the socials after.',
        motivation: 'Meeting new people is easier with a bit of structure, and I like making it happen.',
        venueIdea: 'Northern Quarter Social has a back room that seats 40.',
        proposedEventDate: wednesdayIn30,
      },
      {
        who: 'priya',
        name: 'Priya Patel',
        email: 'priya@speedfriendship.test',
        location: 'Manchester',
        at: hoursAgo(6),
        experience: 'I volunteer as a welcome host at the community centre.',
        motivation: 'I want to help newcomers to the city find friends.',
        venueIdea: 'Heaton Park Boathouse for a summer evening.',
        proposedEventDate: null,
      },
    ];
    for (const a of applications) {
      await db
        .insert(hostApplications)
        .values({
          userId: id(a.who),
          name: a.name,
          email: a.email,
          location: a.location,
          experience: a.experience,
          motivation: a.motivation,
          venueIdea: a.venueIdea,
          proposedEventDate: a.proposedEventDate,
          isDemo: true,
          createdAt: a.at,
        })
        .onConflictDoNothing();
    }
    const host = DEMO_PEOPLE.find((p) => p.key === 'host');
    if (host && id('host')) {
      await db.insert(hostApplications).values({
        userId: id('host'),
        name: host.name,
        email: host.email,
        location: 'Prestwich',
        experience: 'I ran a supper club for three years.',
        motivation: 'Friendship evenings are the most rewarding thing I do.',
        venueIdea: 'The Wine Bar, Wednesdays.',
        status: 'approved',
        decidedBy: id('admin'),
        decidedAt: daysAgo(35),
        isDemo: true,
        createdAt: daysAgo(40),
      });
    }
  },
};

/** The launch evening (demo:evenings), its length, and the small evening that fills up. */
export const WINE_BAR_TITLE = 'Wine Bar Speed Friendship';
export const WINE_BAR_ROUNDS = 6;
export const COFFEE_TITLE = 'Coffee & Conversation';
const THURSDAY_TITLE = 'Thursday Night Speed Friendship';

/**
 * Ratings given at the launch evening, [a, b, a's rating of b, b's rating of a], by demo key. The
 * story: member, sarah and emma all matched each other (a friendship group); sarah and michael
 * matched, but michael and emma did not, so {sarah, michael, emma} is no group; the member met
 * michael, david, priya and tom without a match (missed connections; priya liked the member and
 * sends a follow-up invite). Only pairs the rotation put together are rated.
 */
const WINE_BAR_RATINGS: [string, string, number, number][] = [
  ['member', 'sarah', 5, 5],
  ['member', 'emma', 4, 5],
  ['sarah', 'emma', 5, 4],
  ['sarah', 'michael', 4, 5],
  ['michael', 'emma', 3, 4],
  ['member', 'michael', 3, 4],
  ['member', 'david', 3, 4],
  ['member', 'priya', 3, 4],
  ['member', 'tom', 3, 3],
  ['sarah', 'david', 4, 3],
  ['sarah', 'priya', 3, 4],
  ['sarah', 'tom', 4, 4],
  ['michael', 'david', 2, 3],
  ['michael', 'priya', 3, 3],
  ['michael', 'tom', 4, 3],
  ['emma', 'david', 4, 3],
  ['emma', 'priya', 4, 5],
  ['emma', 'tom', 4, 4],
  ['david', 'priya', 3, 3],
  ['david', 'tom', 5, 4],
  ['priya', 'tom', 2, 3],
];

/** Pairs the story needs to have met (the first five and the member's missed connections). */
const MUST_MEET: [string, string][] = [
  ['member', 'sarah'],
  ['member', 'emma'],
  ['sarah', 'emma'],
  ['sarah', 'michael'],
  ['michael', 'emma'],
  ['member', 'michael'],
  ['member', 'david'],
  ['member', 'priya'],
  ['member', 'tom'],
];

/**
 * The launch evening's rotation, from the shared planner (src/shared/domain/rotation.ts): the whole
 * circle-method schedule (everyone meets everyone once, one bye each), then the first rounds whose
 * pairs the story does not need are left out until `rounds` remain. Leaving out whole rounds keeps
 * the rules: nobody meets twice, and byes differ by at most one.
 */
export function wineBarRotation(guests: number[], rounds: number, mustMeet: ReadonlySet<string>): RoundPlan[] {
  const full = planSchedule(guests, guests.length);
  const needed = (plan: RoundPlan) => plan.pairings.some((p) => p.b !== null && mustMeet.has(pairKey(p.a, p.b)));
  let kept = full;
  for (const plan of full) {
    if (kept.length <= rounds) break;
    if (!needed(plan)) kept = kept.filter((k) => k !== plan);
  }
  return kept.slice(0, rounds).map((plan, i) => ({ round: i + 1, pairings: plan.pairings }));
}

interface DemoFeedback {
  who: string;
  overall: number;
  venue: number;
  organization: number;
  matchQuality: number;
  timing: number;
  recommend: boolean;
  improvements: ImprovementKey[];
  favorite: string | null;
  comments: string | null;
}

/** The launch evening's feedback form, from five of its seven guests (docs/spec/organiser-tools.md §2.27; options in src/shared/domain/feedback.ts). */
const WINE_BAR_FEEDBACK: DemoFeedback[] = [
  {
    who: 'member',
    overall: 5,
    venue: 5,
    organization: 4,
    matchQuality: 5,
    timing: 4,
    recommend: true,
    improvements: ['longer-rounds'],
    favorite: 'Meeting two people I am now going climbing with.',
    comments: 'Five minutes flies by. I would happily have had seven.',
  },
  {
    who: 'sarah',
    overall: 5,
    venue: 4,
    organization: 5,
    matchQuality: 5,
    timing: 3,
    recommend: true,
    improvements: ['longer-rounds', 'match-results'],
    favorite: 'The host kept everything moving without rushing anyone.',
    comments: null,
  },
  {
    who: 'emma',
    overall: 4,
    venue: 3,
    organization: 4,
    matchQuality: 4,
    timing: 0,
    recommend: true,
    improvements: ['quieter-venue'],
    favorite: 'The first drink on the house broke the ice.',
    comments: null,
  },
  {
    who: 'priya',
    overall: 4,
    venue: 5,
    organization: 4,
    matchQuality: 3,
    timing: 4,
    recommend: true,
    improvements: ['icebreakers', 'people-mix'],
    favorite: null,
    comments: 'Lovely room. A few prompt cards on the tables would help the quieter chats.',
  },
  {
    who: 'david',
    overall: 3,
    venue: 2,
    organization: 3,
    matchQuality: 2,
    timing: 3,
    recommend: false,
    improvements: ['quieter-venue', 'seating', 'icebreakers'],
    favorite: 'Friendly people.',
    comments: 'It got loud by the fourth round and I struggled to hear.',
  },
];

/** The emoji widget at the launch evening (docs/spec/organiser-tools.md §3 "Event feedback (emoji widget)"). */
const WINE_BAR_EMOJI: [string, EmojiKey][] = [
  ['member', 'heart-eyes'],
  ['sarah', 'party'],
  ['emma', 'fire'],
  ['michael', 'clap'],
  ['tom', 'sweat-smile'],
];

async function demoEvening(db: Db, title: string) {
  const [row] = await db
    .select({ id: events.id, date: events.date, endsAt: events.endsAt, maxParticipants: events.maxParticipants })
    .from(events)
    .where(and(eq(events.title, title), eq(events.isDemo, true)));
  return row ?? null;
}

/**
 * Around the evening (docs/spec/organiser-tools.md §2.15, §2.17, §2.26, §2.27; docs/spec/member-app.md
 * §4): the launch evening as it ran (six five-minute rounds from 7:30 PM, its rotation, every
 * rating, the matches as the real matching code calculates them, the member's contact shared with
 * sarah), its feedback form and emoji reactions, priya's follow-up invite to the member, and the
 * Coffee & Conversation evening full with the member first on its waitlist.
 */
const around: Dataset = {
  key: 'demo:around',
  async load(db, ctx) {
    for (const p of LATER_DEMO_PEOPLE) await addPerson(db, ctx, p);
    const id = (k: string) => ctx.userIds.get(k);
    const wine = await demoEvening(db, WINE_BAR_TITLE);
    if (wine) await wineBarAsItRan(db, wine, id);
    const member = id('member');
    const priya = id('priya');
    const thursday = await demoEvening(db, THURSDAY_TITLE);
    if (wine && thursday && member && priya) {
      await db
        .insert(followUpInvites)
        .values({
          fromUserId: priya,
          toUserId: member,
          sourceEventId: wine.id,
          eventId: thursday.id,
          isDemo: true,
          createdAt: new Date(Date.now() - 2 * 86_400_000),
        })
        .onConflictDoNothing();
    }
    const coffee = await demoEvening(db, COFFEE_TITLE);
    if (coffee) await fillCoffee(db, coffee.id, id('olivia'), member);
  },
};

async function wineBarAsItRan(db: Db, wine: { id: number }, id: (k: string) => number | undefined) {
  const eventId = wine.id;
  const guests = (
    await db
      .select({ userId: registrations.userId })
      .from(registrations)
      .where(and(eq(registrations.eventId, eventId), eq(registrations.checkedIn, true)))
  ).map((r) => r.userId);
  const [ran] = await db.select({ round: rotations.round }).from(rotations).where(eq(rotations.eventId, eventId)).limit(1);
  // An evening already run in this database keeps its own rotation and ratings.
  if (!ran && guests.length >= 2) {
    const keyPair = ([a, b]: [string, string]) => {
      const x = id(a);
      const y = id(b);
      return x && y ? [pairKey(x, y)] : [];
    };
    const plans = wineBarRotation(guests, WINE_BAR_ROUNDS, new Set(MUST_MEET.flatMap(keyPair)));
    const firstStart = londonInstant(WINE_BAR_DAY, '19:30').getTime();
    const duration = 300;
    const startOf = (round: number) => new Date(firstStart + (round - 1) * duration * 1000);
    const endOf = (round: number) => new Date(firstStart + round * duration * 1000);
    await db
      .insert(roundHistory)
      .values(plans.map((p) => ({ eventId, round: p.round, startedAt: startOf(p.round), endedAt: endOf(p.round), duration, status: 'completed' as const })));
    await db.insert(rotations).values(plans.flatMap((p) => p.pairings.map((x) => ({ eventId, round: p.round, userA: x.a, userB: x.b, tableNo: x.table }))));
    // The timer as the host's End Event leaves it (src/shared/domain/timer.ts): each round a start and a completion, then the end.
    await db
      .insert(eventTimers)
      .values({
        eventId,
        phase: 'ended',
        currentRound: 0,
        roundDuration: duration,
        endsAt: null,
        remainingMs: null,
        version: plans.length * 2 + 1,
        updatedAt: endOf(plans.length),
      })
      .onConflictDoNothing();
    const given = new Map<string, number>();
    for (const [a, b, ab, ba] of WINE_BAR_RATINGS) {
      const x = id(a);
      const y = id(b);
      if (!x || !y) continue;
      given.set(`${x}>${y}`, ab);
      given.set(`${y}>${x}`, ba);
    }
    const rows: (typeof ratings.$inferInsert)[] = [];
    for (const p of plans) {
      for (const { a, b } of p.pairings) {
        if (b === null) continue;
        // Cards are filled in just after the round; a guest outside the story rates 3.
        const at = new Date(endOf(p.round).getTime() + 40_000);
        rows.push({ eventId, raterId: a, ratedId: b, rating: given.get(`${a}>${b}`) ?? 3, round: p.round, source: 'card', createdAt: at, updatedAt: at });
        rows.push({ eventId, raterId: b, ratedId: a, rating: given.get(`${b}>${a}`) ?? 3, round: p.round, source: 'card', createdAt: at, updatedAt: at });
      }
    }
    if (rows.length) await db.insert(ratings).values(rows).onConflictDoNothing();
  }
  // Matches as the app calculates them when the host ends the evening.
  await calculate(db, eventId, 'balanced');
  const member = id('member');
  const sarah = id('sarah');
  if (member && sarah) {
    const [u1, u2] = member < sarah ? [member, sarah] : [sarah, member];
    await db
      .update(matches)
      .set({ user1Shared: true, user2Shared: true })
      .where(and(eq(matches.eventId, eventId), eq(matches.user1Id, u1), eq(matches.user2Id, u2)));
  }
  await db.update(events).set({ contactsReleasedAt: null }).where(eq(events.id, eventId));

  const guestSet = new Set(guests);
  const dayAfter = (hhmmText: string) => londonInstant('2025-05-15', hhmmText);
  const feedback = WINE_BAR_FEEDBACK.flatMap((f, i) => {
    const userId = id(f.who);
    if (!userId || !guestSet.has(userId)) return [];
    const at = dayAfter(`${String(8 + i).padStart(2, '0')}:${String(10 + i * 7).padStart(2, '0')}`);
    return [
      {
        eventId,
        userId,
        overallRating: f.overall,
        venueRating: f.venue,
        organizationRating: f.organization,
        matchQualityRating: f.matchQuality,
        timingRating: f.timing,
        wouldRecommend: f.recommend,
        improvements: f.improvements,
        favoriteAspect: f.favorite,
        additionalComments: f.comments,
        isDemo: true,
        submittedAt: at,
        updatedAt: at,
      },
    ];
  });
  if (feedback.length) await db.insert(eventFeedback).values(feedback).onConflictDoNothing();
  const reactions = WINE_BAR_EMOJI.flatMap(([who, emoji], i) => {
    const userId = id(who);
    if (!userId || !guestSet.has(userId)) return [];
    const at = londonInstant(WINE_BAR_DAY, `21:${String(5 + i * 3).padStart(2, '0')}`);
    return [{ eventId, userId, emoji, createdAt: at, updatedAt: at }];
  });
  if (reactions.length) await db.insert(emojiFeedback).values(reactions).onConflictDoNothing();
}

/**
 * "Did you meet NAME again?" (docs/decisions/0083-met-again.md): the member's second question about
 * each launch-night match, waiting for its e-mail (the met-again sweep sends it) and on /notifications.
 */
const metAgainData: Dataset = {
  key: 'demo:met-again',
  async load(db, ctx) {
    const wine = await demoEvening(db, WINE_BAR_TITLE);
    const member = ctx.userIds.get('member');
    if (wine && member) await askMemberMetAgain(db, wine.id, member);
  },
};

async function askMemberMetAgain(db: Db, eventId: number, member: number) {
  const mine = await db
    .select({ user1Id: matches.user1Id, user2Id: matches.user2Id })
    .from(matches)
    .where(and(eq(matches.eventId, eventId), or(eq(matches.user1Id, member), eq(matches.user2Id, member))));
  const rows = mine.map((m) => ({ eventId, userId: member, otherId: m.user1Id === member ? m.user2Id : m.user1Id, stage: 21 as const }));
  if (rows.length) await db.insert(metAgain).values(rows).onConflictDoNothing();
}

/**
 * Coffee & Conversation takes one more guest, which fills it (a seat is taken only while one is
 * left, as registration does), and the member waits for a seat.
 */
async function fillCoffee(db: Db, eventId: number, guest: number | undefined, member: number | undefined) {
  const registered = async (userId: number) =>
    (
      await db
        .select({ id: registrations.id })
        .from(registrations)
        .where(and(eq(registrations.eventId, eventId), eq(registrations.userId, userId)))
    ).length > 0;
  if (guest && !(await registered(guest))) {
    const [seat] = await db
      .update(events)
      .set({ participantCount: sql`${events.participantCount} + 1`, seatsTaken: sql`${events.seatsTaken} + 1` })
      .where(and(eq(events.id, eventId), lt(events.seatsTaken, events.maxParticipants)))
      .returning({ id: events.id });
    if (seat)
      await db
        .insert(registrations)
        .values({ eventId, userId: guest, consentToShare: true, ticketCode: newTicket(), createdAt: new Date(Date.now() - 3 * 86_400_000) });
  }
  const [full] = await db
    .select({ id: events.id })
    .from(events)
    .where(and(eq(events.id, eventId), sql`${events.seatsTaken} >= ${events.maxParticipants}`));
  if (full && member && !(await registered(member))) {
    const joined = new Date(Date.now() - 86_400_000);
    await db.insert(eventWaitlist).values({ eventId, userId: member, status: 'waiting', createdAt: joined, updatedAt: joined }).onConflictDoNothing();
  }
}

/**
 * The host's evening report (docs/decisions/0084-the-hosts-evening-report.md): the visits the launch
 * evening's public page had in the two weeks before it, as the per-day counter keeps them (counts
 * only). Its other figures come from what the launch evening stored (bookings, check-ins, the
 * rotation, ratings counted before the retention sweep deleted them, matches, feedback).
 */
export const WINE_BAR_VISITS: [daysBefore: number, visits: number][] = [
  [14, 3],
  [12, 5],
  [10, 4],
  [9, 8],
  [7, 6],
  [5, 9],
  [4, 5],
  [3, 7],
  [2, 4],
  [1, 6],
  [0, 2],
];

const reportData: Dataset = {
  key: 'demo:report',
  async load(db) {
    const wine = await demoEvening(db, WINE_BAR_TITLE);
    if (!wine) return;
    const day = (before: number) => londonDay(new Date(londonInstant(WINE_BAR_DAY, '12:00').getTime() - before * 86_400_000));
    await db
      .insert(eveningVisits)
      .values(WINE_BAR_VISITS.map(([before, visits]) => ({ eventId: wine.id, day: day(before), visits })))
      .onConflictDoNothing();
  },
};

export const DATASETS: Dataset[] = [people, venueData, evenings, room, growth, around, venueAccessData, metAgainData, reportData];

/** Load every demo dataset not yet loaded into this database. Safe to run again. */
export async function loadDemoData(db: Db) {
  const done = new Set((await db.select({ key: appMeta.key }).from(appMeta)).map((r) => r.key));
  const ctx: SeedContext = { userIds: new Map(), venueIds: new Map() };
  // Resolve ids of existing demo people so later datasets can refer to them.
  for (const p of [...DEMO_PEOPLE, ...LATER_DEMO_PEOPLE]) {
    const row = (await db.select({ id: users.id }).from(users).where(eq(users.email, p.email)))[0];
    if (row) ctx.userIds.set(p.key, row.id);
  }
  for (const v of DEMO_VENUES) {
    const row = (await db.select({ id: venues.id }).from(venues).where(eq(venues.name, v.name)))[0];
    if (row) ctx.venueIds.set(v.key, row.id);
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
