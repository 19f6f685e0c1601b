import { screen, within } from '@testing-library/react';
import { toast, Toaster } from 'sonner';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import type { EventDetail } from '@shared/schemas/events';
import type { Inbox, InboxMessage } from '@shared/schemas/messages';
import { fakeSockets, settle } from '@client/test/fake-socket';
import { fromNow, guestTonight, MINUTE } from '@client/test/fixtures';
import { fakeServer, Reply, renderAt, type FakeRequest } from '@client/test/render';
import { arrival, inbox, inboxMessage, refusal } from '../messages.fixtures';
import { NotificationsPage } from './notifications-screen';

/** The browser's Notification API at the edge of the world: a permission, a prompt, and the notifications shown. */
class FakeNotification {
  static permission: NotificationPermission = 'granted';
  static answer: NotificationPermission = 'granted';
  static requestPermission = vi.fn(async () => (FakeNotification.permission = FakeNotification.answer));
  static shown: { title: string; options?: NotificationOptions }[] = [];
  constructor(title: string, options?: NotificationOptions) {
    FakeNotification.shown.push({ title, ...(options ? { options } : {}) });
  }
}

let vibrate: ReturnType<typeof vi.fn>;

beforeEach(() => {
  FakeNotification.permission = 'granted';
  FakeNotification.answer = 'granted';
  FakeNotification.requestPermission.mockClear();
  FakeNotification.shown = [];
  vi.stubGlobal('Notification', FakeNotification);
  vibrate = vi.fn(() => true);
  Object.defineProperty(navigator, 'vibrate', { value: vibrate, configurable: true, writable: true });
});

afterEach(() => {
  toast.dismiss();
  vi.restoreAllMocks();
  Reflect.deleteProperty(navigator, 'vibrate');
  Reflect.deleteProperty(document, 'visibilityState');
});

const evening = (viewer: Partial<EventDetail['viewer']> = {}) => guestTonight(viewer);

/** The guest's inbox as the server keeps it: read and acknowledge change it. */
function inboxServer(messages: InboxMessage[] = [], routes: Record<string, unknown> = {}) {
  let state: Inbox = inbox(structuredClone(messages));
  const actions: string[] = [];
  const act = (kind: 'read' | 'acknowledge') => (req: FakeRequest) => {
    const id = Number(req.url.pathname.split('/')[5]);
    actions.push(`${kind} ${id}`);
    state = inbox(state.messages.map((m) => (m.id === id ? { ...m, isRead: true, acknowledged: m.acknowledged || kind === 'acknowledge' } : m)));
    return state.messages.find((m) => m.id === id)!;
  };
  const server = fakeServer({
    'GET /api/events/5': evening(),
    'GET /api/events/5/arrival': arrival(),
    'GET /api/events/5/inbox': () => structuredClone(state),
    ...routes,
  });
  // Per-message routes: the fake server matches whole paths.
  for (const m of messages) {
    server.set(`POST /api/events/5/inbox/${m.id}/read`, act('read'));
    server.set(`POST /api/events/5/inbox/${m.id}/acknowledge`, act('acknowledge'));
  }
  return {
    server,
    actions,
    add(m: InboxMessage) {
      state = inbox([m, ...state.messages]);
      server.set(`POST /api/events/5/inbox/${m.id}/read`, act('read'));
      server.set(`POST /api/events/5/inbox/${m.id}/acknowledge`, act('acknowledge'));
    },
  };
}

async function openInbox(messages: InboxMessage[] = [], routes: Record<string, unknown> = {}) {
  const srv = inboxServer(messages, routes);
  const sockets = fakeSockets();
  const view = renderAt(
    <>
      <Toaster />
      <NotificationsPage viewer={{ id: 1 }} />
    </>,
    { path: '/notifications?event=5' },
  );
  // (By text: an open modal hides the page from the accessibility tree.)
  await screen.findByText(/^\d+ unread$/);
  await settle();
  return { ...view, ...srv, sockets };
}

const list = () => screen.getByRole('list', { name: 'Messages from your host' });

test('an empty inbox says so, in the spec words', async () => {
  await openInbox();
  expect(screen.getByText("No messages yet. You'll see updates here during the event.")).toBeInTheDocument();
  expect(screen.getByText('0 unread')).toBeInTheDocument();
  expect(screen.getByText('Enabled')).toBeInTheDocument();
});

test('the list is newest first with its unread count; tapping a message marks it read at once', async () => {
  const older = inboxMessage({ id: 1, text: 'Welcome! Grab a drink.', timestamp: fromNow(-30 * MINUTE), isRead: true });
  const newer = inboxMessage({ id: 2, text: 'Please find your table for the next round', type: 'round', timestamp: fromNow(-2 * MINUTE) });
  let release: () => void = () => {};
  const { user, actions, server } = await openInbox([older, newer]);
  // A slow line: the answer waits until released.
  server.set('POST /api/events/5/inbox/2/read', async () => {
    await new Promise<void>((r) => (release = r));
    actions.push('read 2');
    return { ...newer, isRead: true };
  });

  const items = within(list()).getAllByRole('listitem');
  expect(items[0]).toHaveTextContent('Please find your table for the next round');
  expect(items[0]).toHaveTextContent('Round');
  expect(items[0]).toHaveTextContent('New');
  expect(items[1]).toHaveTextContent('Welcome! Grab a drink.');
  expect(items[1]).not.toHaveTextContent('New');
  expect(screen.getByText('1 unread')).toBeInTheDocument();

  await user.click(within(items[0]!).getByRole('button', { name: /Please find your table/ }));
  // Read before the server answers.
  expect(await screen.findByText('0 unread')).toBeInTheDocument();
  expect(within(list()).getAllByRole('listitem')[0]).not.toHaveTextContent('New');
  release();
  await vi.waitFor(() => expect(actions).toEqual(['read 2']));
  const post = server.calls.find((c) => c.method === 'POST');
  expect(post?.url.pathname).toBe('/api/events/5/inbox/2/read');

  // A read message asks nothing more of the server.
  await user.click(within(list()).getByRole('button', { name: /Welcome! Grab a drink./ }));
  expect(server.calls.filter((c) => c.method === 'POST')).toHaveLength(1);
});

test('a refused read puts the message back as unread and says so', async () => {
  const m = inboxMessage({ id: 3, text: 'Short break: back in 10 minutes' });
  const { user, server } = await openInbox([m]);
  server.set('POST /api/events/5/inbox/3/read', refusal(403, 'This message is not yours'));
  await user.click(screen.getByRole('button', { name: /Short break/ }));
  expect(await screen.findByText('Could not mark the message as read')).toBeInTheDocument();
  expect(screen.getByText('1 unread')).toBeInTheDocument();
});

test('a host message over the socket appears at once, without a reload', async () => {
  const { sockets, add } = await openInbox();
  const ws = sockets.last();
  expect(ws.query.get('isHost')).toBe('false');
  const m = inboxMessage({ id: 7, text: 'Last round coming up!', type: 'round', timestamp: new Date().toISOString() });
  add(m);
  ws.push({ type: 'host_message', eventId: 5, message: m });
  expect(await within(await screen.findByRole('list', { name: 'Messages from your host' })).findByText('Last round coming up!')).toBeInTheDocument();
  expect(screen.getByText('1 unread')).toBeInTheDocument();
  expect(screen.queryByText("No messages yet. You'll see updates here during the event.")).not.toBeInTheDocument();
  // A round message neither buzzes nor opens the modal.
  expect(vibrate).not.toHaveBeenCalled();
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
});

test('an urgent arrival vibrates 200-100-200 and opens the modal; Got It marks it read', async () => {
  const { sockets, add, user, actions } = await openInbox([inboxMessage({ id: 1, text: 'Welcome!', isRead: true })]);
  const m = inboxMessage({ id: 8, text: 'Please move away from the fire exit', type: 'urgent', timestamp: new Date().toISOString() });
  add(m);
  sockets.last().push({ type: 'host_message', eventId: 5, message: m });
  expect(vibrate).toHaveBeenCalledWith([200, 100, 200]);

  const dialog = await screen.findByRole('dialog', { name: 'Urgent message' });
  expect(dialog).toHaveTextContent('Please move away from the fire exit');
  expect(within(dialog).queryByRole('button', { name: 'Acknowledged' })).not.toBeInTheDocument();
  expect(within(dialog).queryByRole('link', { name: /Show Map/ })).not.toBeInTheDocument();
  expect(within(dialog).getByRole('link', { name: /Show Directions/ })).toHaveAttribute('href', expect.stringContaining('google.com/maps/dir/'));
  // The page is visible: no system notification on top of the modal.
  expect(FakeNotification.shown).toEqual([]);

  await user.click(within(dialog).getByRole('button', { name: 'Got It' }));
  await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  await vi.waitFor(() => expect(actions).toEqual(['read 8']));
});

test('the modal opens on load for the first unread message that needs an answer; Acknowledged acknowledges it', async () => {
  const general = inboxMessage({ id: 1, text: 'Welcome!', timestamp: fromNow(-1 * MINUTE) });
  const moved = inboxMessage({ id: 2, text: "We've moved to the upstairs room", type: 'location', requiresAction: true, timestamp: fromNow(-3 * MINUTE) });
  const urgentOld = inboxMessage({ id: 3, text: 'Doors close at 7:30', type: 'urgent', timestamp: fromNow(-10 * MINUTE) });
  const { user, actions } = await openInbox([general, moved, urgentOld]);

  const dialog = await screen.findByRole('dialog', { name: 'Location update' });
  expect(dialog).toHaveTextContent("We've moved to the upstairs room");
  // A location message offers the map of the venue, by its coordinates.
  expect(within(dialog).getByRole('link', { name: /Show Map/ })).toHaveAttribute('href', 'https://www.google.com/maps/search/?api=1&query=53.5291%2C-2.2857');
  expect(within(dialog).getByRole('link', { name: /Show Directions/ })).toHaveAttribute(
    'href',
    'https://www.google.com/maps/dir/?api=1&destination=53.5291%2C-2.2857',
  );
  expect(within(dialog).getByRole('button', { name: 'Got It' })).toBeInTheDocument();

  await user.click(within(dialog).getByRole('button', { name: 'Acknowledged' }));
  await vi.waitFor(() => expect(actions).toEqual(['acknowledge 2']));
  // The next one that needs attention follows.
  const next = await screen.findByRole('dialog', { name: 'Urgent message' });
  expect(next).toHaveTextContent('Doors close at 7:30');
  // And the list behind it shows the first as acknowledged.
  const item = within(screen.getByRole('list', { name: 'Messages from your host', hidden: true })).getAllByRole('listitem', { hidden: true })[1]!;
  expect(item).toHaveTextContent('Acknowledged');
});

test('closing the modal leaves the message unread, and it does not pop up again', async () => {
  const { user, server } = await openInbox([inboxMessage({ id: 4, text: 'Fire drill at 8', type: 'urgent' })]);
  const dialog = await screen.findByRole('dialog', { name: 'Urgent message' });
  await user.click(within(dialog).getByRole('button', { name: 'Close' }));
  await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(screen.getByText('1 unread')).toBeInTheDocument();
  expect(server.calls.some((c) => c.method === 'POST')).toBe(false);
});

test('a message the guest has not seen yet comes as a system notification while the page is hidden', async () => {
  const { sockets, add } = await openInbox();
  Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
  const m = inboxMessage({ id: 9, text: 'Taxi rank is round the back', type: 'urgent', timestamp: new Date().toISOString() });
  add(m);
  sockets.last().push({ type: 'host_message', eventId: 5, message: m });
  expect(FakeNotification.shown).toEqual([
    { title: 'Urgent: Prestwich Friday Friends', options: { body: 'Taxi rank is round the back', tag: 'message-9', requireInteraction: true } },
  ]);
  expect(vibrate).toHaveBeenCalledWith([200, 100, 200]);
});

test('permission is asked on load while undecided; refused, the page says Disabled and how to enable', async () => {
  FakeNotification.permission = 'default';
  FakeNotification.answer = 'default';
  const { user } = await openInbox();
  await vi.waitFor(() => expect(FakeNotification.requestPermission).toHaveBeenCalledTimes(1));
  expect(await screen.findByText('Disabled')).toBeInTheDocument();
  expect(screen.getByText('Enable notifications to receive instant updates during the event.')).toBeInTheDocument();
  // Still undecided: the browser lets the page ask again.
  FakeNotification.answer = 'granted';
  await user.click(screen.getByRole('button', { name: 'Enable notifications' }));
  expect(await screen.findByText('Enabled')).toBeInTheDocument();
  expect(FakeNotification.requestPermission).toHaveBeenCalledTimes(2);
});

test('denied notifications show Disabled, the spec text, and no prompt the browser would refuse', async () => {
  FakeNotification.permission = 'denied';
  await openInbox();
  expect(screen.getByText('Disabled')).toBeInTheDocument();
  expect(screen.getByText('Enable notifications to receive instant updates during the event.')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Enable notifications' })).not.toBeInTheDocument();
  expect(FakeNotification.requestPermission).not.toHaveBeenCalled();
});

test('Venue Map links to the venue; without its position it searches by name and address', async () => {
  await openInbox();
  const map = await screen.findByRole('link', { name: /Venue Map/ });
  await vi.waitFor(() => expect(map).toHaveAttribute('href', 'https://www.google.com/maps/search/?api=1&query=53.5291%2C-2.2857'));
  expect(map).toHaveAttribute('target', '_blank');
  expect(map).toHaveAttribute('rel', 'noopener noreferrer');
});

test('a venue without coordinates is found by its name and address', async () => {
  await openInbox([], { 'GET /api/events/5/arrival': arrival({ latitude: null, longitude: null }) });
  await vi.waitFor(() =>
    expect(screen.getByRole('link', { name: /Venue Map/ })).toHaveAttribute(
      'href',
      `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent('The Church Inn, 1 Church Lane, Prestwich')}`,
    ),
  );
});

test('Event Schedule shows the evening times', async () => {
  const { user } = await openInbox();
  await user.click(screen.getByRole('button', { name: 'Event Schedule' }));
  const dialog = await screen.findByRole('dialog', { name: 'Event Schedule' });
  const rows = within(within(dialog).getByRole('list', { name: 'Schedule' })).getAllByRole('listitem');
  expect(rows.map((r) => within(r).getByText(/Check-in opens|Doors open|Rounds start|Evening ends/).textContent)).toEqual([
    'Check-in opens',
    'Doors open',
    'Rounds start',
    'Evening ends',
  ]);
  expect(rows[1]).toHaveTextContent('7:00 PM');
  expect(rows[2]).toHaveTextContent('From 7:00 PM');
  expect(rows[2]).toHaveTextContent('5-minute conversations');
  expect(rows[3]).toHaveTextContent('9:00 PM');
});

test('messages are plain text: markup shows as written', async () => {
  await openInbox([inboxMessage({ id: 5, text: '<img src=x onerror=alert(1)> <b>hi</b>', isRead: true })]);
  expect(screen.getByText('<img src=x onerror=alert(1)> <b>hi</b>')).toBeInTheDocument();
  expect(document.querySelector('img')).toBeNull();
});

test('a visitor is asked to log in, and comes back here', async () => {
  const server = fakeServer({});
  renderAt(<NotificationsPage viewer={null} />, { path: '/notifications?event=5' });
  expect(screen.getByRole('heading', { name: 'Log in to see your notifications' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', `/login?next=${encodeURIComponent('/notifications?event=5')}`);
  expect(server.calls).toHaveLength(0);
});

test('a member who is not a guest of the evening gets the guests-only card and no inbox', async () => {
  const server = fakeServer({ 'GET /api/events/5': evening({ registered: false, checkedIn: false, paid: false }) });
  fakeSockets();
  renderAt(<NotificationsPage viewer={{ id: 1 }} />, { path: '/notifications?event=5' });
  expect(await screen.findByRole('heading', { name: 'This page is for the guests of this evening only' })).toBeInTheDocument();
  expect(server.calls.map((c) => c.url.pathname)).toEqual(['/api/events/5']);
});

test('an inbox the server refuses (403) gets the guests-only card', async () => {
  fakeServer({
    'GET /api/events/5': evening(),
    'GET /api/events/5/arrival': arrival(),
    'GET /api/events/5/inbox': new Reply(403, { message: 'Guests of this event only', error: 'Guests of this event only' }),
  });
  fakeSockets();
  renderAt(<NotificationsPage viewer={{ id: 1 }} />, { path: '/notifications?event=5' });
  expect(await screen.findByRole('heading', { name: 'This page is for the guests of this evening only' })).toBeInTheDocument();
});

test('the host of the evening is pointed to event messaging', async () => {
  fakeServer({ 'GET /api/events/5': evening({ registered: false, isHost: true }) });
  renderAt(<NotificationsPage viewer={{ id: 1 }} />, { path: '/notifications?event=5' });
  expect(await screen.findByRole('link', { name: 'Open event messaging' })).toHaveAttribute('href', '/messaging?event=5');
});
