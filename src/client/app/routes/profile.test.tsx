import { screen } from '@testing-library/react';
import { expect, test, vi } from 'vitest';
import { member, profileRoutes } from '@client/features/profile/profile.fixtures';
import { fakeServer } from '@client/test/render';
import { LAZY, renderApp, signedInAs } from '../app.fixtures';

/**
 * /profile does not shift as it loads (Lighthouse CLS): the cards beside the profile (under it on a
 * phone) are fetched at once but shown with the profile, whose height is known only then.
 */
test('/profile: the activity column waits, hidden, for the profile card; then both show', async () => {
  let answer: (u: typeof member) => void = () => undefined;
  const profile = new Promise<typeof member>((r) => (answer = r));
  const server = fakeServer({ ...signedInAs(), ...profileRoutes({ 'GET /api/users/7': () => profile }) });
  renderApp('/profile');
  expect(await screen.findByText('Loading your profile…', {}, LAZY)).toBeInTheDocument();
  // Their data is asked for already, but the column is not laid out.
  await vi.waitFor(() => expect(server.calls.map((c) => c.url.pathname)).toContain('/api/users/7/stats'));
  expect(screen.queryByRole('heading', { name: 'Activity Stats' })).toBeNull();
  expect(screen.getByText('Activity Stats').closest('[hidden]')).not.toBeNull();

  answer(member);
  expect(await screen.findByRole('heading', { name: 'Activity Stats' })).toBeVisible();
  expect(screen.getByRole('button', { name: 'Edit profile' })).toBeInTheDocument();
});
