import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, test, vi } from 'vitest';
import type { ServerMessage } from '@shared/realtime';
import { doorSummary, type Door, type DoorGuest } from '@shared/schemas/door';
import type { MyRound, RoundRecord } from '@shared/schemas/live';
import type { ProgressRow } from '@shared/schemas/matching';
import { fakeSockets, settle, timerMessage } from '@client/test/fake-socket';
import { anEventDetail } from '@client/test/fixtures';
import { fakeServer } from '@client/test/render';
import { useLiveSocket } from './live-socket';
import { createQueryClient } from './query-client';
import { queryKeys } from './query-keys';

/** What the evening's socket does to the query cache (./live-cache.ts), through the socket as the screens use it. */
describe("the guest's place arrives with the state (docs/decisions/0017)", () => {
  const person = (id: number, name: string) => ({ id, name, age: 30, bio: null, interests: [], profileImage: null });
  const place = (round: number, table: number | null, partner: ReturnType<typeof person> | null): MyRound => ({ round, table, partner });

  const withPlaces = (m: ServerMessage, mine: MyRound | null, upNext: MyRound | null) => ({ ...m, mine, upNext }) as ServerMessage;

  function withCache(rotation: MyRound[] | undefined) {
    const qc = createQueryClient();
    if (rotation) qc.setQueryData(queryKeys.myRotation(1), rotation);
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={qc}>{children}</QueryClientProvider>;
    return { qc, wrapper };
  }

  test('a new round puts mine and upNext into the loaded rotation, replacing what was planned, with no request', async () => {
    const http = fakeServer({});
    const sockets = fakeSockets();
    const { qc, wrapper } = withCache([place(1, 2, person(5, 'Priya')), place(2, 1, person(6, 'Sam')), place(3, 4, person(7, 'Alex'))]);
    renderHook(() => useLiveSocket(1, 2, false), { wrapper });
    await settle();
    sockets.last().push(timerMessage('timer_sync', { phase: 'active', currentRound: 1, secondsLeft: 100 }));
    // Round 2 was re-planned (a late arrival): Zoe at table 3; nothing planned for round 3 any more.
    sockets.last().push(withPlaces(timerMessage('timer_started', { phase: 'active', currentRound: 2, secondsLeft: 300 }), place(2, 3, person(8, 'Zoe')), null));
    await settle();
    expect(qc.getQueryData<MyRound[]>(queryKeys.myRotation(1))).toEqual([place(1, 2, person(5, 'Priya')), place(2, 3, person(8, 'Zoe'))]);
    expect(http.calls).toEqual([]);
  });

  test('a bye is kept as a round without a partner', async () => {
    fakeServer({});
    const sockets = fakeSockets();
    const { qc, wrapper } = withCache([]);
    renderHook(() => useLiveSocket(1, 2, false), { wrapper });
    await settle();
    sockets
      .last()
      .push(
        withPlaces(timerMessage('timer_started', { phase: 'active', currentRound: 1, secondsLeft: 300 }), place(1, null, null), place(2, 5, person(9, 'Mo'))),
      );
    expect(qc.getQueryData<MyRound[]>(queryKeys.myRotation(1))).toEqual([place(1, null, null), place(2, 5, person(9, 'Mo'))]);
  });

  test('a rotation nobody loaded is left for the screen to fetch whole', async () => {
    fakeServer({});
    const sockets = fakeSockets();
    const { qc, wrapper } = withCache(undefined);
    renderHook(() => useLiveSocket(1, 2, false), { wrapper });
    await settle();
    sockets
      .last()
      .push(withPlaces(timerMessage('timer_started', { phase: 'active', currentRound: 1, secondsLeft: 300 }), place(1, 2, person(5, 'Priya')), null));
    expect(qc.getQueryData(queryKeys.myRotation(1))).toBeUndefined();
  });

  test('a rotation that failed to load while the line was down is asked again once the socket opens', async () => {
    fakeServer({});
    const sockets = fakeSockets({ autoOpen: false });
    const { wrapper } = withCache(undefined);
    let lineDown = true;
    const asked: number[] = [];
    const read = (eventId: number) => async () => {
      asked.push(eventId);
      if (lineDown) throw new TypeError('Failed to fetch');
      return [place(1, 2, person(5, 'Priya'))];
    };
    const { result } = renderHook(
      () => {
        useLiveSocket(31, 2, false);
        return [
          useQuery({ queryKey: queryKeys.myRotation(31), queryFn: read(31), retry: false }),
          useQuery({ queryKey: queryKeys.myRotation(32), queryFn: read(32), retry: false }),
        ];
      },
      { wrapper },
    );
    await vi.waitFor(() => expect(result.current[1]!.isError && result.current[0]!.isError).toBe(true));
    expect(asked).toEqual([31, 32]);

    lineDown = false;
    sockets.last().accept();
    // This evening's failed read is asked again; another evening's is left alone.
    await vi.waitFor(() => expect(result.current[0]!.data).toEqual([place(1, 2, person(5, 'Priya'))]));
    expect(asked).toEqual([31, 32, 31]);
  });

  test('without mine (a host, or an older server) a new round refreshes the rotation instead', async () => {
    fakeServer({});
    const sockets = fakeSockets();
    const { qc, wrapper } = withCache([place(1, 2, person(5, 'Priya'))]);
    renderHook(() => useLiveSocket(1, 2, false), { wrapper });
    await settle();
    sockets.last().push(timerMessage('timer_sync', { phase: 'active', currentRound: 1, secondsLeft: 100 }));
    sockets.last().push(timerMessage('timer_started', { phase: 'active', currentRound: 2, secondsLeft: 300 }));
    await settle();
    expect(qc.getQueryState(queryKeys.myRotation(1))?.isInvalidated).toBe(true);
  });
});

describe("the ratings news carries the host's desk (docs/decisions/0133)", () => {
  const record = (round: number, submitted: number): RoundRecord => ({
    round,
    startTime: '2026-11-30T20:00:00.000Z',
    endTime: null,
    duration: 300,
    participantsSubmitted: submitted,
    totalParticipants: 4,
    status: 'active',
  });
  const row = (id: number, hasSubmitted: boolean): ProgressRow => ({ id, name: `Guest ${id}`, partnerId: id + 1, hasSubmitted, sittingOut: false });

  /** The desk's three reads, each counting how often it asked the server. */
  function desk() {
    fakeServer({});
    const sockets = fakeSockets();
    const qc = createQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={qc}>{children}</QueryClientProvider>;
    const asked: string[] = [];
    const read =
      <T,>(what: string, data: T) =>
      async () => {
        asked.push(what);
        return data;
      };
    const { result } = renderHook(
      () => {
        useLiveSocket(1, 9, true);
        return {
          rounds: useQuery({ queryKey: queryKeys.rounds(1), queryFn: read('rounds', [record(1, 0), record(2, 0)]) }),
          now: useQuery({ queryKey: queryKeys.progress(1, 2), queryFn: read('progress 2', [row(1, false)]) }),
          earlier: useQuery({ queryKey: queryKeys.progress(1, 1), queryFn: read('progress 1', [row(1, true)]) }),
        };
      },
      { wrapper },
    );
    return { sockets, result, asked };
  }

  test('with the history and the latest round in it, the desk shows them with no read; another round is read again', async () => {
    const { sockets, result, asked } = desk();
    await vi.waitFor(() => expect(result.current.rounds.data && result.current.now.data && result.current.earlier.data).toBeTruthy());
    expect(asked.sort()).toEqual(['progress 1', 'progress 2', 'rounds']);
    asked.length = 0;
    const rounds = [record(1, 4), record(2, 1)];
    const rows = [row(1, true)];
    sockets.last().push({ type: 'ratings_updated', eventId: 1, rounds, progress: { round: 2, rows } });
    await vi.waitFor(() => expect(result.current.rounds.data).toEqual(rounds));
    expect(result.current.now.data).toEqual(rows);
    await vi.waitFor(() => expect(asked).toEqual(['progress 1']));
    await settle();
    expect(asked).toEqual(['progress 1']);
  });

  test('without them (a failed read on the server, or a round that began meanwhile), the desk reads both again', async () => {
    const { sockets, result, asked } = desk();
    await vi.waitFor(() => expect(result.current.rounds.data && result.current.now.data && result.current.earlier.data).toBeTruthy());
    asked.length = 0;
    sockets.last().push({ type: 'ratings_updated', eventId: 1 });
    await vi.waitFor(() => expect(asked.sort()).toEqual(['progress 1', 'progress 2', 'rounds']));
  });
});

describe("a guest's own check-in news (docs/decisions/0139)", () => {
  function phone(isHost = false) {
    fakeServer({});
    const sockets = fakeSockets();
    const qc = createQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={qc}>{children}</QueryClientProvider>;
    let reads = 0;
    const { result } = renderHook(
      () => {
        useLiveSocket(1, 2, isHost);
        return useQuery({
          queryKey: queryKeys.event(1),
          queryFn: async () => {
            reads++;
            return anEventDetail({ id: 1 }, { registered: !isHost, checkedIn: false, checkedInAt: null, isHost });
          },
        });
      },
      { wrapper },
    );
    return { sockets, result, reads: () => reads };
  }

  test('carrying the check-in, it goes straight into the evening with no read; checked out again too', async () => {
    const { sockets, result, reads } = phone();
    await vi.waitFor(() => expect(result.current.data).toBeTruthy());
    expect(reads()).toBe(1);
    const at = '2025-05-14T18:10:00.000Z';
    sockets.last().push({ type: 'checkins_updated', eventId: 1, checkedInAt: at });
    await vi.waitFor(() => expect(result.current.data?.viewer).toMatchObject({ checkedIn: true, checkedInAt: at }));
    sockets.last().push({ type: 'checkins_updated', eventId: 1, checkedInAt: null });
    await vi.waitFor(() => expect(result.current.data?.viewer).toMatchObject({ checkedIn: false, checkedInAt: null }));
    await settle();
    expect(reads()).toBe(1);
  });

  test('without it (an arrival report, an older server), the phone reads the evening again', async () => {
    const { sockets, result, reads } = phone();
    await vi.waitFor(() => expect(result.current.data).toBeTruthy());
    sockets.last().push({ type: 'checkins_updated', eventId: 1 });
    await vi.waitFor(() => expect(reads()).toBe(2));
  });

  test("a host's desk does not read its evening again on the guests' check-in news: it says nothing of them", async () => {
    const { sockets, result, reads } = phone(true);
    await vi.waitFor(() => expect(result.current.data).toBeTruthy());
    sockets.last().push({ type: 'checkins_updated', eventId: 1 });
    await settle();
    expect(reads()).toBe(1);
  });
});

describe("the hosts' check-in news carries the changes (docs/decisions/0142)", () => {
  const guest = (userId: number, checkedInAt: string | null): DoorGuest => ({
    userId,
    name: `Guest ${userId}`,
    ticketCode: `CODE${userId}`,
    checkedIn: checkedInAt !== null,
    checkedInAt,
    method: checkedInAt ? 'scan' : null,
    accessNeeds: null,
  });
  const earlier = '2025-05-14T18:05:00.000Z';
  const later = '2025-05-14T18:10:00.000Z';
  const listed = [guest(1, earlier), guest(2, null), guest(3, null)];
  const door = (guests: DoorGuest[]): Door => ({ eventId: 1, ...doorSummary(guests), guests, reminders: { lastSentAt: null, nextAt: null } });

  /** The check-in desk's list, counting its reads; `answer` is what the next read returns (or waits for). */
  function desk() {
    fakeServer({});
    const sockets = fakeSockets();
    const qc = createQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={qc}>{children}</QueryClientProvider>;
    let reads = 0;
    let answer: () => Promise<Door> = async () => door(listed);
    const { result } = renderHook(
      () => {
        useLiveSocket(1, 9, true);
        return useQuery({
          queryKey: queryKeys.door(1),
          queryFn: () => {
            reads++;
            return answer();
          },
        });
      },
      { wrapper },
    );
    return { sockets, result, reads: () => reads, answerWith: (a: () => Promise<Door>) => (answer = a) };
  }

  /** The desk's list is loaded and the server has said the socket is in the room (its first message, a state): the list was read again then. */
  async function inTheRoom(d: ReturnType<typeof desk>) {
    await vi.waitFor(() => expect(d.result.current.data).toBeTruthy());
    d.sockets.last().push(timerMessage('timer_sync'));
    await vi.waitFor(() => expect(d.reads()).toBe(2));
    await settle();
  }

  test('the changes land on the list, its counts and its latest check-ins with no read of it', async () => {
    const d = desk();
    const { sockets, result, reads } = d;
    await inTheRoom(d);
    sockets.last().push({ type: 'checkins_updated', eventId: 1, guests: [{ userId: 3, checkedInAt: later, method: 'self' }] });
    await vi.waitFor(() => expect(result.current.data?.counts).toEqual({ registered: 3, checkedIn: 2, toCome: 1 }));
    expect(result.current.data?.recent.map((g) => g.userId)).toEqual([3, 1]);
    expect(result.current.data?.guests[2]).toMatchObject({ checkedIn: true, checkedInAt: later, method: 'self' });
    // An undo: out of the latest check-ins and the count.
    sockets.last().push({ type: 'checkins_updated', eventId: 1, guests: [{ userId: 1, checkedInAt: null, method: null }] });
    await vi.waitFor(() => expect(result.current.data?.counts).toEqual({ registered: 3, checkedIn: 1, toCome: 2 }));
    expect(result.current.data?.recent.map((g) => g.userId)).toEqual([3]);
    await settle();
    expect(reads()).toBe(2);
  });

  test('news without changes, or naming a guest the list lacks, reads the list again', async () => {
    const d = desk();
    const { sockets, reads } = d;
    await inTheRoom(d);
    sockets.last().push({ type: 'checkins_updated', eventId: 1 });
    await vi.waitFor(() => expect(reads()).toBe(3));
    sockets.last().push({ type: 'checkins_updated', eventId: 1, guests: [{ userId: 4, checkedInAt: later, method: 'scan' }] });
    await vi.waitFor(() => expect(reads()).toBe(4));
  });

  test('news while the list is being read reads it again: the read under way may predate the change', async () => {
    const d = desk();
    const { sockets, result, reads, answerWith } = d;
    await inTheRoom(d);
    let answerStale: (d: Door) => void = () => {};
    answerWith(() => new Promise<Door>((resolve) => (answerStale = resolve)));
    sockets.last().push({ type: 'checkins_updated', eventId: 1 });
    await vi.waitFor(() => expect(reads()).toBe(3));
    answerWith(async () => door([guest(1, earlier), guest(2, later), guest(3, null)]));
    sockets.last().push({ type: 'checkins_updated', eventId: 1, guests: [{ userId: 2, checkedInAt: later, method: 'scan' }] });
    answerStale(door(listed));
    await vi.waitFor(() => expect(reads()).toBe(4));
    await vi.waitFor(() => expect(result.current.data?.counts.checkedIn).toBe(2));
  });

  test("the list is read again on the server's first message after each opening: what was said before it never reaches the desk", async () => {
    const d = desk();
    const { sockets, reads } = d;
    await vi.waitFor(() => expect(d.result.current.data).toBeTruthy());
    // A check-in between the page's read and the socket's joining the room is in no news: the first message reads.
    await settle();
    expect(reads()).toBe(1);
    await inTheRoom(d);
    // Back after a dropped line: the news said meanwhile is not repeated, so the first message reads again.
    sockets.last().drop();
    await vi.waitFor(() => expect(sockets.all.filter((s) => s.isOpen)).toHaveLength(1), { timeout: 3_000 });
    await settle();
    expect(reads()).toBe(2);
    sockets.last().push(timerMessage('timer_sync'));
    await vi.waitFor(() => expect(reads()).toBe(3));
  });
});
