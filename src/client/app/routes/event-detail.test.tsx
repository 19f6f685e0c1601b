import { screen } from '@testing-library/react';
import { expect, test, vi } from 'vitest';
import type { Me } from '@shared/schemas/auth';
import { DEFAULT_NARRATION } from '@shared/schemas/narration';
import { fakeSockets, settle, timerState } from '@client/test/fake-socket';
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
