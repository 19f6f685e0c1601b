import { screen, within } from '@testing-library/react';
import { Toaster } from 'sonner';
import { describe, expect, test } from 'vitest';
import { fakeServer, Reply, renderAt } from '@client/test/render';
import { aMatch, aPerson, aUserEvent, DAY, failure, fromNow } from '../matches.fixtures';
import { MatchesCard } from './matches-list';
import { MatchesScreen } from './matches-screen';

const spring = aUserEvent(20, 'Spring Social', { date: '2025-04-11T18:00:00.000Z', status: 'completed' });
const winter = aUserEvent(21, 'Winter Warmer', { date: '2025-01-17T19:00:00.000Z', status: 'completed' });
const soon = aUserEvent(22, 'Next Friday', { date: fromNow(5 * DAY) });

const sam = aPerson(2, 'Sam Lee', { age: 33, interests: ['Climbing', 'Jazz', 'Board games', 'Baking'], bio: 'New to Prestwich, keen to meet people.' });
const alex = aPerson(3, 'Alex Day', { age: 29, email: 'alex@example.test', contactInfo: '07700 900123' });
const jo = aPerson(4, 'Jo March', { age: 41, email: 'jo@example.test' });

const screenAt = (path = '/matches') =>
  renderAt(
    <>
      <Toaster />
      <MatchesScreen userId={1} groups={() => null} />
    </>,
    { path },
  );

const matchCard = (name: string) => screen.getByRole('heading', { name, level: 3 }).closest('li') as HTMLElement;

describe('choosing an evening', () => {
  test('past evenings, latest first, each with its match count; upcoming ones are left out', async () => {
    fakeServer({
      'GET /api/users/1/events': [winter, soon, spring],
      'GET /api/events/20/matches/1': [aMatch(1, sam), aMatch(2, alex)],
      'GET /api/events/21/matches/1': [aMatch(3, jo)],
    });
    screenAt();
    const list = await screen.findByRole('region', { name: 'Your past evenings' });
    const links = within(list).getAllByRole('link');
    expect(links.map((l) => l.getAttribute('href'))).toEqual(['/matches?event=20', '/matches?event=21']);
    expect(await within(links[0]!).findByText('2 matches')).toBeInTheDocument();
    expect(within(links[0]!).getByText(/Fri,? 11 Apr 2025/)).toBeInTheDocument();
    expect(await within(links[1]!).findByText('1 match')).toBeInTheDocument();
    expect(screen.queryByText('Next Friday')).not.toBeInTheDocument();
    expect(screen.getByText('Pick an evening')).toBeInTheDocument();
  });

  test('picking one shows its friendship groups and individual matches', async () => {
    fakeServer({ 'GET /api/users/1/events': [spring, winter], 'GET /api/events/20/matches/1': [aMatch(1, sam)], 'GET /api/events/21/matches/1': [] });
    const { user, router } = screenAt();
    await user.click(await screen.findByRole('link', { name: /Spring Social/ }));
    expect(router.state.location.search).toBe('?event=20');
    expect(screen.getByRole('link', { name: /Spring Social/ })).toHaveAttribute('aria-current', 'page');
    expect(await screen.findByText(/Matches from/)).toHaveTextContent(/Matches from Spring Social · Fri,? 11 Apr 2025/);
    expect(screen.getByRole('heading', { name: 'Verified Friendship Groups' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Your Individual Matches' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Sam Lee', level: 3 })).toBeInTheDocument();
    expect(screen.getByText('Matches from', { exact: false })).toHaveFocus();
  });

  test('no past evenings yet: a way to the events', async () => {
    fakeServer({ 'GET /api/users/1/events': [soon] });
    screenAt();
    expect(await screen.findByRole('heading', { name: 'No past evenings yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse Events' })).toHaveAttribute('href', '/events');
  });

  test('an evening from a link that is not among the member’s still shows its matches', async () => {
    fakeServer({ 'GET /api/users/1/events': [], 'GET /api/events/30/matches/1': [] });
    screenAt('/matches?event=30');
    expect(await screen.findByText('Matches from the evening you picked')).toBeInTheDocument();
    expect(screen.getByText('No past evenings yet.')).toBeInTheDocument();
    expect(await screen.findByText('No matches from this evening')).toBeInTheDocument();
  });

  test('a failed load offers Try again', async () => {
    const server = fakeServer({ 'GET /api/users/1/events': new Reply(500, {}) });
    const { user } = screenAt();
    expect(await screen.findByRole('alert')).toHaveTextContent("We couldn't load your evenings");
    server.set('GET /api/users/1/events', []);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'No past evenings yet' })).toBeInTheDocument();
  });
});

describe('individual matches', () => {
  test('before sharing: the rating label, interests, and no contact details', async () => {
    fakeServer({ 'GET /api/users/1/events': [spring], 'GET /api/events/20/matches/1': [aMatch(1, sam, { matchScore: 5, round: 3 })] });
    screenAt('/matches?event=20');
    await screen.findByRole('heading', { name: 'Sam Lee', level: 3 });
    const card = matchCard('Sam Lee');
    expect(within(card).getByText('Age 33 · Met in round 3')).toBeInTheDocument();
    expect(within(card).getByText('Amazing connection!')).toBeInTheDocument();
    expect(
      within(card)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Climbing', 'Jazz', 'Board games']);
    expect(within(card).getByText('New to Prestwich, keen to meet people.')).toBeInTheDocument();
    expect(within(card).queryByRole('list', { name: /contact details/ })).not.toBeInTheDocument();
    expect(within(card).queryByRole('link')).not.toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Share Contact with Sam Lee' })).toBeInTheDocument();
  });

  test('Share Contact sends the member’s half, then waits for theirs', async () => {
    const server = fakeServer({
      'GET /api/users/1/events': [spring],
      'GET /api/events/20/matches/1': [aMatch(1, sam)],
      'POST /api/events/20/matches/1/share': aMatch(1, sam, { sharedByMe: true }),
    });
    const { user } = screenAt('/matches?event=20');
    const share = await screen.findByRole('button', { name: 'Share Contact with Sam Lee' });
    server.set('GET /api/events/20/matches/1', [aMatch(1, sam, { sharedByMe: true })]);
    await user.click(share);
    expect(await screen.findByText('Waiting for them to share')).toBeInTheDocument();
    expect(screen.getByText('Sam will see your details once they share theirs too.')).toBeInTheDocument();
    expect(server.calls.filter((c) => c.method === 'POST').map((c) => c.url.pathname)).toEqual(['/api/events/20/matches/1/share']);
    expect(screen.queryByRole('button', { name: /Share Contact/ })).not.toBeInTheDocument();
  });

  test('when both have shared, the contact details and a message link appear', async () => {
    const shared = aMatch(2, alex, { contactShared: true, sharedByMe: true, sharedInterests: ['Hiking'] });
    const server = fakeServer({
      'GET /api/users/1/events': [spring],
      'GET /api/events/20/matches/1': [aMatch(2, alex, { sharedInterests: ['Hiking'] })],
      'POST /api/events/20/matches/2/share': shared,
    });
    const { user } = screenAt('/matches?event=20');
    const share = await screen.findByRole('button', { name: 'Share Contact with Alex Day' });
    server.set('GET /api/events/20/matches/1', [shared]);
    await user.click(share);

    expect(await screen.findByText("You and Alex can now see each other's contact details.")).toBeInTheDocument();
    const card = matchCard('Alex Day');
    expect(within(card).getByText('Contact Shared')).toBeInTheDocument();
    const contacts = within(card).getByRole('list', { name: "Alex's contact details" });
    expect(within(contacts).getByRole('link', { name: 'alex@example.test' })).toHaveAttribute(
      'href',
      'mailto:alex@example.test?subject=We%20matched%20at%20Spring%20Social',
    );
    expect(within(contacts).getByRole('link', { name: '07700 900123' })).toHaveAttribute('href', 'tel:07700900123');
    const wa = within(card).getByRole('link', { name: /Message Alex on WhatsApp/ });
    expect(wa.getAttribute('href')).toMatch(/^https:\/\/wa\.me\/447700900123\?text=/);
    expect(decodeURIComponent(wa.getAttribute('href')!.split('text=')[1]!)).toBe(
      'Hi Alex! We matched at Spring Social. It was lovely chatting. Fancy meeting up for a coffee or a drink soon?',
    );
    expect(within(card).getByRole('list', { name: 'Interests you share with Alex' })).toHaveTextContent('Hiking');
    expect(wa).toHaveFocus();
  });

  test('shared without a phone number: Email them instead', async () => {
    fakeServer({ 'GET /api/users/1/events': [spring], 'GET /api/events/20/matches/1': [aMatch(3, jo, { contactShared: true, round: null })] });
    screenAt('/matches?event=20');
    await screen.findByRole('heading', { name: 'Jo March', level: 3 });
    const card = matchCard('Jo March');
    expect(within(card).getByText('Age 41')).toBeInTheDocument();
    expect(within(card).queryByRole('link', { name: /WhatsApp/ })).not.toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Email Jo' })).toHaveAttribute('href', expect.stringMatching(/^mailto:jo@example\.test\?subject=/));
  });

  test('a refused share says why and keeps the button', async () => {
    fakeServer({
      'GET /api/users/1/events': [spring],
      'GET /api/events/20/matches/1': [aMatch(1, sam)],
      'POST /api/events/20/matches/1/share': failure(403, 'You did not consent to sharing'),
    });
    const { user } = screenAt('/matches?event=20');
    await user.click(await screen.findByRole('button', { name: 'Share Contact with Sam Lee' }));
    expect(await screen.findByText('Sharing Failed')).toBeInTheDocument();
    expect(screen.getByText('You did not consent to sharing')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Share Contact with Sam Lee' })).toBeEnabled();
  });

  test('no matches: said kindly; a failed load offers Try again', async () => {
    const server = fakeServer({ 'GET /api/users/1/events': [spring], 'GET /api/events/20/matches/1': failure(500, 'Database unavailable') });
    const { user } = screenAt('/matches?event=20');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("We couldn't load your matches");
    expect(alert).toHaveTextContent('Database unavailable');
    server.set('GET /api/events/20/matches/1', []);
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No matches from this evening')).toBeInTheDocument();
  });
});

describe('on the event page once the evening is over', () => {
  test('Your matches, as a section of its own', async () => {
    fakeServer({ 'GET /api/events/20/matches/1': [aMatch(1, sam)] });
    renderAt(<MatchesCard eventId={20} userId={1} eventTitle="Spring Social" />, { path: '/events/20' });
    const section = screen.getByRole('region', { name: 'Your matches' });
    expect(await within(section).findByRole('heading', { name: 'Sam Lee', level: 3 })).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Share Contact with Sam Lee' })).toBeInTheDocument();
  });
});
