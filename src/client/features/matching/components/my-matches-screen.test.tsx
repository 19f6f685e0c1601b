import { act, screen, within } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { KEYS } from '@client/lib/session';
import { fakeServer, renderAt } from '@client/test/render';
import { aMatch, aPerson, failure, myMatches } from '../matches.fixtures';
import { MyMatchesScreen } from './my-matches-screen';

const alex = aPerson(3, 'Alex Day', { email: 'alex@example.test', contactInfo: '+44 7700 900123', interests: ['Hiking', 'Jazz'] });
const jo = aPerson(4, 'Jo March', { email: 'jo@example.test' });
const released = myMatches(true, [
  { ...aMatch(1, alex, { contactShared: true, round: 2, sharedInterests: ['Hiking'] }), eventTitle: 'Spring Social', eventDate: '2025-05-14T18:00:00.000Z' },
  { ...aMatch(2, jo, { contactShared: true, round: null, meFirst: false, eventId: 21 }), eventTitle: 'Winter Warmer', eventDate: '2025-01-15T19:00:00.000Z' },
]);

const screenAt = () => renderAt(<MyMatchesScreen userId={1} />, { path: '/my-matches' });
const card = (name: string) => screen.getByRole('heading', { name, level: 4 }).closest('li') as HTMLElement;
/** The evening a match is listed under (its section, named by the evening's heading). */
const eveningOf = (name: string) => card(name).closest('section') as HTMLElement;

describe('before the host releases contacts', () => {
  test('Waiting for Host, asking again every 2 seconds until released, then the matches', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    localStorage.setItem(KEYS.contactsReleased, 'true');
    const server = fakeServer({ 'GET /api/me/matches': myMatches(false) });
    screenAt();
    expect(await screen.findByRole('heading', { name: 'Waiting for Host' })).toBeInTheDocument();
    expect(screen.getByText('Keep this page open: it updates by itself.')).toBeInTheDocument();
    expect(screen.queryByText('Alex Day')).not.toBeInTheDocument();
    expect(localStorage.getItem(KEYS.contactsReleased)).toBeNull();

    const asked = () => server.calls.filter((c) => c.url.pathname === '/api/me/matches').length;
    await act(() => vi.advanceTimersByTimeAsync(2000));
    await vi.waitFor(() => expect(asked()).toBe(2));

    server.set('GET /api/me/matches', released);
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(await screen.findByRole('heading', { name: 'Your Matches' })).toBeInTheDocument();
    expect(screen.getByText('The host has released contacts. Your matches are below.')).toBeInTheDocument();
    expect(localStorage.getItem(KEYS.contactsReleased)).toBe('true');

    // Released: no more asking.
    const after = asked();
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(asked()).toBe(after);
  });

  test('released with nobody matched: No Mutual Matches, and the next evening to find', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const server = fakeServer({ 'GET /api/me/matches': myMatches(false) });
    screenAt();
    await screen.findByRole('heading', { name: 'Waiting for Host' });
    server.set('GET /api/me/matches', myMatches(true));
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(await screen.findByRole('heading', { name: 'No Mutual Matches' })).toBeInTheDocument();
    expect(screen.getByText('The host has released contacts.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Find your next evening' })).toHaveAttribute('href', '/events');
  });
});

describe('an evening that is over but not released yet', () => {
  const pending = (title: string, releaseBy: string, eventId = 7) => ({
    eventId,
    eventTitle: title,
    endsAt: new Date(new Date(releaseBy).getTime() - 24 * 3_600_000).toISOString(),
    releaseBy,
  });

  test('names the evening and the latest time its matches are shared, instead of waiting silently', async () => {
    fakeServer({ 'GET /api/me/matches': myMatches(false, [], [pending('Spring Social', '2030-05-15T21:00:00.000Z')]) });
    screenAt();
    expect(await screen.findByRole('heading', { name: 'Waiting for Host' })).toBeInTheDocument();
    expect(
      screen.getByText('Your matches from Spring Social will be shared by Wednesday, 15 May 2030 at 10:00 PM, at the latest 24 hours after the evening.'),
    ).toBeInTheDocument();
  });

  test('says when the time has come, and keeps asking until it is released', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const server = fakeServer({ 'GET /api/me/matches': myMatches(false, [], [pending('Spring Social', new Date(Date.now() - 1000).toISOString())]) });
    screenAt();
    expect(await screen.findByText('Your matches from Spring Social are being shared now.')).toBeInTheDocument();
    server.set('GET /api/me/matches', released);
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(await screen.findByRole('heading', { name: 'Your Matches' })).toBeInTheDocument();
    expect(screen.queryByText(/are being shared now/)).not.toBeInTheDocument();
  });

  test('an earlier evening released without a match does not end the wait for the latest one', async () => {
    fakeServer({ 'GET /api/me/matches': myMatches(true, [], [pending('Tonight Social', '2030-05-15T21:00:00.000Z')]) });
    screenAt();
    expect(await screen.findByRole('heading', { name: 'Waiting for Host' })).toBeInTheDocument();
    expect(screen.getByText(/^Your matches from Tonight Social will be shared by/)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'No Mutual Matches' })).not.toBeInTheDocument();
  });

  test('beside the matches of an earlier evening, a later evening still waiting is named too', async () => {
    fakeServer({ 'GET /api/me/matches': { ...released, pending: [pending('Summer Social', '2030-07-01T21:00:00.000Z', 8)] } });
    screenAt();
    expect(await screen.findByRole('heading', { name: 'Your Matches' })).toBeInTheDocument();
    expect(screen.getByText(/^Your matches from Summer Social will be shared by Monday, 1 July 2030 at 10:00 PM/)).toBeInTheDocument();
  });
});

describe('after release', () => {
  test('each match with name, round, evening, e-mail, phone, shared interests, and ways to write', async () => {
    fakeServer({ 'GET /api/me/matches': released });
    screenAt();
    expect(await screen.findByRole('heading', { name: 'Your Matches' })).toBeInTheDocument();
    expect(screen.getByText('2 mutual matches')).toBeInTheDocument();
    // Already released when the page opened: nothing to announce.
    expect(screen.queryByText(/The host has released contacts/)).not.toBeInTheDocument();

    const a = card('Alex Day');
    expect(a).toHaveTextContent('Met in round 2');
    expect(eveningOf('Alex Day')).toHaveAccessibleName('Spring Social Wednesday, 14 May 2025');
    expect(within(a).getByText('alex@example.test')).toBeInTheDocument();
    expect(within(a).getByText('+44 7700 900123')).toBeInTheDocument();
    expect(within(a).getByRole('list', { name: 'Interests you share with Alex' })).toHaveTextContent('Hiking');
    expect(within(a).getByRole('link', { name: 'Send Email to Alex Day' })).toHaveAttribute(
      'href',
      'mailto:alex@example.test?subject=We%20matched%20at%20Spring%20Social',
    );
    expect(within(a).getByRole('link', { name: 'Text Message to Alex Day' })).toHaveAttribute('href', 'sms:+447700900123');

    const j = card('Jo March');
    expect(j).toHaveTextContent('Met this evening');
    expect(within(j).getByText('No phone number shared')).toBeInTheDocument();
    expect(within(j).queryByRole('link', { name: /Text Message/ })).not.toBeInTheDocument();
    expect(within(j).getByRole('link', { name: 'Send Email to Jo March' })).toBeInTheDocument();
  });

  test('more for each match (the app adds Block and Report) gets that match and the other person', async () => {
    fakeServer({ 'GET /api/me/matches': released });
    renderAt(<MyMatchesScreen userId={1} actions={(m, other) => <button type="button">{`More for ${other.name} from evening ${m.eventId}`}</button>} />, {
      path: '/my-matches',
    });
    await screen.findByRole('heading', { name: 'Your Matches' });
    expect(within(card('Alex Day')).getByRole('button', { name: 'More for Alex Day from evening 20' })).toBeInTheDocument();
    expect(within(card('Jo March')).getByRole('button', { name: 'More for Jo March from evening 21' })).toBeInTheDocument();
  });

  test("grouped by evening, tonight's first and older ones after, each under its evening's title and date (issue 32)", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, now: Date.parse('2025-05-14T21:30:00Z') });
    const sam = aPerson(5, 'Sam Lee', { email: 'sam@example.test' });
    // The server's old order: the old evening's match first, tonight's last.
    fakeServer({
      'GET /api/me/matches': myMatches(true, [
        { ...aMatch(2, jo, { contactShared: true, eventId: 21, round: 1 }), eventTitle: 'Winter Warmer', eventDate: '2025-01-15T19:00:00.000Z' },
        { ...aMatch(1, alex, { contactShared: true, eventId: 20, round: 2 }), eventTitle: 'Spring Social', eventDate: '2025-05-14T18:00:00.000Z' },
        { ...aMatch(3, sam, { contactShared: true, eventId: 20, round: 4 }), eventTitle: 'Spring Social', eventDate: '2025-05-14T18:00:00.000Z' },
      ]),
    });
    screenAt();
    await screen.findByRole('heading', { name: 'Your Matches' });
    expect(screen.getByText('3 mutual matches')).toBeInTheDocument();
    const evenings = screen.getAllByRole('heading', { level: 3 });
    expect(evenings.map((h) => h.textContent)).toEqual(['Spring SocialWednesday, 14 May 2025', 'Winter WarmerWednesday, 15 January 2025']);
    expect(screen.getAllByRole('heading', { level: 4 }).map((h) => h.textContent)).toEqual(['Alex Day', 'Sam Lee', 'Jo March']);
    expect(eveningOf('Sam Lee')).toBe(eveningOf('Alex Day'));
    expect(within(eveningOf('Jo March')).getByRole('heading', { level: 3 })).toHaveTextContent('Winter Warmer');
  });

  test('one match reads in the singular', async () => {
    fakeServer({ 'GET /api/me/matches': myMatches(true, released.matches.slice(0, 1)) });
    screenAt();
    expect(await screen.findByText('1 mutual match')).toBeInTheDocument();
  });
});

test('a failed check says why and offers Try again', async () => {
  const server = fakeServer({ 'GET /api/me/matches': failure(401, 'Please log in again') });
  const { user } = renderAt(<MyMatchesScreen userId={1} />);
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent("We couldn't check your matches");
  expect(alert).toHaveTextContent('Please log in again');
  server.set('GET /api/me/matches', released);
  await user.click(within(alert).getByRole('button', { name: 'Try again' }));
  expect(await screen.findByRole('heading', { name: 'Your Matches' })).toBeInTheDocument();
});
