/**
 * The whole night under load (issue 37): one evening as it happens, for S guests over E events, on
 * fresh servers and a fresh database per run, the load generators in their own processes
 * (bench/workers/night-client.ts: guests' phones in --workers processes, the hosts' desks in one
 * more). The evenings and their hosts are written before the servers start (bench/lib/seed.ts); then:
 * - the guests sign up over HTTP (bench/lib/signup.ts: the mailed code, the session, the registration)
 *   and read their ticket codes from their evening's page;
 * - the door: every guest arrives at a random moment of a window and is scanned in by their host
 *   (POST /door/scan with the ticket's code) or checks in themself (POST /arrival/check-in);
 * - six rounds (start_timer, then next_round, over POST /timer); after each bell every guest who had
 *   a partner in the round before rates them: the card (POST /ratings) or, a share, the quick
 *   yes/no (POST /connections with a decision); round 1's ratings all at once, the others spread
 *   over a window "as people tap", the last round's while it runs;
 * - each host's desk holds its socket as the host console does and, on each `ratings_updated`, reads
 *   the round history and the shown round's progress again (GET /rounds, GET /progress?round=);
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
import type { BenchArgs } from '../lib/args';
import { ask, forkWorker, freePort, freshPostgres, removeDir, rssMb, sleep, startServer, stopChild, tempDir, warmUp, type ServerProc } from '../lib/procs';
import { inTurns, signUpGuests } from '../lib/signup';
import { percentile } from '../lib/stats';
import type { Done, Job, Timed } from '../workers/night-http';
import { seedNight, verify, type Check, type Kind } from './night-checks';

/** The door's window (an hour's arrivals compressed), and the share who check themselves in. */
export const DOOR_WINDOW_MS = 10_000;
export const SELF_SHARE = 0.2;
/** Ratings after a bell, "as people tap", and the share pressing the quick yes/no instead of the card. */
export const SPREAD_MS = 20_000;
export const QUICK_SHARE = 0.25;
export const READ_SPREAD_MS = 5_000;
export const FEEDBACK_SPREAD_MS = 10_000;
export const ROUNDS = 6;
/** The round whose ratings are sent all at once (right after round 2's bell, as in issue 37). */
export const BURST_ROUND = 1;
export const PHONE_TIMEOUT_MS = 30_000;

export interface NightRun {
  kinds: Map<string, Kind>;
  opened: number;
  failed: number;
  dropped: number;
  /** The hosts' desks' ratings news: how many carried what the console shows, how many sent the desk to read. */
  deskNews: { carried: number; read: number; checkins: number; checkinsCarried: number };
  /** Per round: ms from the host's command to each phone having its place. */
  bells: number[][];
  /** Per round: ms from the host's command to each phone hearing its pair's question on the socket (docs/decisions/0147). */
  questions: number[][];
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
  /** The guests' sign-ups over HTTP (with their registrations and ticket codes): how long, and the RSS after. */
  signUps: { ms: number; rss: number };
  rssAfter: number;
  /** nodejs_eventloop_lag_max_seconds (ms) since the scrape before, per phase. */
  lag: Map<string, number>;
  checks: Check[];
}

type Workers = { guests: ChildProcess[]; host: ChildProcess };

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

type Phone = [
  id: number,
  eventId: number,
  roundAt: number,
  messageAt: number,
  releasedAt: number,
  matchesAt: number,
  matches: number,
  questionAt: number,
  heard: [round: number, text: string][],
  /** 1: the phone had a partner in the armed round. */
  paired: 0 | 1,
  /** Rounds with a partner whose question the phone neither heard nor was given when it asked. */
  withoutQuestion: number,
];

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

const since = (phones: Phone[], col: 2 | 3 | 4 | 5 | 7, sentAt: Map<number, number>, expected: number) => {
  const got = phones.filter((p) => p[col] >= 0).map((p) => p[col] - sentAt.get(p[1])!);
  // A phone that never had it counts as the timeout (a partial answer cannot flatter p99).
  return [...got, ...Array<number>(Math.max(0, expected - got.length)).fill(PHONE_TIMEOUT_MS)];
};

export async function night(args: BenchArgs, commands: string[]): Promise<NightRun> {
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
    // The evenings and their hosts; the guests sign up over HTTP below (issue 37: RSS "after 2,000 real sign-ups and a whole night").
    const seeded = await seedNight(target, perEvent, args.events, { guests: false });
    for (let i = 0; i < args.instances; i++) servers.push(await startServer(target));
    for (const s of servers) await warmUp(`${s.base}/api/events`);
    commands.splice(0, commands.length, ...servers.map((s) => s.command));
    const rssIdle = rssMb(servers[0]!.pid);
    const baseOf = (i: number) => servers[i % servers.length]!.base;
    const hostOf = new Map(seeded.hosts.map((h, i) => [h.eventId, { ...h, base: baseOf(i) }]));
    const signUpStarted = Date.now();
    const signedUp = await signUpGuests(seeded.eventIds, perEvent, baseOf, 'night');
    // Each guest's ticket code as their phone reads it (the evening's page), for the door's scans.
    const ticketCodes = await inTurns(signedUp, 20, async (g) => {
      const res = await fetch(`${g.base}/api/events/${g.eventId}`, { headers: { cookie: g.cookie } });
      const code = res.ok ? ((await res.json()) as { viewer: { ticketCode: string | null } }).viewer.ticketCode : null;
      if (!code) throw new Error(`guest ${g.id}: no ticket code (${res.status})`);
      return code;
    });
    const signUps = { ms: Date.now() - signUpStarted, rss: rssMb(servers[0]!.pid) };
    console.error(`night: ${signedUp.length} guests signed up over HTTP in ${signUps.ms} ms`);
    const guests = signedUp.map((g, i) => ({
      id: g.id,
      cookie: g.cookie,
      eventId: g.eventId,
      base: g.base,
      ticketCode: ticketCodes[i]!,
      hostCookie: hostOf.get(g.eventId)!.cookie,
    }));
    w = { guests: Array.from({ length: args.workers }, () => forkWorker('night-client.ts')), host: forkWorker('night-client.ts') };
    const ws = w;
    await ask(ws.host, { type: 'hosts', hosts: [...hostOf.values()].map((h) => ({ id: h.id, eventId: h.eventId, cookie: h.cookie, base: h.base })) }, 'hosts');
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
    const questions: number[][] = [];
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
      // A round lasts minutes: what its bell brought (the pairs' questions, the desks' reads) is answered before the next.
      await untilPhones(ws, 'round', open, true);
      // Every phone with a partner this round (those sitting out hear no question).
      const paired = (await reportAll(ws, kinds)).filter((p) => p[9] === 1);
      questions.push(since(paired, 7, sentAt, paired.length));
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

    const closed = await Promise.all(
      [...ws.guests, ws.host].map((c) =>
        ask<{ dropped: number; newsCarried?: number; newsRead?: number; checkinNews?: number; checkinsCarried?: number }>(c, { type: 'close' }, 'closed'),
      ),
    );
    const dropped = closed.reduce((s, c) => s + c.dropped, 0);
    const deskNews = {
      carried: closed.reduce((s, c) => s + (c.newsCarried ?? 0), 0),
      read: closed.reduce((s, c) => s + (c.newsRead ?? 0), 0),
      checkins: closed.reduce((s, c) => s + (c.checkinNews ?? 0), 0),
      checkinsCarried: closed.reduce((s, c) => s + (c.checkinsCarried ?? 0), 0),
    };
    const seenMatches = new Map(endPhones.map((p) => [`${p[1]}:${p[0]}`, p[6]]));
    const heard = endPhones.flatMap((p) => p[8].map(([round, text]) => ({ eventId: p[1], userId: p[0], round, text })));
    const withoutQuestion = endPhones.reduce((n, p) => n + p[10], 0);
    for (const c of [...ws.guests, ws.host]) await stopChild(c);
    w = undefined;
    for (const s of servers) await s.stop();

    // What is stored, read back after the server stopped (embedded) or beside it (PostgreSQL).
    const checks = await verify(target, { sent, how, kinds, seenMatches, heard, withoutQuestion, guests: guests.length, eventIds: seeded.eventIds });

    // The floor: the door's arrivals at the same moments against the bare check-in, then the same
    // burst against the bare insert, from the same worker code. Its database: our schema, seeded with
    // the same users (the same ids), each guest registered for the same evening with the same code.
    const floorSeeded = await seedNight(floorTarget, perEvent, args.events, {
      guests: false,
      same: new Map(guests.map((g) => [g.id, { code: g.ticketCode, eventId: g.eventId }])),
    });
    if (floorSeeded.eventIds.join() !== seeded.eventIds.join()) throw new Error("the floor's evenings are not ours");
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
      deskNews,
      bells,
      questions,
      message,
      released,
      matchesAnswered,
      expectedPhones: guests.length,
      burst,
      floor,
      doorFloor,
      rssIdle,
      signUps,
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
