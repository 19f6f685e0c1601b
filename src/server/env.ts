import path from 'node:path';
import { z } from 'zod';
import { releaseCommit } from '@shared/schemas/release';

const bool = z.enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' }).transform((v) => v === 'true' || v === '1' || v === 'yes');

const emailList = z
  .string()
  .transform((s) =>
    s
      .split(',')
      .map((e) => e.trim().toLowerCase())
      .filter(Boolean),
  )
  .refine((list) => list.every((e) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(e)), 'must be a comma-separated list of e-mail addresses');

/** How long an instance reuses the event listings (ms); 0 = no cache (the bench measures both). */
const listCacheMs = z.coerce
  .number({ error: 'must be a number of milliseconds' })
  .int()
  .min(0, 'must be 0 or more')
  .max(60_000, 'must be at most 60000')
  .default(1000);

/** LIST_CACHE_MS alone (validated with the rest at start-up by loadConfig). */
export const listCacheMsFrom = (source: Record<string, string | undefined> = process.env) => listCacheMs.catch(1000).parse(source.LIST_CACHE_MS || undefined);

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test'], { error: 'must be development, production or test' }).default('development'),
    PORT: z.coerce
      .number({ error: 'must be a port number' })
      .int('must be a port number')
      .min(0, 'must be a port number')
      .max(65535, 'must be a port number')
      .default(5000),
    HOST: z.string().min(1).default('0.0.0.0'),
    DATA_DIR: z.string().min(1, 'must be a directory path').default('./data'),
    BACKUP_DIR: z.string().min(1, 'must be a directory path').default('./backups'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional(),
    PUBLIC_URL: z.string().url('must be a URL such as https://friends.example.com').optional(),
    ADMIN_EMAILS: emailList.default([]),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
      .optional(),
    MAIL_FROM: z.string().min(3).default('Speed Friendship <hello@speedfriendship.test>'),
    MAIL_RETRY_LIMIT: z.coerce.number({ error: 'must be a number of attempts' }).int().min(1, 'must be at least 1').max(50, 'must be at most 50').default(10),
    MAIL_RETRY_BASE_MS: z.coerce
      .number({ error: 'must be a number of milliseconds' })
      .int()
      .min(50, 'must be at least 50')
      .max(3_600_000, 'must be at most 3600000')
      .default(10_000),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], { error: 'must be a pino log level' }).default('info'),
    SESSION_DAYS: z.coerce.number({ error: 'must be a number of days' }).int().min(1, 'must be at least 1').max(365, 'must be at most 365').default(30),
    AUTH_RATE_LIMIT: z.coerce.number({ error: 'must be a number' }).int().min(1, 'must be at least 1').default(20),
    TRUST_PROXY: bool.default(false),
    COOKIE_SECURE: bool.optional(),
    STRIPE_SECRET_KEY: z
      .string()
      .regex(/^(sk|rk)_(test|live)_\w+$/, 'must be a Stripe secret key (sk_test_… or sk_live_…)')
      .optional(),
    STRIPE_PUBLISHABLE_KEY: z
      .string()
      .regex(/^pk_(test|live)_\w+$/, 'must be a Stripe publishable key (pk_test_… or pk_live_…)')
      .optional(),
    STRIPE_WEBHOOK_SECRET: z
      .string()
      .regex(/^whsec_\w+$/, 'must be a Stripe webhook signing secret (whsec_…)')
      .optional(),
    SEAT_HOLD_MINUTES: z.coerce.number({ error: 'must be a number of minutes' }).int().min(1, 'must be at least 1').max(120, 'must be at most 120').default(15),
    LIST_CACHE_MS: listCacheMs,
    // Printable ASCII without spaces, long enough not to be guessed (docs/decisions/0035).
    METRICS_TOKEN: z
      .string()
      .min(16, 'must be at least 16 characters')
      .max(256, 'must be at most 256 characters')
      .regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces')
      .optional(),
    /** The commit this instance runs, when its build did not record one in release.json (docs/decisions/0088). */
    RELEASE_COMMIT: releaseCommit.optional(),
    /** Key of the keyed hash login codes are stored under (issue 33); without it, a file in DATA_DIR. */
    LOGIN_CODE_SECRET: z
      .string()
      .min(32, 'must be at least 32 characters')
      .max(256, 'must be at most 256 characters')
      .regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces')
      .optional(),
    SHUTDOWN_TIMEOUT_MS: z.coerce
      .number({ error: 'must be a number of milliseconds' })
      .int('must be a number of milliseconds')
      .min(1000, 'must be at least 1000')
      .max(600_000, 'must be at most 600000')
      .default(10_000),
    /** A ticket can be given to a friend until this many minutes before the start (check-in opens; docs/decisions/0075). */
    FRIEND_TRANSFER_CUTOFF_MINUTES: z.coerce
      .number({ error: 'must be a number of minutes' })
      .int('must be a whole number of minutes')
      .min(0, 'must be at least 0')
      .max(10_080, 'must be at most 10080')
      .default(60),
    /** An unclaimed friend's seat is held this many hours after booking… (docs/decisions/0075). */
    FRIEND_SEAT_HOLD_HOURS: z.coerce
      .number({ error: 'must be a number of hours' })
      .int('must be a whole number of hours')
      .min(1, 'must be at least 1')
      .max(720, 'must be at most 720')
      .default(48),
    /** …or until this many hours before the start, whichever is sooner (docs/decisions/0075). */
    FRIEND_SEAT_CUTOFF_HOURS: z.coerce
      .number({ error: 'must be a number of hours' })
      .int('must be a whole number of hours')
      .min(1, 'must be at least 1')
      .max(720, 'must be at most 720')
      .default(24),
    /** Days after an evening's end when its ratings and arrival reports are deleted (docs/decisions/0044). */
    RETENTION_DAYS: z.coerce
      .number({ error: 'must be a number of days' })
      .int('must be a whole number of days')
      .min(1, 'must be at least 1')
      .max(3650, 'must be at most 3650')
      .default(90),
    /** No-shows (docs/decisions/0076): this many in NO_SHOW_WINDOW_DAYS pause free bookings and waitlists for NO_SHOW_PAUSE_DAYS. */
    NO_SHOW_LIMIT: z.coerce
      .number({ error: 'must be a number of no-shows' })
      .int('must be a whole number')
      .min(1, 'must be at least 1')
      .max(20, 'must be at most 20')
      .default(2),
    NO_SHOW_WINDOW_DAYS: z.coerce
      .number({ error: 'must be a number of days' })
      .int('must be a whole number of days')
      .min(1, 'must be at least 1')
      .max(3650, 'must be at most 3650')
      .default(183),
    NO_SHOW_PAUSE_DAYS: z.coerce
      .number({ error: 'must be a number of days' })
      .int('must be a whole number of days')
      .min(1, 'must be at least 1')
      .max(365, 'must be at most 365')
      .default(30),
    /** Hours before an evening when each guest is asked "Still coming?" (issue 35, docs/decisions/0074-still-coming.md). */
    STILL_COMING_HOURS: z.coerce
      .number({ error: 'must be a number of hours' })
      .int('must be a whole number of hours')
      .min(1, 'must be at least 1')
      .max(336, 'must be at most 336')
      .default(48),
  })
  .refine((e) => !e.STRIPE_SECRET_KEY === !e.STRIPE_PUBLISHABLE_KEY, {
    path: ['STRIPE_PUBLISHABLE_KEY'],
    message: 'STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY must be set together',
  })
  .refine((e) => !e.STRIPE_SECRET_KEY || !!e.STRIPE_WEBHOOK_SECRET || e.NODE_ENV !== 'production', {
    path: ['STRIPE_WEBHOOK_SECRET'],
    message: 'is required with Stripe in production (webhooks confirm payments)',
  });

export type Env = z.infer<typeof envSchema>;

export interface AppConfig {
  env: Env['NODE_ENV'];
  port: number;
  host: string;
  dataDir: string;
  /** Where `npm run backup` writes (docs/decisions/0038-backups.md). */
  backupDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  adminEmails: string[];
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Mail delivery over SMTP (docs/decisions/0037): attempts before a mail is marked failed, and the first retry's wait (doubling each time). */
  mailRetry: { limit: number; baseMs: number };
  logLevel: Env['LOG_LEVEL'];
  sessionDays: number;
  authRateLimit: number;
  trustProxy: boolean;
  cookieSecure: boolean;
  /** Stripe keys, or null for the built-in test provider. */
  stripe: { secretKey: string; publishableKey: string; webhookSecret: string | null } | null;
  seatHoldMinutes: number;
  /** Bearer token for /metrics from other machines; loopback needs none (docs/decisions/0035). */
  metricsToken: string | undefined;
  /** RELEASE_COMMIT: the commit GET /api/version reports when release.json has none (src/server/lib/release.ts). */
  releaseCommit: string | undefined;
  /** How long a SIGTERM may take before the process exits anyway (docs/decisions/0036). */
  shutdownTimeoutMs: number;
  /** Key of the login codes' keyed hash, or undefined for the file DATA_DIR/login-code.key (plugins/auth.ts). */
  loginCodeSecret: string | undefined;
  /** Days after an evening when its ratings and arrival reports are deleted (docs/decisions/0044). */
  retentionDays: number;
  /** The no-show rule (docs/decisions/0076): `limit` no-shows within `windowDays` pause free bookings and waitlists for `pauseDays`. */
  noShows: { limit: number; windowDays: number; pauseDays: number };
  /** Hours before an evening when each guest is asked "Still coming?" (docs/decisions/0074-still-coming.md). */
  stillComingHours: number;
  /** A seat for a friend's limits (docs/decisions/0075). */
  friendSeats: { transferCutoffMinutes: number; holdHours: number; cutoffHours: number };
}

export class EnvError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid environment:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

/** Parse the environment once; throw an EnvError naming every bad variable. */
export function loadConfig(source: Record<string, string | undefined> = process.env): AppConfig {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new EnvError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message} (got ${JSON.stringify(cleaned[String(i.path[0])] ?? '')})`));
  }
  const e = parsed.data;
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    backupDir: path.resolve(e.BACKUP_DIR),
    databaseUrl: e.DATABASE_URL,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    adminEmails: e.ADMIN_EMAILS,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    mailRetry: { limit: e.MAIL_RETRY_LIMIT, baseMs: e.MAIL_RETRY_BASE_MS },
    logLevel: e.LOG_LEVEL,
    sessionDays: e.SESSION_DAYS,
    authRateLimit: e.AUTH_RATE_LIMIT,
    trustProxy: e.TRUST_PROXY,
    cookieSecure: e.COOKIE_SECURE ?? e.NODE_ENV === 'production',
    stripe:
      e.STRIPE_SECRET_KEY && e.STRIPE_PUBLISHABLE_KEY
        ? { secretKey: e.STRIPE_SECRET_KEY, publishableKey: e.STRIPE_PUBLISHABLE_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET ?? null }
        : null,
    seatHoldMinutes: e.SEAT_HOLD_MINUTES,
    metricsToken: e.METRICS_TOKEN,
    releaseCommit: e.RELEASE_COMMIT,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    loginCodeSecret: e.LOGIN_CODE_SECRET,
    retentionDays: e.RETENTION_DAYS,
    noShows: { limit: e.NO_SHOW_LIMIT, windowDays: e.NO_SHOW_WINDOW_DAYS, pauseDays: e.NO_SHOW_PAUSE_DAYS },
    stillComingHours: e.STILL_COMING_HOURS,
    friendSeats: { transferCutoffMinutes: e.FRIEND_TRANSFER_CUTOFF_MINUTES, holdHours: e.FRIEND_SEAT_HOLD_HOURS, cutoffHours: e.FRIEND_SEAT_CUTOFF_HOURS },
  };
}
