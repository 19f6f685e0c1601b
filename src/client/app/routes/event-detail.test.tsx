import { onlineManager } from '@tanstack/react-query';
import { act, screen } from '@testing-library/react';
import { expect, test, vi } from 'vitest';
import type { Me } from '@shared/schemas/auth';
import { DEFAULT_NARRATION } from '@shared/schemas/narration';
import { fakeSockets, settle, timerMessage, timerState } from '@client/test/fake-socket';
import { guestTonight } from '@client/test/fixtures';
import { fakeServer, renderAt, signIn } from '@client/test/render';
import { Component as EventDetailRoute } from './event-detail';

/**
 * /events/{id} opens the live socket only for someone the server lets watch the evening: a
 * registered guest or a host. Anyone else would be refused, and the socket would retry in a loop.
 */

const me: Me = { id: 1, email: 'member@speedfriendship.test', name: 'Maya', roles: ['member'] };

function setup(event: ReturnType<typeof guestTonight>) {
  signIn(1);
  const server = fakeServer({
    'GET /api/auth/me': me,
    // Narration on: its own socket must follow the same rule.
    'GET /api/me/narration': { settings: { ...DEFAULT_NARRATION, enabled: true }, saved: true },
    'GET /api/events/5': event,
    'GET /api/events/5/timer': { type: 'timer_sync', ...timerState({ phase: 'idle', currentRound: 0, roundDuration: 600 }) },
    'GET /api/events/5/rotation/me': [],
    'GET /api/events/5/inbox': { eventId: 5, unread: 0, messages: [] },
  });
  return { server, sockets: fakeSockets() };
}

/** The live side of the page (socket and narration) loads after its first paint: it has asked for the narration settings. */
const liveSideLoaded = (server: ReturnType<typeof fakeServer>) =>
  vi.waitFor(() => expect(server.calls.map((c) => `${c.method} ${c.url.pathname}`)).toContain('GET /api/me/narration'), { timeout: 5000 });

test('a member who is not a guest of the evening sees it without opening a live socket', async () => {
  const { server, sockets } = setup(guestTonight({ registered: false, checkedIn: false, paid: false, isHost: false, ticketCode: null }));
  renderAt(<EventDetailRoute />, { path: '/events/5', pattern: '/events/:id' });
  await screen.findByRole('heading', { name: 'Prestwich Friday Friends', level: 1 });
  await liveSideLoaded(server);
  await settle();
  expect(sockets.all).toHaveLength(0);
});

test('a registered guest of the evening gets the live socket for it', async () => {
  const { server, sockets } = setup(guestTonight({ checkedIn: false }));
  renderAt(<EventDetailRoute />, { path: '/events/5', pattern: '/events/:id' });
  await screen.findByRole('heading', { name: 'Prestwich Friday Friends', level: 1 });
  await liveSideLoaded(server);
  await settle();
  expect(sockets.all.length).toBeGreaterThan(0);
  expect(new Set(sockets.all.map((s) => s.query.get('eventId')))).toEqual(new Set(['5']));
});

const alex = { id: 3, name: 'Alex Day', age: 31, bio: null, interests: [], profileImage: null, email: null, contactInfo: null };
/** Maya's match with Alex at evening 5, before (`shared` false) or after the release. */
const match = (shared: boolean) => ({
  id: 9,
  eventId: 5,
  user1Id: 1,
  user2Id: 3,
  user1: { ...alex, id: 1, name: 'Maya' },
  user2: shared ? { ...alex, email: 'alex@example.test' } : alex,
  matchScore: 5,
  matchType: 'mutual',
  personalityScore: null,
  interestScore: null,
  communicationScore: null,
  ageCompatibilityScore: null,
  ratingScore: null,
  overallScore: null,
  contactShared: shared,
  sharedByMe: false,
  round: 1,
  sharedInterests: [],
});

test('after the host ends and releases while the phone was away, back online it shows the matches, never "appear once the host releases them" (issue 32)', async () => {
  const { server, sockets } = setup(guestTonight());
  let released = false;
  server.set('GET /api/events/5/matches/1', () => [match(released)]);
  server.set('GET /api/events/5/ratings/1', []);
  renderAt(<EventDetailRoute />, { path: '/events/5', pattern: '/events/:id' });
  await screen.findByRole('heading', { name: 'Prestwich Friday Friends', level: 1 });
  await liveSideLoaded(server);
  await settle();

  // The socket comes back: the room's clock says the evening is over (the event on the phone does not know yet).
  sockets.broadcast(timerMessage('timer_sync', { phase: 'ended', currentRound: 3 }), 5);
  expect(await screen.findByRole('heading', { name: 'Your matches' })).toBeInTheDocument();
  expect(await screen.findByRole('heading', { name: 'Alex Day' })).toBeInTheDocument();
  expect(screen.queryByText(/appear once the host releases them/)).not.toBeInTheDocument();

  // The release reaches the open page: the match shows its contact.
  released = true;
  sockets.broadcast({ type: 'contacts_released', eventId: 5 }, 5);
  expect(await screen.findByText('Contact Shared')).toBeInTheDocument();
  expect(screen.getByText('alex@example.test')).toBeInTheDocument();
  expect(screen.queryByText(/appear once the host releases them/)).not.toBeInTheDocument();
});

test("the release carries the guest's own matches: the page shows the contact without asking the server again (docs/decisions/0105)", async () => {
  const { server, sockets } = setup(guestTonight());
  // The server's answer stays the one before the release: only the message can show the contact.
  server.set('GET /api/events/5/matches/1', () => [match(false)]);
  server.set('GET /api/events/5/ratings/1', []);
  renderAt(<EventDetailRoute />, { path: '/events/5', pattern: '/events/:id' });
  await screen.findByRole('heading', { name: 'Prestwich Friday Friends', level: 1 });
  await liveSideLoaded(server);
  await settle();
  sockets.broadcast(timerMessage('timer_sync', { phase: 'ended', currentRound: 3 }), 5);
  expect(await screen.findByRole('heading', { name: 'Alex Day' })).toBeInTheDocument();
  await settle();
  const asked = () => server.calls.filter((c) => c.method === 'GET' && c.url.pathname === '/api/events/5/matches/1').length;
  const before = asked();

  sockets.broadcast({ type: 'contacts_released', eventId: 5, matches: [match(true)] }, 5);
  expect(await screen.findByText('Contact Shared')).toBeInTheDocument();
  expect(screen.getByText('alex@example.test')).toBeInTheDocument();
  await settle();
  expect(asked()).toBe(before);
});

test('ended and released while the phone was away: when the socket is back, the matches show their contacts at once', async () => {
  const { server, sockets } = setup(guestTonight());
  let released = false;
  server.set('GET /api/events/5/matches/1', () => [match(released)]);
  server.set('GET /api/events/5/ratings/1', []);
  renderAt(<EventDetailRoute />, { path: '/events/5', pattern: '/events/:id' });
  await screen.findByRole('heading', { name: 'Prestwich Friday Friends', level: 1 });
  await liveSideLoaded(server);
  // The live stats read the matches during the evening: none shared yet.
  await vi.waitFor(() => expect(server.calls.some((c) => c.url.pathname === '/api/events/5/matches/1')).toBe(true));
  await settle();

  // Away meanwhile: the host ended the evening and released contacts; the 'contacts_released' message never came.
  released = true;
  sockets.broadcast(timerMessage('timer_sync', { phase: 'ended', currentRound: 3 }), 5);
  expect(await screen.findByText('Contact Shared')).toBeInTheDocument();
  expect(screen.getByText('alex@example.test')).toBeInTheDocument();
  expect(screen.queryByText(/appear once the host releases them/)).not.toBeInTheDocument();
});

test('a release missed while offline shows as soon as the phone is back online', async () => {
  const { server, sockets } = setup(guestTonight({}, { status: 'completed' }));
  let released = false;
  server.set('GET /api/events/5/matches/1', () => [match(released)]);
  server.set('GET /api/events/5/ratings/1', []);
  renderAt(<EventDetailRoute />, { path: '/events/5', pattern: '/events/:id' });
  expect(await screen.findByRole('button', { name: /Share Contact/ })).toBeInTheDocument();
  void sockets;

  // Offline while the host releases (the socket's message never arrives), then back.
  act(() => onlineManager.setOnline(false));
  released = true;
  act(() => onlineManager.setOnline(true));
  expect(await screen.findByText('Contact Shared')).toBeInTheDocument();
  expect(screen.getByText('alex@example.test')).toBeInTheDocument();
});
