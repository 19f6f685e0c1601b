/**
 * What the production journey (./journey.ts) works with: its settings from deploy/test/run.sh, one
 * HTTPS request through nginx, people logged in by their code, which instance served what, a
 * phone's live socket reconnecting as the app's does, and ratings sent until acknowledged.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import pg from 'pg';
import WebSocket from 'ws';
import { connectAgain } from './keep-trying';

const env = (name: string) => {
  const v = process.env[name];
  if (!v) throw new Error(`${name} is not set (run deploy/test/run.sh)`);
  return v;
};
export const BASE = env('SF_BASE');
export const HTTP_BASE = env('SF_HTTP_BASE');
const CA = readFileSync(env('SF_CA'));
export const CLIENT_DIR = env('SF_CLIENT_DIR');
export const NGINX_LOG = env('SF_NGINX_LOG');
const ORIGIN = new URL(BASE).origin;
export const instances = env('SF_INSTANCES')
  .split(',')
  .map((s) => {
    const [name, pid, port, log] = s.split(':') as [string, string, string, string];
    return { name, pid: Number(pid), address: `127.0.0.1:${port}`, log };
  });
export const db = new pg.Pool({ connectionString: env('SF_DATABASE_URL'), max: 2 });
export const agent = new https.Agent({ ca: CA, keepAlive: true });
const started = Date.now();
export const ok = (what: string) => console.log(`[journey t+${((Date.now() - started) / 1000).toFixed(1)}s] ok - ${what}`);
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  text: string;
}

/** One HTTPS request through nginx; the body as it came (still compressed if it was). */
export function request(method: string, url: string, opts: { headers?: Record<string, string>; json?: unknown; localAddress?: string } = {}): Promise<Answer> {
  const u = new URL(url, BASE);
  const body = opts.json === undefined ? undefined : JSON.stringify(opts.json);
  const headers: Record<string, string> = { ...opts.headers };
  if (body !== undefined) {
    headers['content-type'] = 'application/json';
    // What a browser sends with a write from the site's own page.
    headers.origin ??= ORIGIN;
  }
  const lib = u.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = lib.request(
      u,
      {
        method,
        headers,
        ...(u.protocol === 'https:' ? { agent: opts.localAddress ? new https.Agent({ ca: CA }) : agent } : {}),
        ...(opts.localAddress ? { localAddress: opts.localAddress } : {}),
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const buf = Buffer.concat(chunks);
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: buf, text: buf.toString('utf8') });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.setTimeout(15_000, () => req.destroy(new Error(`${method} ${url}: no answer in 15 s`)));
    req.end(body);
  });
}

export function json<T>(a: Answer, what: string): T {
  assert.ok(a.status >= 200 && a.status < 300, `${what}: ${a.status} ${a.text.slice(0, 300)}`);
  return JSON.parse(a.text) as T;
}

// ---------------------------------------------------------------------------------------------
// People

export interface Person {
  email: string;
  id: number;
  name: string;
  cookie: string;
}

async function latestCode(email: string): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const { rows } = await db.query<{ text: string }>(`SELECT text FROM mail_outbox WHERE "to" = $1 AND subject ILIKE '%code%' ORDER BY id DESC LIMIT 1`, [
      email,
    ]);
    const code = rows[0] && /\b(\d{6})\b/.exec(rows[0].text)?.[1];
    if (code) return code;
    await sleep(100);
  }
  throw new Error(`no login code mailed to ${email}`);
}

/** Log in as a person does: ask for a code, read it from the mail (here: the outbox table), enter it. */
export async function logIn(email: string): Promise<Person> {
  const before = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM mail_outbox WHERE "to" = $1`, [email]);
  json(await request('POST', '/api/auth/login', { json: { email } }), `login ${email}`);
  for (let i = 0; i < 50; i++) {
    const now = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM mail_outbox WHERE "to" = $1`, [email]);
    if (now.rows[0]!.n > before.rows[0]!.n) break;
    await sleep(100);
  }
  const code = await latestCode(email);
  const verify = await request('POST', '/api/auth/verify', { json: { email, code } });
  json(verify, `verify ${email}`);
  const setCookie = [verify.headers['set-cookie'] ?? []].flat();
  const sid = setCookie.find((c) => c.startsWith('sid='));
  assert.ok(sid, `verify ${email}: no session cookie`);
  // Behind TLS termination the cookie is still Secure and HttpOnly (NODE_ENV=production).
  assert.match(sid, /;\s*Secure/i, `session cookie not Secure: ${sid}`);
  assert.match(sid, /;\s*HttpOnly/i, `session cookie not HttpOnly: ${sid}`);
  const cookie = sid.split(';')[0]!;
  const me = json<{ id: number; name: string }>(await request('GET', '/api/auth/me', { headers: { cookie } }), `me ${email}`);
  return { email, id: me.id, name: me.name, cookie };
}

// ---------------------------------------------------------------------------------------------
// Which instance served what: each socket carries a harmless extra query parameter (`conn`, which
// the app ignores) and each instance logs every request's URL (production JSON logs).

function servedBy(marker: string): string[] {
  return instances.filter((i) => readFileSync(i.log, 'utf8').includes(marker)).map((i) => i.name);
}

export async function instanceOf(marker: string): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const found = servedBy(marker);
    if (found.length > 1) throw new Error(`${marker} in the logs of ${found.join(' and ')}`);
    if (found.length === 1) return found[0]!;
    await sleep(100);
  }
  throw new Error(`${marker} in no instance's log`);
}

// ---------------------------------------------------------------------------------------------
// A phone's live socket, reconnecting as src/client/lib/live-socket.ts does (500 ms, doubling, at most 10 s).

export interface State {
  type: string;
  currentRound: number;
  phase: string;
  timeRemaining: number;
  endsAt: number | null;
  serverNow: number;
  mine?: { round: number; table: number | null; partner: { id: number; name: string } | null } | null;
}

export interface Phone {
  person: Person;
  host: boolean;
  ws: WebSocket | null;
  instance: string;
  /** Instances this phone's sockets were served by, in order. */
  history: string[];
  /** Every state message, with the socket (its `conn` marker) that delivered it. */
  states: { at: number; m: State; conn: string }[];
  closes: number;
  stopped: boolean;
  waiters: (() => void)[];
}

export function openSocket(phone: Phone, eventId: number, marker = `conn=${randomBytes(6).toString('hex')}`): Promise<void> {
  const url = `${BASE.replace(/^https/, 'wss')}/ws?eventId=${eventId}&userId=${phone.person.id}&isHost=${phone.host}&${marker}`;
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { ca: CA, origin: ORIGIN, headers: { cookie: phone.person.cookie } });
    ws.once('unexpected-response', (_req, res) => reject(new Error(`socket refused: ${res.statusCode}`)));
    ws.once('error', reject);
    ws.on('message', (raw) => {
      const m = JSON.parse(String(raw)) as State;
      if (typeof m.serverNow === 'number') phone.states.push({ at: Date.now(), m, conn: marker });
      phone.waiters.splice(0).forEach((w) => w());
    });
    ws.once('open', () => {
      phone.ws = ws;
      ws.on('close', () => {
        if (phone.ws !== ws) return;
        phone.ws = null;
        phone.closes++;
        if (!phone.stopped) void reconnect(phone, eventId);
      });
      instanceOf(marker).then((name) => {
        phone.instance = name;
        phone.history.push(name);
        resolve();
      }, reject);
    });
  });
}

const reconnect = (phone: Phone, eventId: number) =>
  connectAgain(
    () => phone.stopped,
    () => openSocket(phone, eventId),
  );

export async function stateWhere(phone: Phone, what: string, test: (m: State) => boolean, after = 0, timeoutMs = 10_000): Promise<Phone['states'][number]> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const hit = phone.states.find((s) => s.at >= after && test(s.m));
    if (hit) return hit;
    if (Date.now() > until)
      throw new Error(`${phone.person.name}: no ${what} within ${timeoutMs} ms (got ${phone.states.map((s) => `${s.m.type}/${s.m.currentRound}`).join(', ')})`);
    await new Promise<void>((r) => {
      phone.waiters.push(r);
      setTimeout(r, 200);
    });
  }
}

// ---------------------------------------------------------------------------------------------
// Ratings, sent as the phone's offline queue sends them: again until the server acknowledges.

export async function rate(eventId: number, from: Person, to: Person, rating: number) {
  const body = { raterId: from.id, ratedId: to.id, rating, round: 1 };
  for (let attempt = 0; ; attempt++) {
    try {
      const r = await request('POST', `/api/events/${eventId}/ratings`, { headers: { cookie: from.cookie }, json: body });
      if (r.status === 201) return attempt;
      if (r.status < 500) throw new Error(`rating ${from.name} -> ${to.name}: ${r.status} ${r.text}`);
    } catch (err) {
      if (err instanceof Error && err.message.startsWith('rating ')) throw err;
    }
    if (attempt >= 20) throw new Error(`rating ${from.name} -> ${to.name}: not acknowledged after ${attempt + 1} tries`);
    await sleep(Math.min(5_000, 250 * 2 ** attempt));
  }
}
