import { screen, within } from '@testing-library/react';
import { useState } from 'react';
import { Toaster } from 'sonner';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { fakeServer, renderAt, type FakeRequest } from '@client/test/render';
import { aMatch, aPartner, aPerson, aRating, aRound, failure } from '../matches.fixtures';
import { RatingCard } from './rating-card';
import { RatingStats } from './rating-stats';

const EVENT = 20;
const sam = aPartner(2, 'Sam Lee', { age: 33, interests: ['Climbing', 'Jazz', 'Board games', 'Baking'], bio: 'New to Prestwich.' });
const alex = aPartner(3, 'Alex Day', { age: 29 });
const jo = aPartner(4, 'Jo March', { age: 41 });
const rotation = [aRound(1, sam, 4), aRound(2, null, null), aRound(3, alex, 2), aRound(4, sam, 5), aRound(5, jo, 1)];

const ROTATION = `GET /api/events/${EVENT}/rotation/me`;
const GIVEN = `GET /api/events/${EVENT}/ratings/1`;
const RATE = `POST /api/events/${EVENT}/ratings`;

/** The server: remembers ratings as they are posted. */
function server(given = [] as ReturnType<typeof aRating>[]) {
  const ratings = [...given];
  return fakeServer({
    [ROTATION]: rotation,
    [GIVEN]: () => ratings,
    [RATE]: (req: FakeRequest) => {
      const b = req.body as { ratedId: number; rating: number; round: number | null };
      const r = aRating(b.ratedId, b.rating, b.round);
      ratings.splice(0, ratings.length, ...ratings.filter((x) => x.ratedId !== b.ratedId), r);
      return r;
    },
  });
}

const cardAt = (round: number | null = null) =>
  renderAt(
    <>
      <Toaster />
      <RatingCard eventId={EVENT} userId={1} round={round} />
    </>,
    { path: `/events/${EVENT}` },
  );

const rate = async (user: ReturnType<typeof cardAt>['user'], label: RegExp) => {
  await user.click(screen.getByRole('radio', { name: label }));
  await user.click(screen.getByRole('button', { name: /Submit Rating|Update Rating/ }));
};

beforeEach(() => sessionStorage.clear());

describe('rating conversation partners', () => {
  test('one partner at a time, byes and repeats left out, the five ratings labelled', async () => {
    server();
    cardAt();
    expect(await screen.findByRole('heading', { name: 'Sam Lee' })).toBeInTheDocument();
    expect(screen.getByText('Partner 1 of 3')).toBeInTheDocument();
    expect(screen.getByText('Round 1')).toBeInTheDocument();
    expect(screen.getByText('Table 4')).toBeInTheDocument();
    expect(screen.getByText('Age 33')).toBeInTheDocument();
    expect(
      within(screen.getByRole('list', { name: "Sam's interests" }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Climbing', 'Jazz', 'Board games']);
    expect(screen.getByText('New to Prestwich.')).toBeInTheDocument();

    const group = screen.getByRole('group', { name: 'How was your conversation with Sam?' });
    expect(
      within(group)
        .getAllByRole('radio')
        .map((r) => r.closest('label')!.textContent),
    ).toEqual(['11: Not a match', '22: Maybe', '33: Good connection', '44: Great connection', '55: Amazing connection!']);
    expect(screen.getByText('You match only if you both choose 4 or 5.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit Rating' })).toBeDisabled();
  });

  test('Submit sends the rating once, says so, and moves to the next partner', async () => {
    const s = server();
    const { user } = cardAt();
    await screen.findByRole('heading', { name: 'Sam Lee' });
    await user.click(screen.getByRole('radio', { name: '4: Great connection' }));
    const submit = screen.getByRole('button', { name: 'Submit Rating' });
    expect(submit).toBeEnabled();
    await user.dblClick(submit);

    expect(await screen.findByRole('heading', { name: 'Alex Day' })).toHaveFocus();
    expect(screen.getByText('Partner 2 of 3')).toBeInTheDocument();
    expect(screen.getByText('Rating Submitted')).toBeInTheDocument();
    expect(screen.getByText('Great connection for Sam. Only you can see your ratings.')).toBeInTheDocument();
    const posts = s.calls.filter((c) => c.method === 'POST');
    expect(posts.map((c) => c.body)).toEqual([{ raterId: 1, ratedId: 2, rating: 4, round: 1 }]);
  });

  test('after the last partner: thanks, and every rating can be changed', async () => {
    const s = server();
    const { user } = cardAt();
    await screen.findByRole('heading', { name: 'Sam Lee' });
    await rate(user, /^4:/);
    await screen.findByRole('heading', { name: 'Alex Day' });
    await rate(user, /^2:/);
    await screen.findByRole('heading', { name: 'Jo March' });
    await rate(user, /^5:/);

    const done = await screen.findByText('Thank you for rating!');
    expect(done.closest('[role="status"]')).toHaveFocus();
    expect(screen.getByText(/Your matches are worked out from mutual ratings of 4 or 5/)).toBeInTheDocument();
    expect(screen.getByText('Your ratings (3)')).toBeInTheDocument();
    expect(screen.getByText('2: Maybe')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Change rating for Alex Day' }));
    expect(await screen.findByRole('heading', { name: 'Alex Day' })).toBeInTheDocument();
    expect(screen.getByText('You rated Alex 2: Maybe. Choose again to change it.')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: '2: Maybe' })).toBeChecked();
    await rate(user, /^4:/);
    expect(await screen.findByText('Thank you for rating!')).toBeInTheDocument();
    expect(s.calls.filter((c) => c.method === 'POST').at(-1)?.body).toEqual({ raterId: 1, ratedId: 3, rating: 4, round: 3 });
  });

  test('partners already rated are not asked again', async () => {
    server([aRating(2, 5, 1)]);
    cardAt();
    expect(await screen.findByRole('heading', { name: 'Alex Day' })).toBeInTheDocument();
    expect(screen.getByText('Partner 2 of 3')).toBeInTheDocument();
  });

  test('Skip moves on without sending; skipped partners can be rated at the end and survive a reload', async () => {
    const s = server();
    const first = cardAt();
    await screen.findByRole('heading', { name: 'Sam Lee' });
    await first.user.click(screen.getByRole('button', { name: 'Skip' }));
    expect(await screen.findByRole('heading', { name: 'Alex Day' })).toHaveFocus();
    first.unmount();

    // A reload: Sam stays skipped.
    const { user: user2 } = cardAt();
    expect(await screen.findByRole('heading', { name: 'Alex Day' })).toBeInTheDocument();
    await user2.click(screen.getByRole('button', { name: 'Skip' }));
    await user2.click(await screen.findByRole('button', { name: 'Skip' })); // Jo
    expect(await screen.findByText('You skipped 3 people.')).toBeInTheDocument();
    expect(s.calls.some((c) => c.method === 'POST')).toBe(false);

    await user2.click(screen.getByRole('button', { name: 'Rate them now' }));
    expect(await screen.findByRole('heading', { name: 'Sam Lee' })).toBeInTheDocument();
  });

  test('a failed rating says why and stays on the partner', async () => {
    fakeServer({ [ROTATION]: rotation, [GIVEN]: [], [RATE]: failure(409, 'Ratings are closed for this event') });
    const { user } = cardAt();
    await screen.findByRole('heading', { name: 'Sam Lee' });
    await rate(user, /^5:/);
    expect(await screen.findByText('Rating Failed')).toBeInTheDocument();
    expect(screen.getByText('Ratings are closed for this event')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Sam Lee' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /^5:/ })).toBeChecked();
  });
});

describe('following the rounds', () => {
  test('only partners met so far; the next waits for its round, with no request at the round change (the socket brings it)', async () => {
    /** The live timer's round, as the event page passes it. */
    function WithTimer() {
      const [round, setRound] = useState(1);
      return (
        <>
          <button type="button" onClick={() => setRound((r) => r + 1)}>
            Timer: next round
          </button>
          <RatingCard eventId={EVENT} userId={1} round={round} />
        </>
      );
    }
    const s = server();
    const { user } = renderAt(<WithTimer />);
    await screen.findByRole('heading', { name: 'Sam Lee' });
    // Counted among the conversations held so far: later rounds may never happen (docs/decisions/0063).
    expect(screen.getByText('Partner 1 of 1')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Alex Day' })).not.toBeInTheDocument();
    await rate(user, /^3:/);
    expect(await screen.findByText("You're all caught up")).toBeInTheDocument();
    expect(screen.getByText('Your next partner appears here when round 2 starts.')).toBeInTheDocument();

    const asked = () => s.calls.filter((c) => c.url.pathname.endsWith('/rotation/me')).length;
    expect(asked()).toBe(1);
    await user.click(screen.getByRole('button', { name: 'Timer: next round' })); // round 2: a bye
    expect(await screen.findByText('Your next partner appears here when round 3 starts.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Timer: next round' })); // round 3: Alex
    expect(await screen.findByRole('heading', { name: 'Alex Day' })).toBeInTheDocument();
    expect(screen.getByText('Table 2')).toBeInTheDocument();
    expect(asked()).toBe(1);
  });

  test('round 3 offers partners of rounds 1 to 3', async () => {
    server([aRating(2, 4, 1)]);
    cardAt(3);
    expect(await screen.findByRole('heading', { name: 'Alex Day' })).toBeInTheDocument();
  });

  test('before round 1: the partners will appear here', async () => {
    fakeServer({ [ROTATION]: [], [GIVEN]: [] });
    cardAt();
    expect(await screen.findByText(/Your conversation partners appear here one at a time once the host starts round 1\./)).toBeInTheDocument();
  });

  test('a failed load offers Try again', async () => {
    const s = fakeServer({ [ROTATION]: failure(403, 'Only checked-in guests have a rotation'), [GIVEN]: [] });
    const { user } = cardAt();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("We couldn't load your conversation partners");
    expect(alert).toHaveTextContent('Only checked-in guests have a rotation');
    s.set(ROTATION, rotation);
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Sam Lee' })).toBeInTheDocument();
  });
});

describe('the evening so far', () => {
  test('ratings given, connections and contact-shared matches', async () => {
    fakeServer({
      [GIVEN]: [aRating(2, 4), aRating(3, 5), aRating(4, 1)],
      [`GET /api/events/${EVENT}/matches/1`]: [aMatch(1, aPerson(2, 'Sam Lee')), aMatch(2, aPerson(3, 'Alex Day'), { contactShared: true })],
    });
    renderAt(<RatingStats eventId={EVENT} userId={1} />);
    const region = await screen.findByRole('region', { name: 'Your evening so far' });
    const value = (label: string) => within(region).getByText(label).closest('div')!.querySelector('dd')!.textContent;
    await vi.waitFor(() => expect(value('Ratings given')).toBe('3'));
    await vi.waitFor(() => expect(value('Connections')).toBe('2'));
    expect(value('Matches')).toBe('1');
    expect(within(region).getByText('A connection is mutual: you both rated each other 4 or 5.')).toBeInTheDocument();
  });
});
