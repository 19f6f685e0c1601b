import { act, screen, within } from '@testing-library/react';
import { toast, Toaster } from 'sonner';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import type { TimerStateMessage } from '@shared/realtime';
import type { EventDetail } from '@shared/schemas/events';
import type { Connection, ConnectionsState } from '@shared/schemas/matching';
import { fakeSockets, settle, timerMessage, timerState } from '@client/test/fake-socket';
import { HOUR, fromNow, guestTonight } from '@client/test/fixtures';
import { fakeServer, Reply, renderAt, type FakeRequest } from '@client/test/render';
import { LiveEventLoadError, LiveEventScreen, LiveEventSignIn, NoLiveEvent } from './live-event-screen';

const evening = (viewer: Partial<EventDetail['viewer']> = {}, over: Partial<EventDetail> = {}) =>
  guestTonight(viewer, { date: fromNow(-HOUR / 2), endsAt: fromNow(2 * HOUR), ...over });

const attendees = [
  { id: 11, name: 'Priya' },
  { id: 12, name: 'Sam' },
  { id: 13, name: 'Alex' },
];
const CODES: Record<string, number> = { P1R2Y3: 11, S4M5X6: 12, A7L8X9: 13 };

function logged(id: number, response: Connection['response'] = null, method: Connection['method'] = 'list', canDecide = true): Connection {
  return {
    participantId: id,
    participantName: attendees.find((a) => a.id === id)!.name,
    timestamp: '2025-05-14T18:05:00Z',
    method,
    round: 1,
    response,
    canDecide,
  };
}

/** The connection log as the server keeps it: POST logs by id or code and records yes/no. */
function connectionsServer(initial: Connection[] = [], more: { id: number; name: string }[] = []) {
  const state: ConnectionsState = { personalCode: 'K9Q2W7', connections: [...initial], attendees: [...attendees, ...more] };
  const post = vi.fn((req: FakeRequest) => {
    const body = req.body as { ratedId?: number; code?: string; method: Connection['method']; decision?: 'yes' | 'no' };
    const id = body.ratedId ?? CODES[body.code ?? ''];
    if (!id) return new Reply(404, { message: 'No guest at this event has that code' });
    const existing = state.connections.find((c) => c.participantId === id);
    if (existing) {
      if (body.decision) existing.response = body.decision;
    } else {
      state.connections.push({ ...logged(id, body.decision ?? null, body.method), timestamp: new Date().toISOString() });
    }
    return structuredClone(state);
  });
  return { state, post, get: () => structuredClone(state) };
}

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});

afterEach(() => {
  // Sonner keeps its toasts between tests and replays them to the next Toaster.
  toast.dismiss();
  vi.restoreAllMocks();
});

async function openTracker({
  timer = timerState({ phase: 'active', currentRound: 1, secondsLeft: 240 }),
  detail = evening(),
  log = connectionsServer(),
  routes = {},
  path = '/live-event?event=5',
}: {
  timer?: TimerStateMessage | null;
  detail?: EventDetail;
  log?: ReturnType<typeof connectionsServer>;
  routes?: Record<string, unknown>;
  path?: string;
} = {}) {
  const server = fakeServer({
    'GET /api/events/5': detail,
    'GET /api/events/5/connections': log.get,
    'POST /api/events/5/connections': log.post,
    ...routes,
  });
  const sockets = fakeSockets();
  const view = renderAt(
    <>
      <Toaster />
      <LiveEventScreen eventId={5} userId={1} />
    </>,
    { path },
  );
  await screen.findByRole('heading', { name: 'Log a connection' });
  await settle();
  if (timer) sockets.last().push({ type: 'timer_sync', ...timer });
  return { ...view, server, log, ws: sockets.last() };
}

const logCard = () => screen.getByRole('heading', { name: 'Log a connection' }).closest('div')!.parentElement!;
const yourConnections = () => screen.getByRole('heading', { name: /Your connections/ }).parentElement!;

describe('who may use the page', () => {
  test('a member who has not booked is pointed to the event', async () => {
    fakeServer({ 'GET /api/events/5': evening({ registered: false }) });
    const sockets = fakeSockets();
    renderAt(<LiveEventScreen eventId={5} userId={1} />);
    expect(await screen.findByRole('heading', { name: 'This page is for guests of this evening' })).toBeInTheDocument();
    expect(screen.getByText('Book a place at Prestwich Friday Friends to log the people you meet on the night.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See the event' })).toHaveAttribute('href', '/events/5');
    expect(sockets.all).toHaveLength(0);
  });

  test('the host is sent to the host controls', async () => {
    fakeServer({ 'GET /api/events/5': evening({ registered: false, isHost: true }) });
    fakeSockets();
    renderAt(<LiveEventScreen eventId={5} userId={9} />);
    expect(await screen.findByRole('heading', { name: "You're hosting this evening" })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open host controls' })).toHaveAttribute('href', '/events/5?admin=true');
  });

  test('an evening that does not exist', async () => {
    fakeServer({ 'GET /api/events/5': new Reply(404, { message: 'Event not found' }) });
    fakeSockets();
    renderAt(<LiveEventScreen eventId={5} userId={1} />);
    expect(await screen.findByRole('heading', { name: 'Event not found' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  test('a failed load can be retried', async () => {
    let fail = true;
    const log = connectionsServer();
    fakeServer({
      'GET /api/events/5': () => (fail ? new Reply(500, { message: 'Internal error' }) : evening()),
      'GET /api/events/5/connections': log.get,
    });
    fakeSockets();
    const { user } = renderAt(<LiveEventScreen eventId={5} userId={1} />);
    expect(await screen.findByRole('heading', { name: "We couldn't load your evening" })).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Log a connection' })).toBeInTheDocument();
  });

  test('a visitor is asked to log in and come back here', () => {
    renderAt(<LiveEventSignIn />, { path: '/live-event?event=5' });
    expect(screen.getByRole('heading', { name: 'Log in to join the live evening' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login?next=%2Flive-event%3Fevent%3D5');
  });

  test('no evening ahead, or a broken link', () => {
    const { unmount } = renderAt(<NoLiveEvent />);
    expect(screen.getByRole('heading', { name: 'No evening coming up' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse Events' })).toHaveAttribute('href', '/events');
    unmount();
    renderAt(<LiveEventLoadError notFound />);
    expect(screen.getByRole('heading', { name: 'Event not found' })).toBeInTheDocument();
  });
});

describe('logging a conversation', () => {
  test("by the other guest's code: they appear in the list, pending an answer", async () => {
    const { user, log } = await openTracker();
    expect(screen.getByText('Round in progress')).toBeInTheDocument();

    await user.click(within(logCard()).getByRole('tab', { name: 'Code' }));
    await user.type(screen.getByLabelText('Their personal code'), 'p1r2y3');
    await user.click(screen.getByRole('button', { name: 'Log connection' }));

    expect(log.post).toHaveBeenCalledTimes(1);
    expect(log.post.mock.calls[0]![0].body).toEqual({ code: 'P1R2Y3', method: 'code' });
    expect(await screen.findByText('Logged Priya')).toBeInTheDocument();
    expect(screen.getByLabelText('Their personal code')).toHaveValue('');

    const item = within(yourConnections()).getByRole('listitem');
    expect(item).toHaveTextContent('Priya');
    expect(item).toHaveTextContent('Pending');
    expect(item).toHaveTextContent('Code');
    expect(screen.getByRole('region', { name: /Stay in touch\?/ })).toHaveTextContent('Would you like to stay in touch with Priya?');
    expect(screen.getByText(/No rush: answer when your conversation ends\./)).toBeInTheDocument();
  });

  test('an unknown code is explained at the field and nothing is logged', async () => {
    const { user, log } = await openTracker();
    await user.click(within(logCard()).getByRole('tab', { name: 'Code' }));
    await user.type(screen.getByLabelText('Their personal code'), 'ZZZZZZ');
    await user.click(screen.getByRole('button', { name: 'Log connection' }));
    expect(await screen.findByText('No guest at this event has that code')).toBeInTheDocument();
    expect(screen.getByLabelText('Their personal code')).toHaveAccessibleDescription(/No guest at this event has that code/);
    expect(log.state.connections).toEqual([]);
  });

  test('an empty code is refused before anything is sent', async () => {
    const { user, log } = await openTracker();
    await user.click(within(logCard()).getByRole('tab', { name: 'Code' }));
    await user.click(screen.getByRole('button', { name: 'Log connection' }));
    expect(await screen.findByText('Enter a code')).toBeInTheDocument();
    expect(log.post).not.toHaveBeenCalled();
  });

  test('by picking them from the checked-in guests; a guest already logged cannot be picked again', async () => {
    const { user, log } = await openTracker({ log: connectionsServer([logged(11, 'yes')]) });
    await user.click(within(logCard()).getByRole('tab', { name: 'List' }));
    const guests = screen.getByRole('list', { name: 'Checked-in guests' });
    expect(within(guests).getByRole('button', { name: /^Priya\s?: already logged/ })).toBeDisabled();

    await user.click(within(guests).getByRole('button', { name: 'Log conversation with Sam' }));
    expect(log.post.mock.calls[0]![0].body).toEqual({ ratedId: 12, method: 'list' });
    expect(await screen.findByText('Logged Sam')).toBeInTheDocument();
    expect(await within(guests).findByRole('button', { name: /^Sam\s?: already logged/ })).toBeDisabled();
  });

  test('Start Chat on /badges arrives on the list with that guest first and marked', async () => {
    const { user, log } = await openTracker({ path: '/live-event?event=5&with=13' });
    expect(within(logCard()).getByRole('tab', { name: 'List' })).toHaveAttribute('aria-selected', 'true');
    const buttons = within(screen.getByRole('list', { name: 'Checked-in guests' })).getAllByRole('button');
    expect(buttons[0]).toHaveAccessibleName('Log conversation with Alex');
    await user.click(buttons[0]!);
    expect(log.post.mock.calls[0]![0].body).toEqual({ ratedId: 13, method: 'list' });
  });

  test('a long guest list can be searched', async () => {
    const more = ['Jo', 'Kim', 'Lee', 'Mo'].map((name, i) => ({ id: 20 + i, name }));
    const { user } = await openTracker({ log: connectionsServer([], more) });
    await user.click(within(logCard()).getByRole('tab', { name: 'List' }));
    const guests = screen.getByRole('list', { name: 'Checked-in guests' });
    expect(within(guests).getAllByRole('button')).toHaveLength(7);

    await user.type(screen.getByRole('searchbox', { name: 'Search guests' }), 'pri');
    expect(
      within(guests)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual([expect.stringContaining('Priya')]);

    await user.clear(screen.getByRole('searchbox', { name: 'Search guests' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search guests' }), 'zed');
    expect(within(guests).getByText('No guest matches “zed”.')).toBeInTheDocument();
  });

  test('a guest who is not checked in yet is told why they cannot log anyone', async () => {
    const { user } = await openTracker({ detail: evening({ checkedIn: false }) });
    expect(screen.getByText(/You're not checked in yet\. Find your host at the door/)).toBeInTheDocument();
    expect(within(logCard()).getByRole('button', { name: 'Scan their QR code' })).toBeDisabled();
    await user.click(within(logCard()).getByRole('tab', { name: 'List' }));
    expect(screen.getByRole('button', { name: 'Log conversation with Sam' })).toBeDisabled();
    // Their own code is there to show to others.
    expect(screen.getByText('K9Q2W7')).toBeInTheDocument();
  });

  test('logging waits while the round is paused, and between rounds', async () => {
    const { ws } = await openTracker({ timer: timerState({ phase: 'paused', currentRound: 1, secondsLeft: 100 }) });
    expect(screen.getByText('The round is paused. Logging opens again when the host resumes.')).toBeInTheDocument();
    expect(screen.getByText('Paused by the host')).toBeInTheDocument();

    ws.push(timerMessage('round_complete', { phase: 'idle', currentRound: 1 }));
    expect(screen.getByText('You can log a connection while a round is running.')).toBeInTheDocument();
    expect(screen.getByText('Round 1 is over')).toBeInTheDocument();
    expect(within(logCard()).getByRole('button', { name: 'Scan their QR code' })).toBeDisabled();
  });

  test('before the timer has spoken, logging waits for it', async () => {
    await openTracker({ timer: null });
    expect(screen.getByText('Connecting to the round timer…')).toBeInTheDocument();
  });

  test('when the clock runs out the round card says so and logging closes', async () => {
    await openTracker({ timer: timerState({ phase: 'active', currentRound: 2, secondsLeft: 65 }) });
    expect(screen.getByRole('heading', { name: 'Round 2' })).toBeInTheDocument();
    expect(screen.getByText('1 minute 5 seconds left')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(66_000));
    expect(screen.getByText("Time's up")).toBeInTheDocument();
    expect(screen.getByText('You can log a connection while a round is running.')).toBeInTheDocument();
  });
});

describe('deciding whom to stay in touch with', () => {
  test('Yes is private and marks the connection; with everyone answered the page says so', async () => {
    const { user, log, ws } = await openTracker({ log: connectionsServer([logged(11)]) });
    ws.push(timerMessage('round_complete', { phase: 'idle', currentRound: 1 }));
    expect(await screen.findByText('Round 1 complete')).toBeInTheDocument();
    expect(screen.getByText('Time to decide: would you like to stay in touch?')).toBeInTheDocument();

    const card = screen.getByRole('region', { name: /Stay in touch\?/ });
    await user.click(within(card).getByRole('button', { name: 'Yes' }));
    expect(log.post.mock.calls[0]![0].body).toEqual({ ratedId: 11, method: 'list', decision: 'yes' });
    expect(await screen.findByText("You'd like to stay in touch with Priya")).toBeInTheDocument();
    expect(within(yourConnections()).getByRole('listitem')).toHaveTextContent('Match');
    expect(screen.getByText('All answered. Matches are mutual yeses only.')).toBeInTheDocument();
  });

  test('No is saved quietly', async () => {
    const { user } = await openTracker({ log: connectionsServer([logged(12)]) });
    await user.click(within(screen.getByRole('region', { name: /Stay in touch\?/ })).getByRole('button', { name: 'No' }));
    expect(await screen.findByText('Saved: no match with Sam')).toBeInTheDocument();
    expect(screen.getByText('They will never know.')).toBeInTheDocument();
    expect(within(yourConnections()).getByRole('listitem')).toHaveTextContent('Declined');
  });

  test('a yes/no is offered only for a partner of a round that started: someone else logged is a chat only, with nothing to answer', async () => {
    const { user, log } = await openTracker({ log: connectionsServer([logged(11), logged(13, null, 'code', false)]) });
    const card = screen.getByRole('region', { name: /Stay in touch\?/ });
    expect(card).toHaveTextContent('Would you like to stay in touch with Priya?');
    expect(card).not.toHaveTextContent('more to answer');
    const alex = within(yourConnections())
      .getAllByRole('listitem')
      .find((li) => li.textContent?.includes('Alex'))!;
    expect(alex).toHaveTextContent('Chat only');
    expect(within(alex).queryByRole('button')).not.toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText("You'd like to stay in touch with Priya")).toBeInTheDocument();
    // With Priya answered nothing is left to answer: Alex is never asked about.
    expect(screen.queryByRole('region', { name: /Stay in touch\?/ })).not.toBeInTheDocument();
    expect(log.post.mock.calls.map((c) => (c[0].body as { ratedId: number }).ratedId)).toEqual([11]);
  });

  test('one answer at a time, with a count of the rest', async () => {
    const { user } = await openTracker({ log: connectionsServer([logged(11), logged(12)]) });
    const card = screen.getByRole('region', { name: /Stay in touch\?/ });
    expect(card).toHaveTextContent('1 more to answer');
    expect(card).toHaveTextContent('Would you like to stay in touch with Priya?');
    await user.click(within(card).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Would you like to stay in touch with Sam?')).toBeInTheDocument();
  });

  test('an earlier answer can be changed, or kept', async () => {
    const { user, log } = await openTracker({ log: connectionsServer([logged(11, 'yes'), logged(12, 'no')]) });
    expect(screen.queryByRole('region', { name: /Stay in touch\?/ })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Change your answer for Sam' }));
    const card = screen.getByRole('region', { name: /Change your answer/ });
    expect(card).toHaveTextContent('You said No.');
    await user.click(within(card).getByRole('button', { name: 'Keep my answer' }));
    expect(screen.queryByRole('region', { name: /Change your answer/ })).not.toBeInTheDocument();
    expect(log.post).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Change your answer for Sam' }));
    await user.click(within(screen.getByRole('region', { name: /Change your answer/ })).getByRole('button', { name: 'Yes' }));
    expect(log.post.mock.calls[0]![0].body).toEqual({ ratedId: 12, method: 'list', decision: 'yes' });
    expect(await screen.findByText("You'd like to stay in touch with Sam")).toBeInTheDocument();
  });

  test('a failed answer is shown on the card and can be tried again', async () => {
    const log = connectionsServer([logged(11)]);
    let fail = true;
    const { user } = await openTracker({
      log,
      routes: { 'POST /api/events/5/connections': (req: FakeRequest) => (fail ? new Reply(500, { message: 'Database unavailable' }) : log.post(req)) },
    });
    const card = screen.getByRole('region', { name: /Stay in touch\?/ });
    await user.click(within(card).getByRole('button', { name: 'Yes' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent('Database unavailable');
    fail = false;
    await user.click(within(card).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText("You'd like to stay in touch with Priya")).toBeInTheDocument();
  });

  test('once the host releases the matches, answers are final', async () => {
    const { ws } = await openTracker({ log: connectionsServer([logged(11), logged(12, 'yes')]) });
    ws.push({ type: 'contacts_released', eventId: 5 });
    expect(await screen.findByText('Matches are out!')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Decisions are closed');
    expect(screen.queryByRole('region', { name: /Stay in touch\?/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /your answer for/ })).not.toBeInTheDocument();
  });

  test('an answer refused because ratings closed shows the reason instead of an error', async () => {
    const { user } = await openTracker({
      log: connectionsServer([logged(11)]),
      routes: { 'POST /api/events/5/connections': new Reply(409, { message: 'Ratings are closed for this event' }) },
    });
    await user.click(within(screen.getByRole('region', { name: /Stay in touch\?/ })).getByRole('button', { name: 'No' }));
    expect(await screen.findByText('Decisions are closed')).toBeInTheDocument();
    expect(screen.getByText('Ratings are closed for this event. Your answers are final.')).toBeInTheDocument();
  });
});

describe('the evening around the tracker', () => {
  test('the end of the evening closes logging and asks for pending answers', async () => {
    const { ws } = await openTracker({ log: connectionsServer([logged(11)]) });
    ws.push(timerMessage('event_ended', { phase: 'ended', currentRound: 0 }));
    expect(await screen.findByText('Thank you for coming!')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Round timer' })).toBeInTheDocument();
    expect(screen.getByText('Thank you for coming! Answer any pending decisions below before your host releases the matches.')).toBeInTheDocument();
    expect(screen.getByText('The evening has ended, so no new connections can be logged.')).toBeInTheDocument();
  });

  test('a completed evening is over without a socket message', async () => {
    await openTracker({ detail: evening({}, { status: 'completed' }), timer: null });
    expect(screen.getAllByText('The evening has ended').length).toBeGreaterThan(0);
  });

  test('a round ending with nothing to answer says to get ready', async () => {
    const { ws } = await openTracker();
    ws.push(timerMessage('round_complete', { phase: 'idle', currentRound: 1 }));
    expect(await screen.findByText('Get ready for your next conversation.')).toBeInTheDocument();
  });

  test('a rating elsewhere (or a new round) refreshes the connections without a reload', async () => {
    const log = connectionsServer();
    const { ws } = await openTracker({ log });
    expect(within(yourConnections()).getByText(/No connections yet/)).toBeInTheDocument();

    // Logged on another of the guest's devices.
    log.state.connections.push(logged(13));
    ws.push({ type: 'ratings_updated', eventId: 5 });
    expect(await within(yourConnections()).findByText('Alex')).toBeInTheDocument();
  });

  test('a dropped connection is shown on the round card', async () => {
    const { ws } = await openTracker();
    ws.drop();
    expect(screen.getByText('Reconnecting to timer...')).toBeInTheDocument();
  });

  test('the page and its code link back to the event', async () => {
    await openTracker();
    expect(screen.getByRole('link', { name: 'Prestwich Friday Friends' })).toHaveAttribute('href', '/events/5');
    expect(screen.getByText('The Church Inn')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Your code' })).toBeInTheDocument();
    expect(screen.getByText('K9Q2W7')).toBeInTheDocument();
  });
});
