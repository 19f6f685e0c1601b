/**
 * The live evening: S guest sockets across E events of S/E checked-in guests (checked in by their
 * host over HTTP first, unless --door=seeded), each socket with
 * its guest's own session, held by client worker processes; the hosts' sockets in one more. Each
 * host starts round 1 (start_timer) and later round 2 (next_round) over its own socket, all at
 * once; per guest we time the host's command to the phone having the new round, ends-at AND its
 * partner and table (from `mine`, or from GET /rotation/me when the state has none).
 */
import type { ChildProcess } from 'node:child_process';
import type { BenchArgs } from '../lib/args';
import { ask, forkWorker, freshPostgres, removeDir, rssMb, sleep, startServer, stopChild, tempDir, warmUp, type ServerProc } from '../lib/procs';
import { seedBeforeStart } from '../lib/seed';
import { over, percentile, show, verdict, type Figure } from '../lib/stats';

const SKEW_MS = 5000;
const ROUND_TIMEOUT_MS = 60_000;

interface RoundResult {
  done: number;
  expected: number;
  stateP50: number;
  stateP99: number;
  p50: number;
  p99: number;
  viaMine: number;
  viaFetch: number;
  fetchFailed: number;
  hostErrors: string[];
}

interface RunResult {
  opened: number;
  failed: number;
  openMs: number;
  dropped: number;
  rounds: RoundResult[];
  shownP99: number;
  shownSamples: number;
  rssIdle: number[];
  rssOpen: number[];
  rssAfter: number[];
}

async function round(guestWorkers: ChildProcess[], hostWorker: ChildProcess, n: number, msg: Record<string, unknown>, expected: number): Promise<RoundResult> {
  await Promise.all(guestWorkers.map((w) => ask(w, { type: 'arm', round: n }, 'armed')));
  const sent = await ask<{ sentAt: [number, number][] }>(hostWorker, { type: 'command', msg }, 'sent');
  const sentAt = new Map(sent.sentAt);
  const deadline = Date.now() + ROUND_TIMEOUT_MS;
  const hostErrors: string[] = [];
  for (;;) {
    await sleep(250);
    const counts = await Promise.all(guestWorkers.map((w) => ask<{ done: number }>(w, { type: 'count' }, 'count')));
    if (counts.reduce((s, c) => s + c.done, 0) >= expected || Date.now() > deadline) break;
  }
  // Who has it all now; anyone still waiting counts as the timeout below.
  const rows = (await Promise.all(guestWorkers.map((w) => ask<{ rows: number[][] }>(w, { type: 'report' }, 'report')))).flatMap((r) => r.rows);
  hostErrors.push(...(await ask<{ hostErrors: string[] }>(hostWorker, { type: 'report' }, 'report')).hostErrors);
  const lat = rows.filter((r) => r[2]! >= 0).map((r) => r[2]! - sentAt.get(r[0]!)!);
  const stateLat = rows.filter((r) => r[1]! >= 0).map((r) => r[1]! - sentAt.get(r[0]!)!);
  return {
    done: lat.length,
    expected,
    stateP50: percentile(stateLat, 0.5),
    stateP99: percentile(stateLat, 0.99),
    // A guest who never got there counts as the timeout (so p99 cannot flatter a partial round).
    p50: percentile([...lat, ...Array(expected - lat.length).fill(ROUND_TIMEOUT_MS)], 0.5),
    p99: percentile([...lat, ...Array(expected - lat.length).fill(ROUND_TIMEOUT_MS)], 0.99),
    viaMine: rows.filter((r) => r[3] === 1).length,
    viaFetch: rows.filter((r) => r[3] === 2).length,
    fetchFailed: rows.filter((r) => r[4] === 1).length,
    hostErrors,
  };
}

async function shownTime(guestWorkers: ChildProcess[], samples: number, gapMs: number) {
  const errors: number[] = [];
  for (let i = 0; i < samples; i++) {
    await sleep(gapMs);
    for (const r of await Promise.all(guestWorkers.map((w) => ask<{ errors: number[] }>(w, { type: 'sample' }, 'sample')))) errors.push(...r.errors);
  }
  return errors;
}

type Person = { id: number; cookie: string; eventId: number; base: string };

/**
 * The door, before the sockets open: each host checks its guests in over HTTP (POST
 * /api/events/:id/door/check-in, 20 at a time across the hosts), then every evening's plan ahead
 * (docs/decisions/0029) is awaited: the host's GET /rotation puts every guest into round 1.
 * Set-up, not timed.
 */
async function throughTheDoor(hosts: Person[], guests: Person[]) {
  const hostOf = new Map(hosts.map((h) => [h.eventId, h]));
  const post = async (g: Person) => {
    const host = hostOf.get(g.eventId)!;
    const res = await fetch(`${host.base}/api/events/${g.eventId}/door/check-in`, { method: 'POST', headers: { cookie: host.cookie, 'content-type': 'application/json' }, body: JSON.stringify({ userId: g.id }) });
    if (!res.ok) throw new Error(`check-in of guest ${g.id}: ${res.status} ${await res.text()}`);
  };
  const queue = [...guests];
  await Promise.all(Array.from({ length: 20 }, async () => {
    for (let g = queue.shift(); g; g = queue.shift()) await post(g);
  }));
  const perEvent = new Map<number, number>();
  for (const g of guests) perEvent.set(g.eventId, (perEvent.get(g.eventId) ?? 0) + 1);
  const until = Date.now() + 120_000;
  for (const host of hosts) {
    for (;;) {
      const res = await fetch(`${host.base}/api/events/${host.eventId}/rotation`, { headers: { cookie: host.cookie } });
      const rows = res.ok ? ((await res.json()) as { round: number; a: { id: number }; b: { id: number } | null }[]) : [];
      const inRoundOne = rows.filter((r) => r.round === 1).reduce((n, r) => n + (r.b ? 2 : 1), 0);
      if (inRoundOne === perEvent.get(host.eventId)) break;
      if (Date.now() > until) throw new Error(`evening ${host.eventId}: not planned ahead after 120 s (${inRoundOne} of ${perEvent.get(host.eventId)} guests in round 1)`);
      await sleep(250);
    }
  }
}

async function oneRun(args: BenchArgs, commands: string[]): Promise<RunResult> {
  const perEvent = Math.floor(args.sockets / args.events);
  const guestsTotal = perEvent * args.events;
  const dir = args.db === 'embedded' ? tempDir('live') : undefined;
  const pgdb = args.db === 'postgres' ? await freshPostgres(args.pgUrl) : undefined;
  const servers: ServerProc[] = [];
  const workers: ChildProcess[] = [];
  try {
    const target = { dataDir: dir, databaseUrl: pgdb?.url };
    const t0 = Date.now();
    const seeded = await seedBeforeStart(target, { tag: 'live', eventCount: args.events, guestsPerEvent: perEvent, maxParticipants: perEvent, checkedIn: args.door === 'seeded', tonight: true });
    console.error(`live: seeded ${seeded.guests.length} guests across ${args.events} events in ${Date.now() - t0} ms`);
    for (let i = 0; i < args.instances; i++) servers.push(await startServer(target));
    for (const s of servers) await warmUp(`${s.base}/api/events`);
    commands.splice(0, commands.length, ...servers.map((s) => s.command));
    const rssIdle = servers.map((s) => rssMb(s.pid));
    // Guests split across instances (guest i on instance i mod N), then across client workers.
    const guests = seeded.guests.map((g, i) => ({ ...g, base: servers[i % servers.length]!.base }));
    const hosts = seeded.hosts.map((h, i) => ({ ...h, base: servers[i % servers.length]!.base }));
    if (args.door === 'api') {
      const t2 = Date.now();
      await throughTheDoor(hosts, guests);
      console.error(`live: ${guests.length} guests checked in at the door and every evening planned ahead in ${Date.now() - t2} ms`);
    }
    const guestWorkers = Array.from({ length: args.workers }, () => forkWorker('live-client.ts'));
    const hostWorker = forkWorker('live-client.ts');
    workers.push(...guestWorkers, hostWorker);
    const t1 = Date.now();
    const opened = await Promise.all([
      ...guestWorkers.map((w, k) => ask<{ opened: number; failed: number }>(w, { type: 'open', role: 'guests', users: guests.filter((_, i) => i % args.workers === k), skewMs: SKEW_MS, concurrency: 100, refetch: args.refetch }, 'opened')),
      ask<{ opened: number; failed: number }>(hostWorker, { type: 'open', role: 'hosts', users: hosts, skewMs: 0, concurrency: 50, refetch: false }, 'opened'),
    ]);
    const openMs = Date.now() - t1;
    const guestOpened = opened.slice(0, -1).reduce((s, o) => s + o.opened, 0);
    const guestFailed = opened.slice(0, -1).reduce((s, o) => s + o.failed, 0);
    const hostOpen = opened[opened.length - 1]!;
    console.error(`live: ${guestOpened}/${guestsTotal} guest sockets and ${hostOpen.opened}/${hosts.length} host sockets open in ${openMs} ms`);
    await sleep(1000);
    const rssOpen = servers.map((s) => rssMb(s.pid));
    const r1 = await round(guestWorkers, hostWorker, 1, { type: 'start_timer' }, guestOpened);
    console.error(`live: round 1: ${r1.done}/${r1.expected}, p50 ${r1.p50} p99 ${r1.p99} ms (state p99 ${r1.stateP99}); mine ${r1.viaMine}, fetch ${r1.viaFetch}`);
    const shown1 = await shownTime(guestWorkers, 3, 1000);
    const r2 = await round(guestWorkers, hostWorker, 2, { type: 'next_round' }, guestOpened);
    console.error(`live: round 2: ${r2.done}/${r2.expected}, p50 ${r2.p50} p99 ${r2.p99} ms (state p99 ${r2.stateP99}); mine ${r2.viaMine}, fetch ${r2.viaFetch}`);
    const shown2 = await shownTime(guestWorkers, 3, 1000);
    const rssAfter = servers.map((s) => rssMb(s.pid));
    const shown = [...shown1, ...shown2];
    const closed = await Promise.all(workers.map((w) => ask<{ dropped: number }>(w, { type: 'close' }, 'closed')));
    return {
      opened: guestOpened,
      failed: guestFailed + hostOpen.failed,
      openMs,
      dropped: closed.reduce((s, c) => s + c.dropped, 0),
      rounds: [r1, r2],
      shownP99: percentile(shown, 0.99),
      shownSamples: shown.length,
      rssIdle,
      rssOpen,
      rssAfter,
    };
  } finally {
    for (const w of workers) await stopChild(w);
    for (const s of servers) await s.stop();
    if (dir) removeDir(dir);
    await pgdb?.drop();
  }
}

export async function live(args: BenchArgs, log: (s: string) => void, title = 'Live evening') {
  const runs: RunResult[] = [];
  const commands: string[] = [];
  for (let i = 0; i < args.runs; i++) runs.push(await oneRun(args, commands));
  const perEvent = Math.floor(args.sockets / args.events);
  const f = (pick: (r: RunResult) => number): Figure => over(runs.map(pick));
  const dbName = args.db === 'embedded' ? 'the embedded database (PGlite)' : 'one PostgreSQL (127.0.0.1:5432, a fresh database per run)';
  log(`## ${title}\n`);
  log(`${(perEvent * args.events).toLocaleString('en-US')} guest sockets across ${args.events} events of ${perEvent} checked-in guests, on ${args.instances} server instance(s) sharing ${dbName}${args.instances > 1 ? ', guests split across the instances' : ''}. ${args.door === 'api' ? 'Users, registrations and sessions are written into the database before the servers start; then each host checks its guests in over HTTP (POST /api/events/:id/door/check-in), as at the door, and the evening is planned ahead as they arrive (docs/decisions/0029; awaited before the sockets open, not timed)' : 'Users, checked-in registrations and sessions are written into the database before the servers start (--door=seeded: round 1 plans the evening when it starts)'}; each guest socket opens with that guest's own session cookie. Guest sockets are held by ${args.workers} client processes (child_process.fork), the ${args.events} hosts' sockets by one more. ${args.refetch ? 'Clients run with --refetch: they ignore `mine` and always fetch GET /rotation/me after a new round, as the client before docs/decisions/0017 did. ' : ''}Every host sends its command over its own host socket, all at once (round 1: start_timer; round 2: next_round). Median of ${args.runs} run(s) (min-max); a guest who never gets there counts as ${ROUND_TIMEOUT_MS / 1000} s.\n`);
  const rr = (k: number, pick: (r: RoundResult) => number) => f((r) => pick(r.rounds[k]!));
  const sum = (pick: (r: RunResult) => number) => runs.map(pick).join(', ');
  log(`- sockets open: ${sum((r) => r.opened)} of ${perEvent * args.events} guests per run (plus ${args.events} hosts), failed to open: ${sum((r) => r.failed)}, dropped: **${sum((r) => r.dropped)}** ${verdict(runs.every((r) => r.failed === 0 && r.dropped === 0 && r.opened === perEvent * args.events))}; opening all took ${show(f((r) => r.openMs), 0, ' ms')}`);
  for (const [k, name] of [
    [0, 'round 1 (start_timer)'],
    [1, 'round 2 (next_round)'],
  ] as const) {
    const p99 = rr(k, (r) => r.p99);
    log(`- ${name}: new round, ends-at and own partner and table on ${sum((r) => r.rounds[k]!.done)} phones; p50 ${show(rr(k, (r) => r.p50), 0, ' ms')}, p99 **${show(p99, 0, ' ms')}** (budget 100 ms) ${verdict(p99.median <= 100)}. The state message alone: p50 ${show(rr(k, (r) => r.stateP50), 0, ' ms')}, p99 ${show(rr(k, (r) => r.stateP99), 0, ' ms')}. Partner from \`mine\`: ${sum((r) => r.rounds[k]!.viaMine)}; from GET /rotation/me: ${sum((r) => r.rounds[k]!.viaFetch)} (failed answers: ${sum((r) => r.rounds[k]!.fetchFailed)})${runs.some((r) => r.rounds[k]!.hostErrors.length) ? `; host errors: ${[...new Set(runs.flatMap((r) => r.rounds[k]!.hostErrors))].join('; ')}` : ''}`);
  }
  const shown = f((r) => r.shownP99);
  log(`- shown time: each phone's clock skewed uniformly within ±${SKEW_MS / 1000} s; it takes its offset from \`serverNow\` and counts down from ends-at; sampled 3 times a second apart after each round (${runs[0]!.shownSamples} samples per run) against the server's true remaining time: error p99 **${show(shown, 0, ' ms')}** (budget 250 ms) ${verdict(shown.median <= 250)}`);
  for (let i = 0; i < args.instances; i++) {
    const idle = f((r) => r.rssIdle[i]!);
    const open = f((r) => r.rssOpen[i]!);
    const budget = args.db === 'embedded' && args.sockets <= 2000 ? ` (budget 400 MB at 2,000 sockets on the embedded database) ${verdict(open.median <= 400 && f((r) => r.rssAfter[i]!).median <= 400)}` : '';
    log(`- server${args.instances > 1 ? ` ${i + 1}` : ''} RSS (VmRSS): idle after warm-up ${show(idle, 0, ' MB')}; sockets open ${show(open, 0, ' MB')}; after both rounds ${show(f((r) => r.rssAfter[i]!), 0, ' MB')}${budget}`);
  }
  log(`\nServers: \`${[...new Set(commands)].join('`; `')}\`.\n`);
}
