import { useMutation, useQuery } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { fakeServer, renderAt, Reply } from '@client/test/render';
import { ApiError, get, NetworkError, post } from './api';
import { MAX_READ_RETRIES, readRetryDelay, shouldRetryRead } from './query-client';

function Probe() {
  const q = useQuery({ queryKey: ['probe'], queryFn: () => get<{ name: string }>('/api/probe') });
  if (q.isPending) return <p>Loading</p>;
  if (q.isError) return <p>Failed: {q.error.message}</p>;
  return <p>Hello {q.data.name}</p>;
}

function Saver() {
  const m = useMutation({ mutationFn: () => post<{ ok: boolean }>('/api/save', {}) });
  return (
    <>
      <button type="button" onClick={() => m.mutate()}>
        Save
      </button>
      {m.isError && <p>Save failed</p>}
    </>
  );
}

/** Longer than every retry delay readRetryDelay can choose (10 s at most, +20% jitter), three times over. */
const LONGER_THAN_ALL_RETRIES = 3 * 12_000;

/**
 * Waits for `text`, moving the fake clock on by each check's interval, so every retry delay is
 * skipped however late the first request settles (one big jump before it settled left the
 * retries scheduled after the jump, on busy cores). vi.waitFor advances fake timers by its
 * interval at every check; it gives up after 50 s, and the two tests that use it have a minute, for
 * the busiest CI run. (Their hangs at Loading in CI came from another file leaving TanStack Query
 * offline, where a failed read waits for the connection: src/client/test/setup.ts now resets it.)
 */
async function untilShown(text: string) {
  await vi.waitFor(() => expect(screen.getByText(text)).toBeInTheDocument(), { timeout: 50_000, interval: 250 });
}

describe('reads retry while the server is briefly unavailable', () => {
  // Fake timers that still move with the clock (Testing Library polls with them); the retry
  // delays are skipped by advancing them, not waited for.
  beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
  afterEach(() => vi.useRealTimers());

  test('503 twice, then 200: the data is shown', async () => {
    let calls = 0;
    const server = fakeServer({
      'GET /api/probe': () =>
        ++calls <= 2 ? new Reply(503, { message: 'The service is briefly unavailable. Please try again in a moment.' }) : { name: 'Priya' },
    });
    renderAt(<Probe />);
    await untilShown('Hello Priya');
    expect(server.calls.filter((c) => c.url.pathname === '/api/probe')).toHaveLength(3);
  }, 60_000);

  test('a dropped network is retried too', async () => {
    let calls = 0;
    const answer = fakeServer({ 'GET /api/probe': { name: 'Sam' } }).fetch.getMockImplementation()!;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => (++calls === 1 ? Promise.reject(new TypeError('Failed to fetch')) : answer(input, init))),
    );
    renderAt(<Probe />);
    await untilShown('Hello Sam');
    expect(calls).toBe(2);
  }, 60_000);

  test('a 400 is not retried: the error shows after one request', async () => {
    const server = fakeServer({ 'GET /api/probe': new Reply(400, { message: 'Bad', errors: [] }) });
    renderAt(<Probe />);
    expect(await screen.findByText(/^Failed: 400/)).toBeInTheDocument();
    await vi.advanceTimersByTimeAsync(LONGER_THAN_ALL_RETRIES);
    expect(server.calls).toHaveLength(1);
  });

  test('a mutation is never retried on its own, not even on 503', async () => {
    const server = fakeServer({ 'POST /api/save': new Reply(503, { message: 'Unavailable' }) });
    const { user } = renderAt(<Saver />);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Save failed')).toBeInTheDocument();
    await vi.advanceTimersByTimeAsync(LONGER_THAN_ALL_RETRIES);
    expect(server.calls).toHaveLength(1);
  });
});

describe('the retry rules', () => {
  test('only 503 and network errors, at most three retries', () => {
    const unavailable = new ApiError(503, '', null);
    expect(shouldRetryRead(0, unavailable)).toBe(true);
    expect(shouldRetryRead(MAX_READ_RETRIES - 1, unavailable)).toBe(true);
    expect(shouldRetryRead(MAX_READ_RETRIES, unavailable)).toBe(false);
    expect(shouldRetryRead(0, new NetworkError('Unable to connect. Please try again.'))).toBe(true);
    for (const status of [400, 401, 403, 404, 409, 429, 500, 502]) expect(shouldRetryRead(0, new ApiError(status, '', null)), String(status)).toBe(false);
    expect(shouldRetryRead(0, new TypeError('a bug'))).toBe(false);
  });

  test('backoff doubles from one second, honours Retry-After, stays under ten seconds', () => {
    const mid = () => 0.5; // no jitter
    expect([0, 1, 2].map((a) => readRetryDelay(a, new NetworkError('x'), mid))).toEqual([1000, 2000, 4000]);
    const withRetryAfter = new ApiError(503, '', null, 2);
    expect([0, 1, 2].map((a) => readRetryDelay(a, withRetryAfter, mid))).toEqual([2000, 2000, 4000]);
    expect(readRetryDelay(8, withRetryAfter, mid)).toBe(10_000);
    expect(readRetryDelay(0, withRetryAfter, () => 0)).toBe(1600);
    expect(readRetryDelay(0, withRetryAfter, () => 1)).toBe(2400);
  });

  test("the client reads the server's Retry-After", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ message: 'Unavailable' }), { status: 503, headers: { 'content-type': 'application/json', 'retry-after': '2' } }),
      ),
    );
    const err = (await get('/api/events').catch((e: unknown) => e)) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect(err.retryAfterSeconds).toBe(2);
    expect(err.serverMessage).toBe('Unavailable');
  });
});
