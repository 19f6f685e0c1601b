import { screen } from '@testing-library/react';
import { afterEach, expect, test, vi } from 'vitest';
import { anArrival, arrivalServer, fakeGeolocation } from '@client/features/arrival/arrival.fixtures';
import { fakeSockets } from '@client/test/fake-socket';
import { anEvent, fromNow, HOUR } from '@client/test/fixtures';
import { fakeServer, Reply } from '@client/test/render';
import { LAZY, renderApp, signedInAs } from '../app.fixtures';

let phone: ReturnType<typeof fakeGeolocation> | null = null;
afterEach(() => {
  phone?.restore();
  phone = null;
});

test('/arrival: a visitor is asked to log in, and comes back here', async () => {
  const server = fakeServer({});
  const { user, location } = renderApp('/arrival?event=5');
  expect(await screen.findByRole('heading', { level: 1, name: 'Smart Arrival' })).toBeInTheDocument();
  expect(await screen.findByRole('heading', { name: 'Log in to check in for your evening' })).toBeInTheDocument();
  await user.click(screen.getByRole('link', { name: 'Log in' }));
  await vi.waitFor(() => expect(location()).toBe(`/login?next=${encodeURIComponent('/arrival?event=5')}`), LAZY);
  expect(server.calls).toHaveLength(0);
});

test('/arrival: a member with no evening coming up is pointed to the events', async () => {
  fakeServer({ ...signedInAs(), 'GET /api/users/7/events': [] });
  renderApp('/arrival');
  expect(await screen.findByRole('heading', { name: 'No evening coming up' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Browse Events' })).toHaveAttribute('href', '/events');
});

test('/arrival: without ?event= the member’s next evening is the one shown', async () => {
  phone = fakeGeolocation({ permission: 'prompt' });
  const data = arrivalServer(anArrival());
  const next = { ...anEvent({ id: 5, date: fromNow(2 * HOUR) }), checkedIn: false, registeredAt: fromNow(-HOUR) };
  const past = { ...anEvent({ id: 3, date: fromNow(-48 * HOUR), endsAt: fromNow(-46 * HOUR) }), checkedIn: true, registeredAt: fromNow(-72 * HOUR) };
  fakeServer({ ...signedInAs(), 'GET /api/users/7/events': [past, next], ...data.routes });
  fakeSockets();
  renderApp('/arrival');
  expect(await screen.findByRole('heading', { name: 'The Wine Bar' })).toBeInTheDocument();
  // The button follows the browser's answer about the permission (asked once the evening is shown).
  expect(await screen.findByRole('button', { name: 'Enable Location Tracking' })).toBeInTheDocument();
});

test('/arrival?event=: a member who is not a guest of that evening is told so; a bad id is not found', async () => {
  fakeServer({ ...signedInAs(), 'GET /api/events/8/arrival': new Reply(403, { message: 'Only guests of this evening can use this page' }) });
  fakeSockets();
  const first = renderApp('/arrival?event=8');
  expect(await screen.findByRole('heading', { name: 'This page is for guests of this evening' })).toBeInTheDocument();
  first.unmount();

  fakeServer(signedInAs());
  renderApp('/arrival?event=abc');
  expect(await screen.findByRole('heading', { name: 'Event not found' })).toBeInTheDocument();
});
