import { screen, within } from '@testing-library/react';
import { toast, Toaster } from 'sonner';
import { afterEach, expect, test, vi } from 'vitest';
import { fakeServer, renderAt } from '@client/test/render';
import { exported, noContent, profileRoutes, refusal, registration } from '../profile.fixtures';
import { ActivityStatsCard } from './activity-stats-card';
import { EventHistoryCard } from './event-history-card';
import { YourDataCard } from './your-data-card';

afterEach(() => {
  vi.restoreAllMocks();
  // Toasts live in sonner's module state: one test's must not show up in the next one's Toaster.
  toast.dismiss();
  // A test that fails with the dialog open leaves Radix's pointer-events lock on the body: do not let it fail the next one too.
  document.body.removeAttribute('style');
});

const card = (title: string) => within(screen.getByRole('heading', { name: title }).parentElement!);

test('Activity Stats shows the real figures', async () => {
  fakeServer(profileRoutes());
  renderAt(<ActivityStatsCard userId={7} />);
  expect(await card('Activity Stats').findByText('4.6')).toBeInTheDocument();
  const figures = card('Activity Stats')
    .getAllByRole('term')
    .map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]);
  expect(figures).toEqual([
    ['Events attended', '3'],
    ['Connections', '11'],
    ['Average rating', '4.6'],
  ]);
});

test('Activity Stats without ratings says so instead of a number', async () => {
  fakeServer(profileRoutes({ 'GET /api/users/7/stats': { eventsAttended: 0, totalConnections: 0, averageRating: null } }));
  renderAt(<ActivityStatsCard userId={7} />);
  const dt = (await screen.findAllByRole('term')).find((t) => t.textContent === 'Average rating')!;
  // Seen as a dash, heard as words.
  expect(dt.nextElementSibling).toHaveTextContent('–No ratings yet');
  expect(within(dt.nextElementSibling as HTMLElement).getByText('–')).toHaveAttribute('aria-hidden', 'true');
});

test('Activity Stats that fail to load can be tried again', async () => {
  const server = fakeServer(profileRoutes({ 'GET /api/users/7/stats': refusal(500, 'Oops') }));
  const { user } = renderAt(<ActivityStatsCard userId={7} />);
  expect(await screen.findByText("We couldn't load your stats just now.")).toBeInTheDocument();
  server.set('GET /api/users/7/stats', { eventsAttended: 5, totalConnections: 2, averageRating: 3 });
  await user.click(screen.getByRole('button', { name: 'Try again' }));
  expect(await screen.findByText('3.0')).toBeInTheDocument();
});

test('Event History: upcoming evenings first, marked Registered, then the latest three past ones', async () => {
  fakeServer(
    profileRoutes({
      'GET /api/users/7/events': [
        registration(1, 'Later Social', 30),
        registration(2, 'Next Week Social', 7, { startTime: '18:30' }),
        registration(3, 'Oldest', -100),
        registration(4, 'Last Month', -30),
        registration(5, 'Last Week', -7),
        registration(6, 'Two Months Ago', -60),
        registration(7, 'Three Months Ago', -90),
      ],
    }),
  );
  const { user } = renderAt(<EventHistoryCard userId={7} />);
  const history = card('Event History');
  const upcoming = within((await history.findByRole('heading', { name: 'Upcoming' })).parentElement!);
  const upcomingRows = upcoming.getAllByRole('listitem');
  expect(upcomingRows.map((li) => li.querySelector('h4')?.textContent)).toEqual(['Next Week Social', 'Later Social']);
  expect(upcomingRows[0]).toHaveTextContent('Registered');
  expect(upcomingRows[0]).toHaveTextContent('6:30 PM');
  expect(upcomingRows[0]).toHaveTextContent('The Wine Wallop, Prestwich');

  const past = within(history.getByRole('heading', { name: 'Past evenings' }).parentElement!);
  expect(past.getAllByRole('listitem').map((li) => li.querySelector('h4')?.textContent)).toEqual(['Last Week', 'Last Month', 'Two Months Ago']);
  expect(past.queryByText('Registered')).not.toBeInTheDocument();

  const more = past.getByRole('button', { name: /Show all 5 past evenings/ });
  expect(more).toHaveAttribute('aria-expanded', 'false');
  await user.click(more);
  expect(past.getAllByRole('listitem')).toHaveLength(5);
  await user.click(past.getByRole('button', { name: /Show fewer/ }));
  expect(past.getAllByRole('listitem')).toHaveLength(3);
});

test('Event History with no evenings says how they will appear; a failure can be tried again', async () => {
  const server = fakeServer(profileRoutes({ 'GET /api/users/7/events': refusal(500, 'Oops') }));
  const { user } = renderAt(<EventHistoryCard userId={7} />);
  expect(await screen.findByText("We couldn't load your evenings just now.")).toBeInTheDocument();
  server.set('GET /api/users/7/events', []);
  await user.click(screen.getByRole('button', { name: 'Try again' }));
  expect(await screen.findByText('No evenings yet')).toBeInTheDocument();
  expect(screen.queryByRole('heading', { name: 'Upcoming' })).not.toBeInTheDocument();
});

test('Download my data saves the export as a JSON file', async () => {
  const server = fakeServer({ 'GET /api/users/7/export': exported });
  let blob: Blob | undefined;
  vi.spyOn(URL, 'createObjectURL').mockImplementation((b) => {
    blob = b as Blob;
    return 'blob:speedfriendship/export';
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  const clicked: { href: string; download: string }[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push({ href: this.href, download: this.download });
  });
  const { user } = renderAt(
    <>
      <YourDataCard userId={7} onDeleted={() => {}} />
      <Toaster />
    </>,
  );
  // What the download holds, and for how long it is kept, is on the public /privacy page.
  expect(screen.getByRole('link', { name: 'What we keep and for how long' })).toHaveAttribute('href', '/privacy');
  await user.click(screen.getByRole('button', { name: 'Download my data' }));

  expect(await screen.findByText('Download started')).toBeInTheDocument();
  expect(server.calls.map((c) => c.url.pathname)).toEqual(['/api/users/7/export']);
  expect(clicked).toEqual([{ href: 'blob:speedfriendship/export', download: 'speed-friendship-data-7.json' }]);
  expect(blob?.type).toBe('application/json');
  expect(JSON.parse(await blob!.text())).toEqual(exported);
});

test('a failed download says so', async () => {
  fakeServer({ 'GET /api/users/7/export': refusal(500, 'Export is unavailable') });
  const { user } = renderAt(
    <>
      <YourDataCard userId={7} onDeleted={() => {}} />
      <Toaster />
    </>,
  );
  await user.click(screen.getByRole('button', { name: 'Download my data' }));
  expect(await screen.findByText('Download Failed')).toBeInTheDocument();
  expect(screen.getByText('Export is unavailable')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Download my data' })).toBeEnabled();
});

test('deleting the account asks first; Cancel keeps it', async () => {
  const server = fakeServer({});
  const onDeleted = vi.fn();
  const { user } = renderAt(<YourDataCard userId={7} onDeleted={onDeleted} />);
  await user.click(screen.getByRole('button', { name: 'Delete my account' }));
  const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
  expect(dialog).toHaveAccessibleDescription(/It cannot be undone/);
  await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(server.calls).toHaveLength(0);
  expect(onDeleted).not.toHaveBeenCalled();
});

test('confirming deletes the account, leaves, then forgets the local sign-in', async () => {
  localStorage.setItem('currentUserId', '7');
  localStorage.setItem('userEmail', 'alex@speedfriendship.test');
  const server = fakeServer({ 'DELETE /api/users/7': noContent() });
  const seenAtLeave: (string | null)[] = [];
  const onDeleted = vi.fn(() => {
    seenAtLeave.push(localStorage.getItem('currentUserId'));
  });
  const { user } = renderAt(
    <>
      <YourDataCard userId={7} onDeleted={onDeleted} />
      <Toaster />
    </>,
  );
  await user.click(screen.getByRole('button', { name: 'Delete my account' }));
  await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete account' }));

  expect(await screen.findByText('Account Deleted')).toBeInTheDocument();
  expect(server.calls.map((c) => `${c.method} ${c.url.pathname}`)).toEqual(['DELETE /api/users/7']);
  expect(onDeleted).toHaveBeenCalledOnce();
  // The screen leaves while still signed in; the sign-in is cleared after.
  expect(seenAtLeave).toEqual(['7']);
  expect(localStorage.getItem('currentUserId')).toBeNull();
  expect(localStorage.getItem('userEmail')).toBeNull();
});

test('a refused deletion is reported and the member stays signed in', async () => {
  localStorage.setItem('currentUserId', '7');
  localStorage.setItem('userEmail', 'alex@speedfriendship.test');
  fakeServer({ 'DELETE /api/users/7': refusal(403, 'You cannot delete this account') });
  const onDeleted = vi.fn();
  const { user } = renderAt(
    <>
      <YourDataCard userId={7} onDeleted={onDeleted} />
      <Toaster />
    </>,
  );
  await user.click(screen.getByRole('button', { name: 'Delete my account' }));
  await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete account' }));
  expect(await screen.findByText('Delete Failed')).toBeInTheDocument();
  expect(screen.getByText('You cannot delete this account')).toBeInTheDocument();
  expect(onDeleted).not.toHaveBeenCalled();
  expect(localStorage.getItem('currentUserId')).toBe('7');
});
