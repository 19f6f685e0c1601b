import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, expect, test } from 'vitest';
import { resetOutboxForTests, sendOrKeep, type KeptInput } from '@client/lib/outbox';
import { fakeServer, renderAt, signIn, type FakeRequest } from '@client/test/render';
import { KeptWrites } from './kept-writes';

/**
 * The writes a guest makes with no connection (lib/outbox.ts, docs/decisions/0051), as the kept-writes
 * card shows them: one per thing written however often it is tapped, the last choice; and a word
 * ("Sent") when they go, rather than vanishing.
 */

afterEach(() => resetOutboxForTests());

const ratingOf = (ratedId: number, name: string, rating: number): KeptInput => ({
  userId: 1,
  eventId: 5,
  kind: 'rating',
  subjectId: ratedId,
  method: 'POST',
  url: '/api/events/5/ratings',
  body: { raterId: 1, ratedId, rating, round: 1 },
  label: `Your rating of ${name}: ${rating}`,
  refresh: [],
});

/** A server that cannot be reached until `back()`, as fetch fails offline. */
function unreachableUntilBack() {
  let up = false;
  const delivered: FakeRequest[] = [];
  const server = fakeServer({
    'POST /api/events/5/ratings': (req: FakeRequest) => {
      if (!up) throw new TypeError('Failed to fetch');
      delivered.push(req);
      return { id: delivered.length };
    },
  });
  return {
    server,
    delivered,
    back() {
      up = true;
      act(() => void window.dispatchEvent(new Event('online')));
    },
  };
}

test('a double tap, then a changed mind, offline: one rating of the partner waits, the last choice, and it is sent once', async () => {
  signIn(1);
  const net = unreachableUntilBack();
  renderAt(<KeptWrites userId={1} eventId={5} />);
  // Two taps at once (neither waits for the other), then another choice.
  await act(async () => {
    await Promise.all([sendOrKeep(ratingOf(11, 'Priya', 4)), sendOrKeep(ratingOf(11, 'Priya', 4))]);
  });
  await act(async () => void (await sendOrKeep(ratingOf(11, 'Priya', 5))));
  await act(async () => void (await sendOrKeep(ratingOf(12, 'Sam', 3))));
  const waiting = await screen.findByRole('list');
  expect([...waiting.querySelectorAll('li')].map((li) => li.textContent)).toEqual(['Your rating of Priya: 5', 'Your rating of Sam: 3']);

  net.back();
  await waitFor(() => expect(net.delivered).toHaveLength(2));
  expect(net.delivered.map((r) => r.body)).toEqual([
    { raterId: 1, ratedId: 11, rating: 5, round: 1 },
    { raterId: 1, ratedId: 12, rating: 3, round: 1 },
  ]);
  // Each went with a key of its own.
  expect(new Set(net.delivered.map((r) => r.headers.get('idempotency-key'))).size).toBe(2);
});

test('kept writes sent on return say "Sent" rather than vanishing without a word', async () => {
  signIn(1);
  const net = unreachableUntilBack();
  renderAt(<KeptWrites userId={1} eventId={5} />);
  await act(async () => void (await sendOrKeep(ratingOf(11, 'Priya', 5))));
  expect(await screen.findByText('Saved on this phone, sending when you are back')).toBeInTheDocument();

  net.back();
  const status = screen.getByRole('status');
  await waitFor(() => expect(status).toHaveTextContent('Sent: your rating of Priya: 5'));
  expect(status).not.toHaveTextContent('sending when you are back');
  expect(net.delivered).toHaveLength(1);
});
