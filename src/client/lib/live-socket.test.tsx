import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import type { ServerMessage } from '@shared/realtime';
import { fakeSockets, settle, timerMessage, timerState } from '@client/test/fake-socket';
import { RETRY_MS, REACHABLE_URL, RESTART_JITTER_MS, SERVICE_RESTART, SESSION_ENDED, useLiveSocket, useRemainingSeconds } from './live-socket';
import { createQueryClient } from './query-client';
import { queryKeys } from './query-keys';

/** Whether GET /api/ping (REACHABLE_URL) gets an answer: the phone's line, as the socket's retries see it. */
let lineUp = true;
const pings: string[] = [];

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  lineUp = true;
  pings.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      pings.push(String(url));
      if (!lineUp) throw new TypeError('Failed to fetch');
      return new Response(null, { status: 204 });
    }),
  );
});

/** Let the retry's question to the server (a fetch) be answered. */
const answered = () =>
  act(async () => {
    for (let i = 0; i < 10; i++) await Promise.resolve();
  });
/** Wait `ms` of the back-off, then let its question be answered. */
async function waitRetry(ms: number) {
  act(() => vi.advanceTimersByTime(ms));
  await answered();
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('useLiveSocket', () => {
  test('joins the event on /ws as the given user, and says when the line is open', async () => {
    const server = fakeSockets({ autoOpen: false });
    const { result } = renderHook(() => useLiveSocket(12, 7, true));

    expect(server.all).toHaveLength(1);
    const ws = server.last();
    expect(ws.url).toBe('ws://localhost:3000/ws?eventId=12&userId=7&isHost=true');
    expect(result.current.status).toBe('connecting');

    ws.accept();
    expect(result.current.status).toBe('open');
  });

  test('stays disconnected without an event or a user', async () => {
    const server = fakeSockets();
    const { result } = renderHook(() => useLiveSocket(null, 7, false));
    renderHook(() => useLiveSocket(3, null, false));
    await settle();
    expect(server.all).toHaveLength(0);
    expect(result.current.timer).toBeNull();
    expect(result.current.send({ type: 'sync' })).toBe(false);
  });

  test('keeps the last timer state and hands every message to the listener', async () => {
    const server = fakeSockets();
    const seen: ServerMessage[] = [];
    const { result } = renderHook(() => useLiveSocket(1, 2, false, (m) => seen.push(m)));
    await settle();

    const started = timerMessage('timer_started', { phase: 'active', currentRound: 2, secondsLeft: 250 });
    server.last().push(started);
    server.last().push({ type: 'contacts_released', eventId: 1 });

    expect(result.current.timer).toMatchObject({ phase: 'active', currentRound: 2, timeRemaining: 250 });
    expect(seen.map((m) => m.type)).toEqual(['timer_started', 'contacts_released']);
  });

  test('measures the server clock offset from serverNow', async () => {
    const server = fakeSockets();
    const { result } = renderHook(() => useLiveSocket(1, 2, false));
    await settle();
    server.last().push(timerMessage('timer_sync', { phase: 'active', currentRound: 1, secondsLeft: 100, clockAhead: 4_000 }));
    expect(result.current.offset).toBeGreaterThanOrEqual(3_990);
    expect(result.current.offset).toBeLessThanOrEqual(4_000);
  });

  test('a state that arrives late does not move the clock; a later opening measures afresh (decision 0143)', async () => {
    const server = fakeSockets();
    const { result } = renderHook(() => useLiveSocket(1, 2, false));
    await settle();
    // The server's clock is 4 s ahead. The bell's state is read 1.5 s after it left the server (a
    // room's phones all at once on bar Wi-Fi): it measures 2.5 s, and the phone keeps counting with 4.
    server.last().push(timerMessage('timer_sync', { phase: 'idle', currentRound: 0, clockAhead: 4_000 }));
    server.last().push(timerMessage('timer_started', { phase: 'active', currentRound: 1, secondsLeft: 300, clockAhead: 2_500 }));
    expect(result.current.timer).toMatchObject({ phase: 'active', currentRound: 1 });
    expect(result.current.offset).toBeGreaterThanOrEqual(3_990);
    expect(result.current.offset).toBeLessThanOrEqual(4_000);
    const shown = result.current.timer!.endsAt! - (Date.now() + result.current.offset);
    expect(shown).toBeLessThanOrEqual(298_500 + 10);
    // One that arrives quicker than any before raises it.
    server.last().push(timerMessage('timer_sync', { phase: 'active', currentRound: 1, secondsLeft: 290, clockAhead: 4_300 }));
    expect(result.current.offset).toBeGreaterThanOrEqual(4_290);

    // The phone's clock was set 3 s ahead while the line was down: the next opening's first state says so.
    server.last().drop();
    await act(async () => {
      vi.advanceTimersByTime(RETRY_MS);
      for (let i = 0; i < 10; i++) await Promise.resolve();
    });
    expect(server.all).toHaveLength(2);
    server.last().push(timerMessage('timer_sync', { phase: 'active', currentRound: 1, secondsLeft: 280, clockAhead: 1_300 }));
    expect(result.current.offset).toBeGreaterThanOrEqual(1_290);
    expect(result.current.offset).toBeLessThanOrEqual(1_300);
  });

  test('ignores junk and messages outside the shared union, and keeps listening', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const server = fakeSockets();
    const onMessage = vi.fn();
    const { result } = renderHook(() => useLiveSocket(1, 2, false, onMessage));
    await settle();

    server.last().pushRaw('not json');
    server.last().pushRaw(JSON.stringify({ type: 'timer_sync', currentRound: 'two' }));
    server.last().pushRaw(JSON.stringify({ type: 'confetti' }));
    expect(onMessage).not.toHaveBeenCalled();
    expect(result.current.timer).toBeNull();
    expect(errors).toHaveBeenCalledTimes(3);

    server.last().push(timerMessage('timer_sync', { currentRound: 1, phase: 'paused', secondsLeft: 42 }));
    expect(result.current.timer?.timeRemaining).toBe(42);
  });

  test("remembers the server's last error", async () => {
    const server = fakeSockets();
    const { result } = renderHook(() => useLiveSocket(1, 2, true));
    await settle();
    server.last().push({ type: 'error', message: 'Only the host can control the timer' });
    expect(result.current.lastError).toBe('Only the host can control the timer');
  });

  test('sends commands only while the line is open', async () => {
    const server = fakeSockets({ autoOpen: false });
    const { result } = renderHook(() => useLiveSocket(1, 2, true));
    expect(result.current.send({ type: 'pause_timer' })).toBe(false);

    server.last().accept();
    expect(result.current.send({ type: 'start_timer', duration: 600, currentRound: 0, autoAdvance: true })).toBe(true);
    expect(server.last().sent).toEqual([{ type: 'start_timer', duration: 600, currentRound: 0, autoAdvance: true }]);
  });

  test('reconnects half a second after a drop, again after each failed try, once the server answers', async () => {
    // Exact to the millisecond: the clock moves only when the test moves it.
    vi.useFakeTimers();
    const server = fakeSockets({ autoOpen: false });
    const { result } = renderHook(() => useLiveSocket(5, 2, false));
    server.last().accept();

    server.last().drop();
    expect(result.current.status).toBe('reconnecting');
    expect(result.current.send({ type: 'sync' })).toBe(false);

    await waitRetry(RETRY_MS - 1);
    expect(server.all).toHaveLength(1);
    await waitRetry(1);
    expect(pings).toEqual([REACHABLE_URL]);
    expect(server.all).toHaveLength(2);

    // That try fails too: the next one comes as soon.
    server.last().drop();
    await waitRetry(RETRY_MS - 1);
    expect(server.all).toHaveLength(2);
    await waitRetry(1);
    expect(server.all).toHaveLength(3);

    server.last().accept();
    expect(result.current.status).toBe('open');
    expect(server.last().url).toContain('eventId=5&userId=2');
  });

  test('while the line is down the phone asks the server every half second and opens no socket; the first answer opens one', async () => {
    const server = fakeSockets({ autoOpen: false });
    const { result } = renderHook(() => useLiveSocket(5, 2, false));
    server.last().accept();
    lineUp = false;
    server.last().drop();
    // Two minutes without a line: a question every half second, and not one failed socket for the
    // browser to count against the page.
    for (let tries = 0; tries < 240; tries++) await waitRetry(RETRY_MS);
    expect(RETRY_MS).toBeLessThanOrEqual(500);
    expect(pings).toHaveLength(240);
    expect(new Set(pings)).toEqual(new Set([REACHABLE_URL]));
    expect(server.all).toHaveLength(1);
    expect(result.current.status).toBe('reconnecting');

    // The line returns: within half a second the phone asks, gets an answer, and opens its socket.
    lineUp = true;
    await waitRetry(RETRY_MS);
    expect(server.all).toHaveLength(2);
    server.last().accept();
    expect(result.current.status).toBe('open');
  });

  test("a gateway with no server behind it (502-504) is not an answer; the server's own is, whatever its status", async () => {
    const server = fakeSockets({ autoOpen: false });
    renderHook(() => useLiveSocket(5, 2, false));
    server.last().accept();
    let status = 502;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(null, { status })),
    );
    server.last().drop();
    for (const gateway of [502, 503, 504]) {
      status = gateway;
      await waitRetry(RETRY_MS);
      expect(server.all, `after a ${gateway}`).toHaveLength(1);
    }
    status = 401;
    await waitRetry(RETRY_MS);
    expect(server.all).toHaveLength(2);
  });

  test('when the phone says it is back online it opens its socket at once, without asking', async () => {
    const server = fakeSockets({ autoOpen: false });
    const { result } = renderHook(() => useLiveSocket(5, 2, false));
    server.last().accept();
    lineUp = false;
    server.last().drop();
    for (let tries = 0; tries < 5; tries++) await waitRetry(RETRY_MS);
    const asked = pings.length;
    act(() => window.dispatchEvent(new Event('online')));
    expect(server.all).toHaveLength(2);
    expect(pings).toHaveLength(asked);
    server.last().accept();
    expect(result.current.status).toBe('open');
  });

  test('reconnects at once when the server says it is restarting (1012), without asking first', async () => {
    // Exact to the millisecond: the clock moves only when the test moves it.
    vi.useFakeTimers();
    const server = fakeSockets({ autoOpen: false });
    const { result } = renderHook(() => useLiveSocket(5, 2, false));
    server.last().accept();
    // The slowest draw of the jitter.
    vi.spyOn(Math, 'random').mockReturnValue(0.999);

    server.last().drop(SERVICE_RESTART);
    expect(result.current.status).toBe('reconnecting');
    act(() => vi.advanceTimersByTime(RESTART_JITTER_MS - 1));
    // Straight to a new socket: the server said it is going, another instance is there.
    expect(server.all).toHaveLength(2);
    expect(pings).toEqual([]);

    // That attempt is refused (1006): the ordinary wait and question.
    server.last().drop();
    await waitRetry(RETRY_MS - 1);
    expect(server.all).toHaveLength(2);
    await waitRetry(1);
    expect(server.all).toHaveLength(3);

    // The next instance restarts too (a rolling upgrade): again within the jitter.
    server.last().accept();
    server.last().drop(SERVICE_RESTART);
    act(() => vi.advanceTimersByTime(RESTART_JITTER_MS - 1));
    expect(server.all).toHaveLength(4);
    server.last().accept();
    expect(result.current.status).toBe('open');
    expect(server.last().url).toContain('eventId=5&userId=2');
  });

  test('an ordinary drop waits RETRY_MS (1012 alone is "now")', async () => {
    // Exact to the millisecond: the clock moves only when the test moves it.
    vi.useFakeTimers();
    const server = fakeSockets({ autoOpen: false });
    renderHook(() => useLiveSocket(5, 2, false));
    server.last().accept();
    vi.spyOn(Math, 'random').mockReturnValue(0);
    server.last().drop(1011);
    await waitRetry(RESTART_JITTER_MS);
    expect(server.all).toHaveLength(1);
    await waitRetry(RETRY_MS - RESTART_JITTER_MS);
    expect(server.all).toHaveLength(2);
  });

  test('a session ended on the server (4401): no retry, which would only be refused, and the session is read again', async () => {
    vi.useFakeTimers();
    const server = fakeSockets({ autoOpen: false });
    const qc = createQueryClient();
    qc.setQueryData(queryKeys.me(), { id: 2 });
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={qc}>{children}</QueryClientProvider>;
    const { result } = renderHook(() => useLiveSocket(5, 2, false), { wrapper });
    server.last().accept();
    server.last().drop(SESSION_ENDED);
    expect(result.current.status).toBe('closed');
    expect(qc.getQueryState(queryKeys.me())?.isInvalidated).toBe(true);
    await waitRetry(RETRY_MS * 3);
    expect(server.all).toHaveLength(1);
    expect(pings).toEqual([]);
  });

  test('components of one page share one socket; it closes when the last one leaves', async () => {
    const server = fakeSockets();
    const a = renderHook(() => useLiveSocket(9, 2, false));
    const b = renderHook(() => useLiveSocket(9, 2, false));
    await settle();
    expect(server.all).toHaveLength(1);

    server.last().push(timerMessage('timer_started', { phase: 'active', currentRound: 1 }));
    expect(a.result.current.timer?.currentRound).toBe(1);
    expect(b.result.current.timer?.currentRound).toBe(1);

    a.unmount();
    expect(server.last().closedByClient).toBe(false);
    b.unmount();
    expect(server.last().closedByClient).toBe(true);
    await settle();

    // No reconnection after a deliberate close.
    act(() => vi.advanceTimersByTime(20_000));
    expect(server.all).toHaveLength(1);
  });

  test('a host and a guest view of the same event are separate connections', async () => {
    const server = fakeSockets();
    renderHook(() => useLiveSocket(9, 2, false));
    renderHook(() => useLiveSocket(9, 2, true));
    await settle();
    expect(server.all.map((s) => s.query.get('isHost'))).toEqual(['false', 'true']);
  });

  test('leaving while reconnecting cancels the retry', async () => {
    const server = fakeSockets();
    const { unmount } = renderHook(() => useLiveSocket(4, 2, false));
    await settle();
    server.last().drop();
    unmount();
    act(() => vi.advanceTimersByTime(20_000));
    expect(server.all).toHaveLength(1);
  });

  test('leaving while the question is on its way opens nothing when the answer comes', async () => {
    const server = fakeSockets();
    let answer: (r: Response) => void = () => {};
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    );
    const { unmount } = renderHook(() => useLiveSocket(4, 2, false));
    await settle();
    server.last().drop();
    act(() => vi.advanceTimersByTime(RETRY_MS));
    unmount();
    answer(new Response(null, { status: 204 }));
    await answered();
    act(() => vi.advanceTimersByTime(20_000));
    expect(server.all).toHaveLength(1);
  });
});

describe('useRemainingSeconds', () => {
  test('counts down locally from endsAt, without any message from the server', () => {
    const timer = timerState({ phase: 'active', currentRound: 1, secondsLeft: 90 });
    const { result } = renderHook(() => useRemainingSeconds(timer, 0));
    expect(result.current).toBe(90);

    act(() => vi.advanceTimersByTime(30_000));
    expect(result.current).toBe(60);
    act(() => vi.advanceTimersByTime(59_500));
    expect(result.current).toBe(1);
    act(() => vi.advanceTimersByTime(10_000));
    expect(result.current).toBe(0);
  });

  test("corrects for a phone whose clock differs from the server's", () => {
    // The server's clock is 5 s ahead: 60 s are left by its clock.
    const timer = timerState({ phase: 'active', currentRound: 1, secondsLeft: 60, clockAhead: 5_000 });
    const { result } = renderHook(() => useRemainingSeconds(timer, 5_000));
    expect(result.current).toBe(60);
  });

  test('a paused timer shows the time that was left, and does not move', () => {
    const timer = timerState({ phase: 'paused', currentRound: 1, secondsLeft: 75 });
    const { result } = renderHook(() => useRemainingSeconds(timer, 0));
    act(() => vi.advanceTimersByTime(10_000));
    expect(result.current).toBe(75);
  });

  test('the grace period counts down too', () => {
    const timer = timerState({ phase: 'grace', currentRound: 1, secondsLeft: 60 });
    const { result } = renderHook(() => useRemainingSeconds(timer, 0));
    act(() => vi.advanceTimersByTime(15_000));
    expect(result.current).toBe(45);
  });

  test('draws the clock again once a second, as the number shown changes, not on a faster beat', () => {
    const timer = timerState({ phase: 'active', currentRound: 1, secondsLeft: 90 });
    let renders = 0;
    const seen: number[] = [];
    renderHook(() => {
      renders++;
      const left = useRemainingSeconds(timer, 0);
      seen.push(left);
      return left;
    });
    renders = 0;
    seen.length = 0;
    // Ten seconds looked at every 100 ms (each step its own act, so React draws what each asked for).
    for (let i = 0; i < 100; i++) act(() => vi.advanceTimersByTime(100));
    // Ten new numbers, each drawn once, none skipped, none late by more than a step.
    expect(renders).toBe(10);
    expect(seen).toEqual([89, 88, 87, 86, 85, 84, 83, 82, 81, 80]);
  });

  test('no timer yet: zero', () => {
    const { result } = renderHook(() => useRemainingSeconds(null, 0));
    expect(result.current).toBe(0);
  });
});
