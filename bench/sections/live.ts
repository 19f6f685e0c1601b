/**
 * The live evening, from one command (issues 25, 26): S guest sockets across E events of S/E
 * guests, each socket with its guest's own session, held by client worker processes; the hosts'
 * sockets in one more. Each host starts round 1 (start_timer) and later round 2 (next_round) over
 * its own socket, all at once; per guest we time the host's command to the phone having the new
 * round, ends-at AND its own partner and table (`mine` naming this round, checked on a sample
 * against GET /rotation/me). Every run measures two evenings and the floor:
 * - planned: guests written into the database before the servers start, checked in by their hosts
 *   over HTTP, the door then quiet (the plan ahead finished, docs/decisions/0029) before the start;
 * - busy door: guests sign up and register over HTTP as people do, open their sockets, are checked
 *   in by their hosts over HTTP, and every host starts right after its last check-in's answer;
 * - the floor: a bare `ws` server (bench/workers/bare-ws.ts, as many as our instances) sending the
 *   same bytes to the same number of sockets from the same client processes.
 */
import type { ChildProcess } from 'node:child_process';
import type { BenchArgs } from '../lib/args';
import { ask, forkWorker, freePort, freshPostgres, removeDir, rssMb, sleep, startServer, stopChild, tempDir, warmUp, type ServerProc } from '../lib/procs';
import { seedBeforeStart } from '../lib/seed';
import { signUpGuests } from '../lib/signup';
import { over, percentile, show, verdict, type Figure } from '../lib/stats';

const SKEW_MS = 5000;
const ROUND_TIMEOUT_MS = 60_000;
/** Phones per client process whose place from `mine` is checked against GET /rotation/me, per round. */
const VERIFY_PER_WORKER = 25;

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
  /** Of the sample checked against GET /rotation/me: the same place, another, no answer. */
  agreed: number;
  disagreed: number;
  unverified: number;
  /** A raw message that gave a phone its place (the floor's template). */
  sample: string | null;
}

type Person = { id: number; cookie: string; eventId: number; base: string };

interface EveningResult {
  opened: number;
  failed: number;
  openMs: number;
  dropped: number;
  rounds: RoundResult[];
  shown: number[];
  shownRight: number;
  rssIdle: number[];
  /** After the guests signed up and registered over HTTP (busy door only). */
  rssSignedUp: number[];
  rssOpen: number[];
  rssAfter: number[];
  signUpMs: number;
  /** The door's answers while it was busy (busy door only): ms per check-in. */
  checkIns: number[];
}

interface RunResult {
  planned: EveningResult;
  busy: EveningResult;
  floor: RoundResult[];
}

type Workers = { guests: ChildProcess[]; host: ChildProcess };

async function round(w: Workers, n: number, msg: Record<string, unknown>, expected: number, verify: boolean): Promise<RoundResult> {
  await Promise.all(w.guests.map((g) => ask(g, { type: 'arm', round: n }, 'armed')));
  const sent = await ask<{ sentAt: [number, number][] }>(w.host, { type: 'command', msg }, 'sent');
  const sentAt = new Map(sent.sentAt);
  const deadline = Date.now() + ROUND_TIMEOUT_MS;
  for (;;) {
    await sleep(250);
    const counts = await Promise.all(w.guests.map((g) => ask<{ done: number }>(g, { type: 'count' }, 'count')));
    if (counts.reduce((s, c) => s + c.done, 0) >= expected || Date.now() > deadline) break;
  }
  // Who has it all now; anyone still waiting counts as the timeout below.
  const reports = await Promise.all(w.guests.map((g) => ask<{ rows: number[][]; sample: string | null }>(g, { type: 'report' }, 'report')));
  const rows = reports.flatMap((r) => r.rows);
  const hostErrors = (await ask<{ hostErrors: string[] }>(w.host, { type: 'report' }, 'report')).hostErrors;
  const checked = verify
    ? await Promise.all(
        w.guests.map((g) => ask<{ agreed: number; disagreed: number; failed: number }>(g, { type: 'verify', max: VERIFY_PER_WORKER }, 'verified')),
      )
    : [];
  const lat = rows.filter((r) => r[2]! >= 0).map((r) => r[2]! - sentAt.get(r[0]!)!);
  const stateLat = rows.filter((r) => r[1]! >= 0).map((r) => r[1]! - sentAt.get(r[0]!)!);
  const waited = [...lat, ...Array<number>(Math.max(0, expected - lat.length)).fill(ROUND_TIMEOUT_MS)];
  return {
    done: lat.length,
    expected,
    stateP50: percentile(stateLat, 0.5),
    stateP99: percentile(stateLat, 0.99),
    // A guest who never got there counts as the timeout (so p99 cannot flatter a partial round).
    p50: percentile(waited, 0.5),
    p99: percentile(waited, 0.99),
    viaMine: rows.filter((r) => r[3] === 1).length,
    viaFetch: rows.filter((r) => r[3] === 2).length,
    fetchFailed: rows.filter((r) => r[4] === 1).length,
    hostErrors,
    agreed: checked.reduce((s, c) => s + c.agreed, 0),
    disagreed: checked.reduce((s, c) => s + c.disagreed, 0),
    unverified: checked.reduce((s, c) => s + c.failed, 0),
    sample: reports.map((r) => r.sample).find((x) => x !== null) ?? null,
  };
}

async function shownTime(w: Workers, samples: number, gapMs: number) {
  const errors: number[] = [];
  let right = 0;
  for (let i = 0; i < samples; i++) {
    await sleep(gapMs);
    for (const r of await Promise.all(w.guests.map((g) => ask<{ errors: number[]; right: number }>(g, { type: 'sample' }, 'sample')))) {
      errors.push(...r.errors);
      right += r.right;
    }
  }
  return { errors, right };
}

/** Open every guest's and host's socket from fresh client processes. */
async function openSockets(args: BenchArgs, guests: Person[], hosts: Person[], refetch: boolean) {
  const w: Workers = { guests: Array.from({ length: args.workers }, () => forkWorker('live-client.ts')), host: forkWorker('live-client.ts') };
  const t1 = Date.now();
  const opened = await Promise.all([
    ...w.guests.map((g, k) =>
      ask<{ opened: number; failed: number }>(
        g,
        { type: 'open', role: 'guests', users: guests.filter((_, i) => i % args.workers === k), skewMs: SKEW_MS, concurrency: 100, refetch },
        'opened',
      ),
    ),
    ask<{ opened: number; failed: number }>(w.host, { type: 'open', role: 'hosts', users: hosts, skewMs: 0, concurrency: 50, refetch: false }, 'opened'),
  ]);
  const guestOpened = opened.slice(0, -1).reduce((s, o) => s + o.opened, 0);
  const failed = opened.slice(0, -1).reduce((s, o) => s + o.failed, 0) + opened[opened.length - 1]!.failed;
  console.error(
    `live: ${guestOpened}/${guests.length} guest sockets and ${opened[opened.length - 1]!.opened}/${hosts.length} host sockets open in ${Date.now() - t1} ms`,
  );
  return { w, opened: guestOpened, failed, openMs: Date.now() - t1 };
}

async function closeSockets(w: Workers) {
  const all = [...w.guests, w.host];
  const closed = await Promise.all(all.map((c) => ask<{ dropped: number }>(c, { type: 'close' }, 'closed')));
  for (const c of all) await stopChild(c);
  return closed.reduce((s, c) => s + c.dropped, 0);
}

/** Each host checks its guests in over HTTP (POST /door/check-in), 20 at a time across the hosts; the ms of each answer. */
async function checkInAll(hosts: Person[], guests: Person[]) {
  const hostOf = new Map(hosts.map((h) => [h.eventId, h]));
  const took: number[] = [];
  const queue = [...guests];
  await Promise.all(
    Array.from({ length: 20 }, async () => {
      for (let g = queue.shift(); g; g = queue.shift()) {
        const host = hostOf.get(g.eventId)!;
        const t = performance.now();
        const res = await fetch(`${host.base}/api/events/${g.eventId}/door/check-in`, {
          method: 'POST',
          headers: { cookie: host.cookie, 'content-type': 'application/json' },
          body: JSON.stringify({ userId: g.id }),
        });
        if (!res.ok) throw new Error(`check-in of guest ${g.id}: ${res.status} ${await res.text()}`);
        took.push(performance.now() - t);
      }
    }),
  );
  return took;
}

/** Until every evening's stored plan puts all its guests into round 1 (the host's GET /rotation). */
async function plannedAhead(hosts: Person[], guests: Person[]) {
  const perEvent = new Map<number, number>();
  for (const g of guests) perEvent.set(g.eventId, (perEvent.get(g.eventId) ?? 0) + 1);
  const until = Date.now() + 120_000;
  for (const host of hosts) {
    for (;;) {
      const res = await fetch(`${host.base}/api/events/${host.eventId}/rotation`, { headers: { cookie: host.cookie } });
      const rows = res.ok ? ((await res.json()) as { round: number; b: { id: number } | null }[]) : [];
      const inRoundOne = rows.filter((r) => r.round === 1).reduce((n, r) => n + (r.b ? 2 : 1), 0);
      if (inRoundOne === perEvent.get(host.eventId)) break;
      if (Date.now() > until)
        throw new Error(`evening ${host.eventId}: not planned ahead after 120 s (${inRoundOne} of ${perEvent.get(host.eventId)} guests in round 1)`);
      await sleep(250);
    }
  }
}

/** One evening of S guests on fresh servers and a fresh database: planned (door quiet before the start) or busy door. */
async function evening(args: BenchArgs, mode: 'planned' | 'busy', commands: string[]): Promise<EveningResult> {
  const perEvent = Math.floor(args.sockets / args.events);
  const dir = args.db === 'embedded' ? tempDir('live') : undefined;
  const pgdb = args.db === 'postgres' ? await freshPostgres(args.pgUrl) : undefined;
  const servers: ServerProc[] = [];
  let w: Workers | undefined;
  try {
    const target = { dataDir: dir, databaseUrl: pgdb?.url };
    const seeded = await seedBeforeStart(target, {
      tag: 'live',
      eventCount: args.events,
      guestsPerEvent: mode === 'planned' ? perEvent : 0,
      maxParticipants: perEvent,
      checkedIn: false,
      tonight: true,
    });
    for (let i = 0; i < args.instances; i++) servers.push(await startServer(target));
    for (const s of servers) await warmUp(`${s.base}/api/events`);
    commands.splice(0, commands.length, ...servers.map((s) => s.command));
    const rssIdle = servers.map((s) => rssMb(s.pid));
    // Guests split across instances (guest i on instance i mod N), then across client workers.
    const baseOf = (i: number) => servers[i % servers.length]!.base;
    const hosts = seeded.hosts.map((h, i) => ({ ...h, base: baseOf(i) }));
    let guests: Person[];
    let signUpMs = NaN;
    let rssSignedUp: number[] = [];
    let checkIns: number[] = [];
    if (mode === 'planned') {
      guests = seeded.guests.map((g, i) => ({ ...g, base: baseOf(i) }));
      const t = Date.now();
      await checkInAll(hosts, guests);
      await plannedAhead(hosts, guests);
      await sleep(2000); // the door quiet
      console.error(`live (planned): ${guests.length} guests checked in and every evening planned in ${Date.now() - t} ms`);
    } else {
      const t = Date.now();
      guests = await signUpGuests(seeded.eventIds, perEvent, baseOf, 'live');
      signUpMs = Date.now() - t;
      rssSignedUp = servers.map((s) => rssMb(s.pid));
      console.error(`live (busy door): ${guests.length} guests signed up and registered over HTTP in ${signUpMs} ms`);
    }
    const o = await openSockets(args, guests, hosts, args.refetch);
    w = o.w;
    await sleep(1000);
    const rssOpen = servers.map((s) => rssMb(s.pid));
    if (mode === 'busy') {
      // The door busy until the bell: every host starts as soon as the last check-in is answered.
      checkIns = await checkInAll(hosts, guests);
    }
    const r1 = await round(w, 1, { type: 'start_timer' }, o.opened, !args.refetch);
    console.error(
      `live (${mode}): round 1: ${r1.done}/${r1.expected}, p50 ${r1.p50} p99 ${r1.p99} ms; mine ${r1.viaMine}, fetch ${r1.viaFetch}; checked ${r1.agreed}/${r1.agreed + r1.disagreed + r1.unverified}`,
    );
    const shown1 = await shownTime(w, 3, 1000);
    const r2 = await round(w, 2, { type: 'next_round' }, o.opened, !args.refetch);
    console.error(`live (${mode}): round 2: ${r2.done}/${r2.expected}, p50 ${r2.p50} p99 ${r2.p99} ms`);
    const shown2 = await shownTime(w, 3, 1000);
    const rssAfter = servers.map((s) => rssMb(s.pid));
    const dropped = await closeSockets(w);
    w = undefined;
    return {
      opened: o.opened,
      failed: o.failed,
      openMs: o.openMs,
      dropped,
      rounds: [r1, r2],
      shown: [...shown1.errors, ...shown2.errors],
      shownRight: shown1.right + shown2.right,
      rssIdle,
      rssSignedUp,
      rssOpen,
      rssAfter,
      signUpMs,
      checkIns,
    };
  } finally {
    if (w) for (const c of [...w.guests, w.host]) await stopChild(c);
    for (const s of servers) await s.stop();
    if (dir) removeDir(dir);
    await pgdb?.drop();
  }
}

/** The floor: bare `ws` servers (one per instance of ours) sending our bytes to the same number of sockets. */
async function floor(args: BenchArgs, template: string): Promise<RoundResult[]> {
  const perEvent = Math.floor(args.sockets / args.events);
  const bare: { child: ChildProcess; base: string }[] = [];
  let w: Workers | undefined;
  try {
    for (let i = 0; i < args.instances; i++) {
      const port = await freePort();
      const child = forkWorker('bare-ws.ts');
      await ask(child, { port, template }, 'listening');
      bare.push({ child, base: `http://127.0.0.1:${port}` });
    }
    const guests = Array.from({ length: perEvent * args.events }, (_, i) => ({
      id: i + 1,
      cookie: '',
      eventId: Math.floor(i / perEvent) + 1,
      base: bare[i % bare.length]!.base,
    }));
    // Each host speaks to every floor instance (ours carry it across instances on the bus).
    const hosts = Array.from({ length: args.events }, (_, e) => bare.map((b) => ({ id: 0, cookie: '', eventId: e + 1, base: b.base }))).flat();
    const o = await openSockets(args, guests, hosts, false);
    w = o.w;
    await sleep(1000);
    const r1 = await round(w, 1, { type: 'start_timer' }, o.opened, false);
    const r2 = await round(w, 2, { type: 'next_round' }, o.opened, false);
    console.error(`live (floor): round 1 p99 ${r1.p99} ms, round 2 p99 ${r2.p99} ms`);
    await closeSockets(w);
    w = undefined;
    return [r1, r2];
  } finally {
    if (w) for (const c of [...w.guests, w.host]) await stopChild(c);
    for (const b of bare) await stopChild(b.child);
  }
}

async function oneRun(args: BenchArgs, commands: string[]): Promise<RunResult> {
  const planned = await evening(args, 'planned', commands);
  const busy = await evening(args, 'busy', commands);
  const template = busy.rounds[0]!.sample ?? planned.rounds[0]!.sample;
  if (!template) throw new Error('no phone had its place: no message to send from the floor');
  return { planned, busy, floor: await floor(args, template) };
}

export async function live(args: BenchArgs, log: (s: string) => void, title = 'Live evening') {
  const runs: RunResult[] = [];
  const commands: string[] = [];
  for (let i = 0; i < args.runs; i++) runs.push(await oneRun(args, commands));
  const perEvent = Math.floor(args.sockets / args.events);
  const total = perEvent * args.events;
  const f = (pick: (r: RunResult) => number): Figure => over(runs.map(pick));
  const list = (pick: (r: RunResult) => number) => runs.map(pick).join(', ');
  const ms = (x: Figure) => show(x, 0, ' ms');
  const atScale = args.instances > 1;
  const dbName = args.db === 'embedded' ? 'the embedded database (PGlite)' : 'one PostgreSQL (127.0.0.1:5432, a fresh database per evening)';
  log(`## ${title}\n`);
  log(
    `${total.toLocaleString('en-US')} guest sockets across ${args.events} events of ${perEvent} guests, on ${args.instances} server instance(s) sharing ${dbName}${atScale ? ', guests split across the instances' : ''}; guest sockets held by ${args.workers} client processes (child_process.fork), the hosts' by one more, each guest socket opened with that guest's own session cookie. Every host sends its command over its own socket, all at once (round 1: start_timer; round 2: next_round). A phone counts when it has the new round, ends-at and its own partner and table: \`mine\` naming this round (${VERIFY_PER_WORKER * args.workers} per round checked against GET /rotation/me), or GET /rotation/me when the message has no \`mine\`${args.refetch ? ' (--refetch: always)' : ''}; a guest who never gets there counts as ${ROUND_TIMEOUT_MS / 1000} s. Each run, on fresh servers and a fresh database each:\n`,
  );
  log(
    `- **planned**: guests written into the database before the servers start, checked in by their hosts over HTTP (POST /api/events/:id/door/check-in), the plan ahead awaited and the door quiet for 2 s before the start (set-up, not timed);`,
  );
  log(
    `- **busy door**: guests sign up (POST /api/users) and register (POST /api/events/:id/register) over HTTP as people do, open their sockets, are checked in by their hosts over HTTP (20 at a time), and every host starts round 1 as soon as the last check-in is answered;`,
  );
  log(
    `- **floor**: ${args.instances} bare \`ws\` server process(es) (bench/workers/bare-ws.ts) sending the same bytes (a real state message of ours, one JSON text per phone) to the same number of sockets from the same client processes, after each host's message; nothing else.\n`,
  );
  log(`Median of ${args.runs} run(s) (min-max; an even count's median is the mean of the middle two).\n`);
  const budget = atScale ? 'ours/floor ≤ 1.2' : 'p99 ≤ 100 ms';
  log(`| from the host's command to every phone | p50 | p99 | floor p99 (same run) | p99 ours/floor | verdict (${budget}) |\n|---|---|---|---|---|---|`);
  for (const [name, pick, k] of [
    ['round 1, busy door', (r: RunResult) => r.busy, 0],
    ['round 1, planned', (r: RunResult) => r.planned, 0],
    ['round 2, busy door', (r: RunResult) => r.busy, 1],
    ['round 2, planned', (r: RunResult) => r.planned, 1],
  ] as const) {
    const p99 = f((r) => pick(r).rounds[k]!.p99);
    const ratio = f((r) => pick(r).rounds[k]!.p99 / r.floor[k]!.p99);
    const ok = atScale ? ratio.median <= 1.2 : p99.median <= 100;
    log(`| ${name} | ${ms(f((r) => pick(r).rounds[k]!.p50))} | **${ms(p99)}** | ${ms(f((r) => r.floor[k]!.p99))} | ${show(ratio, 2)} | ${verdict(ok)} |`);
  }
  log('');
  for (const [name, pick] of [
    ['planned', (r: RunResult) => r.planned],
    ['busy door', (r: RunResult) => r.busy],
  ] as const) {
    const e = (g: (x: EveningResult) => number) => list((r) => g(pick(r)));
    const rounds = [0, 1].map(
      (k) =>
        `round ${k + 1}: ${e((x) => x.rounds[k]!.done)} of ${e((x) => x.rounds[k]!.expected)} phones with their place (from \`mine\` ${e((x) => x.rounds[k]!.viaMine)}, from GET /rotation/me ${e((x) => x.rounds[k]!.viaFetch)}); the state message alone p99 ${ms(f((r) => pick(r).rounds[k]!.stateP99))}; checked against GET /rotation/me: ${e((x) => x.rounds[k]!.agreed)} the same, ${e((x) => x.rounds[k]!.disagreed)} different, ${e((x) => x.rounds[k]!.unverified)} unanswered${runs.some((r) => pick(r).rounds[k]!.hostErrors.length) ? `; host errors: ${[...new Set(runs.flatMap((r) => pick(r).rounds[k]!.hostErrors))].join('; ')}` : ''}`,
    );
    log(
      `- ${name}: sockets open ${e((x) => x.opened)} of ${total} (plus ${args.events} hosts), failed to open ${e((x) => x.failed)}, dropped **${e((x) => x.dropped)}** ${verdict(runs.every((r) => pick(r).failed === 0 && pick(r).dropped === 0 && pick(r).opened === total))}; opening all took ${ms(f((r) => pick(r).openMs))}. ${rounds.join('. ')}.`,
    );
  }
  log(
    `- busy door: ${total.toLocaleString('en-US')} sign-ups and registrations over HTTP took ${show(
      f((r) => r.busy.signUpMs / 1000),
      0,
      ' s',
    )}; the door's answers while busy (the plan following the door, docs/decisions/0103): p50 ${ms(f((r) => percentile(r.busy.checkIns, 0.5)))}, p99 ${ms(f((r) => percentile(r.busy.checkIns, 0.99)))}.`,
  );
  const shown = f((r) => percentile([...r.planned.shown, ...r.busy.shown], 0.99));
  const samples = runs[0]!.planned.shown.length + runs[0]!.busy.shown.length;
  log(
    `- shown time: each phone's clock skewed uniformly within ±${SKEW_MS / 1000} s; as the client does, it takes its offset from \`serverNow\` when it handles a message and redraws whole seconds every 250 ms (at its own phase) from its own clock; sampled 3 times a second apart after each round of both evenings (${samples} samples per run) against the server's remaining time by the server's clock: error (how far the true remaining time is outside the second shown) p99 **${ms(shown)}** (budget 250 ms) ${verdict(shown.median <= 250)}; the right second shown in ${show(
      f((r) => (100 * (r.planned.shownRight + r.busy.shownRight)) / (r.planned.shown.length + r.busy.shown.length)),
      1,
      ' %',
    )} of samples.`,
  );
  for (let i = 0; i < args.instances; i++) {
    const name = `server${atScale ? ` ${i + 1}` : ''} RSS (VmRSS)`;
    const b = (g: (x: EveningResult) => number) => f((r) => g(r.busy));
    const p = (g: (x: EveningResult) => number) => f((r) => g(r.planned));
    const open = b((x) => x.rssOpen[i]!);
    const after = b((x) => x.rssAfter[i]!);
    const memBudget =
      !atScale && args.db === 'embedded' && args.sockets <= 2000
        ? ` (budget 400 MB at 2,000 sockets on the embedded database, after real sign-ups) ${verdict(open.median <= 400 && after.median <= 400)}`
        : '';
    log(
      `- ${name}, busy door: idle after warm-up ${show(
        b((x) => x.rssIdle[i]!),
        0,
        ' MB',
      )}; after the HTTP sign-ups ${show(
        b((x) => x.rssSignedUp[i]!),
        0,
        ' MB',
      )}; sockets open ${show(open, 0, ' MB')}; after both rounds **${show(after, 0, ' MB')}**${memBudget}. Planned (users written into the database): idle ${show(
        p((x) => x.rssIdle[i]!),
        0,
        ' MB',
      )}, sockets open ${show(
        p((x) => x.rssOpen[i]!),
        0,
        ' MB',
      )}, after both rounds ${show(
        p((x) => x.rssAfter[i]!),
        0,
        ' MB',
      )}.`,
    );
  }
  log(`\nServers: \`${[...new Set(commands)].join('`; `')}\`; floor: \`node --import tsx bench/workers/bare-ws.ts\`.\n`);
}
