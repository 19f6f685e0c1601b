/**
 * Typed fixtures for the matches feature's tests, shaped by src/shared/schemas (live.ts, events.ts).
 */
import type { Event, UserEvent } from '@shared/schemas/events';
import type { MyRound } from '@shared/schemas/live';
import type { Match, MyMatches, Rating } from '@shared/schemas/matching';
import { anEvent as baseEvent, DAY, fromNow } from '@client/test/fixtures';
import { Reply } from '@client/test/render';

export { DAY, fromNow };

export type MatchUser = Match['user1'];

/** A guest as a match shows them; no contact details unless given. */
export function aPerson(id: number, name: string, over: Partial<MatchUser> = {}): MatchUser {
  return { id, name, age: 30, bio: null, interests: [], profileImage: null, email: null, contactInfo: null, ...over };
}

/** The viewer's own side of a match. */
export const ME = aPerson(1, 'Member One', { interests: ['Hiking', 'Coffee'] });

/**
 * A mutual match between the viewer (user 1) and `other`. Contact details are sent only once
 * shared (both pressed Share Contact, or the host released contacts): otherwise they are nulled.
 */
export function aMatch(id: number, other: MatchUser, over: Partial<Omit<Match, 'user1' | 'user2'>> & { meFirst?: boolean } = {}): Match {
  const { meFirst = true, ...rest } = over;
  const shared = rest.contactShared ?? false;
  const them = shared ? other : { ...other, email: null, contactInfo: null };
  const me = shared ? { ...ME, email: 'member@speedfriendship.test', contactInfo: '07700 900001' } : ME;
  return {
    id,
    eventId: 20,
    user1Id: meFirst ? me.id : them.id,
    user2Id: meFirst ? them.id : me.id,
    user1: meFirst ? me : them,
    user2: meFirst ? them : me,
    matchScore: 4,
    matchType: 'balanced',
    personalityScore: 82,
    interestScore: 64,
    communicationScore: 90,
    ageCompatibilityScore: 100,
    ratingScore: 90,
    overallScore: 85,
    contactShared: false,
    sharedByMe: false,
    round: 2,
    sharedInterests: [],
    ...rest,
  };
}

export function anEvent(id: number, title: string, over: Partial<Event> = {}): Event {
  return baseEvent({ id, title, description: null, venue: 'The Church Inn, Prestwich', participantCount: 24, spotsLeft: 16, ...over });
}

export function aUserEvent(id: number, title: string, over: Partial<UserEvent> = {}): UserEvent {
  return { ...anEvent(id, title, over), checkedIn: true, registeredAt: fromNow(-30 * DAY), ...over };
}

export const aRound = (round: number, partner: MyRound['partner'], table: number | null = round): MyRound => ({ round, table, partner });

export const aPartner = (id: number, name: string, over: Partial<NonNullable<MyRound['partner']>> = {}): NonNullable<MyRound['partner']> => ({
  id,
  name,
  age: 30,
  bio: null,
  interests: [],
  profileImage: null,
  ...over,
});

export const aRating = (ratedId: number, rating: number, round: number | null = null): Rating => ({
  id: 700 + ratedId,
  raterId: 1,
  ratedId,
  rating,
  round,
  createdAt: new Date().toISOString(),
});

/** /api/me/matches; a match with no `eventDate` gets one a week ago. */
export const myMatches = (
  released: boolean,
  matches: (Match & { eventTitle: string; eventDate?: string })[] = [],
  pending: MyMatches['pending'] = [],
  seeAgain: MyMatches['seeAgain'] = [],
): MyMatches => ({
  released,
  matches: matches.map((m) => ({ ...m, eventDate: m.eventDate ?? new Date(Date.now() - 7 * 86_400_000).toISOString() })),
  pending,
  seeAgain,
});

/** An error answer as the server's error handler shapes it (src/server/errors.ts). */
export const failure = (status: number, message: string) => new Reply(status, { message, error: message });
