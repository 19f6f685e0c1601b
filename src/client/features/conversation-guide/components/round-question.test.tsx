import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { GUIDE_FIRST_ASK_MS, GUIDE_SPREAD_MS } from '@shared/domain/conversation-guide';
import type { ConversationGuide } from '@shared/schemas/conversation-guide';
import { applyToCache } from '@client/lib/live-cache';
import { createQueryClient } from '@client/lib/query-client';
import type { ReceivedTimer } from '@client/lib/queries/live';
import { queryKeys } from '@client/lib/query-keys';
import { timerState } from '@client/test/fake-socket';
import { fakeServer, Reply } from '@client/test/render';
import { guideWait } from '../api/conversation-guide';
import { RoundQuestion } from './round-question';

/**
 * Docs/decisions/0146: a room's phones ask for the round's question at moments of their own over the
 * first GUIDE_SPREAD_MS after the bell, not all in the bell's second; a page opened later asks at once.
 */
const EVENT = 4;
const question: ConversationGuide = {
  setting: 'light',
  question: { round: 2, position: 0, text: 'You both like hiking. Where was the last walk?', followUp: 'Ask what made it.', topic: 'Hiking' },
  more: true,
};

/** The socket's timer state as the cache keeps it: round 2 began `ago` ms before now by the server's clock, 4 s ahead of the phone's. */
function roomAt(ago: number) {
  const qc = createQueryClient();
  const state = timerState({ phase: 'active', currentRound: 2, roundDuration: 300, clockAhead: 4_000 });
  const endsAt = state.serverNow - ago + 300_000;
  qc.setQueryData<ReceivedTimer>(queryKeys.timer(EVENT), { state: { ...state, endsAt }, offset: 4_000 });
  return qc;
}

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('guideWait', () => {
  test("right after the bell: the phone's own moment of the spread, less the time since the bell", () => {
    const qc = roomAt(1_000);
    const half = GUIDE_FIRST_ASK_MS + (GUIDE_SPREAD_MS - GUIDE_FIRST_ASK_MS) / 2 - 1_000;
    expect(guideWait(qc, EVENT, 2, 0.5)).toBeGreaterThanOrEqual(half - 20);
    expect(guideWait(qc, EVENT, 2, 0.5)).toBeLessThanOrEqual(half + 20);
    // The earliest moment is GUIDE_FIRST_ASK_MS after the bell: the socket brings the question before (docs/decisions/0147).
    expect(guideWait(qc, EVENT, 2, 0)).toBeGreaterThanOrEqual(GUIDE_FIRST_ASK_MS - 1_000 - 20);
    expect(guideWait(qc, EVENT, 2, 0)).toBeLessThanOrEqual(GUIDE_FIRST_ASK_MS - 1_000 + 20);
    // A moment already passed: at once.
    expect(guideWait(roomAt(GUIDE_SPREAD_MS - 500), EVENT, 2, 0.1)).toBe(0);
  });

  test('at once when the round began before the spread, when the state is of another round, or the question is here', () => {
    expect(guideWait(roomAt(GUIDE_SPREAD_MS + 1_000), EVENT, 2, 0.9)).toBe(0);
    expect(guideWait(roomAt(500), EVENT, 3, 0.9)).toBe(0);
    expect(guideWait(createQueryClient(), EVENT, 2, 0.9)).toBe(0);
    const qc = roomAt(500);
    qc.setQueryData(queryKeys.guide(EVENT, 2), question);
    expect(guideWait(qc, EVENT, 2, 0.9)).toBe(0);
  });
});

describe('RoundQuestion', () => {
  test('at the bell the phone asks only at its moment, then shows the question', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.75);
    const server = fakeServer({ [`GET /api/events/${EVENT}/conversation-guide`]: question });
    render(
      <QueryClientProvider client={roomAt(200)}>
        <RoundQuestion eventId={EVENT} round={2} />
      </QueryClientProvider>,
    );
    // 2 s, then 0.75 of the 6 s after it, less the 0.2 s since the bell: 6.3 s.
    await act(async () => vi.advanceTimersByTime(6_000));
    expect(server.calls.filter((c) => c.url.pathname.endsWith('/conversation-guide'))).toHaveLength(0);
    await act(async () => vi.advanceTimersByTime(500));
    expect(await screen.findByText('You both like hiking. Where was the last walk?')).toBeInTheDocument();
    expect(server.calls.filter((c) => c.url.pathname.endsWith('/conversation-guide'))).toHaveLength(1);
  });

  test('an ask refused while the server is busy (503) is asked again, and the question shows', async () => {
    let asks = 0;
    fakeServer({
      [`GET /api/events/${EVENT}/conversation-guide`]: () => (++asks === 1 ? new Reply(503, { message: 'The service is busy' }) : question),
    });
    render(
      <QueryClientProvider client={roomAt(60_000)}>
        <RoundQuestion eventId={EVENT} round={2} />
      </QueryClientProvider>,
    );
    await act(async () => vi.advanceTimersByTime(1_500));
    expect(await screen.findByText('You both like hiking. Where was the last walk?')).toBeInTheDocument();
    expect(asks).toBe(2);
  });

  test('the question heard on the socket after the bell shows at once, and the phone never asks (docs/decisions/0147)', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.75);
    const server = fakeServer({ [`GET /api/events/${EVENT}/conversation-guide`]: question });
    const qc = roomAt(200);
    render(
      <QueryClientProvider client={qc}>
        <RoundQuestion eventId={EVENT} round={2} />
      </QueryClientProvider>,
    );
    await act(async () => vi.advanceTimersByTime(300));
    act(() => applyToCache(qc, EVENT, 7, null, { type: 'guide_question', eventId: EVENT, round: 2, guide: question }, 0));
    expect(await screen.findByText('You both like hiking. Where was the last walk?')).toBeInTheDocument();
    await act(async () => vi.advanceTimersByTime(2 * GUIDE_SPREAD_MS));
    expect(server.calls.filter((c) => c.url.pathname.endsWith('/conversation-guide'))).toHaveLength(0);
    // A question already on this phone ("Another question") stands: the bell's message does not replace it.
    const later = { ...question, question: { ...question.question!, position: 1, text: 'What did you want to be at ten?' } };
    qc.setQueryData(queryKeys.guide(EVENT, 2), later);
    act(() => applyToCache(qc, EVENT, 7, null, { type: 'guide_question', eventId: EVENT, round: 2, guide: question }, 0));
    expect(qc.getQueryData(queryKeys.guide(EVENT, 2))).toEqual(later);
  });

  test('a page opened mid-round asks at once', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.75);
    fakeServer({ [`GET /api/events/${EVENT}/conversation-guide`]: question });
    render(
      <QueryClientProvider client={roomAt(60_000)}>
        <RoundQuestion eventId={EVENT} round={2} />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('You both like hiking. Where was the last walk?')).toBeInTheDocument();
  });
});
