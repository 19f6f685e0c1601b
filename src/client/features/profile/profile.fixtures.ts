/** Typed fixtures for the profile screens: the member, their evenings and stats, as the server answers them. */
import type { UserEvent } from '@shared/schemas/events';
import type { User, UserExport, UserStats } from '@shared/schemas/users';
import { Reply } from '@client/test/render';

export const member: User = {
  id: 7,
  username: 'alex@speedfriendship.test',
  name: 'Alex Morgan',
  email: 'alex@speedfriendship.test',
  age: 34,
  bio: 'New to Prestwich and keen on long walks.',
  interests: ['Board games', 'Hiking'],
  profileImage: null,
  contactInfo: '07700 900123',
  personalityTraits: {},
  preferences: {},
  communicationStyle: null,
  createdAt: '2025-03-10T10:00:00.000Z',
};

export const stats: UserStats = { eventsAttended: 3, totalConnections: 11, averageRating: 4.6 };

const DAY = 24 * 3_600_000;

/** A registration `daysFromNow` days away (negative: in the past). */
export function registration(id: number, title: string, daysFromNow: number, over: Partial<UserEvent> = {}): UserEvent {
  const date = new Date(Date.now() + daysFromNow * DAY).toISOString();
  return {
    id,
    title,
    description: null,
    date,
    endsAt: date,
    startTime: '19:00',
    endTime: '22:00',
    venue: 'The Wine Wallop, Prestwich',
    venueId: 1,
    price: 1500,
    status: daysFromNow < 0 ? 'completed' : 'upcoming',
    maxParticipants: 30,
    participantCount: 20,
    spotsLeft: 10,
    seatsHeldForWaitlist: 0,
    ageRangeMin: 25,
    ageRangeMax: 40,
    roundDuration: 300,
    hostId: 9,
    checkedIn: daysFromNow < 0,
    registeredAt: new Date(Date.now() - 30 * DAY).toISOString(),
    ...over,
  };
}

/** 204 No Content, as the server answers a DELETE. */
export const noContent = () => new Reply(204, undefined);

/** GET /api/users/{id}/export: everything stored about the member. */
export const exported: UserExport = {
  exportedAt: '2026-11-23T12:00:00.000Z',
  user: { ...member, suspendedAt: null },
  roles: [{ role: 'member', grantedAt: '2025-03-10T10:00:00.000Z' }],
  sessions: [{ createdAt: '2026-11-20T09:00:00.000Z', expiresAt: '2026-12-20T09:00:00.000Z' }],
  registrations: [
    {
      eventId: 2,
      title: 'Autumn Social',
      date: '2026-11-03T19:00:00.000Z',
      venue: 'The Wine Wallop, Prestwich',
      consentToShare: true,
      checkedIn: true,
      checkedInAt: '2026-11-03T18:55:00.000Z',
      checkInMethod: 'scan',
      ticketCode: 'SF-2-7',
      registeredAt: '2026-10-01T10:00:00.000Z',
    },
  ],
  login: { codePending: null, wrongCodes: null },
  mail: [{ subject: 'Your Speed Friendship ticket', sentAt: '2026-10-01T10:00:05.000Z' }],
  cancelledTickets: [],
  payments: [],
  waitlist: [],
  meetings: [{ eventId: 2, title: 'Autumn Social', round: 1, table: 3, partner: { id: 9, name: 'Priya Shah' } }],
  ratingsGiven: [
    {
      eventId: 2,
      title: 'Autumn Social',
      rated: { id: 9, name: 'Priya Shah' },
      rating: 5,
      round: 1,
      source: 'card',
      createdAt: '2026-11-03T19:35:00.000Z',
      updatedAt: '2026-11-03T19:35:00.000Z',
    },
  ],
  ratingsReceived: [{ eventId: 2, title: 'Autumn Social', count: 1 }],
  matches: [],
  conversations: { logged: [], loggedByOthers: 0 },
  arrivalReports: [],
  messagesReceived: [],
  messagesSent: [],
  remindersSent: [],
  stillComing: [],
  conversationGuide: [],
  resaleRefunds: [],
  accessNeeds: [],
  metAgain: [],
  seeAgain: [],
  feedback: [],
  reactions: [],
  previewOptOut: null,
  invitesSent: [],
  invitesReceived: [],
  invitesStopped: [],
  blocks: [],
  reportsMade: [],
  removedFrom: [],
  noShows: [],
  meetups: [],
  barrierReports: [],
  friendSeats: { given: [], offered: [] },
  hostApplications: [],
  narrationSettings: null,
  shares: [],
  signupSource: null,
  hosting: {
    eventsHosted: [],
    venuesOwned: [],
    venuesCoHosted: [],
    guestsCheckedIn: 0,
    applicationsDecided: 0,
    reportsHandled: 0,
    guestsRemoved: 0,
    noShowsCleared: 0,
  },
};

/** A refusal as the server's error handler writes it. */
export const refusal = (status: number, message: string, errors?: { path: string; message: string }[]) =>
  new Reply(status, errors ? { message, error: message, errors } : { message, error: message });

/** The member's screen answered in full. */
export function profileRoutes(over: Record<string, unknown> = {}) {
  return {
    'GET /api/users/7': member,
    'GET /api/users/7/stats': stats,
    'GET /api/users/7/events': [registration(1, 'Winter Warmer', 10), registration(2, 'Autumn Social', -20)],
    ...over,
  };
}
