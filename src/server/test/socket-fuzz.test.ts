/**
 * Fuzzing the live socket (docs/product.md "Bad input": every socket message is validated with
 * the shared schemas, nothing answers 500): generated query strings when opening it, and
 * generated messages once open. Deterministic with FUZZ_SEED.
 */
import fc from 'fast-check';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idParam } from '@shared/schemas/common';
import { createTestApp, withCookie, type TestContext } from './harness';
import { connectLive, listen, setUpEvening, type Evening, type LiveClient } from './live-helpers';

const SEED = Number(process.env.FUZZ_SEED ?? 20_261_123);
const RUNS = Number(process.env.FUZZ_RUNS ?? 16);

let t: TestContext;
let base: string;
let ev: Evening;

beforeAll(async () => {
  t = await createTestApp();
  base = await listen(t.app);
  ev = await setUpEvening(t, { guests: 2 });
}, 60_000);
afterAll(() => t.close());

/** Open /ws with a raw query string; resolves with the refusal's status, or 101 when it opened (then closes it). */
function openWith(query: string, cookie: string | undefined): Promise<number> {
  const ws = new WebSocket(`${base}/ws?${query}`, { headers: withCookie(cookie) });
  return new Promise((resolve, reject) => {
    ws.once('open', () => {
      ws.close();
      resolve(101);
    });
    ws.once('unexpected-response', (_req, res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    ws.once('error', reject);
  });
}

const oddValue = fc.oneof(
  fc.constantFrom('2147483648', '2147483647', '-1', '0', '1.5', '1e3', '1e400', '0x10', 'NaN', '', ' ', '\u0000', '%00', '99999999999999999999', 'true'),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.double().map(String),
  fc.integer().map(String),
);

describe('the live socket under generated input', () => {
  it('refuses generated query strings without a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({ eventId: oddValue, userId: oddValue, isHost: fc.option(oddValue, { nil: undefined }), extra: fc.option(oddValue, { nil: undefined }) }),
        fc.boolean(),
        async (q, asHost) => {
          // A query naming this evening and a real member could be let in: that is not bad input.
          for (const v of [q.eventId, q.userId]) {
            const n = idParam.safeParse(v);
            if (n.success && n.data < 1_000_000) return;
          }
          const params = new URLSearchParams(Object.entries(q).filter(([, v]) => v !== undefined) as [string, string][]);
          const status = await openWith(params.toString(), asHost ? ev.host.cookie : ev.guests[0]!.cookie);
          if (status >= 500 || status === 101) throw new Error(`/ws?${params} -> ${status} (FUZZ_SEED=${SEED})`);
        },
      ),
      { seed: SEED, numRuns: RUNS * 4, endOnFailure: true },
    );
  });

  it('answers generated messages with an error or a state, and stays open', async () => {
    const host: LiveClient = await connectLive(base, { eventId: ev.event.id, userId: ev.host.user.id, isHost: true }, ev.host.cookie);
    await host.next('timer_sync');
    const command = fc.record(
      {
        type: fc.oneof(fc.constantFrom('start_timer', 'pause_timer', 'resume_timer', 'next_round', 'extend_timer', 'end_event', 'sync'), oddValue),
        duration: fc.oneof(fc.constantFrom(300, 2 ** 31, -1, 0.5, 1e308), fc.integer(), oddValue),
        currentRound: fc.oneof(fc.constantFrom(1, 2 ** 31, -1, 1001), oddValue),
        seconds: fc.oneof(fc.constantFrom(60, 120, 2 ** 31, -60), oddValue),
        autoAdvance: fc.oneof(fc.boolean(), oddValue),
      },
      { requiredKeys: ['type'] },
    );
    const messages = fc.oneof(
      { weight: 3, arbitrary: command.map((c) => JSON.stringify(c)) },
      { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((j) => JSON.stringify(j)) },
      { weight: 1, arbitrary: fc.oneof(fc.string({ unit: 'binary', maxLength: 200 }), fc.constantFrom('{', '\u0000', '')) },
    );
    // Within the socket's message size limit (a larger one closes it, see below).
    const sent = fc.sample(messages, { seed: SEED, numRuns: RUNS * 10 }).filter((m) => Buffer.byteLength(m) < 4000);
    for (const m of sent) host.sendRaw(m);
    // The socket is still open and answers a sync after all of them.
    host.send({ type: 'sync' });
    await host.next('timer_sync', 5000);
    expect(host.ws.readyState).toBe(WebSocket.OPEN);
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    await host.close();
  });

  it('closes a socket that sends a message over the size limit, and keeps serving', async () => {
    const guest = await connectLive(base, { eventId: ev.event.id, userId: ev.guests[0]!.user.id }, ev.guests[0]!.cookie);
    const closed = new Promise<number>((resolve) => guest.ws.once('close', (code) => resolve(code)));
    guest.sendRaw(JSON.stringify({ type: 'sync', pad: 'x'.repeat(100_000) }));
    expect(await closed).toBe(1009);
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });
});
