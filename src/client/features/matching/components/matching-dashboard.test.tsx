import { screen, within } from '@testing-library/react';
import { Toaster } from 'sonner';
import { describe, expect, test, vi } from 'vitest';
import { fakeServer, renderAt } from '@client/test/render';
import { aMatch, anEvent, aPerson, DAY, failure, fromNow } from '../matches.fixtures';
import { MatchingDashboard } from './matching-dashboard';

const HOST = 9;
const friday = anEvent(20, 'Friday Friends', { date: fromNow(3 * DAY), hostId: HOST, participantCount: 24 });
const later = anEvent(21, 'Summer Social', { date: fromNow(30 * DAY), hostId: HOST });
const spring = anEvent(22, 'Spring Social', { date: fromNow(-20 * DAY), hostId: HOST, status: 'completed' });
const someoneElses = anEvent(23, 'Book Club Mixer', { date: fromNow(5 * DAY), hostId: 42 });

const sam = aPerson(2, 'Sam Lee', { interests: ['Jazz', 'Hiking'] });
const alex = aPerson(3, 'Alex Day', { interests: ['Hiking', 'Film'] });
const jo = aPerson(4, 'Jo March');
const good = aMatch(1, sam, {
  overallScore: 72,
  personalityScore: 70,
  interestScore: null,
  communicationScore: 75,
  ageCompatibilityScore: 100,
  ratingScore: 60,
  sharedInterests: [],
});
const best = aMatch(2, alex, { overallScore: 91, contactShared: true, sharedInterests: ['Hiking'] });
const ok = aMatch(3, jo, { overallScore: 64, matchType: 'personality' });

const events = { 'GET /api/events/upcoming': [later, friday, someoneElses], 'GET /api/events': [spring, friday, later, someoneElses] };

const dashboardAt = (path = '/matching-dashboard', isAdmin = false) =>
  renderAt(
    <>
      <Toaster />
      <MatchingDashboard userId={HOST} isAdmin={isAdmin} />
    </>,
    { path },
  );

const optionTexts = (group: string) =>
  within(screen.getByRole('group', { name: group }))
    .getAllByRole('option')
    .map((o) => o.textContent);

describe('choosing an evening and an algorithm', () => {
  test('a host sees their own evenings, upcoming first (soonest first), then past', async () => {
    fakeServer(events);
    dashboardAt();
    const select = screen.getByLabelText('Event');
    await vi.waitFor(() => expect(select).toBeEnabled());
    expect(select).toHaveAccessibleDescription('The evenings you host, upcoming first.');
    expect(optionTexts('Upcoming')).toEqual([expect.stringMatching(/^Friday Friends · .+ \(24 guests\)$/), expect.stringMatching(/^Summer Social/)]);
    expect(optionTexts('Past')).toEqual([expect.stringMatching(/^Spring Social/)]);
    expect(screen.queryByRole('option', { name: /Book Club Mixer/ })).not.toBeInTheDocument();
  });

  test('opens on the next evening when none is tonight (and nothing is chosen yet)', async () => {
    fakeServer({ ...events, 'GET /api/events/20/matches': [] });
    const { router } = dashboardAt();
    await vi.waitFor(() => expect(screen.getByLabelText('Event')).toHaveValue('20'));
    expect(router.state.location.search).toBe('?event=20');
    expect(screen.getByRole('button', { name: 'Calculate Matches' })).toBeEnabled();
  });

  test("opens on tonight's evening, even once it has ended", async () => {
    const tonight = anEvent(24, 'Tonight Social', { date: new Date(Date.now() - 60_000).toISOString(), hostId: HOST });
    fakeServer({
      'GET /api/events/upcoming': [later, friday, tonight],
      'GET /api/events': [spring, tonight, friday, later],
      'GET /api/events/24/matches': [],
    });
    const { router } = dashboardAt();
    await vi.waitFor(() => expect(screen.getByLabelText('Event')).toHaveValue('24'));
    expect(router.state.location.search).toBe('?event=24');
  });

  test('opens on the most recent evening when none is to come', async () => {
    fakeServer({ 'GET /api/events/upcoming': [someoneElses], 'GET /api/events': [spring, someoneElses], 'GET /api/events/22/matches': [] });
    dashboardAt();
    await vi.waitFor(() => expect(screen.getByLabelText('Event')).toHaveValue('22'));
  });

  test('a chosen ?event is kept', async () => {
    fakeServer({ ...events, 'GET /api/events/21/matches': [] });
    const { router } = dashboardAt('/matching-dashboard?event=21');
    await vi.waitFor(() => expect(screen.getByLabelText('Event')).toBeEnabled());
    expect(screen.getByLabelText('Event')).toHaveValue('21');
    expect(router.state.location.search).toBe('?event=21');
  });

  test('an admin sees every evening', async () => {
    fakeServer(events);
    dashboardAt('/matching-dashboard', true);
    expect(await screen.findByRole('option', { name: /Book Club Mixer/ })).toBeInTheDocument();
    expect(screen.getByLabelText('Event')).toHaveAccessibleDescription('Every evening, upcoming first.');
  });

  test('Calculate Matches sends the chosen algorithm and shows the ranked results', async () => {
    const server = fakeServer({
      ...events,
      'GET /api/events/20/matches': [],
      'POST /api/events/20/calculate-matches': { matches: 3, algorithm: 'personality' },
    });
    const { user, router } = dashboardAt();
    await screen.findByRole('option', { name: /^Friday Friends/ });
    await user.selectOptions(screen.getByLabelText('Event'), '20');
    expect(router.state.location.search).toBe('?event=20');
    expect(await screen.findByText('No matches found. Try calculating matches first or check if the event has enough participants.')).toBeInTheDocument();

    const algorithms = screen.getByRole('group', { name: 'Algorithm' });
    expect(within(algorithms).getByRole('radio', { name: /Balanced/ })).toBeChecked();
    await user.click(within(algorithms).getByRole('radio', { name: /Personality first \(60%\)/ }));
    server.set('GET /api/events/20/matches', [good, ok, best]);
    await user.click(screen.getByRole('button', { name: 'Calculate Matches' }));

    expect(await screen.findByText('Matches Calculated')).toBeInTheDocument();
    expect(screen.getByText('3 mutual matches, ranked by the personality algorithm.')).toBeInTheDocument();
    expect(server.calls.find((c) => c.method === 'POST')?.body).toEqual({ algorithm: 'personality' });

    expect(await screen.findByText('3 mutual matches, best first.')).toBeInTheDocument();
    const pairs = screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(pairs).toEqual(['Member One & Alex Day', 'Member One & Sam Lee', 'Member One & Jo March']);
  });

  test('a failed calculation says why', async () => {
    fakeServer({ ...events, 'GET /api/events/20/matches': [], 'POST /api/events/20/calculate-matches': failure(409, 'Not enough ratings yet') });
    const { user } = dashboardAt('/matching-dashboard?event=20');
    await user.click(await screen.findByRole('button', { name: 'Calculate Matches' }));
    expect(await screen.findByText('Calculation Failed')).toBeInTheDocument();
    expect(screen.getByText('Not enough ratings yet')).toBeInTheDocument();
  });

  test('evenings that fail to load are reported', async () => {
    fakeServer({ 'GET /api/events/upcoming': failure(500, 'boom'), 'GET /api/events': [] });
    dashboardAt();
    expect(await screen.findByRole('alert')).toHaveTextContent("We couldn't load every evening. Please reload the page.");
  });
});

describe('results', () => {
  test('compatibility scores with their labels and component scores; user details on the other tab', async () => {
    fakeServer({ ...events, 'GET /api/events/20/matches': [good, best] });
    const { user } = dashboardAt('/matching-dashboard?event=20');
    expect(await screen.findByText('Friday Friends', { selector: 'p' })).toBeInTheDocument();

    const bestCard = (await screen.findByRole('heading', { name: 'Member One & Alex Day' })).closest('li') as HTMLElement;
    expect(within(bestCard).getByText('91%')).toBeInTheDocument();
    expect(within(bestCard).getByText('Excellent Match')).toBeInTheDocument();
    expect(within(bestCard).getByText('Contact Shared')).toBeInTheDocument();
    expect(within(bestCard).getByText('balanced')).toBeInTheDocument();

    const goodCard = screen.getByRole('heading', { name: 'Member One & Sam Lee' }).closest('li') as HTMLElement;
    expect(within(goodCard).getByText('72%')).toBeInTheDocument();
    expect(within(goodCard).getByText('Great Match')).toBeInTheDocument();
    // A null component score is left out.
    expect(
      within(goodCard)
        .getAllByRole('term')
        .map((t) => t.textContent),
    ).toEqual(['Personality', 'Communication', 'Age', 'Ratings']);

    await user.click(screen.getByRole('tab', { name: 'User Details' }));
    const panel = screen.getByRole('tabpanel');
    expect(within(panel).getByRole('list', { name: "Alex Day's interests" })).toHaveTextContent('HikingFilm');
    expect(within(panel).getAllByText(/Shared interests:/)[0]!.parentElement).toHaveTextContent('Shared interests: Hiking');
    expect(within(panel).getAllByText(/Shared interests:/)[1]!.parentElement).toHaveTextContent('Shared interests: none');
  });

  test('a guest of the evening is told only hosts see its matches', async () => {
    fakeServer({ ...events, 'GET /api/events/20/matches': failure(403, 'Only hosts can see matches') });
    dashboardAt('/matching-dashboard?event=20');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Only hosts of this evening can see its matches');
  });
});

describe('releasing contacts', () => {
  test('the dialog says who will see what; releasing sends it and closes', async () => {
    const server = fakeServer({
      ...events,
      'GET /api/events/20/matches': [good, best],
      'POST /api/events/20/release-contacts': { released: true, matches: 2 },
    });
    const { user } = dashboardAt('/matching-dashboard?event=20');
    await user.click(await screen.findByRole('button', { name: 'Release contacts' }));
    const dialog = await screen.findByRole('dialog', { name: 'Release contacts?' });
    expect(dialog).toHaveAccessibleDescription(/^The 2 matched pairs of Friday Friends will see each other's e-mail and phone number, and ratings close\./);

    await user.click(within(dialog).getByRole('button', { name: 'Release contacts' }));
    expect(await screen.findByText('Contacts Released')).toBeInTheDocument();
    expect(screen.getByText("2 matched pairs can now see each other's contact details.")).toBeInTheDocument();
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.calls.filter((c) => c.method === 'POST').map((c) => c.url.pathname)).toEqual(['/api/events/20/release-contacts']);
  });

  test('Not yet sends nothing', async () => {
    const server = fakeServer({ ...events, 'GET /api/events/20/matches': [best] });
    const { user } = dashboardAt('/matching-dashboard?event=20');
    await user.click(await screen.findByRole('button', { name: 'Release contacts' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveAccessibleDescription(/^The 1 matched pair of Friday Friends/);
    await user.click(within(dialog).getByRole('button', { name: 'Not yet' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(server.calls.some((c) => c.method === 'POST')).toBe(false);
  });

  test('a failed release says why and keeps the dialog open', async () => {
    fakeServer({ ...events, 'GET /api/events/20/matches': [best], 'POST /api/events/20/release-contacts': failure(409, 'Contacts were already released') });
    const { user } = dashboardAt('/matching-dashboard?event=20');
    await user.click(await screen.findByRole('button', { name: 'Release contacts' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Release contacts' }));
    expect(await screen.findByText('Release Failed')).toBeInTheDocument();
    expect(screen.getByText('Contacts were already released')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  test('nothing to release without matches', async () => {
    fakeServer({ ...events, 'GET /api/events/20/matches': [] });
    dashboardAt('/matching-dashboard?event=20');
    await screen.findByText(/No matches found/);
    expect(screen.queryByRole('button', { name: 'Release contacts' })).not.toBeInTheDocument();
  });
});
