import { useQueryClient } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, expect, test } from 'vitest';
import { LAZY, renderApp, signedInAs } from './app.fixtures';
import QueryScope from './query-scope';
import AppToaster from './toaster';
import { fakeServer } from '@client/test/render';

afterEach(() => {
  toast.dismiss();
});

function SaveButton() {
  const qc = useQueryClient();
  return (
    <button type="button" onClick={() => toast.success('Profile Updated', { description: `Saved (${qc.isFetching()} loading).` })}>
      Save
    </button>
  );
}

test("a screen in the query scope gets the app's query client; the toaster shows a toast with a close button", async () => {
  render(
    <QueryScope>
      <AppToaster />
      <SaveButton />
    </QueryScope>,
  );
  await screen.findByRole('region', { name: /Notifications/ });
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
  expect(await screen.findByText('Profile Updated')).toBeInTheDocument();
  expect(screen.getByText('Saved (0 loading).')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Close toast' })).toBeInTheDocument();
  expect(screen.getByRole('region', { name: /Notifications F8/ })).toBeInTheDocument();
});

test('the layout loads the toaster on every screen but the landing page, where the first key press or touch loads it', async () => {
  fakeServer(signedInAs());
  const other = renderApp('/events');
  expect(await screen.findByRole('region', { name: /Notifications/ }, LAZY)).toBeInTheDocument();
  other.unmount();

  // The landing page, as a visitor sees it (a member's `/` is their own home, issue 34).
  localStorage.clear();
  fakeServer({ 'GET /api/events': [] });
  const home = renderApp('/');
  await screen.findByRole('heading', { name: 'Join the Waitlist' }, LAZY);
  expect(screen.queryByRole('region', { name: /Notifications/ })).toBeNull();
  await home.user.keyboard('{Tab}');
  expect(await screen.findByRole('region', { name: /Notifications/ }, LAZY)).toBeInTheDocument();
});
