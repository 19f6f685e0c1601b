import { screen } from '@testing-library/react';
import { expect, test, vi } from 'vitest';
import { fakeServer, Reply, renderAt } from '@client/test/render';
import { unlockTokenFrom, UnlockCard } from './unlock-card';

const TOKEN = 'Abc_-123456789012345678901234567890123456789'.slice(0, 43);
const USED = 'This link has already been used or has expired. Ask for a new login code instead.';

function renderUnlock(hash: string, routes: Record<string, unknown>) {
  const server = fakeServer(routes);
  const onSignedIn = vi.fn();
  const view = renderAt(<UnlockCard hash={hash} onSignedIn={onSignedIn} />, { path: '/unlock' });
  return { server, onSignedIn, ...view };
}

test('reads the token after #, and only a whole one', () => {
  expect(unlockTokenFrom(`#token=${TOKEN}`)).toBe(TOKEN);
  expect(unlockTokenFrom('#token=short')).toBeNull();
  expect(unlockTokenFrom('')).toBeNull();
});

test('opening the link posts nothing (mail scanners fetch links); the button does, once, and signs the owner in', async () => {
  const { server, onSignedIn, user } = renderUnlock(`#token=${TOKEN}`, { 'POST /api/auth/unlock': { id: 7, email: 'lena@example.com', name: 'Lena' } });
  const button = await screen.findByRole('button', { name: 'Sign me in and lift the pause' });
  expect(server.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  await user.click(button);
  await vi.waitFor(() => expect(onSignedIn).toHaveBeenCalledTimes(1));
  const posts = server.calls.filter((c) => c.method === 'POST');
  expect(posts).toHaveLength(1);
  expect(posts[0]!.body).toEqual({ token: TOKEN });
});

test('a used or expired link says so, with the way to log in by code', async () => {
  const { onSignedIn, user } = renderUnlock(`#token=${TOKEN}`, { 'POST /api/auth/unlock': new Reply(400, { message: USED, error: USED }) });
  await user.click(await screen.findByRole('button', { name: 'Sign me in and lift the pause' }));
  expect(await screen.findByRole('alert')).toHaveTextContent(USED);
  expect(screen.getByRole('link', { name: 'Log in with a code' })).toHaveAttribute('href', '/login');
  expect(onSignedIn).not.toHaveBeenCalled();
});

test('an incomplete link offers the code login instead of a button', async () => {
  renderUnlock('#token=abc', {});
  expect(await screen.findByRole('alert')).toHaveTextContent('This link is incomplete');
  expect(screen.queryByRole('button')).not.toBeInTheDocument();
});
