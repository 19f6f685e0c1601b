import { screen, within } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { fakeServer, Reply } from '@client/test/render';
import { anEventDetail, fromNow, HOUR } from '../events.fixtures';
import { ID, detailAt, guests } from './event-detail-screen.fixtures';

describe('who is coming', () => {
  const registered = () => anEventDetail({ id: ID }, { registered: true });

  test('names, ages, the member marked (you), at most 4 interests', async () => {
    fakeServer({ [`GET /api/events/${ID}`]: registered(), [`GET /api/events/${ID}/participants`]: guests });
    detailAt();
    expect(await screen.findByRole('heading', { name: "Who's coming (2)" })).toBeInTheDocument();
    const me = screen.getByText('Member One').closest('li') as HTMLElement;
    expect(me).toHaveTextContent('Member One (you), 31');
    const priya = within(screen.getByRole('list', { name: "Priya Shah's interests" }))
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(priya).toEqual(['Art', 'Coffee', 'Travel', 'Dancing', '+2 more']);
  });

  test('nobody yet', async () => {
    fakeServer({ [`GET /api/events/${ID}`]: registered(), [`GET /api/events/${ID}/participants`]: [] });
    detailAt();
    expect(await screen.findByText('Nobody has registered yet.')).toBeInTheDocument();
  });

  test('a refused list (403) hides the card; a failed one offers Try again', async () => {
    const server = fakeServer({ [`GET /api/events/${ID}`]: registered(), [`GET /api/events/${ID}/participants`]: new Reply(403, { message: 'Forbidden' }) });
    const first = detailAt();
    await screen.findByRole('heading', { name: "You're registered" });
    await vi.waitFor(() => expect(server.calls.some((c) => c.url.pathname.endsWith('/participants'))).toBe(true));
    await vi.waitFor(() => expect(screen.queryByRole('heading', { name: /Who's coming/ })).not.toBeInTheDocument());
    first.unmount();

    server.set(`GET /api/events/${ID}/participants`, new Reply(500, {}));
    const { user } = detailAt();
    expect(await screen.findByText("We couldn't load the guest list just now.")).toBeInTheDocument();
    server.set(`GET /api/events/${ID}/participants`, guests);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Priya Shah')).toBeInTheDocument();
  });
});

// Issue 34: a member had no way to share their evening.
test('a member can share an upcoming evening from its page, with the page’s link and its source', async () => {
  fakeServer({
    [`GET /api/events/${ID}`]: anEventDetail({ id: ID, date: fromNow(48 * HOUR), endsAt: fromNow(50 * HOUR) }, { registered: true }),
    [`GET /api/events/${ID}/participants`]: [],
  });
  const { user } = detailAt();
  await user.click(await screen.findByRole('button', { name: 'Copy link' }));
  expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/events/${ID}?source=page-link`);
  // The ticket has its own Add to calendar: one link, not two.
  expect(screen.getAllByRole('link', { name: 'Add to calendar' })).toHaveLength(1);
});
