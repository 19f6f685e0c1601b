/**
 * The whole night under load (issue 37): one evening as it happens, for S guests over E events, on
 * fresh servers and a fresh database per run, the load generators in their own processes
 * (bench/workers/night-client.ts: guests' phones in --workers processes, the hosts' desks in one
 * more). Guests and sessions are written before the servers start (bench/lib/seed.ts); then:
 * - the door: every guest arrives at a random moment of a window and is scanned in by their host
 *   (POST /door/scan with the ticket's code) or checks in themself (POST /arrival/check-in);
 * - six rounds (start_timer, then next_round, over POST /timer); after each bell every guest who had
 *   a partner in the round before rates them: the card (POST /ratings) or, a share, the quick
 *   yes/no (POST /connections with a decision); round 1's ratings all at once, the others spread
 *   over a window "as people tap", the last round's while it runs;
 * - a host message to each room (POST /messages); each phone marks it read (POST /inbox/:id/read);
 * - the end: end_event, calculate-matches, release-contacts; each phone GETs its matches when it
 *   hears the release;
 * - feedback forms (PUT /feedback/form).
 * Then the server stops and what is stored is read back from the database and checked against what
 * was sent (docs/decisions/0092: a rating is one statement; matches are the mutual pairs rated 4 or
 * more, src/server/modules/matching/matches.ts). In the same run, the floor: a bare node:http
 * server doing the rating's one insert into a database of our schema (bench/workers/bare-rating.ts),
 * hit by the same burst from the same worker code.
 */
import type { ChildProcess } from 'node:child_process';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openPglite, openPostgres, type Database } from '../../src/server/db/client';
import type { BenchArgs } from '../lib/args';
import { ask, forkWorker, freePort, freshPostgres, removeDir, rssMb, sleep, startServer, stopChild, tempDir, warmUp, type ServerProc } from '../lib/procs';
import { seed } from '../lib/seed';
import { over, percentile, show, verdict, type Figure } from '../lib/stats';
import type { Done, Job, Timed } from '../workers/night-client';

/** The door's window (an hour's arrivals compressed), and the share who check themselves in. */
const DOOR_WINDOW_MS = 10_000;
const SELF_SHARE = 0.2;
/** Ratings after a bell, "as people tap", and the share pressing the quick yes/no instead of the card. */
const SPREAD_MS = 20_000;
const QUICK_SHARE = 0.25;
const READ_SPREAD_MS = 5_000;
const FEEDBACK_SPREAD_MS = 10_000;
const ROUNDS = 6;
/** The round whose ratings are sent all at once (right after round 2's bell, as in issue 37). */
const BURST_ROUND = 1;
const PHONE_TIMEOUT_MS = 30_000;

type Kind = { lat: number[]; statuses: Record<string, number>; firstSent: number; lastDone: number; errors: string[] };

interface NightRun {
  kinds: Map<string, Kind>;
  opened: number;
  failed: number;
  dropped: number;
  /** Per round: ms from the host's command to each phone having its place. */
  bells: number[][];
  /** From the host's send to each phone: the message, the release heard, the matches answered. */
  message: number[];
  released: number[];
  matchesAnswered: number[];
  expectedPhones: number;
  burst: { n: number; ms: number; ok: number };
  floor: { n: number; ms: number; ok: number; errors: string[] };
  /** The door's arrivals replayed against the bare server (the same requests at the same moments), per kind. */
  doorFloor: Map<string, Kind>;
  rssIdle: number;
  rssAfter: number;
  /** nodejs_eventloop_lag_max_seconds (ms) since the scrape before, per phase. */
  lag: Map<string, number>;
  checks: Check[];
}

interface Check {
  what: string;
  ok: boolean;
  detail: string;
}

type Workers = { guests: ChildProcess[]; host: ChildProcess };

/**
 * Seed as bench/lib/seed.ts does, and read each guest's ticket code (the desk scans it). `sameCodes`:
 * give the guests these codes instead of new ones (the floor's database, scanned with our codes).
 */
async function seedNight(target: { dataDir?: string; databaseUrl?: string }, perEvent: number, events: number, sameCodes?: Map<number, string>) {
  const database = await openDatabase(target);
  try {
    await database.migrate();
    const seeded = await seed(database.db, {
      tag: 'night',
      eventCount: events,
      guestsPerEvent: perEvent,
      maxParticipants: perEvent,
      checkedIn: false,
      tonight: true,
    });
    if (sameCodes)
      await database.db.execute(
        sql`UPDATE registrations r SET ticket_code = c.code FROM unnest(${sql.param([...sameCodes.keys()])}::int[], ${sql.param([...sameCodes.values()])}::text[]) AS c(user_id, code) WHERE r.user_id = c.user_id`,
      );
    const codes = await rows<{ user_id: number; ticket_code: string }>(database, sql`SELECT user_id, ticket_code FROM registrations`);
    const codeOf = new Map(codes.map((r) => [Number(r.user_id), r.ticket_code]));
    return { ...seeded, codeOf };
  } finally {
    await database.close();
  }
}

const openDatabase = async (target: { dataDir?: string; databaseUrl?: string }): Promise<Database> =>
  target.databaseUrl ? openPostgres(target.databaseUrl) : openPglite(path.join(target.dataDir!, 'pglite'));

async function rows<T>(database: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  const r = (await database.db.execute(query)) as unknown as { rows: T[] };
  return r.rows;
}

/** The server's event-loop lag max since the last scrape, in ms (prom-client resets it on each scrape), or NaN. */
async function lagMax(servers: ServerProc[]): Promise<number> {
  let max = NaN;
  for (const s of servers) {
    try {
      const text = await (await fetch(`${s.base}/metrics`)).text();
      const m = /^nodejs_eventloop_lag_max_seconds(?:\{[^}]*\})? ([\d.e+-]+)$/m.exec(text);
      if (m) max = Math.max(Number.isNaN(max) ? 0 : max, Number(m[1]) * 1000);
    } catch {
      /* no metrics */
    }
  }
  return max;
}

function collect(kinds: Map<string, Kind>, answers: Done[]) {
  for (const a of answers) {
    let k = kinds.get(a.kind);
    if (!k) kinds.set(a.kind, (k = { lat: [], statuses: {}, firstSent: Infinity, lastDone: 0, errors: [] }));
    k.lat.push(a.ms);
    k.statuses[a.status] = (k.statuses[a.status] ?? 0) + 1;
    k.firstSent = Math.min(k.firstSent, a.sentAt);
    k.lastDone = Math.max(k.lastDone, a.doneAt);
    if ((a.status < 200 || a.status >= 300) && k.errors.length < 5) k.errors.push(`${a.status} ${a.text ?? ''}`.trim());
  }
}

type Phone = [id: number, eventId: number, roundAt: number, messageAt: number, releasedAt: number, matchesAt: number, matches: number];

async function reportAll(w: Workers, kinds: Map<string, Kind>): Promise<Phone[]> {
  const reports = await Promise.all([...w.guests, w.host].map((c) => ask<{ answers: Done[]; phones: Phone[] }>(c, { type: 'report' }, 'report')));
  for (const r of reports) collect(kinds, r.answers);
  return reports.flatMap((r) => r.phones);
}

/** Until every phone has `what` (or the timeout). */
async function untilPhones(w: Workers, what: 'round' | 'message' | 'released', expected: number, settle = false) {
  const deadline = Date.now() + PHONE_TIMEOUT_MS;
  for (;;) {
    await sleep(100);
    const counts = await Promise.all(w.guests.map((g) => ask<Record<string, number>>(g, { type: 'count' }, 'count')));
    const done = counts.reduce((s, c) => s + c[what]!, 0);
    const pending = counts.reduce((s, c) => s + c.pending!, 0);
    if ((done >= expected && (!settle || pending === 0)) || Date.now() > deadline) return;
  }
}

/** Each host sends the same request for their evening, all at once; when each left, per event. */
async function hostsSend(w: Workers, kind: string, method: string, p: string, body?: unknown) {
  const r = await ask<{ sentAt: [number, number][] }>(w.host, { type: 'host', kind, method, path: p, body }, 'host');
  return new Map(r.sentAt);
}

const since = (phones: Phone[], col: 2 | 3 | 4 | 5, sentAt: Map<number, number>, expected: number) => {
  const got = phones.filter((p) => p[col] >= 0).map((p) => p[col] - sentAt.get(p[1])!);
  // A phone that never had it counts as the timeout (a partial answer cannot flatter p99).
  return [...got, ...Array<number>(Math.max(0, expected - got.length)).fill(PHONE_TIMEOUT_MS)];
};

async function night(args: BenchArgs, commands: string[]): Promise<NightRun> {
  const perEvent = Math.floor(args.sockets / args.events);
  const dir = args.db === 'embedded' ? tempDir('night') : undefined;
  const floorDir = tempDir('night-floor');
  const pgdb = args.db === 'postgres' ? await freshPostgres(args.pgUrl) : undefined;
  // The floor's database is of the same kind as ours (issue 37: "the same database").
  const floorPg = args.db === 'postgres' ? await freshPostgres(args.pgUrl) : undefined;
  const floorTarget = floorPg ? { databaseUrl: floorPg.url } : { dataDir: floorDir };
  const target = { dataDir: dir, databaseUrl: pgdb?.url };
  const servers: ServerProc[] = [];
  let w: Workers | undefined;
  let floorProc: ChildProcess | undefined;
  const kinds = new Map<string, Kind>();
  const lag = new Map<string, number>();
  try {
    const seeded = await seedNight(target, perEvent, args.events);
    // The floor's database: our schema, seeded the same way (the same ids), in a data directory of its own.
    await seedNight(floorTarget, perEvent, args.events, seeded.codeOf);
    for (let i = 0; i < args.instances; i++) servers.push(await startServer(target));
    for (const s of servers) await warmUp(`${s.base}/api/events`);
    commands.splice(0, commands.length, ...servers.map((s) => s.command));
    const rssIdle = rssMb(servers[0]!.pid);
    const baseOf = (i: number) => servers[i % servers.length]!.base;
    const hostOf = new Map(seeded.hosts.map((h, i) => [h.eventId, { ...h, base: baseOf(i) }]));
    const guests = seeded.guests.map((g, i) => ({
      id: g.id,
      cookie: g.cookie,
      eventId: g.eventId,
      base: baseOf(i),
      ticketCode: seeded.codeOf.get(g.id)!,
      hostCookie: hostOf.get(g.eventId)!.cookie,
    }));
    w = { guests: Array.from({ length: args.workers }, () => forkWorker('night-client.ts')), host: forkWorker('night-client.ts') };
    const ws = w;
    await ask(ws.host, { type: 'hosts', hosts: [...hostOf.values()].map((h) => ({ eventId: h.eventId, cookie: h.cookie, base: h.base })) }, 'hosts');
    const opened = await Promise.all(
      ws.guests.map((g, k) =>
        ask<{ opened: number; failed: number }>(g, { type: 'open', users: guests.filter((_, i) => i % args.workers === k), concurrency: 100 }, 'opened'),
      ),
    );
    const open = opened.reduce((s, o) => s + o.opened, 0);
    const failed = opened.reduce((s, o) => s + o.failed, 0);
    console.error(`night: ${open}/${guests.length} guest sockets open`);
    await sleep(1000);
    await lagMax(servers); // from here on

    // The door.
    const doors = await Promise.all(
      ws.guests.map((g) =>
        ask<{ how: [number, 'scan' | 'self'][]; timed: Timed[] }>(g, { type: 'door', windowMs: DOOR_WINDOW_MS, selfShare: SELF_SHARE }, 'door'),
      ),
    );
    const how = new Map(doors.flatMap((d) => d.how));
    const doorJobs = doors.flatMap((d) => d.timed);
    await reportAll(ws, kinds);
    // The host's message goes to the guests checked in (modules/messages): those the door let in.
    const inside = ['door scan', 'self check-in (arrival)'].reduce(
      (t, name) => t + Object.entries(kinds.get(name)?.statuses ?? {}).reduce((u, [c, n]) => u + (Number(c) >= 200 && Number(c) < 300 ? n : 0), 0),
      0,
    );
    lag.set('the door', await lagMax(servers));
    console.error(`night: door done`);

    // Six rounds, the ratings after each bell.
    const bells: number[][] = [];
    const sent: [number, number, number, number, number, 0 | 1][] = [];
    let burstJobs: Job[] = [];
    let burst = { n: 0, ms: NaN, ok: 0 };
    const rate = async (round: number) => {
      const all = round === BURST_ROUND;
      const r = await Promise.all(
        ws.guests.map((g) =>
          ask<{ sent: typeof sent; jobs: Job[] }>(
            g,
            { type: 'rate', round, spreadMs: all ? 0 : SPREAD_MS, quickShare: QUICK_SHARE, label: all ? 'all at once' : 'spread' },
            'rated',
          ),
        ),
      );
      const these = r.flatMap((x) => x.sent);
      sent.push(...these);
      if (all) {
        burstJobs = r.flatMap((x) => x.jobs);
        const phones = await reportAll(ws, kinds); // the burst's own answers, for its span
        void phones;
        const k = [...kinds].filter(([name]) => name.endsWith('(all at once)')).map(([, v]) => v);
        burst = {
          n: these.length,
          ms: Math.max(...k.map((v) => v.lastDone)) - Math.min(...k.map((v) => v.firstSent)),
          ok: these.filter((s) => s[4] >= 200 && s[4] < 300).length,
        };
      }
      lag.set(`ratings of round ${round}${all ? ' (all at once)' : ''}`, await lagMax(servers));
      console.error(`night: ratings of round ${round}: ${these.length} sent${all ? `, all answered in ${burst.ms} ms` : ''}`);
    };
    for (let round = 1; round <= ROUNDS; round++) {
      await Promise.all(ws.guests.map((g) => ask(g, { type: 'arm', round }, 'armed')));
      const sentAt = await hostsSend(ws, round === 1 ? 'timer: start_timer' : 'timer: next_round', 'POST', '/api/events/:id/timer', {
        type: round === 1 ? 'start_timer' : 'next_round',
      });
      await untilPhones(ws, 'round', open);
      bells.push(since(await reportAll(ws, kinds), 2, sentAt, open));
      console.error(`night: round ${round}: place on every phone p99 ${percentile(bells[round - 1]!, 0.99)} ms`);
      if (round > 1) await rate(round - 1);
    }
    await rate(ROUNDS); // the last round's cards, while it runs

    // The host's message and its read receipts.
    await Promise.all(ws.guests.map((g) => ask(g, { type: 'message', readSpreadMs: READ_SPREAD_MS }, 'armed')));
    const msgAt = await hostsSend(ws, 'host message', 'POST', '/api/events/:id/messages', { text: 'Drinks are on the bar: take one before the last round!' });
    await untilPhones(ws, 'message', inside);
    await sleep(READ_SPREAD_MS);
    await untilPhones(ws, 'message', inside, true);
    const message = since(await reportAll(ws, kinds), 3, msgAt, inside);
    lag.set('the message and its reads', await lagMax(servers));

    // The end: the host ends the evening, calculates, releases; each phone GETs its matches.
    await hostsSend(ws, 'timer: end_event', 'POST', '/api/events/:id/timer', { type: 'end_event' });
    await hostsSend(ws, 'calculate-matches', 'POST', '/api/events/:id/calculate-matches', { algorithm: 'balanced' });
    await Promise.all(ws.guests.map((g) => ask(g, { type: 'release' }, 'armed')));
    const relAt = await hostsSend(ws, 'release-contacts', 'POST', '/api/events/:id/release-contacts');
    await untilPhones(ws, 'released', open, true);
    const endPhones = await reportAll(ws, kinds);
    const released = since(endPhones, 4, relAt, open);
    const matchesAnswered = since(endPhones, 5, relAt, open);
    lag.set('the end and the release', await lagMax(servers));

    // Feedback.
    await Promise.all(ws.guests.map((g) => ask(g, { type: 'feedback', spreadMs: FEEDBACK_SPREAD_MS }, 'feedback')));
    await reportAll(ws, kinds);
    lag.set('feedback', await lagMax(servers));
    await sleep(1000);
    const rssAfter = rssMb(servers[0]!.pid);

    const closed = await Promise.all([...ws.guests, ws.host].map((c) => ask<{ dropped: number }>(c, { type: 'close' }, 'closed')));
    const dropped = closed.reduce((s, c) => s + c.dropped, 0);
    const seenMatches = new Map(endPhones.map((p) => [`${p[1]}:${p[0]}`, p[6]]));
    for (const c of [...ws.guests, ws.host]) await stopChild(c);
    w = undefined;
    for (const s of servers) await s.stop();

    // What is stored, read back after the server stopped (embedded) or beside it (PostgreSQL).
    const checks = await verify(target, { sent, how, kinds, seenMatches, guests: guests.length, eventIds: seeded.eventIds });

    // The floor: the door's arrivals at the same moments against the bare check-in, then the same
    // burst against the bare insert, from the same worker code.
    const port = await freePort();
    floorProc = forkWorker('bare-rating.ts');
    await ask(floorProc, { port, ...(floorPg ? { databaseUrl: floorPg.url } : { dataDir: path.join(floorDir, 'pglite') }) }, 'listening');
    const floorBase = `http://127.0.0.1:${port}`;
    const fw = forkWorker('night-client.ts');
    const floorKinds = new Map<string, Kind>();
    const doorFloor = new Map<string, Kind>();
    try {
      const replay: Timed[] = doorJobs.map((j) => ({
        ...j,
        kind: j.kind,
        url: j.url.replace(/^http:\/\/[^/]+/, floorBase),
        headers: { 'x-user': String(j.tag) },
      }));
      await ask(fw, { type: 'replay', jobs: replay }, 'fired');
      collect(doorFloor, (await ask<{ answers: Done[] }>(fw, { type: 'report' }, 'report')).answers);
      const jobs = burstJobs.map((j) => {
        const tag = j.tag as [number, number, number, number, 0 | 1];
        return { ...j, kind: 'floor', url: j.url.replace(/^http:\/\/[^/]+/, floorBase), headers: { 'x-rater': String(tag[1]) } };
      });
      await ask(fw, { type: 'fire', jobs }, 'fired');
      collect(floorKinds, (await ask<{ answers: Done[] }>(fw, { type: 'report' }, 'report')).answers);
    } finally {
      await stopChild(fw);
      await stopChild(floorProc);
      floorProc = undefined;
    }
    const fk = floorKinds.get('floor');
    const floor = {
      n: burstJobs.length,
      ms: fk ? fk.lastDone - fk.firstSent : NaN,
      ok: fk ? Object.entries(fk.statuses).reduce((s, [c, n]) => s + (Number(c) >= 200 && Number(c) < 300 ? n : 0), 0) : 0,
      errors: fk?.errors ?? [],
    };
    console.error(`night: burst ${burst.n} in ${burst.ms} ms; floor ${floor.n} in ${floor.ms} ms`);
    return {
      kinds,
      opened: open,
      failed,
      dropped,
      bells,
      message,
      released,
      matchesAnswered,
      expectedPhones: guests.length,
      burst,
      floor,
      doorFloor,
      rssIdle,
      rssAfter,
      lag,
      checks,
    };
  } finally {
    if (w) for (const c of [...w.guests, w.host]) await stopChild(c);
    if (floorProc) await stopChild(floorProc);
    for (const s of servers) await s.stop();
    if (dir) removeDir(dir);
    removeDir(floorDir);
    await pgdb?.drop();
    await floorPg?.drop();
  }
}

/** Every rating stored once with the value sent, every check-in once, every match the mutual pairs of 4 or more. */
async function verify(
  target: { dataDir?: string; databaseUrl?: string },
  s: {
    sent: [number, number, number, number, number, 0 | 1][];
    how: Map<number, 'scan' | 'self'>;
    kinds: Map<string, Kind>;
    seenMatches: Map<string, number>;
    guests: number;
    eventIds: number[];
  },
): Promise<Check[]> {
  const database = await openDatabase(target);
  const checks: Check[] = [];
  // Only the bench's evenings: the server adds its demo evening to a fresh development database.
  const ours = sql.raw(s.eventIds.map(Number).join(', '));
  try {
    const ratings = await rows<{ event_id: number; rater_id: number; rated_id: number; rating: number; source: string; n: number }>(
      database,
      sql`SELECT event_id, rater_id, rated_id, max(rating) AS rating, max(source) AS source, count(*)::int AS n FROM ratings WHERE event_id IN (${ours}) GROUP BY 1, 2, 3`,
    );
    const key = (e: number, a: number, b: number) => `${e}:${a}:${b}`;
    const expected = new Map<string, { value: number; quick: boolean }>();
    const refused = new Set<string>();
    for (const [e, a, b, value, status, quick] of s.sent) {
      if (status >= 200 && status < 300) expected.set(key(e, a, b), { value, quick: quick === 1 });
      else refused.add(key(e, a, b));
    }
    const stored = new Map(ratings.map((r) => [key(Number(r.event_id), Number(r.rater_id), Number(r.rated_id)), r]));
    let missing = 0;
    let wrong = 0;
    let twice = 0;
    for (const [k, want] of expected) {
      const r = stored.get(k);
      if (!r) missing++;
      else if (Number(r.rating) !== want.value || r.source !== (want.quick ? 'quick' : 'card')) wrong++;
    }
    for (const r of ratings) if (Number(r.n) !== 1) twice++;
    const extra = [...stored.keys()].filter((k) => !expected.has(k)).length;
    checks.push({
      what: 'ratings',
      ok: missing === 0 && wrong === 0 && twice === 0 && extra === 0,
      detail: `${expected.size} answered 2xx, ${stored.size} stored; missing ${missing}, another value or source ${wrong}, stored twice ${twice}, stored but not answered 2xx ${extra} (of ${refused.size} refused)`,
    });

    const regs = await rows<{ event_id: number; user_id: number; checked_in: boolean; check_in_method: string | null; n: number }>(
      database,
      sql`SELECT event_id, user_id, bool_and(checked_in) AS checked_in, max(check_in_method) AS check_in_method, count(*)::int AS n FROM registrations WHERE event_id IN (${ours}) GROUP BY 1, 2`,
    );
    const doorOk = (kind: string) => {
      const k = s.kinds.get(kind);
      return k ? Object.entries(k.statuses).reduce((t, [c, n]) => t + (Number(c) >= 200 && Number(c) < 300 ? n : 0), 0) : 0;
    };
    let notIn = 0;
    let otherMethod = 0;
    let dupReg = 0;
    for (const r of regs) {
      if (Number(r.n) !== 1) dupReg++;
      if (!r.checked_in) notIn++;
      else if ((s.how.get(Number(r.user_id)) === 'self' ? 'self' : 'scan') !== r.check_in_method) otherMethod++;
    }
    checks.push({
      what: 'check-ins',
      ok: notIn === 0 && otherMethod === 0 && dupReg === 0 && regs.length === s.guests,
      detail: `${regs.length} registrations of ${s.guests} guests; scans answered 2xx ${doorOk('door scan')}, self check-ins ${doorOk('self check-in (arrival)')}; not checked in ${notIn}, another method than sent ${otherMethod}, a guest registered twice ${dupReg}`,
    });

    // Matches: exactly the mutual pairs both rated 4 or more (matching/matches.ts; every pair here sat together).
    const given = new Map(ratings.map((r) => [key(Number(r.event_id), Number(r.rater_id), Number(r.rated_id)), Number(r.rating)]));
    const want = new Set<string>();
    for (const r of ratings) {
      const [e, a, b] = [Number(r.event_id), Number(r.rater_id), Number(r.rated_id)];
      if (a < b && Number(r.rating) >= 4 && (given.get(key(e, b, a)) ?? 0) >= 4) want.add(key(e, a, b));
    }
    const matches = await rows<{ event_id: number; user1_id: number; user2_id: number; n: number }>(
      database,
      sql`SELECT event_id, least(user1_id, user2_id) AS user1_id, greatest(user1_id, user2_id) AS user2_id, count(*)::int AS n FROM matches WHERE event_id IN (${ours}) GROUP BY 1, 2, 3`,
    );
    const have = new Set(matches.map((m) => key(Number(m.event_id), Number(m.user1_id), Number(m.user2_id))));
    const lost = [...want].filter((k) => !have.has(k)).length;
    const more = [...have].filter((k) => !want.has(k)).length;
    const dupMatch = matches.filter((m) => Number(m.n) !== 1).length;
    // And what each phone was shown after the release: its own matches.
    const perUser = new Map<string, number>();
    for (const k of have) {
      const [e, a, b] = k.split(':');
      for (const u of [a, b]) perUser.set(`${e}:${u}`, (perUser.get(`${e}:${u}`) ?? 0) + 1);
    }
    let shownWrong = 0;
    for (const [k, n] of s.seenMatches) if (n >= 0 && n !== (perUser.get(k) ?? 0)) shownWrong++;
    checks.push({
      what: 'matches',
      ok: lost === 0 && more === 0 && dupMatch === 0 && shownWrong === 0,
      detail: `${want.size} mutual pairs rated 4+, ${have.size} matches stored; missing ${lost}, not mutual ${more}, stored twice ${dupMatch}; phones shown another count than stored ${shownWrong}`,
    });

    const reads = await rows<{ n: number }>(
      database,
      sql`SELECT count(*)::int AS n FROM message_recipients r JOIN event_messages m ON m.id = r.message_id WHERE m.event_id IN (${ours}) AND r.read_at IS NOT NULL`,
    );
    const readOk = doorOk('message read');
    checks.push({
      what: 'read receipts',
      ok: Number(reads[0]!.n) === readOk && readOk === s.guests,
      detail: `${readOk} answered 2xx, ${reads[0]!.n} stored read`,
    });
    const fb = await rows<{ n: number; d: number }>(
      database,
      sql`SELECT count(*)::int AS n, count(DISTINCT (event_id, user_id))::int AS d FROM event_feedback WHERE event_id IN (${ours})`,
    );
    const fbOk = doorOk('feedback form');
    checks.push({
      what: 'feedback forms',
      ok: Number(fb[0]!.n) === fbOk && Number(fb[0]!.d) === fbOk && fbOk === s.guests,
      detail: `${fbOk} answered 2xx, ${fb[0]!.n} stored (${fb[0]!.d} distinct guests)`,
    });
  } finally {
    await database.close();
  }
  return checks;
}

export async function nightSection(args: BenchArgs, log: (s: string) => void) {
  const runs: NightRun[] = [];
  const commands: string[] = [];
  for (let i = 0; i < args.runs; i++) runs.push(await night(args, commands));
  const perEvent = Math.floor(args.sockets / args.events);
  const total = perEvent * args.events;
  const f = (pick: (r: NightRun) => number): Figure => over(runs.map(pick));
  const ms = (x: Figure) => show(x, 0, ' ms');
  const dbName = args.db === 'embedded' ? 'the embedded database (PGlite)' : 'one PostgreSQL (a fresh database per run)';
  log(`## The whole night\n`);
  log(
    `${total.toLocaleString('en-US')} guests across ${args.events} evenings of ${perEvent} (users, registrations and sessions written before the server starts), on ${args.instances} server instance(s) sharing ${dbName}; each run on a fresh server and a fresh database. Guests' phones (a socket each, with the guest's own session) in ${args.workers} client processes (bench/workers/night-client.ts), the hosts' desks in one more. One evening as it happens:\n`,
  );
  log(
    `- **the door**: each guest arrives at a random moment of ${DOOR_WINDOW_MS / 1000} s; ${100 - SELF_SHARE * 100} % are scanned in by their host (POST /api/events/:id/door/scan with the ticket's code), ${SELF_SHARE * 100} % check themselves in (POST /api/events/:id/arrival/check-in);`,
  );
  log(
    `- **six rounds** (POST /api/events/:id/timer start_timer, then next_round); after each bell every guest who had a partner in the round before rates them, ${100 - QUICK_SHARE * 100} % with the card (POST /api/events/:id/ratings, 1-5) and ${QUICK_SHARE * 100} % with the quick yes/no (POST /api/events/:id/connections with a decision): round ${BURST_ROUND}'s ratings **all at once** right after round ${BURST_ROUND + 1}'s bell, the others spread at random over ${SPREAD_MS / 1000} s, round ${ROUNDS}'s while it runs;`,
  );
  log(
    `- **a host message** to each room (POST /api/events/:id/messages), timed to the phones of the guests checked in (those it goes to); each phone marks it read (POST /api/events/:id/inbox/:id/read) at a random moment of ${READ_SPREAD_MS / 1000} s after it lands;`,
  );
  log(
    `- **the end**: end_event, calculate-matches, release-contacts; each phone has its matches with \`contacts_released\` (decision 0105: the server reads them once per evening and says each guest's own on their socket; a phone told none would GET /api/events/:id/matches/:userId, and the count of such GETs is in the table);`,
  );
  log(`- **feedback**: every guest sends the form (PUT /api/events/:id/feedback/form), spread over ${FEEDBACK_SPREAD_MS / 1000} s;`);
  log(
    `- **the floor**, in the same run: a bare \`node:http\` server (bench/workers/bare-rating.ts) doing the rating's one \`INSERT ... ON CONFLICT\` into the \`ratings\` table of a fresh ${args.db === 'postgres' ? 'PostgreSQL database' : 'PGlite data directory'} migrated and seeded as ours, hit by the same all-at-once burst (the same requests) from the same worker code; and before it the door's arrivals replayed at the same moments of the window (the same scans and self check-ins) against a bare \`UPDATE\` of the guest's registration (checked in, when, how) in the same database, the guests given our ticket codes.\n`,
  );
  log(
    `Median of ${args.runs} run(s) (min-max). Errors are answers other than 2xx and requests with no answer (per run, in order); 5xx and no answer must be 0. Throughput: answers / (last answer - first request).\n`,
  );
  const budgets: Record<string, number> = {
    'door scan': 200,
    'self check-in (arrival)': 200,
    'rating card (spread)': 1000,
    'quick yes/no (spread)': 1000,
  };
  const names = [...new Set(runs.flatMap((r) => [...r.kinds.keys()]))];
  log(`| request | count | errors (non-2xx) | 5xx or no answer | p50 | p99 | throughput /s | budget | verdict |\n|---|---|---|---|---|---|---|---|---|`);
  for (const name of names) {
    const k = (r: NightRun) => r.kinds.get(name);
    const count = f((r) => k(r)?.lat.length ?? 0);
    const bad = (r: NightRun, pred: (c: number) => boolean) => Object.entries(k(r)?.statuses ?? {}).reduce((s, [c, n]) => s + (pred(Number(c)) ? n : 0), 0);
    const errors = runs.map((r) => bad(r, (c) => c < 200 || c >= 300));
    const fives = runs.map((r) => bad(r, (c) => c >= 500 || c < 0));
    const p99 = f((r) => percentile(k(r)?.lat ?? [], 0.99));
    const budget = budgets[name];
    const ok = fives.every((n) => n === 0) && (budget === undefined || p99.median <= budget);
    log(
      `| ${name} | ${show(count)} | ${errors.join(', ')} | ${fives.join(', ')} | ${ms(f((r) => percentile(k(r)?.lat ?? [], 0.5)))} | **${ms(p99)}** | ${show(
        f((r) => (k(r) ? (k(r)!.lat.length * 1000) / Math.max(1, k(r)!.lastDone - k(r)!.firstSent) : NaN)),
      )} | ${budget ? `p99 ≤ ${budget} ms, no 5xx` : 'no 5xx'} | ${verdict(ok)} |`,
    );
  }
  log('');
  const errs = [...new Set(runs.flatMap((r) => [...r.kinds].flatMap(([n, k]) => k.errors.map((e) => `${n}: ${e}`))))].slice(0, 12);
  if (errs.length) log(`Errors seen (first of each kind): ${errs.map((e) => `\`${e.replace(/`/g, "'").slice(0, 200)}\``).join('; ')}.\n`);
  const burstRate = (r: NightRun) => (r.burst.n * 1000) / r.burst.ms;
  const floorRate = (r: NightRun) => (r.floor.n * 1000) / r.floor.ms;
  const ratio = f((r) => burstRate(r) / floorRate(r));
  const burstMs = f((r) => r.burst.ms);
  log(`| the moment | ours | floor (same run) | ours/floor | budget | verdict |\n|---|---|---|---|---|---|`);
  log(
    `| round ${BURST_ROUND}'s ratings all at once: all answered (${runs.map((r) => `${r.burst.ok} of ${r.burst.n} 2xx`).join(', ')}; floor ${runs.map((r) => `${r.floor.ok} of ${r.floor.n}`).join(', ')}) | **${ms(burstMs)}** | ${ms(f((r) => r.floor.ms))} | – | all stored within 2,000 ms | ${verdict(burstMs.median <= 2000 && runs.every((r) => r.burst.ok === r.burst.n))} |`,
  );
  log(
    `| the same burst, ratings per second | ${show(f(burstRate))} | ${show(f(floorRate))} | **${show(ratio, 2)}** | ours ≥ 0.5 × floor | ${verdict(ratio.median >= 0.5)} |`,
  );
  for (const name of ['door scan', 'self check-in (arrival)']) {
    const p99 = f((r) => percentile(r.kinds.get(name)?.lat ?? [], 0.99));
    const floorP99 = f((r) => percentile(r.doorFloor.get(name)?.lat ?? [], 0.99));
    const p50 = (r: NightRun, from: 'kinds' | 'doorFloor') => percentile(r[from].get(name)?.lat ?? [], 0.5);
    log(
      `| the door's ${name === 'door scan' ? 'scans' : 'self check-ins'}, p99 (the same arrivals at the same moments; floor: the bare \`UPDATE\` of the registration, ${runs
        .map(
          (r) =>
            `${Object.entries(r.doorFloor.get(name)?.statuses ?? {}).reduce((s, [c, n]) => s + (Number(c) === 200 ? n : 0), 0)} of ${r.doorFloor.get(name)?.lat.length ?? 0} 200`,
        )
        .join(', ')}) | **${ms(p99)}** (p50 ${ms(f((r) => p50(r, 'kinds')))}) | ${ms(floorP99)} (p50 ${ms(f((r) => p50(r, 'doorFloor')))}) | ${show(
        f((r) => percentile(r.kinds.get(name)?.lat ?? [], 0.99) / percentile(r.doorFloor.get(name)?.lat ?? [], 0.99)),
        1,
      )} | p99 ≤ 200 ms | ${verdict(p99.median <= 200)} |`,
    );
  }
  const toPhones = (name: string, pick: (r: NightRun) => number[], budget?: number) => {
    const p99 = f((r) => percentile(pick(r), 0.99));
    const last = f((r) => Math.max(...pick(r)));
    log(
      `| ${name} | p50 ${ms(f((r) => percentile(pick(r), 0.5)))}, p99 **${ms(p99)}**, last phone ${ms(last)} | – | – | ${budget ? `p99 ≤ ${budget} ms` : '–'} | ${budget ? verdict(p99.median <= budget) : '–'} |`,
    );
  };
  for (let k = 0; k < ROUNDS; k++) toPhones(`round ${k + 1}'s place on every phone (host's POST /timer to \`mine\`)`, (r) => r.bells[k]!);
  toPhones('the host message on every phone', (r) => r.message);
  toPhones('the release heard on every phone (from POST /release-contacts)', (r) => r.released, 1000);
  toPhones('…and its matches on the phone (carried by the release, decision 0105; GET /matches/:userId where not)', (r) => r.matchesAnswered, 1000);
  log('');
  log(
    `- sockets: open ${runs.map((r) => r.opened).join(', ')} of ${total}, failed to open ${runs.map((r) => r.failed).join(', ')}, dropped **${runs.map((r) => r.dropped).join(', ')}** ${verdict(runs.every((r) => r.failed === 0 && r.dropped === 0))}. A phone that never had a message counts as ${PHONE_TIMEOUT_MS / 1000} s.`,
  );
  const memBudget = args.db === 'embedded' && args.instances === 1 && args.sockets <= 2000;
  const after = f((r) => r.rssAfter);
  log(
    `- server RSS (VmRSS): idle after warm-up ${show(
      f((r) => r.rssIdle),
      0,
      ' MB',
    )}; after the night **${show(after, 0, ' MB')}**${memBudget ? ` (budget 400 MB) ${verdict(after.median <= 400)}` : ''}${args.instances > 1 ? ' (instance 1)' : ''}.`,
  );
  const phases = [...new Set(runs.flatMap((r) => [...r.lag.keys()]))];
  log(
    `- event-loop stalls (the server's /metrics \`nodejs_eventloop_lag_max_seconds\`, prom-client, read after each phase: the longest delay since the read before): ${phases
      .map((p) => `${p} ${ms(f((r) => r.lag.get(p) ?? NaN))}`)
      .join('; ')}.`,
  );
  const checkNames = [...new Set(runs.flatMap((r) => r.checks.map((c) => c.what)))];
  log(`- stored vs sent, read from the database after the server stopped:`);
  for (const c of checkNames) {
    const per = runs.map((r) => r.checks.find((x) => x.what === c));
    log(`  - ${c}: ${per.map((x, i) => `run ${i + 1}: ${x?.detail ?? 'n/a'}`).join('; ')} ${verdict(per.every((x) => x?.ok))}`);
  }
  log(`\nServers: \`${[...new Set(commands)].join('`; `')}\`; floor: \`node --import tsx bench/workers/bare-rating.ts\`.\n`);
}
