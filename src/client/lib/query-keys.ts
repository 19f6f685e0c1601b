/**
 * Every TanStack Query key of the client, in one place (docs/architecture.md: what several
 * features share lives once in client/lib). Keys run from general to specific, so a prefix
 * invalidates a whole family: `queryKeys.events` is every event list and everything under one
 * event, `queryKeys.event(id)` everything under that event. Query options built on these keys are
 * in ./queries.ts (the ones several features share) or in a feature's api/ folder.
 */
export const queryKeys = {
  /** GET /api/privacy: the retention days and session length the /privacy page states. */
  privacyFacts: () => ['privacy'] as const,
  /** GET /api/accessibility/reports: the barriers reported, for the admins (docs/decisions/0078). */
  barrierReports: () => ['accessibility', 'reports'] as const,
  // Events: lists, one event and what hangs under it.
  events: ['events'] as const,
  /** GET /api/events. */
  eventList: () => ['events', 'list'] as const,
  /** GET /api/events/upcoming. */
  upcomingEvents: () => ['events', 'upcoming'] as const,
  /** GET /api/events/demo: the public demo evening that screens fall back to. */
  demoEvent: () => ['events', 'demo'] as const,
  /** GET /api/events/{id}, and (as a prefix) everything below. */
  event: (eventId: number) => ['events', eventId] as const,
  participants: (eventId: number) => ['events', eventId, 'participants'] as const,
  /** GET /api/events/{id}/public: the evening as a visitor sees it (docs/decisions/0045). */
  publicEvening: (eventId: number) => ['events', eventId, 'public'] as const,
  /** GET /api/events/{id}/friend-seats: the seats I offered friends (docs/decisions/0075). */
  friendSeats: (eventId: number) => ['events', eventId, 'friend-seats'] as const,
  /** GET /api/events/{id}/access-needs: what I told the evening's hosts would help me (docs/decisions/0086). */
  accessNeeds: (eventId: number) => ['events', eventId, 'access-needs'] as const,
  /** GET /api/friend-seats/claim/{token}: a seat offered to me by a friend. */
  friendSeatClaim: (token: string) => ['friend-seat-claim', token] as const,
  /** GET /api/events/{id}/waitlist: the line as the host sees it. */
  hostWaitlist: (eventId: number) => ['events', eventId, 'waitlist'] as const,
  connections: (eventId: number) => ['events', eventId, 'connections'] as const,
  /** GET /api/events/{id}/conversation-guide: the question for the viewer's pair; without a round, every round's (a prefix). */
  guide: (eventId: number, round?: number) => (round === undefined ? (['events', eventId, 'guide'] as const) : (['events', eventId, 'guide', round] as const)),
  /** The conversation guide's setting as the host sees it (under the guide's prefix: the socket refreshes both). */
  guideSetting: (eventId: number) => ['events', eventId, 'guide', 'setting'] as const,
  /** The viewer's own rotation (GET /api/events/{id}/rotation/me): one key for every screen. */
  myRotation: (eventId: number) => ['events', eventId, 'rotation', 'me'] as const,
  /** The whole rotation (GET /api/events/{id}/rotation, hosts). */
  rotation: (eventId: number) => ['events', eventId, 'rotation', 'all'] as const,
  ratingsGiven: (eventId: number, userId: number) => ['events', eventId, 'ratings', userId] as const,
  /** Every match list of an event (prefix of the two below). */
  matches: (eventId: number) => ['events', eventId, 'matches'] as const,
  userMatches: (eventId: number, userId: number) => ['events', eventId, 'matches', userId] as const,
  eventMatches: (eventId: number) => ['events', eventId, 'matches', 'all'] as const,

  // The door and the room (docs/spec/organiser-tools.md §2.19-2.23).
  /** GET /api/events/{id}/door: the host's check-in desk. */
  door: (eventId: number) => ['events', eventId, 'door'] as const,
  /** GET /api/events/{id}/arrival: the guest's arrival screen. */
  arrival: (eventId: number) => ['events', eventId, 'arrival'] as const,
  /** GET /api/events/{id}/messages: the host's messaging screen (history, counts, attendees). */
  room: (eventId: number) => ['events', eventId, 'room'] as const,
  /** GET /api/events/{id}/inbox: the guest's notifications. */
  inbox: (eventId: number) => ['events', eventId, 'inbox'] as const,
  /** GET /api/live/events as the evening pickers of /check-in and /messaging read it (the rows as sent, no clock offsets). */
  hostEvenings: () => ['host', 'evenings'] as const,

  // The live evening (host screens and the timer's first paint).
  timer: (eventId: number) => ['live', eventId, 'timer'] as const,
  rounds: (eventId: number) => ['live', eventId, 'rounds'] as const,
  /** Submission progress; without a round, every round's (a prefix). */
  progress: (eventId: number, round?: number) =>
    round === undefined ? (['live', eventId, 'progress'] as const) : (['live', eventId, 'progress', round] as const),
  liveEvents: () => ['live', 'events'] as const,

  // Members.
  me: () => ['auth', 'me'] as const,
  allUsers: () => ['users', 'all'] as const,
  /** GET /api/users/{id}, and (as a prefix) everything below. */
  user: (userId: number) => ['users', userId] as const,
  /** A member's registrations with their events (GET /api/users/{id}/events). */
  userEvents: (userId: number) => ['users', userId, 'events'] as const,
  userStats: (userId: number) => ['users', userId, 'stats'] as const,
  myMatches: () => ['me', 'matches'] as const,
  /** GET /api/me/groups: the member's community groups (/friend-groups and the groups on /matches). */
  myGroups: () => ['me', 'groups'] as const,
  /** GET /api/meetups: the member's meet-up polls and the venues to pick (docs/decisions/0082). */
  myMeetups: () => ['me', 'meetups'] as const,
  /** GET /api/me/blocks: the people the member blocked. */
  myBlocks: () => ['me', 'blocks'] as const,
  /** GET /api/reports: reports for hosts and admins. */
  reports: () => ['reports'] as const,
  myCalendar: () => ['me', 'calendar'] as const,
  /** Voice narration settings: the member's server copy (GET /api/me/narration), or the device's for a visitor (null). */
  narration: (userId: number | null) => ['me', 'narration', userId] as const,

  // Match preview (docs/spec/organiser-tools.md §2.25).
  /** GET /api/events/{id}/preview: the guest's preview of the evening. */
  matchPreview: (eventId: number) => ['events', eventId, 'preview'] as const,
  /** GET /api/me/preview-visibility: whether the member appears in other guests' previews. */
  previewVisibility: () => ['me', 'preview-visibility'] as const,

  // Growth (docs/spec/organiser-tools.md §2.1).
  /** GET /api/share/analytics (hosts and admins). */
  shareAnalytics: () => ['share', 'analytics'] as const,

  // Event feedback (docs/spec/organiser-tools.md §2.27): the emoji widget, the form and its insights.
  /** Everything about one evening's feedback (a prefix). */
  feedback: (eventId: number) => ['events', eventId, 'feedback'] as const,
  /** GET /api/events/{id}/feedback: the reactions; also the prefix of the member's own reaction below. */
  emojiFeedback: (eventId: number) => ['events', eventId, 'feedback', 'emoji'] as const,
  /** GET /api/events/{id}/feedback/user/{userId}. */
  myEmojiFeedback: (eventId: number, userId: number) => ['events', eventId, 'feedback', 'emoji', userId] as const,
  /** GET /api/events/{id}/feedback/form: the viewer's own response and whether they may answer. */
  myFeedbackForm: (eventId: number) => ['events', eventId, 'feedback', 'form'] as const,
  /** GET /api/events/{id}/feedback/insights (the host of the evening, admins). */
  feedbackInsights: (eventId: number) => ['events', eventId, 'feedback', 'insights'] as const,

  // The host programme (/host-program).
  hostProgram: ['host-program'] as const,
  /** GET /api/host-program/me: the viewer's own application and whether they host. */
  myHostApplication: () => ['host-program', 'me'] as const,
  /** GET /api/host-program/applications (admins). */
  hostApplications: () => ['host-program', 'applications'] as const,
  /** GET /api/host-program/hosts. */
  activeHosts: () => ['host-program', 'hosts'] as const,

  // Venues (hosts).
  venues: ['venues'] as const,
  venueEvents: (venueId: number) => ['venues', venueId, 'events'] as const,
  venueHosts: (venueId: number) => ['venues', venueId, 'hosts'] as const,
  /** A venue's slots; without a range, every range's (a prefix). */
  venueSlots: (venueId: number, from?: string, to?: string) =>
    from === undefined || to === undefined ? (['venues', venueId, 'slots'] as const) : (['venues', venueId, 'slots', from, to] as const),

  // Missed connections and follow-up invites (/missed-connections, docs/spec/organiser-tools.md §2.26).
  /** GET /api/events/{id}/missed-connections?followUp=: the guest's missed connections; without a follow-up evening, every one's (a prefix). */
  missedConnections: (eventId: number, followUp?: number | null) =>
    followUp === undefined ? (['events', eventId, 'missed-connections'] as const) : (['events', eventId, 'missed-connections', followUp] as const),
  /** GET /api/me/invites: the follow-up invites the member received. */
  myInvites: () => ['me', 'invites'] as const,
  /** POST /api/invites/stop with the e-mail's token (idempotent, so read once like a query). */
  stopInvites: (token: string) => ['invites', 'stop', token] as const,

  // No-shows (docs/decisions/0076-no-shows-have-a-cost.md).
  /** GET /api/no-shows/mine: the member's record and the pause it makes, if any. */
  myNoShows: () => ['me', 'no-shows'] as const,
  /** GET /api/no-shows/evenings: a host's evenings over, with counts. */
  eveningNoShows: () => ['no-shows', 'evenings'] as const,
  /** GET /api/events/{id}/report: the host's evening report (docs/decisions/0084). */
  eveningReport: (eventId: number) => ['events', eventId, 'report'] as const,
  /** GET /api/reports/trends: the rates across the host's evenings, for /dashboard. */
  reportTrends: () => ['reports', 'trends'] as const,
  /** GET /api/admin/no-shows: every no-show kept (admins). */
  adminNoShows: () => ['no-shows', 'admin'] as const,

  // "Did you meet NAME again?" (docs/decisions/0083-met-again.md).
  /** GET /api/met-again/{token}: the e-mail link's question. */
  metAgainLink: (token: string) => ['met-again', 'link', token] as const,
  /** GET /api/me/met-again: the signed-in guest's open questions (/notifications). */
  myMetAgain: () => ['me', 'met-again'] as const,
  // "Still coming?" (docs/decisions/0074-still-coming.md).
  /** GET /api/still-coming/{token}: the e-mail link's question. */
  stillComingLink: (token: string) => ['still-coming', 'link', token] as const,
  /** GET /api/me/still-coming: the signed-in guest's open questions (/notifications). */
  myStillComing: () => ['me', 'still-coming'] as const,
  /** GET /api/events/{id}/still-coming: the host's counts. */
  stillComingCounts: (eventId: number) => ['events', eventId, 'still-coming'] as const,
} as const;
