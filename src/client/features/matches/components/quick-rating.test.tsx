import { screen } from '@testing-library/react';
import { expect, test } from 'vitest';
import { fakeServer, Reply, renderAt } from '@client/test/render';
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
  fakeServer({ 'GET /api/events/5/ratings/1': [], 'POST /api/events/5/ratings': new Reply(403, { message: 'Contacts have been released: ratings are closed' }), 'GET /api/events/5/matches/1': [] });
  const { user } = renderAt(<QuickRating eventId={5} userId={1} round={2} partner={priya} />);
  await user.click(await screen.findByRole('button', { name: '1: Not a match' }));
  expect(await screen.findByRole('status')).toHaveTextContent('Not saved: Contacts have been released: ratings are closed.');
});
