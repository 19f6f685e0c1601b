import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, test } from 'vitest';
import { KeptWrites } from '@client/components/ui/kept-writes';
import { resetOutboxForTests } from '@client/lib/outbox';
import { fakeServer, Reply, renderAt, signIn, type FakeRequest } from '@client/test/render';
import { QuickRating } from './quick-rating';

const priya = { id: 11, name: 'Priya Shah' };
const rating = (value: number) => ({ id: 1, raterId: 1, ratedId: 11, rating: value, round: 2, createdAt: '2025-05-14T18:10:00Z' });

test('one tap saves the rating of the partner just met, for that round', async () => {
  const stored: ReturnType<typeof rating>[] = [];
  const server = fakeServer({
    'GET /api/events/5/ratings/1': () => stored,
    'POST /api/events/5/ratings': (req: { body: unknown }) => {
      stored.splice(0, 1, rating((req.body as { rating: number }).rating));
      return stored[0];
    },
    'GET /api/events/5/matches/1': [],
  });
  const { user } = renderAt(<QuickRating eventId={5} userId={1} round={2} partner={priya} />);
  expect(await screen.findByRole('group', { name: 'How was your chat with Priya?' })).toBeInTheDocument();
  expect(screen.getByRole('status')).toHaveTextContent('One tap saves it.');
  await user.click(screen.getByRole('button', { name: '5: Amazing connection!' }));
  expect(server.calls.find((c) => c.method === 'POST')?.body).toEqual({ raterId: 1, ratedId: 11, rating: 5, round: 2 });
  expect(await screen.findByText('✓ Saved: 5, Amazing connection! for Priya. Only you see it.')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: '5: Amazing connection!' })).toHaveAttribute('aria-pressed', 'true');
});

test('a rating already given shows as chosen, and another tap changes it', async () => {
  const server = fakeServer({ 'GET /api/events/5/ratings/1': [rating(3)], 'POST /api/events/5/ratings': () => rating(4), 'GET /api/events/5/matches/1': [] });
  const { user } = renderAt(<QuickRating eventId={5} userId={1} round={2} partner={priya} />);
  expect(await screen.findByRole('button', { name: '3: Good connection', pressed: true })).toBeInTheDocument();
  server.set('GET /api/events/5/ratings/1', [rating(4)]);
  await user.click(screen.getByRole('button', { name: '4: Great connection' }));
  expect(await screen.findByText('✓ Saved: 4, Great connection for Priya. Only you see it.')).toBeInTheDocument();
});

test('a refused rating says so', async () => {
  fakeServer({
    'GET /api/events/5/ratings/1': [],
    'POST /api/events/5/ratings': new Reply(403, { message: 'Contacts have been released: ratings are closed' }),
    'GET /api/events/5/matches/1': [],
  });
  const { user } = renderAt(<QuickRating eventId={5} userId={1} round={2} partner={priya} />);
  await user.click(await screen.findByRole('button', { name: '1: Not a match' }));
  expect(await screen.findByRole('status')).toHaveTextContent('Not saved: Contacts have been released: ratings are closed.');
});

describe('with no connection', () => {
  afterEach(() => resetOutboxForTests());

  /** A server that is unreachable until `back()`: every request fails as fetch fails offline. */
  function flakyServer(onPost: (req: FakeRequest) => unknown) {
    let up = false;
    const posts: FakeRequest[] = [];
    /** The requests made once the server is reachable again. */
    const after: FakeRequest[] = [];
    const server = fakeServer({
      'GET /api/events/5/ratings/1': [],
      'GET /api/events/5/matches/1': [],
      'POST /api/events/5/ratings': (req: FakeRequest) => {
        posts.push(req);
        if (!up) throw new TypeError('Failed to fetch');
        after.push(req);
        return onPost(req);
      },
    });
    return {
      server,
      posts,
      after,
      back() {
        up = true;
        window.dispatchEvent(new Event('online'));
      },
    };
  }

  test('a rating is kept on the phone, shown as such, and sent once on return with the key it was made with', async () => {
    signIn(1);
    const net = flakyServer((req) => rating((req.body as { rating: number }).rating));
    const { user } = renderAt(
      <>
        <KeptWrites userId={1} eventId={5} />
        <QuickRating eventId={5} userId={1} round={2} partner={priya} />
      </>,
    );
    await user.click(await screen.findByRole('button', { name: '5: Amazing connection!' }));
    expect(await screen.findByText('5, Amazing connection! for Priya: saved on this phone, sending when you are back')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '5: Amazing connection!' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText('Your rating of Priya: 5')).toBeInTheDocument();
    const key = net.posts[0]!.headers.get('idempotency-key');
    expect(key).toMatch(/^[0-9a-f]{32}$/);

    net.server.set('GET /api/events/5/ratings/1', [rating(5)]);
    net.back();
    await waitFor(() => expect(screen.queryByText('Your rating of Priya: 5')).not.toBeInTheDocument());
    expect(await screen.findByText('✓ Saved: 5, Amazing connection! for Priya. Only you see it.')).toBeInTheDocument();
    // Every try carried the key the rating was made with; the server got it once it could be reached, once.
    expect(net.posts.map((p) => p.headers.get('idempotency-key'))).toEqual(net.posts.map(() => key));
    const delivered = net.after;
    expect(delivered).toHaveLength(1);
    expect(delivered[0]!.headers.get('idempotency-key')).toBe(key);
    expect(delivered[0]!.body).toEqual({ raterId: 1, ratedId: 11, rating: 5, round: 2 });
  });

  test('kept ratings are sent in the order they were made; one refused on return is shown with the reason until dismissed', async () => {
    signIn(1);
    const sam = { id: 12, name: 'Sam Lee' };
    const net = flakyServer((req) => {
      const body = req.body as { ratedId: number; rating: number };
      if (body.ratedId === 11) return new Reply(409, { message: 'The host has closed ratings for this round' });
      return { ...rating(body.rating), ratedId: body.ratedId };
    });
    const { user } = renderAt(
      <>
        <KeptWrites userId={1} eventId={5} />
        <QuickRating eventId={5} userId={1} round={2} partner={priya} />
        <QuickRating eventId={5} userId={1} round={3} partner={sam} />
      </>,
    );
    await user.click((await screen.findAllByRole('button', { name: '4: Great connection' }))[0]!);
    await screen.findByText('Your rating of Priya: 4');
    await user.click(screen.getAllByRole('button', { name: '2: Maybe' })[1]!);
    await screen.findByText('Your rating of Sam: 2');

    net.back();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Not sent: the server refused it');
    expect(alert).toHaveTextContent('Your rating of Priya: 4. The host has closed ratings for this round');
    await waitFor(() => expect(screen.queryByText('Your rating of Sam: 2')).not.toBeInTheDocument());
    expect(net.after.map((p) => (p.body as { ratedId: number }).ratedId)).toEqual([11, 12]);

    await user.click(screen.getByRole('button', { name: 'Dismiss Your rating of Priya: 4' }));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
  });
});
