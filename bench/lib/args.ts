/**
 * The flags of `npm run bench` (bench/README in README.md "Benchmarks"). Every flag can also be
 * given as an environment variable BENCH_<NAME> (e.g. BENCH_SOCKETS=10000); a flag wins.
 */
import os from 'node:os';

export const SECTIONS = ['paint', 'lighthouse', 'api', 'race', 'live', 'scale', 'reconnect', 'night'] as const;
/** What `npm run bench` runs without --only: every section but `night` (minutes per run of its own, issue 37). */
export const DEFAULT_SECTIONS = SECTIONS.filter((s) => s !== 'night');

/** The `scale` section: the live evening at the size of the budget (docs/architecture.md), whatever --sockets says. */
export const SCALE = { sockets: 10_000, events: 200, instances: 2, db: 'postgres' } as const;
export type Section = (typeof SECTIONS)[number];

/**
 * The pages Lighthouse scores (docs/architecture.md Budgets): /events/demo is /events/{the demo
 * event} as the demo member; /events/public is an open evening's public page as a visitor (no
 * cookie, docs/decisions/0045); /events/visitor is the list of evenings, /events, as a visitor
 * (issue 34).
 */
export const PAGES = ['/', '/login', '/events', '/events/demo', '/events/public', '/events/visitor', '/profile'] as const;
export type Page = (typeof PAGES)[number];

export interface BenchArgs {
  only: Section[];
  runs: number;
  /** Live section: guest sockets, events, server instances, database, client worker processes. */
  sockets: number;
  events: number;
  instances: number;
  db: 'embedded' | 'postgres';
  workers: number;
  /** Live: clients ignore `mine` and fetch /rotation/me after every new round. */
  refetch: boolean;
  /** Race section: databases to race on. */
  raceDb: ('embedded' | 'postgres')[];
  /**
   * Lighthouse section: the pages to score ('/events/demo' is the demo event's page, '/events/public'
   * an open evening's public page, '/events/visitor' /events as a visitor).
   */
  pages: Page[];
  /**
   * Lighthouse section: before each run, wait up to this many seconds for the CPU to be at least
   * 90% idle for 3 s (0: start at once). Lighthouse multiplies what the page's tasks took by four, so
   * another process's work on these two cores counts as the page's blocking time.
   */
  quietCpu: number;
  /** API section: seconds per autocannon measurement, connections. */
  duration: number;
  connections: number;
  pgUrl: string;
  chromium: string;
  write: boolean;
  /** Directory for the servers' V8 CPU profiles, or null. */
  cpuProf: string | null;
  cores: number;
}

const HELP = `npm run bench -- [flags]
  --only=paint,lighthouse,api,race,live,scale,reconnect,night  sections to run (default: all but night); scale
                     is the live evening at 10,000 sockets, 200 events, 2 instances on PostgreSQL;
                     reconnect is six phones in Chromium back from a 5 s cut (--runs rounds, at most 4);
                     night is the whole evening (door, six rounds of ratings, message, release,
                     feedback) with --sockets/--events/--instances/--db/--workers, not in the default
  --runs=N           runs per figure; each figure is the median of N with its min-max (default 3)
  --sockets=S        live: guest sockets (default 2000; scale: 10,000)
  --events=E         live: events, S/E checked-in guests each (default 40)
  --instances=N      live: server instances, sockets split across them (default 1; >1 needs --db=postgres)
  --db=embedded|postgres   live: database (default embedded)
  --workers=N        live: client worker processes holding the guest sockets (default 2)
  --refetch          live: clients ignore "mine" in state messages and fetch GET /rotation/me, like the old client
  --race-db=embedded,postgres  race: databases to race on (default both)
  --pages=/,/login,/events,/events/demo,/events/public,/events/visitor,/profile   lighthouse: pages to
                     score (default: all seven; /events/demo is the demo event's page as the demo
                     member, /events/public an open evening's public page as a visitor,
                     /events/visitor the list /events as a visitor)
  --quiet-cpu=SEC    lighthouse: before each run wait up to SEC s for the CPU to be 90% idle for 3 s
                     (default 0: start at once)
  --duration=SEC     api: seconds per throughput measurement (default 8)
  --connections=N    api: autocannon connections (default 10)
  --pg-url=URL       PostgreSQL server for --db=postgres and the race (default postgres://postgres@127.0.0.1:5432/postgres)
  --chromium=PATH    browser for paint and lighthouse (default /usr/bin/chromium)
  --cpu-prof=DIR     every server writes a V8 CPU profile (.cpuprofile) into DIR when it stops
  --write            rewrite bench/RESULTS.md with this run's results
`;

export function parseArgs(argv: string[], env: NodeJS.ProcessEnv = process.env): BenchArgs {
  const flags = new Map<string, string>();
  // BENCH_NODE_FLAGS and BENCH_SERVER_ENV are no flags: bench/lib/procs.ts hands them to every server.
  for (const [k, v] of Object.entries(env))
    if (k.startsWith('BENCH_') && k !== 'BENCH_NODE_FLAGS' && k !== 'BENCH_SERVER_ENV' && v) flags.set(k.slice(6).toLowerCase().replace(/_/g, '-'), v);
  for (const a of argv) {
    if (a === '--help' || a === '-h') {
      console.log(HELP);
      process.exit(0);
    }
    const m = /^--([a-z-]+)(?:=(.*))?$/.exec(a);
    if (!m) throw new Error(`Unknown argument ${a}\n${HELP}`);
    flags.set(m[1]!, m[2] ?? 'true');
  }
  const known = new Set([
    'only',
    'runs',
    'sockets',
    'events',
    'instances',
    'db',
    'workers',
    'refetch',
    'race-db',
    'pages',
    'quiet-cpu',
    'duration',
    'connections',
    'pg-url',
    'chromium',
    'cpu-prof',
    'write',
  ]);
  for (const k of flags.keys()) if (!known.has(k)) throw new Error(`Unknown flag --${k}\n${HELP}`);
  const int = (k: string, d: number, min = 1) => {
    const v = flags.has(k) ? Number(flags.get(k)) : d;
    if (!Number.isInteger(v) || v < min) throw new Error(`--${k} must be an integer >= ${min}`);
    return v;
  };
  const list = <T extends string>(k: string, allowed: readonly T[], d: readonly T[]): T[] => {
    if (!flags.has(k)) return [...d];
    const items = flags
      .get(k)!
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    for (const i of items) if (!allowed.includes(i as T)) throw new Error(`--${k}: unknown ${i} (one of ${allowed.join(', ')})`);
    return items as T[];
  };
  const db = (flags.get('db') ?? 'embedded') as BenchArgs['db'];
  if (db !== 'embedded' && db !== 'postgres') throw new Error('--db must be embedded or postgres');
  const args: BenchArgs = {
    only: list('only', SECTIONS, DEFAULT_SECTIONS),
    runs: int('runs', 3),
    sockets: int('sockets', 2000),
    events: int('events', 40),
    instances: int('instances', 1),
    db,
    workers: int('workers', 2),
    refetch: flags.get('refetch') === 'true' || flags.get('refetch') === '1',
    raceDb: list('race-db', ['embedded', 'postgres'] as const, ['embedded', 'postgres']),
    pages: list('pages', PAGES, PAGES),
    quietCpu: int('quiet-cpu', 0, 0),
    duration: int('duration', 8),
    connections: int('connections', 10),
    pgUrl: flags.get('pg-url') ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    chromium: flags.get('chromium') ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    write: flags.get('write') === 'true' || flags.get('write') === '1',
    cpuProf: flags.get('cpu-prof') ?? null,
    cores: os.cpus().length,
  };
  if (args.instances > 1 && args.db !== 'postgres') throw new Error('--instances above 1 needs --db=postgres (the embedded database belongs to one process)');
  if (args.events > args.sockets) throw new Error('--events must not exceed --sockets');
  return args;
}
