/**
 * The night bench's HTTP side (bench/workers/night-client.ts): one request over node:http with its
 * answer recorded, jobs spread over a window, and the Idempotency-Key the phones send.
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';

/** One request: kind (for the report), method, URL, cookie, JSON body; `tag` travels back with its answer. */
export interface Job {
  kind: string;
  method: string;
  url: string;
  cookie: string;
  body?: unknown;
  tag?: unknown;
  headers?: Record<string, string>;
}

/** A request and when it was sent, in ms from the start of its window (the door's, for the floor to replay). */
export type Timed = Job & { at: number };

/** An answer: status (-1: no answer), ms, when it was sent and answered (ms since epoch), the tag. */
export interface Done {
  kind: string;
  status: number;
  ms: number;
  sentAt: number;
  doneAt: number;
  tag?: unknown;
  text?: string;
}

/**
 * The Idempotency-Key the app's phones send with every write they may keep offline (the rating card
 * and the feedback form: src/client/lib/outbox.ts sendOrKeep), so the server does here what it does
 * for them (plugins/idempotency.ts: the key claimed before the write, the answer stored after).
 */
export const keptWriteKey = () => ({ 'idempotency-key': randomBytes(16).toString('hex') });
const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** One request over node:http; never rejects (no answer is status -1). Each answer is also given to `heard`. */
export const sender =
  (heard: (done: Done) => void) =>
  (job: Job): Promise<Done & { json?: unknown }> =>
    new Promise((resolve) => {
      const body = job.body === undefined ? undefined : JSON.stringify(job.body);
      const sentAt = Date.now();
      const t = performance.now();
      const headers: Record<string, string | number> = { ...job.headers, cookie: job.cookie };
      if (body !== undefined) Object.assign(headers, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
      const req = http.request(job.url, { method: job.method, agent, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const status = res.statusCode ?? 0;
          const text = Buffer.concat(chunks).toString('utf8');
          let json: unknown;
          try {
            json = JSON.parse(text);
          } catch {
            json = undefined;
          }
          const done: Done = { kind: job.kind, status, ms: performance.now() - t, sentAt, doneAt: Date.now(), tag: job.tag };
          if (status < 200 || status >= 300) done.text = text.slice(0, 300);
          heard(done);
          resolve({ ...done, json });
        });
      });
      req.on('error', (err) => {
        const done: Done = { kind: job.kind, status: -1, ms: performance.now() - t, sentAt, doneAt: Date.now(), tag: job.tag, text: String(err) };
        heard(done);
        resolve(done);
      });
      req.end(body);
    });

/** Each job at its own moment (ms from now), all under way together; resolves when all are answered. */
export async function spread<T>(items: T[], spreadMs: number, fn: (x: T) => Promise<unknown>) {
  await Promise.all(
    items.map(async (x) => {
      if (spreadMs > 0) await sleep(Math.random() * spreadMs);
      await fn(x);
    }),
  );
}
