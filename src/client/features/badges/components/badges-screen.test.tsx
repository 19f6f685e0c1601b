import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import type { Badge, BadgesResponse } from '@shared/schemas/events';
import { fakeSockets, settle, timerMessage, timerState } from '@client/test/fake-socket';
import { fakeServer, Reply, renderAt } from '@client/test/render';
import { BadgesScreen } from './badges-screen';

const NAMES = ['Priya', 'Sam', 'Alex', 'Jordan', 'Chris', 'Taylor', 'Morgan', 'Robin', 'Casey'];

function aBadge(i: number, over: Partial<Badge> = {}): Badge {
  return {
    id: 100 + i,
    userId: 10 + i,
    checkedIn: true,
    user: { name: NAMES[i]!, age: 28 + i, bio: `${NAMES[i]}'s bio`, interests: ['Reading', 'Pottery'], profileImage: null },
    personality: null,
    ...over,
  };
}

function badgesOf(n: number, over: Partial<BadgesResponse['viewer']> = {}): BadgesResponse {
  return { viewer: { userId: 1, isGuest: true, isHost: false, interests: ['Wine'], ...over }, badges: Array.from({ length: n }, (_, i) => aBadge(i)) };
}

afterEach(() => vi.restoreAllMocks());

async function open(body: BadgesResponse | Reply, timer = timerState({ phase: 'active', currentRound: 2, secondsLeft: 200 })) {
  const server = fakeServer({ 'GET /api/events/5/badges': body, 'GET /api/events/5/timer': { type: 'timer_sync', ...timer } });
  const sockets = fakeSockets();
  const view = renderAt(<BadgesScreen eventId={5} userId={1} />, { path: '/badges?event=5' });
  return { ...view, server, sockets };
}

const shownNames = () =>
  within(screen.getByRole('list', { name: 'Guest badges' }))
    .getAllByRole('heading', { level: 2 })
    .map((h) => h.textContent);

describe('/badges', () => {
  test('four at a time, and Show Different People goes through everyone, then back to the start', async () => {
    const { user } = await open(badgesOf(9));
    expect(await screen.findByRole('heading', { name: 'Priya' })).toBeInTheDocument();
    expect(shownNames()).toEqual(['Priya', 'Sam', 'Alex', 'Jordan']);
    expect(screen.getByText('Showing 1-4 of 9 guests, 4 at a time')).toBeInTheDocument();
    const next = screen.getByRole('button', { name: 'Show Different People' });
    await user.click(next);
    expect(shownNames()).toEqual(['Chris', 'Taylor', 'Morgan', 'Robin']);
    await user.click(next);
    expect(shownNames()).toEqual(['Casey']);
    expect(screen.getByText('Showing 9-9 of 9 guests, 4 at a time')).toBeInTheDocument();
    await user.click(next);
    expect(shownNames()).toEqual(['Priya', 'Sam', 'Alex', 'Jordan']);
  });

  test('with four guests or fewer, everyone is shown and there is no one different to show', async () => {
    await open(badgesOf(3));
    expect(await screen.findByText('Everyone coming: 3 guests')).toBeInTheDocument();
    expect(shownNames()).toEqual(['Priya', 'Sam', 'Alex']);
    expect(screen.getByRole('button', { name: 'Show Different People' })).toBeDisabled();
  });

  test('a badge: name, age, bio, interests; insights 0-100 from the wizard, or Not shared yet; Hide/Show Insights', async () => {
    const body = badgesOf(2);
    body.badges[0] = aBadge(0, {
      personality: { creative: 8, adventurous: 4, social: 10, analytical: null },
      user: { ...aBadge(0).user, interests: ['Music', 'Pottery'] },
    });
    const { user } = await open(body);
    const priya = await screen.findByRole('group', { name: 'Priya' });
    expect(within(priya).getByText('28 years old')).toBeInTheDocument();
    expect(within(priya).getByText("Priya's bio")).toBeInTheDocument();
    expect(
      within(within(priya).getByRole('list', { name: "Priya's interests" }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Music', 'Pottery']);
    const insights = within(priya).getByRole('region', { name: "Priya's personality insights" });
    expect(within(insights).getByText('80/100')).toBeInTheDocument();
    expect(within(insights).getByText('40/100')).toBeInTheDocument();
    expect(within(insights).getByText('100/100')).toBeInTheDocument();
    expect(within(insights).getByText('Full of ideas and always making something')).toBeInTheDocument();
    expect(within(insights).getByText('Not shared yet')).toBeInTheDocument();
    const sam = screen.getByRole('group', { name: 'Sam' });
    expect(within(within(sam).getByRole('region', { name: "Sam's personality insights" })).getByText('Not shared yet')).toBeInTheDocument();
    expect(screen.queryByText(/@/)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Hide Insights' }));
    expect(screen.queryByRole('region', { name: /personality insights/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Show Insights' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Show Insights' }));
    expect(screen.getAllByRole('region', { name: /personality insights/ })).toHaveLength(2);
  });

  test('Get Ice Breaker: five questions, about shared interests first', async () => {
    const body = badgesOf(1, { interests: ['Music', 'Hiking'] });
    body.badges[0] = aBadge(0, { user: { ...aBadge(0).user, interests: ['Music', 'Art'] } });
    const { user } = await open(body);
    await user.click(await screen.findByRole('button', { name: 'Get Ice Breaker for Priya' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ice breakers for Priya' });
    expect(within(dialog).getByText('You both like Music.')).toBeInTheDocument();
    const questions = within(within(dialog).getByRole('list', { name: 'Questions' }))
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(questions).toHaveLength(5);
    expect(
      questions
        .slice(0, 2)
        .map((q) => q.slice(1))
        .sort(),
    ).toEqual(["What's on repeat for you at the moment?", "What's the best gig you've ever been to?"]);
    await user.click(within(dialog).getByRole('button', { name: 'Other questions' }));
    expect(within(within(dialog).getByRole('list', { name: 'Questions' })).getAllByRole('listitem')).toHaveLength(5);
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  test('Start Chat opens the live connection tracker while the evening runs, and follows the timer', async () => {
    const { sockets } = await open(badgesOf(2), timerState({ phase: 'idle', currentRound: 0 }));
    const chat = await screen.findByRole('button', { name: 'Start Chat with Priya' });
    expect(await screen.findByText('Start Chat opens when the host starts the first round.')).toBeInTheDocument();
    expect(chat).toBeDisabled();
    expect(chat).toHaveAccessibleDescription('Start Chat opens when the host starts the first round.');

    await settle();
    sockets.last().push(timerMessage('timer_started', { phase: 'active', currentRound: 1, secondsLeft: 300 }));
    const link = await screen.findByRole('link', { name: 'Start Chat with Priya' });
    expect(link).toHaveAttribute('href', expect.stringMatching(/^\/live-event\?event=5&with=\d+$/));

    sockets.last().push(timerMessage('event_ended', { phase: 'ended', currentRound: 0 }));
    expect(await screen.findByText('The evening has ended, so Start Chat is closed.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Start Chat with Sam' })).toBeDisabled();
  });

  test('between rounds the evening is still on: Start Chat stays open', async () => {
    await open(badgesOf(1), timerState({ phase: 'idle', currentRound: 3 }));
    expect(await screen.findByRole('link', { name: 'Start Chat with Priya' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/live-event\?event=5&with=\d+$/),
    );
  });

  test('a host sees the badges, but Start Chat is for guests', async () => {
    await open(badgesOf(2, { isGuest: false, isHost: true }));
    expect(await screen.findByRole('heading', { name: 'Priya' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Start Chat with Priya' })).toBeDisabled();
    expect(screen.getByText('Start Chat is for guests: it opens their live connection tracker during the evening.')).toBeInTheDocument();
  });
});

describe('who may see the badges', () => {
  test('a member who is not coming gets a clear card, no badges and no socket', async () => {
    const { sockets } = await open(new Reply(403, { message: 'Only guests and hosts of this event can see the badges' }));
    expect(await screen.findByRole('heading', { name: 'This page is for guests of this evening' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See the event' })).toHaveAttribute('href', '/events/5');
    expect(sockets.all).toHaveLength(0);
  });

  test('an unknown evening, and a failed load that can be retried', async () => {
    const first = await open(new Reply(404, { message: 'Event not found' }));
    expect(await screen.findByRole('heading', { name: 'Event not found' })).toBeInTheDocument();
    first.unmount();

    let fail = true;
    fakeServer({
      'GET /api/events/5/badges': () => (fail ? new Reply(500, { message: 'Internal error' }) : badgesOf(1)),
      'GET /api/events/5/timer': { type: 'timer_sync', ...timerState() },
    });
    fakeSockets();
    const { user } = renderAt(<BadgesScreen eventId={5} userId={1} />);
    expect(await screen.findByRole('heading', { name: "We couldn't load your evening" })).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Priya' })).toBeInTheDocument();
  });

  test('no other guests yet', async () => {
    await open(badgesOf(0));
    expect(await screen.findByRole('heading', { name: 'No other guests yet' })).toBeInTheDocument();
  });
});

test('the badges, without and with insights, and the ice-breaker dialog pass axe (structure and names; colours are checked in the browser)', async () => {
  const { default: axe } = await import('axe-core');
  const check = async (root: Element = document.body) => {
    const result = await axe.run(root, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } });
    expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  };
  const body = badgesOf(5);
  body.badges[0] = aBadge(0, { personality: { creative: 8, adventurous: 4, social: 10, analytical: 6 } });
  const { user } = await open(body, timerState({ phase: 'idle', currentRound: 0 }));
  await screen.findByRole('heading', { name: 'Priya' });
  await screen.findByText('Start Chat opens when the host starts the first round.');
  await check();
  await user.click(screen.getByRole('button', { name: 'Hide Insights' }));
  await check();
  await user.click(screen.getByRole('button', { name: 'Get Ice Breaker for Sam' }));
  // Open, Radix hides the page behind (with its focus guards): the dialog itself is what is read.
  await check(await screen.findByRole('dialog', { name: 'Ice breakers for Sam' }));
});
