import { existsSync, realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from './db/client';
import type { AppConfig } from './env';
import { installErrorHandler } from './errors';
import { OneLinePerRequest, requestId, requestLogContext, serverLogging } from './logging';
import { accessibilityRoutes } from './modules/accessibility/routes';
import { accessNeedsRoutes } from './modules/access-needs/routes';
import { authRoutes } from './modules/auth/routes';
import { sessionStore } from './modules/auth/service';
import { calendarRoutes } from './modules/calendar/routes';
import { eventRoutes } from './modules/events/routes';
import { friendSeatRoutes } from './modules/tickets/friend-seats-routes';
import { ticketRoutes } from './modules/tickets/routes';
import { stillComingRoutes } from './modules/tickets/still-coming-routes';
import { metAgainRoutes } from './modules/met-again/routes';
import { safetyRoutes } from './modules/safety/routes';
import { arrivalRoutes } from './modules/arrival/routes';
import { doorRoutes } from './modules/door/routes';
import { venueRoutes } from './modules/venues/routes';
import { liveRoutes } from './modules/live/routes';
import { liveRuntime } from './modules/live/runtime';
import { matchingRoutes } from './modules/matching/routes';
import { messageRoutes } from './modules/messages/routes';
import { shareRoutes } from './modules/share/routes';
import { narrationRoutes } from './modules/narration/routes';
import { hostProgramRoutes } from './modules/host-program/routes';
import { missedConnectionsRoutes } from './modules/missed-connections/routes';
import { feedbackRoutes } from './modules/feedback/routes';
import { matchPreviewRoutes } from './modules/match-preview/routes';
import { privacyRoutes } from './modules/privacy/routes';
import { publicEveningRoutes } from './modules/public-evening/routes';
import { realtimePlugin } from './plugins/realtime';
import { controlRoutes } from './modules/control/routes';
import { devRoutes } from './modules/dev/routes';
import { healthRoutes } from './modules/health/routes';
import { versionRoutes } from './modules/health/version';
import { currentRelease } from './lib/release';
import { userRoutes } from './modules/users/routes';
import { noShowRoutes } from './modules/no-shows/routes';
import { conversationGuideRoutes } from './modules/conversation-guide/routes';
import { meetupRoutes } from './modules/meetups/routes';
import { reportRoutes } from './modules/report/routes';
import { createUser } from './modules/users/service';
import { authPlugin, SESSION_COOKIE } from './plugins/auth';
import { clockPlugin } from './plugins/clock';
import { idempotencyPlugin } from './plugins/idempotency';
import { dbPlugin } from './plugins/db';
import { mailPlugin } from './plugins/mail';
import { metricsPlugin } from './plugins/metrics';
import { paymentsPlugin, type StripeConnection } from './plugins/payments';
import { postgresRateLimitStore } from './plugins/rate-limit-store';
import { sameOriginPlugin } from './plugins/same-origin';
import { knownHostPlugin } from './plugins/known-host';
import { securityHeadersPlugin, securityPolicy } from './plugins/security-headers';

export interface BuildOptions {
  config: AppConfig;
  database: Database;
  /** Enables the admin CLI's control route (embedded database only). */
  controlToken?: string;
  /** Where the built client lives; served when present. */
  clientDir?: string;
  logger?: FastifyServerOptions['logger'];
  /** Where the Stripe SDK connects (tests point it at a local fake Stripe). */
  stripeConnection?: StripeConnection;
  /** How often the live timer polls the database for due transitions (ms; tests shorten it). */
  livePollMs?: number;
  /**
   * Plan the evening ahead as the door changes, soon after it answers (docs/decisions/0029, 0053,
   * 0103); false: never (round 1 plans at its start). On unless turned off; the test harness turns it off unless a test asks.
   */
  livePlanAhead?: boolean;
  /** How often the live sockets are pinged (ms; tests shorten it). */
  livePingMs?: number;
  /** The clock for time rules (tests fix it); the real time by default. */
  now?: () => Date;
}

export const defaultClientDir = fileURLToPath(new URL('../../dist/client', import.meta.url));

/** The client folder with its links resolved; as given when it does not exist (no client is served then). */
export function realClientDir(dir: string): string {
  try {
    return realpathSync(dir);
  } catch {
    return dir;
  }
}

/** Build the whole server: plugins, then feature modules. Never listens. */
export async function buildApp(opts: BuildOptions) {
  const { config } = opts;
  const app = Fastify({
    // Short lines in a terminal, pino's JSON otherwise (src/server/logging.ts).
    // A logger given by a test logs its lines as the server does (one per request).
    ...(opts.logger !== undefined ? { logger: opts.logger, ...(opts.logger ? { logController: new OneLinePerRequest() } : {}) } : serverLogging(config)),
    // nginx's X-Request-Id when well-formed, else a new one; echoed in x-request-id (docs/decisions/0087).
    genReqId: requestId,
    trustProxy: config.trustProxy,
    // Every GET route takes HEAD through its own handler instead (requestLogContext, src/server/logging.ts).
    exposeHeadRoutes: false,
    bodyLimit: 256 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);
  // First: the request id header, the user id and the quiet probes cover every route (src/server/logging.ts).
  await app.register(requestLogContext);

  // helmet's headers with our content security policy, worked out once (plugins/security-headers.ts).
  await app.register(securityHeadersPlugin, securityPolicy({ stripe: !!config.stripe }));
  // The session cookie is parsed before the idempotency plugin claims a key with the session's read (docs/decisions/0125).
  await app.register(cookie);
  // Idempotency keys on the writes a phone keeps offline (docs/decisions/0051); before compression, whose onSend must run after its own.
  await app.register(idempotencyPlugin);
  await app.register(compress, { global: true, threshold: 1024 });
  // A signed-in answer is the member's own: no browser or proxy keeps a copy (issue 33). Answers a
  // route marks `public` (the same for everyone: the /privacy figures, an evening's card) keep theirs.
  app.addHook('onSend', async (req, reply, payload) => {
    if (!req.url.startsWith('/api/')) return payload;
    const signedIn = !!req.cookies?.[SESSION_COOKIE] || String(reply.getHeader('set-cookie') ?? '').includes(`${SESSION_COOKIE}=`);
    const set = String(reply.getHeader('cache-control') ?? '');
    if (signedIn && !/\bpublic\b/.test(set) && !/\bno-store\b/.test(set)) reply.header('cache-control', 'no-store');
    return payload;
  });
  await app.register(knownHostPlugin, { env: config.env, publicUrl: config.publicUrl });
  // Cross-site POST/PUT/PATCH/DELETE are refused before any handler runs (CSRF; plugins/same-origin.ts).
  await app.register(sameOriginPlugin, { publicUrl: config.publicUrl });
  await app.register(rateLimit, {
    global: false,
    // On PostgreSQL every instance counts in one table, so two instances share one budget (docs/decisions/0010).
    ...(opts.database.kind === 'postgres' ? { store: postgresRateLimitStore(opts.database.db) } : {}),
    errorResponseBuilder: (_req, ctx) => ({
      statusCode: 429,
      message: `Too many attempts. Please wait ${Math.ceil(ctx.ttl / 1000)} seconds and try again.`,
      error: `Too many attempts. Please wait ${Math.ceil(ctx.ttl / 1000)} seconds and try again.`,
    }),
  });

  await app.register(clockPlugin, { now: opts.now });
  await app.register(dbPlugin, { database: opts.database });
  // First after the database: its timing hook sees every route registered after it (plugins/metrics.ts).
  // Resolved once, at start: an instance serves the release it was started with, whatever its path's
  // links (the `current` link of deploy/upgrade.sh) point at later (docs/decisions/0090).
  const clientDir = realClientDir(opts.clientDir ?? defaultClientDir);
  // Which release this instance runs: package.json's version, release.json beside the client (docs/decisions/0088).
  const release = currentRelease({ clientDir, commit: config.releaseCommit, warn: (message) => app.log.warn(message) });
  await app.register(metricsPlugin, { database: opts.database, token: config.metricsToken, release });
  await app.register(mailPlugin, { config });
  await app.register(authPlugin, { config, sessions: sessionStore(opts.database.db, config) });
  await app.register(paymentsPlugin, { config, ...(opts.stripeConnection ? { stripeConnection: opts.stripeConnection } : {}) });

  await app.register(realtimePlugin, { database: opts.database, ...(opts.livePingMs ? { pingMs: opts.livePingMs } : {}) });
  // The live runtime (timers, sockets, the bus subscriber, `app.live`): before every module that names it (docs/decisions/0056).
  await app.register(liveRuntime, {
    publicUrl: config.publicUrl,
    noShowRule: config.noShows,
    ...(opts.livePollMs ? { pollMs: opts.livePollMs } : {}),
    ...(opts.livePlanAhead !== undefined ? { planAhead: opts.livePlanAhead } : {}),
  });

  await app.register(healthRoutes);
  await app.register(versionRoutes, { release });
  // The account a proven new address becomes is the users module's (docs/decisions/0070); handed in, so
  // auth, which every module asks who is calling, depends on none of them.
  await app.register(authRoutes, {
    rateLimit: config.authRateLimit,
    publicUrl: config.publicUrl,
    createAccount: (account) => createUser(app.db, account),
  });
  await app.register(userRoutes);
  await app.register(eventRoutes);
  await app.register(venueRoutes, { publicUrl: config.publicUrl });
  await app.register(ticketRoutes, {
    publicUrl: config.publicUrl,
    holdMinutes: config.seatHoldMinutes,
    webhookSecret: config.stripe?.webhookSecret ?? null,
    noShowRule: config.noShows,
    stillComingHours: config.stillComingHours,
  });
  await app.register(noShowRoutes, { rule: config.noShows });
  // "Still coming?" (issue 35, docs/decisions/0074-still-coming.md).
  await app.register(stillComingRoutes, { publicUrl: config.publicUrl, holdMinutes: config.seatHoldMinutes, hours: config.stillComingHours });
  // "Did you meet NAME again?" (issue 36, docs/decisions/0083-met-again.md).
  await app.register(metAgainRoutes, { publicUrl: config.publicUrl });
  await app.register(friendSeatRoutes, {
    publicUrl: config.publicUrl,
    holdMinutes: config.seatHoldMinutes,
    limits: config.friendSeats,
    noShowRule: config.noShows,
  });
  await app.register(doorRoutes);
  await app.register(arrivalRoutes);
  await app.register(calendarRoutes, { publicUrl: config.publicUrl });
  await app.register(liveRoutes);
  await app.register(matchingRoutes);
  await app.register(messageRoutes, { publicUrl: config.publicUrl });
  await app.register(shareRoutes, { publicUrl: config.publicUrl });
  await app.register(narrationRoutes);
  await app.register(conversationGuideRoutes);
  await app.register(hostProgramRoutes, { publicUrl: config.publicUrl });
  await app.register(missedConnectionsRoutes, { publicUrl: config.publicUrl });
  await app.register(feedbackRoutes);
  // Meet-up polls for friend groups and matched pairs (issue 36, docs/decisions/0082).
  await app.register(meetupRoutes, { publicUrl: config.publicUrl });
  // The host's evening report (issue 36, docs/decisions/0084-the-hosts-evening-report.md).
  await app.register(reportRoutes);
  await app.register(matchPreviewRoutes, { publicUrl: config.publicUrl });
  await app.register(accessibilityRoutes, { publicUrl: config.publicUrl, adminEmails: config.adminEmails });
  await app.register(accessNeedsRoutes);
  await app.register(privacyRoutes, { retentionDays: config.retentionDays, sessionDays: config.sessionDays, noShows: config.noShows });
  const hasClient = existsSync(`${clientDir}/index.html`);
  // The public evening's page (its own head for link previews), card, sitemap and robots.txt (docs/decisions/0045).
  await app.register(publicEveningRoutes, { publicUrl: config.publicUrl, indexHtmlFile: hasClient ? `${clientDir}/index.html` : null });
  await app.register(safetyRoutes, { publicUrl: config.publicUrl, holdMinutes: config.seatHoldMinutes });
  // The outbox holds everyone's login codes: development without SMTP only, and loopback only (modules/dev).
  if (config.env !== 'production' && !config.smtpUrl) await app.register(devRoutes);
  if (opts.controlToken) await app.register(controlRoutes, { token: opts.controlToken, adminEmails: config.adminEmails, publicUrl: config.publicUrl });

  if (hasClient) {
    await app.register(fastifyStatic, {
      root: clientDir,
      wildcard: false,
      index: false,
      setHeaders(res, filePath) {
        res.header('cache-control', filePath.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((req, reply) => {
    // HEAD as GET: an uptime monitor asking HEAD / gets what GET / gets, without the body (Node drops it).
    // A hashed file this release does not have is a 404, never the page: an old page's lazy chunk
    // must fail as a script, not load HTML (nginx answers the same, deploy/nginx/speed-friendship.conf).
    const isPage =
      (req.method === 'GET' || req.method === 'HEAD') && !req.url.startsWith('/api/') && !req.url.startsWith('/ws') && !req.url.startsWith('/assets/');
    if (isPage && hasClient) {
      // Single-page app: the client router decides, including its own 404 page.
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    const message = req.url.startsWith('/api/') || req.url.startsWith('/assets/') ? 'Not found' : 'Page not found';
    return reply.code(404).send({ message, error: message });
  });

  return app;
}
