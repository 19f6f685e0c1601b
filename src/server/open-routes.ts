/**
 * Signed-in is the default (docs/decisions/0054): every API route (`/api/...`) and the live socket
 * (`/ws`) answer 401 to a request without a session, before the handler runs, unless listed here.
 * Pages and files (the built client, /events/{id}'s HTML, robots.txt, sitemap.xml) are for
 * everyone; /metrics has its own guard. A route is listed on purpose, with
 * the reason a visitor may call it; `open-routes.test.ts` fails when the app's open routes and
 * this list differ, so a new public route is a decision, not an accident.
 *
 * Keys are `METHOD url-pattern` as Fastify registers them (HEAD is checked as GET).
 */

/** The routes signed-in by default: the API and the live socket. */
export const isGuardedUrl = (url: string) => url.startsWith('/api/') || url === '/ws';

export const OPEN_ROUTES: Readonly<Record<string, string>> = {
  // Operators and machines.
  'GET /api/health/live': 'liveness: the process answers, without the database',
  'GET /api/health': 'the process and its database, for an operator or a monitor',
  'GET /api/health/ready': 'readiness for the load balancer',
  'GET /api/ping': 'a phone whose socket dropped asks whether the server answers before it opens a new one',
  'GET /api/version': 'which release this instance runs, for upgrade scripts and monitors; nothing secret (docs/decisions/0088)',
  'POST /api/internal/control': 'the control token (modules/control)',
  'POST /api/internal/backup': 'the control token (modules/control)',
  'POST /api/webhooks/stripe': "Stripe's signature (modules/tickets)",
  'GET /api/dev/outbox': 'development only, without SMTP: the login codes a developer reads',

  // Coming in: signing up and signing in.
  'POST /api/users': 'sign-up',
  'POST /api/auth/login': 'asks for a login code',
  'POST /api/auth/verify': 'signs in with the code',
  'POST /api/auth/unlock': 'signs in with an unlock link',
  'POST /api/auth/logout': 'ends whatever session the cookie names, or none',

  // What a stranger with a flyer may read (docs/product.md: public paths open for a visitor).
  'GET /api/events': 'the list of evenings',
  'GET /api/events/upcoming': 'the upcoming evenings',
  'GET /api/events/demo': 'the public demo evening',
  'GET /api/events/:id': 'an evening; what the viewer may add is decided by the handler',
  'GET /api/events/:id/public': "an evening's public page",
  'GET /api/events/:id/card.png': "an evening's share card",
  'GET /api/events/:id/calendar.ics': "an evening's calendar file",
  'GET /api/events/:id/feedback': "an evening's emoji reactions (counts, no names)",
  'GET /api/calendar/members/:file': "a member's private feed; the secret is in the file name",
  'GET /api/calendar/venues/:file': "a venue's public feed",
  'GET /api/host-program/hosts': 'the active hosts shown on the host programme page',
  'GET /api/privacy': 'the privacy facts (/privacy)',
  'POST /api/accessibility/reports': 'a barrier met on the site, by a visitor too (rate-limited per address)',
  'GET /api/share/links': 'the public address shared links use',
  'POST /api/share/visits': 'a visit through a shared link (rate-limited per address)',
  'POST /api/events/:id/visits': "a visit to an evening's page, counted per day without who (rate-limited per address)",
  'POST /api/share/events': 'a copy or share of a post, by a visitor too (rate-limited)',
  'POST /api/invites/stop': 'the unsubscribe link in an invite; the token is in the body',
  'GET /api/still-coming/:token': 'the "Still coming?" e-mail\'s page; the token is the proof, and reading changes nothing',
  'POST /api/still-coming/:token': 'the answer from that page; the token is the proof (docs/decisions/0074-still-coming.md)',
  'GET /api/met-again/:token': 'the "Did you meet NAME again?" e-mail\'s page; the token is the proof, and reading changes nothing',
  'POST /api/met-again/:token': 'the answer from that page; the token is the proof (docs/decisions/0083-met-again.md)',

  // Authenticates itself: the live socket checks the session cookie and closes with its own code.
  'GET /ws': 'the live socket, which answers a visitor with its own close code (modules/live)',
};
