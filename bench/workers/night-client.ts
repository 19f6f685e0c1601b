/**
 * The whole night's load generator (issue 37), one process among several (child_process.fork): it holds guests' sockets
 * and sends what their phones send over HTTP, or it is the hosts' desk and sends each host's command. Every request is
 * timed here, per kind; every message a phone needs (its place in a round, the host's message, the release) when it lands.
 *
 * Guests: `open` their sockets (their own session cookies); `door` (each arrives at a random moment
 * of the window and is scanned in by their host at the desk, POST /door/scan, or checks in
 * themself, POST /arrival/check-in); `arm` a round and `count` the phones that have their place
 * (`mine` naming it; a phone with a partner then asks for the pair's question, GET /conversation-guide, at a
 * moment of its own over the spread after the bell);
 * `rate` the partner of a round (the card, POST /ratings, or the quick yes/no, POST /connections with a
 * decision), at once or spread; on the host's message each phone marks it
 * read (POST /inbox/:id/read) within `readSpreadMs`; on the release each phone GETs its matches;
 * `feedback` (PUT /feedback/form). `fire` sends a given list of requests all at once (the floor).
 * Hosts: `hosts` opens each host's desk socket (isHost); `host` sends one request per host at once.
 * On news a desk reads what its screen reads unless the news carries it (src/client/lib/live-cache.ts), one read
 * at a time and one more after when news came meanwhile (React Query would cancel and restart, no cheaper): `newDesk`.
 */
import { guideWaitMs } from '../../src/shared/domain/conversation-guide';
import { keptWriteKey, sender, sleep, spread, type Done, type Job, type Timed } from './night-http';
import { ANSWER, type Guest, type HostUser, type Msg } from './night-protocol';
import WebSocket from 'ws';

/** A host's desk: its socket, the round and phase it last heard, and its reads on ratings news. */
interface Desk {
  host: HostUser;
  ws?: WebSocket;
  round: number;
  phase: string;
  /** The highest round the desk has heard: after the end it shows the last round's progress. */
  lastRound: number;
  /** The console's reads on ratings news, and the door screen's on check-in news. */
  readRatings: ReturnType<typeof oneReadAtATime>;
  readDoor: ReturnType<typeof oneReadAtATime>;
}

const guests: Guest[] = [];
let hosts: HostUser[] = [];
const desks: Desk[] = [];
let armed = 0;
let readSpreadMs = 0;
let closing = false;
let dropped = 0;
/** The desks' ratings news (carried what the console shows, or sent the desk to read it) and check-in news heard. */
let [newsCarried, newsRead, checkinNews, checkinsCarried] = [0, 0, 0, 0];
/** Every answer since the last `report`, and the errors' texts (a few per kind). */
let answers: Done[] = [];
/** Requests started by socket messages (reads, matches) still under way. */
let pending = 0;

const reply = (m: object) => process.send!(m);
const send = sender((done) => answers.push(done));

function onMessage(g: Guest, raw: WebSocket.RawData) {
  const at = Date.now();
  const m = JSON.parse(String(raw)) as {
    type: string;
    currentRound?: number;
    phase?: string;
    serverNow?: number;
    endsAt?: number | null;
    roundDuration?: number;
    mine?: { round: number; partner: { id: number } | null } | null;
    round?: number;
    guide?: { question: { text: string } | null };
    message?: { id: number };
    matches?: unknown[];
    checkedInAt?: string | null;
  };
  if (m.mine && m.mine.round === m.currentRound) g.partners.set(m.mine.round, m.mine.partner?.id ?? null);
  // The phone knows what to show for the round: its place, or `mine: null` (not paired: sitting out, or not checked in).
  if (armed && m.currentRound === armed && 'mine' in m && (m.mine === null || m.mine?.round === armed)) g.roundAt ??= at;
  // The pair's question, given at the bell and sent on the socket (docs/decisions/0147): the card shows it and asks nothing.
  if (m.type === 'guide_question' && m.round !== undefined) {
    (g.heard ??= new Map()).set(m.round, m.guide?.question?.text ?? '');
    if (m.round === armed) g.questionAt ??= at;
  }
  // A partner on screen in a running round: the card asks for the pair's question once a round, at a
  // moment of its own in the spread after the bell (RoundQuestion, features/conversation-guide guideWait, docs/decisions/0146),
  // unless the socket brought it first.
  if (m.mine?.partner && m.mine.round === m.currentRound && m.phase === 'active' && g.guideRound !== m.mine.round) {
    const round = (g.guideRound = m.mine.round);
    const since = m.endsAt && m.serverNow && m.roundDuration ? m.serverNow - (m.endsAt - m.roundDuration * 1000) : -1;
    const wait = guideWaitMs(since, Math.random());
    const url = `${g.base}/api/events/${g.eventId}/conversation-guide`;
    pending++;
    void sleep(wait)
      .then(() => (g.heard?.has(round) ? undefined : send({ kind: 'conversation guide (at the bell)', method: 'GET', url, cookie: g.cookie, tag: g.id })))
      .then((r) => {
        if (r && r.status >= 200 && r.status < 300) (g.askedOk ??= new Set()).add(round);
        pending--;
      });
  }
  // The guest's own check-in news: the phone reads the evening again (its viewer.checkedIn, live-cache.ts),
  // unless the news carries the check-in (docs/decisions/0139).
  if (m.type === 'checkins_updated' && m.checkedInAt === undefined) {
    pending++;
    void send({ kind: 'phone: evening after check-in', method: 'GET', url: `${g.base}/api/events/${g.eventId}`, cookie: g.cookie, tag: g.id }).then(
      () => pending--,
    );
  }
  if (m.type === 'host_message' && m.message && g.messageAt === undefined) {
    g.messageAt = at;
    const id = m.message.id;
    pending++;
    void (async () => {
      if (readSpreadMs > 0) await sleep(Math.random() * readSpreadMs);
      await send({ kind: 'message read', method: 'POST', url: `${g.base}/api/events/${g.eventId}/inbox/${id}/read`, cookie: g.cookie, tag: g.id });
      pending--;
    })();
  }
  if (m.type === 'contacts_released' && g.releasedAt === undefined) {
    g.releasedAt = at;
    // The guest's own matches ride on the release (docs/decisions/0105): the phone asks only when they do not.
    if (Array.isArray(m.matches)) {
      g.matchesAt = at;
      g.matches = m.matches.length;
      return;
    }
    pending++;
    void (async () => {
      const r = await send({ kind: 'matches after the release', method: 'GET', url: `${g.base}/api/events/${g.eventId}/matches/${g.id}`, cookie: g.cookie });
      if (r.status === 200 && Array.isArray(r.json)) {
        g.matchesAt = r.doneAt;
        g.matches = r.json.length;
      }
      pending--;
    })();
  }
}

/** A live socket as a phone or a desk opens it; null when it did not open within a minute. */
function openSocket(base: string, eventId: number, userId: number, isHost: boolean, cookie: string, onMessage: (raw: WebSocket.RawData) => void) {
  return new Promise<WebSocket | null>((resolve) => {
    const url = `${base.replace(/^http/, 'ws')}/ws?eventId=${eventId}&userId=${userId}&isHost=${isHost}`;
    const ws = new WebSocket(url, { headers: { cookie }, perMessageDeflate: false });
    const t = setTimeout(() => done(false), 60_000);
    const done = (ok: boolean) => {
      clearTimeout(t);
      if (!ok) ws.terminate();
      resolve(ok ? ws : null);
    };
    ws.on('message', onMessage);
    ws.once('open', () => {
      ws.on('close', () => {
        if (!closing) dropped++;
      });
      done(true);
    });
    ws.once('error', () => done(false));
    ws.once('unexpected-response', () => done(false));
  });
}

async function open(g: Guest): Promise<boolean> {
  const ws = await openSocket(g.base, g.eventId, g.id, false, g.cookie, (raw) => onMessage(g, raw));
  if (ws) g.ws = ws;
  return !!ws;
}

type DeskNews = { type: string; currentRound?: number; phase?: string; rounds?: unknown[]; progress?: { round: number }; guests?: unknown[] };
/** A desk's reads: one at a time, and one more after it when news came meanwhile (however much came); `busy()`: one is under way. */
function oneReadAtATime(read: () => Promise<unknown>) {
  let reading = false;
  let again = false;
  const ask = () => {
    if (reading) {
      again = true;
      return;
    }
    reading = true;
    pending++;
    void (async () => {
      do {
        again = false;
        await read();
      } while (again && !closing);
      reading = false;
      pending--;
    })();
  };
  return Object.assign(ask, { busy: () => reading });
}

/** A host's desk: the console's reads after ratings news, and the check-in desk's after check-in news. */
function newDesk(host: HostUser): Desk {
  const at = `${host.base}/api/events/${host.eventId}`;
  const get = (kind: string, url: string) => send({ kind, method: 'GET', url, cookie: host.cookie, tag: host.eventId });
  const d: Desk = {
    host,
    round: 0,
    phase: 'idle',
    lastRound: 0,
    readRatings: oneReadAtATime(() => {
      const shown = d.phase === 'ended' ? d.lastRound : d.round;
      return Promise.all([get('desk: rounds', `${at}/rounds`), get('desk: progress', `${at}/progress?round=${shown}`)]);
    }),
    // The door (every guest and the counts), as the check-in desk's screen does (src/client/lib/live-cache.ts;
    // until decision 0139 it read the evening too, and until 0138 the door after each of its own scans).
    readDoor: oneReadAtATime(() => get('desk: door', `${at}/door`)),
  };
  return d;
}

function onDeskMessage(d: Desk, raw: WebSocket.RawData) {
  const m = JSON.parse(String(raw)) as DeskNews;
  if (typeof m.currentRound === 'number') {
    d.round = m.currentRound;
    d.lastRound = Math.max(d.lastRound, m.currentRound);
  }
  if (typeof m.phase === 'string') d.phase = m.phase;
  if (m.type === 'checkins_updated') {
    checkinNews++;
    // Its changes land on the list unless a read is under way (live-cache.ts, decision 0142); plain news reads.
    if (m.guests && !d.readDoor.busy()) checkinsCarried++;
    else d.readDoor();
    return;
  }
  if (m.type !== 'ratings_updated') return;
  // News that carries the history and the shown round's progress is all the console needs
  // (live-cache.ts, docs/decisions/0133); without them it reads both again.
  const shown = d.phase === 'ended' ? d.lastRound : d.round;
  if (m.rounds && m.progress?.round === shown) newsCarried++;
  else {
    newsRead++;
    d.readRatings();
  }
}

async function openDesk(d: Desk): Promise<boolean> {
  const ws = await openSocket(d.host.base, d.host.eventId, d.host.id, true, d.host.cookie, (raw) => onDeskMessage(d, raw));
  if (ws) d.ws = ws;
  return !!ws;
}

async function openAll(concurrency: number) {
  let next = 0;
  let ok = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, guests.length) }, async () => {
      while (next < guests.length) if (await open(guests[next++]!)) ok++;
    }),
  );
  return ok;
}

const DECISION_OF = { yes: 4, no: 1 } as const;

process.on('message', (m: Msg) => {
  void (async () => {
    switch (m.type) {
      case 'open': {
        for (const u of m.users) guests.push({ ...u, partners: new Map() });
        const opened = await openAll(m.concurrency);
        return reply({ type: 'opened', opened, failed: guests.length - opened });
      }
      case 'door': {
        // Who arrives when, and how: the host's scan of the ticket, or the guest's own "Yes, Check Me In".
        const how = new Map<number, 'scan' | 'self'>();
        const timed: Timed[] = [];
        const start = performance.now();
        await spread(guests, m.windowMs, async (g) => {
          const self = Math.random() < m.selfShare;
          how.set(g.id, self ? 'self' : 'scan');
          const job: Job = self
            ? {
                kind: 'self check-in (arrival)',
                method: 'POST',
                url: `${g.base}/api/events/${g.eventId}/arrival/check-in`,
                cookie: g.cookie,
                body: {},
                tag: g.id,
              }
            : {
                kind: 'door scan',
                method: 'POST',
                url: `${g.base}/api/events/${g.eventId}/door/scan`,
                cookie: g.hostCookie,
                body: { code: g.ticketCode, method: 'scan' },
                tag: g.id,
              };
          timed.push({ ...job, at: performance.now() - start });
          await send(job);
        });
        return reply({ type: 'door', how: [...how], timed });
      }
      case 'arm':
        armed = m.round;
        for (const g of guests) [g.roundAt, g.questionAt] = [undefined, undefined];
        return reply({ type: 'armed' });
      case 'count': {
        let round = 0;
        let message = 0;
        let released = 0;
        for (const g of guests) {
          if (g.roundAt !== undefined) round++;
          if (g.messageAt !== undefined) message++;
          if (g.matchesAt !== undefined) released++;
        }
        return reply({ type: 'count', round, message, released, pending });
      }
      case 'rate': {
        // Every guest who had a partner in `round` rates them: the card (1-5) or the quick yes/no.
        const sent: [number, number, number, number, number, 0 | 1][] = [];
        const jobs: Job[] = [];
        for (const g of guests) {
          const partner = g.partners.get(m.round);
          if (!g.ws || partner == null) continue;
          if (Math.random() < m.quickShare) {
            const decision = Math.random() < 0.5 ? 'yes' : 'no';
            jobs.push({
              kind: `quick yes/no (${m.label})`,
              method: 'POST',
              url: `${g.base}/api/events/${g.eventId}/connections`,
              cookie: g.cookie,
              body: { ratedId: partner, method: 'list', decision },
              tag: [g.eventId, g.id, partner, DECISION_OF[decision], 1],
            });
          } else {
            const rating = 1 + Math.floor(Math.random() * 5);
            jobs.push({
              kind: `rating card (${m.label})`,
              method: 'POST',
              url: `${g.base}/api/events/${g.eventId}/ratings`,
              cookie: g.cookie,
              headers: keptWriteKey(),
              body: { raterId: g.id, ratedId: partner, rating, round: m.round },
              tag: [g.eventId, g.id, partner, rating, 0],
            });
          }
        }
        const done: Done[] = [];
        await spread(jobs, m.spreadMs, async (j) => done.push(await send(j)));
        for (const d of done) {
          const [eventId, rater, rated, value, quick] = d.tag as [number, number, number, number, 0 | 1];
          sent.push([eventId, rater, rated, value, d.status, quick]);
        }
        return reply({ type: 'rated', sent, jobs });
      }
      case 'message':
        readSpreadMs = m.readSpreadMs;
        for (const g of guests) g.messageAt = undefined;
        return reply({ type: 'armed' });
      case 'release':
        for (const g of guests) {
          g.releasedAt = undefined;
          g.matchesAt = undefined;
        }
        return reply({ type: 'armed' });
      case 'feedback': {
        await spread(
          guests.filter((g) => g.ws),
          m.spreadMs,
          (g) =>
            send({
              kind: 'feedback form',
              method: 'PUT',
              url: `${g.base}/api/events/${g.eventId}/feedback/form`,
              cookie: g.cookie,
              headers: keptWriteKey(),
              body: { overallRating: 1 + Math.floor(Math.random() * 5), wouldRecommend: Math.random() < 0.8 },
              tag: g.id,
            }),
        );
        return reply({ type: 'feedback' });
      }
      case 'fire': {
        const started = Date.now();
        await Promise.all(m.jobs.map((j) => send(j)));
        return reply({ type: 'fired', ms: Date.now() - started });
      }
      case 'replay': {
        // Each request at the moment of its window it was sent at the first time.
        const start = performance.now();
        await Promise.all(
          m.jobs.map(async (j) => {
            await sleep(j.at - (performance.now() - start));
            await send(j);
          }),
        );
        return reply({ type: 'fired', ms: performance.now() - start });
      }
      case 'hosts': {
        hosts = m.hosts;
        for (const host of hosts) desks.push(newDesk(host));
        const opened = (await Promise.all(desks.map(openDesk))).filter(Boolean).length;
        if (opened < desks.length) throw new Error(`${desks.length - opened} of ${desks.length} host desks could not open their socket`);
        return reply({ type: 'hosts' });
      }
      case 'host': {
        const res = await Promise.all(
          hosts.map((h) =>
            send({
              kind: m.kind,
              method: m.method,
              url: `${h.base}${m.path.replace(':id', String(h.eventId))}`,
              cookie: h.cookie,
              body: m.body,
              tag: h.eventId,
            }),
          ),
        );
        return reply({ type: 'host', sentAt: res.map((r) => [r.tag as number, r.sentAt]) });
      }
      case 'report': {
        const out = answers;
        answers = [];
        const phones = guests
          .filter((g) => g.ws)
          .map((g) => [
            g.id,
            g.eventId,
            g.roundAt ?? -1,
            g.messageAt ?? -1,
            g.releasedAt ?? -1,
            g.matchesAt ?? -1,
            g.matches ?? -1,
            g.questionAt ?? -1,
            [...(g.heard ?? [])],
            g.partners.get(armed) != null ? 1 : 0,
            // Rounds with a partner whose question the phone neither heard nor was given when it asked.
            [...g.partners].filter(([r, p]) => p != null && !g.heard?.has(r) && !g.askedOk?.has(r)).length,
          ]);
        return reply({ type: 'report', answers: out, phones });
      }
      case 'close': {
        closing = true;
        for (const g of guests) g.ws?.terminate();
        for (const d of desks) d.ws?.terminate();
        reply({ type: 'closed', dropped, newsCarried, newsRead, checkinNews, checkinsCarried });
        process.disconnect();
        return;
      }
    }
  })().catch((err: unknown) => reply({ type: ANSWER[m.type], error: String(err) }));
});
