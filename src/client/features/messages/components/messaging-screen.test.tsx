import { screen, within } from '@testing-library/react';
import { toast, Toaster } from 'sonner';
import { afterEach, expect, test, vi } from 'vitest';
import type { Room, SentMessage } from '@shared/schemas/messages';
import { fakeSockets, settle } from '@client/test/fake-socket';
import { hostsTonight } from '@client/test/fixtures';
import { fakeServer, renderAt, type FakeRequest } from '@client/test/render';
import { messageTime } from '../lib/messages';
import { refusal, room, sentMessage } from '../messages.fixtures';
import { MessagingPage } from './messaging-screen';

afterEach(() => {
  // Sonner keeps its toasts between tests and replays them to the next Toaster.
  toast.dismiss();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

const HOST = { id: 1, roles: ['member', 'host'] as const };

/** The server's room for event 5: POST adds a message sent to the checked-in guests. */
function roomServer(initial: Room = room(), routes: Record<string, unknown> = {}) {
  let state = structuredClone(initial);
  const posted: unknown[] = [];
  const server = fakeServer({
    'GET /api/events/5': hostsTonight(),
    'GET /api/events/5/messages': () => structuredClone(state),
    'POST /api/events/5/messages': (req: FakeRequest) => {
      posted.push(req.body);
      const body = req.body as Pick<SentMessage, 'text' | 'type' | 'requiresAction'>;
      const sent = sentMessage({ id: 900 + posted.length, ...body, timestamp: new Date().toISOString(), sentTo: state.counts.checkedIn, readCount: 0 });
      state = { ...state, messages: [sent, ...state.messages] };
      return sent;
    },
    ...routes,
  });
  return {
    server,
    posted,
    update: (f: (r: Room) => Room) => (state = f(state)),
  };
}

async function openRoom(initial?: Room, routes?: Record<string, unknown>) {
  const srv = roomServer(initial, routes);
  const sockets = fakeSockets();
  const view = renderAt(
    <>
      <Toaster />
      <MessagingPage viewer={{ ...HOST, roles: [...HOST.roles] }} eventId={5} />
    </>,
    { path: '/messaging?event=5' },
  );
  await screen.findByRole('form', { name: 'Custom message' });
  await settle();
  return { ...view, ...srv, sockets };
}

const sendButton = () => screen.getByRole('button', { name: 'Send' });
const textbox = () => screen.getByRole('textbox', { name: 'Message' });

test('Send is disabled for empty and whitespace-only text, sends text, type and acknowledgement, then clears', async () => {
  const { user, posted } = await openRoom();
  expect(sendButton()).toBeDisabled();
  expect(screen.getByText('0/500')).toBeInTheDocument();

  await user.type(textbox(), '   ');
  expect(sendButton()).toBeDisabled();
  expect(screen.getByText('3/500')).toBeInTheDocument();

  await user.clear(textbox());
  await user.type(textbox(), 'The bar closes in 15 minutes');
  expect(sendButton()).toBeEnabled();
  expect(screen.getByText('28/500')).toBeInTheDocument();

  await user.click(screen.getByRole('radio', { name: /Urgent/ }));
  await user.click(screen.getByRole('checkbox', { name: /Ask guests to acknowledge/ }));
  await user.click(sendButton());

  await vi.waitFor(() => expect(posted).toEqual([{ text: 'The bar closes in 15 minutes', type: 'urgent', requiresAction: true }]));
  expect(await screen.findByText('Message sent to 4 guests')).toBeInTheDocument();
  // Cleared for the next one: text, type and checkbox.
  await vi.waitFor(() => expect(textbox()).toHaveValue(''));
  expect(sendButton()).toBeDisabled();
  expect(screen.getByRole('radio', { name: /General/ })).toBeChecked();
  expect(screen.getByRole('checkbox', { name: /Ask guests to acknowledge/ })).not.toBeChecked();
  // And it is in the history with its audience.
  const history = screen.getByRole('region', { name: 'Message history' });
  const first = within(history).getAllByRole('listitem')[0]!;
  expect(first).toHaveTextContent('The bar closes in 15 minutes');
  expect(first).toHaveTextContent('Urgent');
  expect(first).toHaveTextContent('Sent to 4');
  expect(first).toHaveTextContent('Read by 0 of 4');
  expect(first).toHaveTextContent('Acknowledged by 0 of 4');
});

test('the text is sent trimmed, as a general message by default', async () => {
  const { user, posted } = await openRoom();
  await user.type(textbox(), '  Hello room  ');
  await user.click(sendButton());
  await vi.waitFor(() => expect(posted).toEqual([{ text: 'Hello room', type: 'general', requiresAction: false }]));
});

test("the server's refusal is shown and the text is kept", async () => {
  const { user, server } = await openRoom();
  server.set('POST /api/events/5/messages', refusal(409, 'Nobody is checked in yet: messages go only to checked-in guests'));
  await user.type(textbox(), 'Anyone there?');
  await user.click(sendButton());
  expect(await screen.findByRole('alert')).toHaveTextContent('Nobody is checked in yet: messages go only to checked-in guests');
  expect(textbox()).toHaveValue('Anyone there?');
  expect(sendButton()).toBeEnabled();
});

test('a quick message waits 5 seconds for Undo, then goes once and says how many guests it went to (issue 22)', async () => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  const { user, posted } = await openRoom();
  await user.click(screen.getByRole('button', { name: /We've moved to the upstairs room/ }));
  // Not yet: the host has a few seconds to take it back; the other quick messages wait meanwhile.
  expect(await screen.findByRole('button', { name: 'Undo' })).toHaveFocus();
  expect(screen.getByRole('status', { name: '' })).toHaveTextContent(/Sending “We've moved to the upstairs room”/);
  expect(screen.getByRole('button', { name: /Last round coming up!/ })).toBeDisabled();
  await vi.advanceTimersByTimeAsync(4_000);
  expect(posted).toEqual([]);
  await vi.advanceTimersByTimeAsync(1_500);
  await vi.waitFor(() => expect(posted).toEqual([{ text: "We've moved to the upstairs room", type: 'location', requiresAction: true }]));
  expect(await screen.findByText('Sent to 4 guests')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Undo' })).not.toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: /Last round coming up!/ }));
  await vi.advanceTimersByTimeAsync(5_500);
  await vi.waitFor(() => expect(posted).toHaveLength(2));
  expect(posted[1]).toEqual({ text: 'Last round coming up!', type: 'round', requiresAction: false });
  await vi.advanceTimersByTimeAsync(20_000);
  expect(posted).toHaveLength(2);
});

test('Undo keeps a quick message from going at all', async () => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  const { user, posted } = await openRoom();
  await user.click(screen.getByRole('button', { name: /Short break: back in 10 minutes/ }));
  await user.click(await screen.findByRole('button', { name: 'Undo' }));
  expect(await screen.findByText('Not sent: “Short break: back in 10 minutes”.')).toBeInTheDocument();
  await vi.advanceTimersByTimeAsync(30_000);
  expect(posted).toEqual([]);
  expect(screen.getByRole('button', { name: /Short break: back in 10 minutes/ })).toBeEnabled();
});

test('leaving the screen during the Undo seconds sends it at once, and only once', async () => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  const { user, posted, unmount } = await openRoom();
  await user.click(screen.getByRole('button', { name: /Last round coming up!/ }));
  await screen.findByRole('button', { name: 'Undo' });
  expect(posted).toEqual([]);
  unmount();
  await vi.waitFor(() => expect(posted).toEqual([{ text: 'Last round coming up!', type: 'round', requiresAction: false }]));
  await vi.advanceTimersByTimeAsync(30_000);
  expect(posted).toHaveLength(1);
});

test('closing or reloading the page during the Undo seconds sends it with a request that outlives the page, once', async () => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  const { user, posted, server } = await openRoom();
  const outliving = () => server.fetch.mock.calls.filter(([, init]) => init?.keepalive === true);
  await user.click(screen.getByRole('button', { name: /Thank you for coming!/ }));
  await screen.findByRole('button', { name: 'Undo' });
  window.dispatchEvent(new Event('pagehide'));
  await vi.waitFor(() => expect(posted).toHaveLength(1));
  expect(outliving()).toHaveLength(1);
  expect(JSON.parse(String(outliving()[0]![1]!.body))).toEqual({
    text: 'Thank you for coming! Your matches arrive within 24 hours',
    type: 'general',
    requiresAction: false,
  });
  await vi.advanceTimersByTimeAsync(30_000);
  window.dispatchEvent(new Event('pagehide'));
  expect(posted).toHaveLength(1);
});

test('a quick message keeps its text on one line of its own: "Asks to acknowledge" goes under it, not beside it', async () => {
  await openRoom();
  const button = screen.getByRole('button', { name: /We've moved to the upstairs room/ });
  const text = within(button).getByText("We've moved to the upstairs room");
  const asks = within(button).getByText('Asks to acknowledge');
  // Both blocks in one column: the note is not a sibling column squeezing the text.
  expect(text.parentElement).toBe(asks.parentElement);
  expect(asks).toHaveClass('block');
});

test('read counts follow the room live: messages_updated refetches the history', async () => {
  const { update, sockets, server } = await openRoom(room({ messages: [sentMessage({ id: 1, text: 'Welcome!', sentTo: 4, readCount: 1 })] }));
  const history = screen.getByRole('region', { name: 'Message history' });
  expect(within(history).getByText('Read by 1 of 4')).toBeInTheDocument();
  // The host's socket joined as host.
  const ws = sockets.last();
  expect(ws.query.get('eventId')).toBe('5');
  expect(ws.query.get('isHost')).toBe('true');

  const reads = () => server.calls.filter((c) => c.method === 'GET' && c.url.pathname === '/api/events/5/messages').length;
  const before = reads();
  update((r) => ({ ...r, messages: [{ ...r.messages[0]!, readCount: 3 }] }));
  ws.push({ type: 'messages_updated', eventId: 5 });
  expect(await within(history).findByText('Read by 3 of 4')).toBeInTheDocument();
  expect(reads()).toBe(before + 1);
});

test('"Last seen" moves on the host\'s screen when a guest reads a message (messages_updated, issue 22)', async () => {
  const seen = new Date(Date.now() - 40 * 60_000).toISOString();
  const read = new Date(Date.now() - 60_000).toISOString();
  const initial = room();
  const { update, sockets } = await openRoom({ ...initial, attendees: initial.attendees.map((a) => (a.name === 'Alex' ? { ...a, lastSeen: seen } : a)) });
  const alex = () =>
    within(screen.getByRole('list', { name: 'Attendees' }))
      .getAllByRole('listitem')
      .find((li) => li.textContent?.startsWith('Alex'))!;
  expect(alex()).toHaveTextContent(`Last seen ${messageTime(seen)}`);
  update((r) => ({ ...r, attendees: r.attendees.map((a) => (a.name === 'Alex' ? { ...a, lastSeen: read } : a)) }));
  sockets.last().push({ type: 'messages_updated', eventId: 5 });
  await vi.waitFor(() => expect(alex()).toHaveTextContent(`Last seen ${messageTime(read)}`));
});

test('a check-in updates the counts live', async () => {
  const { update, sockets } = await openRoom();
  const counts = screen.getByText('Registered').closest('dl')!;
  expect(within(counts).getByText('Checked in').nextSibling).toHaveTextContent('4');
  update((r) => ({ ...r, counts: { registered: 6, checkedIn: 5, notArrived: 1 } }));
  sockets.last().push({ type: 'checkins_updated', eventId: 5 });
  await vi.waitFor(() => expect(within(counts).getByText('Checked in').nextSibling).toHaveTextContent('5'));
  expect(screen.getByText(/Messages go only to checked-in guests: 5 guests right now/)).toBeInTheDocument();
});

test('attendee counts, where guests are, and the attendee list', async () => {
  await openRoom();
  const counts = screen.getByText('Registered').closest('dl')!;
  expect(within(counts).getByText('Registered').nextSibling).toHaveTextContent('6');
  expect(within(counts).getByText('Checked in').nextSibling).toHaveTextContent('4');
  expect(within(counts).getByText('Not arrived').nextSibling).toHaveTextContent('2');

  const where = within(screen.getByRole('list', { name: 'Location distribution' })).getAllByRole('listitem');
  expect(where.map((li) => li.textContent)).toEqual(['At venue3', 'En route1', 'Location off1', 'Unknown1']);

  const people = within(screen.getByRole('list', { name: 'Attendees' })).getAllByRole('listitem');
  expect(people).toHaveLength(6);
  // Checked-in guests first, by name.
  expect(people[0]).toHaveTextContent('Alex');
  expect(people[0]).toHaveTextContent('Checked in');
  expect(people[0]).toHaveTextContent('Location off');
  expect(people[4]).toHaveTextContent('Kim');
  expect(people[4]).toHaveTextContent('Not arrived');
  // Ten minutes ago: the time alone, or with the day when that was before midnight.
  expect(people[4]).toHaveTextContent(/Last seen (\w{3} \d{1,2} \w{3}, )?\d{1,2}:\d{2} [AP]M/);
  expect(people[5]).toHaveTextContent('Lee');
  expect(people[5]).toHaveTextContent('Not seen yet');
  expect(screen.getByText(/Messages go only to checked-in guests: 4 guests right now/)).toBeInTheDocument();
});

test('a message is plain text: markup shows as written', async () => {
  await openRoom(room({ messages: [sentMessage({ id: 1, text: '<b>bold</b> <img src=x onerror=alert(1)>' })] }));
  expect(screen.getByText('<b>bold</b> <img src=x onerror=alert(1)>')).toBeInTheDocument();
  expect(document.querySelector('img')).toBeNull();
});

test('a visitor is asked to log in, and comes back here', async () => {
  const server = fakeServer({});
  renderAt(<MessagingPage viewer={null} eventId={5} />, { path: '/messaging?event=5' });
  expect(screen.getByRole('heading', { name: 'Log in to message your guests' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', `/login?next=${encodeURIComponent('/messaging?event=5')}`);
  expect(server.calls).toHaveLength(0);
});

test('a member who is not a host sees the hosts-only card', async () => {
  const server = fakeServer({});
  renderAt(<MessagingPage viewer={{ id: 7, roles: ['member'] }} eventId={5} />, { path: '/messaging?event=5' });
  expect(screen.getByRole('heading', { name: 'This page is for hosts only' })).toBeInTheDocument();
  expect(server.calls).toHaveLength(0);
});

test('a host without ?event= picks one of their evenings', async () => {
  const tonight = hostsTonight();
  const later = { ...hostsTonight({}, { id: 6, title: 'Whitefield Wednesday', date: new Date(Date.now() + 8 * 86_400_000).toISOString() }) };
  const server = fakeServer({
    'GET /api/live/events': [
      {
        event: later,
        timer: {
          type: 'timer_sync',
          phase: 'idle',
          currentRound: 0,
          roundDuration: 300,
          autoAdvance: false,
          isActive: false,
          serverNow: Date.now(),
          timeRemaining: 300,
          endsAt: null,
          version: 1,
        },
        checkedIn: 0,
        completedRounds: 0,
      },
      {
        event: tonight,
        timer: {
          type: 'timer_sync',
          phase: 'idle',
          currentRound: 0,
          roundDuration: 300,
          autoAdvance: false,
          isActive: false,
          serverNow: Date.now(),
          timeRemaining: 300,
          endsAt: null,
          version: 1,
        },
        checkedIn: 3,
        completedRounds: 0,
      },
    ],
  });
  renderAt(<MessagingPage viewer={{ id: 1, roles: ['member', 'host'] }} eventId={null} />, { path: '/messaging' });
  const links = within(await screen.findByRole('list', { name: 'Your evenings' })).getAllByRole('link');
  expect(links.map((a) => a.getAttribute('href'))).toEqual(['/messaging?event=5', '/messaging?event=6']);
  expect(links[0]).toHaveTextContent('Prestwich Friday Friends');
  expect(links[0]).toHaveTextContent('3 checked in · 6 registered');
  expect(server.unhandled).toEqual([]);
});

test('a host of another evening gets a clear hosts-of-this-evening card', async () => {
  const server = fakeServer({
    'GET /api/events/5': hostsTonight({ isHost: false }),
    'GET /api/events/5/messages': refusal(403, 'Only the host of this event can do that'),
  });
  const sockets = fakeSockets();
  renderAt(<MessagingPage viewer={{ id: 2, roles: ['member', 'host'] }} eventId={5} />, { path: '/messaging?event=5' });
  expect(await screen.findByRole('heading', { name: 'This page is for the hosts of this evening only' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Choose one of your evenings' })).toHaveAttribute('href', '/messaging');
  expect(screen.queryByRole('form', { name: 'Custom message' })).not.toBeInTheDocument();
  // No host channel for someone else's evening.
  expect(sockets.all).toHaveLength(0);
  expect(server.calls.some((c) => c.method === 'POST')).toBe(false);
});
