/**
 * Steady traffic through nginx while deploy/upgrade.sh and deploy/rollback.sh run (started by
 * deploy/test/run.sh, docs/decisions/0090-upgrades-without-a-blink.md): what phones and browsers do on
 * an ordinary evening, in its own process, from its own address (127.0.0.3: its own rate-limit budget).
 *
 * - pages as a visitor and as a member (/, /events, the evening's public page, /login, /profile),
 *   each with the scripts and styles its HTML names;
 * - pages opened earlier loading their lazy chunks later (the chunks of that page's release, from
 *   its build's manifest), as an open tab does after an upgrade, and the service worker's precache;
 * - API reads, and writes by the host (a round extended, a guest checked in again);
 * - the evening's share card (card.png), mostly revalidated with its ETag as messengers do;
 * - a guest's phone on the live socket in tonight's round, reconnecting as src/client/lib/live-socket.ts
 *   does: after every reconnect it must find the same round and partner.
 *
 * It runs until SF_STOP_FILE exists, then prints its figures and exits 1 if any answer was a 5xx,
 * any request failed, any asset fetch failed, or the phone lost its round.
 *
 * Reads: SF_BASE, SF_CA, SF_DATABASE_URL (login codes from the outbox), SF_APP_DIR (the release
 * folders, to know each release's lazy chunks), SF_READY_FILE (written once traffic flows),
 * SF_STOP_FILE, SF_RESULT (the figures as JSON).
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import type http from 'node:http';
import https from 'node:https';
import path from 'node:path';
import pg from 'pg';
import WebSocket from 'ws';
import { connectAgain } from './keep-trying';

const env = (name: string) => {
  const v = process.env[name];
  if (!v) throw new Error(`${name} is not set (run deploy/test/run.sh)`);
  return v;
};
const BASE = env('SF_BASE');
const CA = readFileSync(env('SF_CA'));
const APP_DIR = env('SF_APP_DIR');
const READY_FILE = env('SF_READY_FILE');
const STOP_FILE = env('SF_STOP_FILE');
const RESULT = process.env.SF_RESULT;
const ORIGIN = new URL(BASE).origin;
const LOCAL_ADDRESS = '127.0.0.3';
const db = new pg.Pool({ connectionString: env('SF_DATABASE_URL'), max: 2 });
const agent = new https.Agent({ ca: CA, keepAlive: true, maxSockets: 8 });
const started = Date.now();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const at = () => `t+${((Date.now() - started) / 1000).toFixed(1)}s`;
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(Math.random() * xs.length)]!;
let stopping = false;

// ---------------------------------------------------------------------------------------------
// Figures

type Kind = 'page' | 'asset' | 'read' | 'write' | 'card';
const figures = {
  requests: 0,
  byKind: { page: 0, asset: 0, read: 0, write: 0, card: 0 } as Record<Kind, number>,
  statuses: {} as Record<string, number>,
  serverErrors: [] as string[],
  failedRequests: [] as string[],
  assetFailures: [] as string[],
  /** Lazy chunks fetched for a page of a release other than the one the newest page came from. */
  olderReleaseChunks: 0,
  releasesSeen: new Set<string>(),
  longestAnswerMs: 0,
  longestAnswer: '',
  /** The longest time without any answer under 500 arriving: how long the site looked down, if at all. */
  lastGoodAt: 0,
  longestSilenceMs: 0,
};

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

async function request(kind: Kind, method: string, url: string, opts: { headers?: Record<string, string>; json?: unknown } = {}): Promise<Answer | null> {
  const body = opts.json === undefined ? undefined : JSON.stringify(opts.json);
  const headers: Record<string, string> = { ...opts.headers };
  if (body !== undefined) Object.assign(headers, { 'content-type': 'application/json', origin: ORIGIN });
  const began = Date.now();
  figures.requests++;
  figures.byKind[kind]++;
  const what = `${method} ${url}`;
  try {
    const answer = await new Promise<Answer>((resolve, reject) => {
      const req = https.request(new URL(url, BASE), { method, headers, agent, localAddress: LOCAL_ADDRESS }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      });
      req.on('error', reject);
      req.setTimeout(15_000, () => req.destroy(new Error('no answer in 15 s')));
      req.end(body);
    });
    const ms = Date.now() - began;
    if (ms > figures.longestAnswerMs) Object.assign(figures, { longestAnswerMs: ms, longestAnswer: what });
    figures.statuses[answer.status] = (figures.statuses[answer.status] ?? 0) + 1;
    if (answer.status < 500) {
      const now = Date.now();
      if (figures.lastGoodAt) figures.longestSilenceMs = Math.max(figures.longestSilenceMs, now - figures.lastGoodAt);
      figures.lastGoodAt = now;
    }
    if (answer.status >= 500) figures.serverErrors.push(`${at()} ${what}: ${answer.status} ${answer.body.toString('utf8').slice(0, 120)}`);
    return answer;
  } catch (err) {
    figures.failedRequests.push(`${at()} ${what}: ${(err as Error).message}`);
    return null;
  }
}

// ---------------------------------------------------------------------------------------------
// Releases: which release a page's entry script belongs to, and the lazy chunks that release has.

const releaseOfEntry = new Map<string, string>();
const chunksOf = new Map<string, string[]>();

function releaseOf(entry: string): string | undefined {
  if (!releaseOfEntry.has(entry)) {
    for (const id of readdirSync(path.join(APP_DIR, 'releases'))) {
      const index = path.join(APP_DIR, 'releases', id, 'dist/client/index.html');
      if (existsSync(index) && readFileSync(index, 'utf8').includes(`"${entry}"`)) releaseOfEntry.set(entry, id);
    }
  }
  return releaseOfEntry.get(entry);
}

function lazyChunks(release: string): string[] {
  let chunks = chunksOf.get(release);
  if (!chunks) {
    const manifest = JSON.parse(readFileSync(path.join(APP_DIR, 'releases', release, 'dist/client/.vite/manifest.json'), 'utf8')) as Record<
      string,
      { file: string; css?: string[]; isEntry?: boolean }
    >;
    chunks = Object.values(manifest)
      .filter((c) => !c.isEntry)
      .flatMap((c) => [c.file, ...(c.css ?? [])])
      .filter((f) => f.startsWith('assets/'))
      .map((f) => `/${f}`);
    chunksOf.set(release, chunks);
  }
  return chunks;
}

async function asset(url: string, forOlderRelease = false) {
  const a = await request('asset', 'GET', url);
  if (forOlderRelease) figures.olderReleaseChunks++;
  if (!a) figures.assetFailures.push(`${at()} ${url}: no answer`);
  else if (a.status !== 200 || a.body.length === 0) figures.assetFailures.push(`${at()} ${url}: ${a.status}`);
  else if (url.endsWith('.js') && !/javascript/.test(String(a.headers['content-type'])))
    figures.assetFailures.push(`${at()} ${url}: ${a.headers['content-type']}`);
}

/** Pages opened so far (their release), as open tabs: the first ones are kept, as a tab left open is. */
const openPages: { release: string; at: number }[] = [];
let newestRelease = '';

async function visit(url: string, cookie?: string) {
  const a = await request('page', 'GET', url, cookie ? { headers: { cookie } } : {});
  if (!a) return;
  if (a.status !== 200) return;
  const html = a.body.toString('utf8');
  const entry = /<script[^>]*type="module"[^>]*src="(\/assets\/[^"]+)"/.exec(html)?.[1];
  if (!entry) {
    figures.assetFailures.push(`${at()} ${url}: a page without its entry script`);
    return;
  }
  const release = releaseOf(entry);
  if (!release) {
    figures.assetFailures.push(`${at()} ${url}: names ${entry}, which no release folder has`);
    return;
  }
  figures.releasesSeen.add(release);
  newestRelease = release;
  if (openPages.length < 40) openPages.push({ release, at: Date.now() });
  else openPages[10 + Math.floor(Math.random() * 30)] = { release, at: Date.now() };
  await Promise.all([...new Set([...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]!))].map((u) => asset(u)));
}

async function lazyLoad() {
  if (openPages.length === 0) return;
  const page = pick(openPages);
  await asset(pick(lazyChunks(page.release)), page.release !== newestRelease);
}

async function serviceWorker() {
  const sw = await request('asset', 'GET', '/sw.js');
  if (!sw || sw.status !== 200) {
    figures.assetFailures.push(`${at()} /sw.js: ${sw?.status ?? 'no answer'}`);
    return;
  }
  const precached = [...sw.body.toString('utf8').matchAll(/url:"(assets\/[^"]+)"/g)].map((m) => `/${m[1]!}`);
  if (precached.length === 0) figures.assetFailures.push(`${at()} /sw.js precaches no assets`);
  else await Promise.all([pick(precached), pick(precached)].map((u) => asset(u)));
}

// ---------------------------------------------------------------------------------------------
// People (logged in as a person does: the code from the mail, here the outbox table)

interface Person {
  id: number;
  name: string;
  cookie: string;
}

async function logIn(email: string): Promise<Person> {
  const before = await db.query<{ id: number }>(`SELECT coalesce(max(id), 0)::int AS id FROM mail_outbox WHERE "to" = $1`, [email]);
  const asked = await request('write', 'POST', '/api/auth/login', { json: { email } });
  if (!asked || asked.status >= 300) throw new Error(`login ${email}: ${asked?.status}`);
  let code: string | undefined;
  for (let i = 0; i < 100 && !code; i++) {
    const { rows } = await db.query<{ text: string }>(`SELECT text FROM mail_outbox WHERE "to" = $1 AND id > $2 ORDER BY id DESC LIMIT 1`, [
      email,
      before.rows[0]!.id,
    ]);
    code = rows[0] && /\b(\d{6})\b/.exec(rows[0].text)?.[1];
    if (!code) await sleep(100);
  }
  if (!code) throw new Error(`no login code mailed to ${email}`);
  const verify = await request('write', 'POST', '/api/auth/verify', { json: { email, code } });
  const sid = [verify?.headers['set-cookie'] ?? []].flat().find((c) => c.startsWith('sid='));
  if (!verify || verify.status >= 300 || !sid) throw new Error(`verify ${email}: ${verify?.status}`);
  const cookie = sid.split(';')[0]!;
  const me = await request('read', 'GET', '/api/auth/me', { headers: { cookie } });
  const { id, name } = JSON.parse(me!.body.toString('utf8')) as { id: number; name: string };
  return { id, name, cookie };
}

// ---------------------------------------------------------------------------------------------
// The guest's phone on the live socket

interface State {
  type: string;
  currentRound: number;
  phase: string;
  serverNow: number;
  mine?: { round: number; table: number | null; partner: { id: number; name: string } | null } | null;
}

const phone = {
  ws: null as WebSocket | null,
  round: 0,
  partner: null as number | null,
  closes: 0,
  closedAt: 0,
  /** Reconnected sockets whose first state was checked. */
  reconnects: 0,
  longestGapMs: 0,
  lost: [] as string[],
};

function connect(guest: Person, eventId: number): Promise<void> {
  const url = `${BASE.replace(/^https/, 'wss')}/ws?eventId=${eventId}&userId=${guest.id}&isHost=false&traffic=1`;
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { ca: CA, origin: ORIGIN, headers: { cookie: guest.cookie }, localAddress: LOCAL_ADDRESS });
    let first = true;
    ws.once('unexpected-response', (_req, res) => reject(new Error(`socket refused: ${res.statusCode}`)));
    ws.once('error', reject);
    ws.on('message', (raw) => {
      const m = JSON.parse(String(raw)) as State;
      if (typeof m.currentRound !== 'number' || m.mine === undefined) return;
      const partner = m.mine?.partner?.id ?? null;
      if (phone.round === 0) Object.assign(phone, { round: m.currentRound, partner });
      else if (m.currentRound !== phone.round || partner !== phone.partner)
        phone.lost.push(`${at()} ${m.type}: round ${m.currentRound}, partner ${partner} (had round ${phone.round}, partner ${phone.partner})`);
      if (first && phone.closedAt) {
        phone.reconnects++;
        phone.longestGapMs = Math.max(phone.longestGapMs, Date.now() - phone.closedAt);
      }
      first = false;
    });
    ws.once('open', () => {
      phone.ws = ws;
      ws.on('close', () => {
        if (phone.ws !== ws) return;
        phone.ws = null;
        phone.closes++;
        phone.closedAt = Date.now();
        if (!stopping) void reconnect(guest, eventId);
      });
      resolve();
    });
  });
}

const reconnect = (guest: Person, eventId: number) =>
  connectAgain(
    () => stopping,
    () => connect(guest, eventId),
  );

// ---------------------------------------------------------------------------------------------

async function main() {
  const host = await logIn('host@speedfriendship.test');
  const guest = await logIn('sarah@speedfriendship.test');
  const events = JSON.parse((await request('read', 'GET', '/api/events', { headers: { cookie: host.cookie } }))!.body.toString('utf8')) as {
    id: number;
    title: string;
  }[];
  const tonight = events.find((e) => e.title === 'Tonight at The Wine Bar');
  if (!tonight) throw new Error('the demo evening tonight is not listed');
  const id = tonight.id;
  // The round the journey left running goes on for the whole test.
  const extend = () => request('write', 'POST', `/api/events/${id}/timer`, { headers: { cookie: host.cookie }, json: { type: 'extend_timer', seconds: 120 } });
  const extended = await extend();
  if (!extended || extended.status !== 200) throw new Error(`extending tonight's round: ${extended?.status} ${extended?.body.toString('utf8')}`);
  await connect(guest, id);
  for (let i = 0; i < 100 && phone.round === 0; i++) await sleep(100);
  if (phone.round === 0) throw new Error('the phone had no round on its socket');
  console.log(`[traffic ${at()}] ${guest.name} is in round ${phone.round} (partner ${phone.partner ?? 'none'}); traffic flows`);

  let lastExtend = Date.now();
  const actions: (() => Promise<unknown>)[] = [
    () => visit('/'),
    () => visit('/events'),
    () => visit(`/events/${id}`),
    () => visit('/login'),
    () => visit('/profile', guest.cookie),
    () => visit(`/events/${id}`, guest.cookie),
    lazyLoad,
    lazyLoad,
    lazyLoad,
    serviceWorker,
    () => request('read', 'GET', '/api/events'),
    () => request('read', 'GET', `/api/events/${id}/public`),
    () => request('read', 'GET', `/api/events/${id}/timer`, { headers: { cookie: guest.cookie } }),
    () => request('read', 'GET', '/api/auth/me', { headers: { cookie: guest.cookie } }),
    () => request('write', 'POST', `/api/events/${id}/checkin`, { headers: { cookie: host.cookie }, json: { userId: guest.id } }),
    async () => {
      if (Date.now() - lastExtend < 5_000) return;
      lastExtend = Date.now();
      await extend();
    },
  ];
  let etag: string | undefined;
  const card = async () => {
    const a = await request('card', 'GET', `/api/events/${id}/card.png`, etag && Math.random() < 0.8 ? { headers: { 'if-none-match': etag } } : {});
    if (a?.status === 200) etag = String(a.headers.etag);
  };
  writeFileSync(READY_FILE, `${process.pid}\n`);
  // Until told to stop; also when run.sh's work directory is gone (it ended without telling), or after 15 minutes.
  const goOn = () => !existsSync(STOP_FILE) && existsSync(path.dirname(STOP_FILE)) && Date.now() - started < 15 * 60_000;
  const worker = async () => {
    while (goOn()) {
      await (Math.random() < 0.08 ? card() : pick(actions)());
      await sleep(20 + Math.random() * 60);
    }
  };
  await Promise.all([worker(), worker(), worker()]);
  stopping = true;
  // The phone still has its round, on an open socket.
  const stillThere = phone.ws?.readyState === WebSocket.OPEN;
  phone.ws?.close();

  const problems = [
    ...figures.serverErrors.map((e) => `5xx: ${e}`),
    ...figures.failedRequests.map((e) => `failed: ${e}`),
    ...figures.assetFailures.map((e) => `asset: ${e}`),
    ...phone.lost.map((e) => `the phone lost its round: ${e}`),
  ];
  if (!stillThere) problems.push('the phone has no open socket at the end');
  if (phone.reconnects < 2) problems.push(`the phone reconnected ${phone.reconnects} times (the upgrade and the rollback each restart its instance)`);
  if (figures.releasesSeen.size < 2) problems.push(`pages of ${figures.releasesSeen.size} release(s) seen: the upgrade did not happen under this traffic`);
  if (figures.olderReleaseChunks === 0) problems.push('no page of an older release loaded a chunk after a newer page was served');
  const k = figures.byKind;
  const summary = {
    requests: figures.requests,
    byKind: k,
    statuses: figures.statuses,
    serverErrors: figures.serverErrors.length,
    failedRequests: figures.failedRequests.length,
    assetFailures: figures.assetFailures.length,
    olderReleaseChunks: figures.olderReleaseChunks,
    releasesSeen: [...figures.releasesSeen],
    longestAnswerMs: figures.longestAnswerMs,
    longestAnswer: figures.longestAnswer,
    longestSilenceMs: figures.longestSilenceMs,
    phone: { round: phone.round, closes: phone.closes, reconnects: phone.reconnects, longestGapMs: phone.longestGapMs, lost: phone.lost.length },
    seconds: Math.round((Date.now() - started) / 1000),
    problems,
  };
  if (RESULT) writeFileSync(RESULT, JSON.stringify(summary, null, 2));
  console.log(
    `[traffic ${at()}] ${figures.requests} requests (pages ${k.page}, assets ${k.asset} of which ${figures.olderReleaseChunks} chunks of an older ` +
      `release's open page, API reads ${k.read}, writes ${k.write}, cards ${k.card}) across releases ${[...figures.releasesSeen].join(', ')}: ` +
      `5xx ${figures.serverErrors.length}, failed requests ${figures.failedRequests.length}, asset failures ${figures.assetFailures.length}; ` +
      `statuses ${JSON.stringify(figures.statuses)}; longest answer ${figures.longestAnswerMs} ms (${figures.longestAnswer}), ` +
      `longest time without an answer ${figures.longestSilenceMs} ms; ` +
      `phone: round ${phone.round} kept through ${phone.reconnects} reconnects, longest gap ${phone.longestGapMs} ms`,
  );
  return problems;
}

main()
  .then(async (problems) => {
    await db.end();
    agent.destroy();
    if (problems.length) {
      console.error(`[traffic] FAILED:\n  ${problems.slice(0, 40).join('\n  ')}`);
      process.exit(1);
    }
    console.log('[traffic] passed');
    process.exit(0);
  })
  .catch(async (err: unknown) => {
    console.error('[traffic] FAILED:', err instanceof Error ? (err.stack ?? err.message) : err);
    await db.end().catch(() => {});
    process.exit(1);
  });
