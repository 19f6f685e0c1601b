import { screen, within } from '@testing-library/react';
import { Toaster } from 'sonner';
import { describe, expect, test } from 'vitest';
import { fakeServer, renderAt, Reply } from '@client/test/render';
import { aPreview, aProfile } from '../match-preview.fixtures';
import { MatchPreviewScreen } from './match-preview-screen';

/** The match preview of one evening (docs/spec/organiser-tools.md §2.25): tabs, empty states, reminder and directions. */

async function open(body: unknown, extra: Record<string, unknown> = {}) {
  const server = fakeServer({ 'GET /api/events/5/preview': body, ...extra });
  // With the app's toaster, so a message shown twice (status line and toast) would be seen.
  const view = renderAt(
    <>
      <Toaster />
      <MatchPreviewScreen eventId={5} />
    </>,
  );
  return { ...view, server };
}

describe('overview', () => {
  test("shows the viewer's scores and interests, the evening's numbers and shared-interest totals", async () => {
    await open(aPreview(3));
    expect(await screen.findByRole('heading', { level: 2, name: 'Spring Social' })).toBeInTheDocument();
    expect(screen.getByText('The Wine Bar, 1 High Street, Prestwich')).toBeInTheDocument();
    const overview = screen.getByRole('tabpanel', { name: 'Overview' });
    expect(within(overview).getByText('Expected guests').parentElement!.parentElement).toHaveTextContent('4');
    // 90, 85, 80: average 85, all three high.
    expect(within(overview).getByText('Average compatibility').parentElement!.parentElement).toHaveTextContent('85%');
    expect(within(overview).getByText('High matches').parentElement!.parentElement).toHaveTextContent('3');
    expect(within(overview).getByText('Creative').parentElement).toHaveTextContent('Creative80/100');
    expect(
      within(within(overview).getByRole('list', { name: 'Your interests' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Music', 'Wine', 'Art']);
    expect(within(overview).getByText('3 guests share this')).toBeInTheDocument();
    expect(screen.queryByText(/You're hidden/)).not.toBeInTheDocument();
  });

  test('no personality yet: a link to complete the profile; hidden viewers are told others do not see them', async () => {
    await open(aPreview(2, { viewer: { personality: null, interests: [], visible: false } }));
    const link = await screen.findByRole('link', { name: 'Complete your profile' });
    expect(link).toHaveAttribute('href', '/register');
    expect(screen.getByText(/No interests yet/)).toBeInTheDocument();
    expect(screen.getByText(/You're hidden: other guests don't see you/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'your profile' })).toHaveAttribute('href', '/profile');
  });

  test('nobody else yet: no average, and friendly empty states in every tab', async () => {
    const { user } = await open(aPreview(0, { expectedGuests: 1 }));
    await screen.findByRole('heading', { name: 'Spring Social' });
    expect(screen.getByText('Average compatibility').parentElement!.parentElement).toHaveTextContent('–');
    expect(screen.getByText('Shared interests appear here as other guests book.')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Compatible Profiles' }));
    expect(await screen.findByRole('heading', { name: 'No one to preview yet' })).toBeInTheDocument();
  });
});

describe('compatible profiles', () => {
  test('the 6 best first with score labels and colours; Show everyone reveals the rest', async () => {
    const body = aPreview(8);
    body.profiles[7] = aProfile(7, {
      firstName: 'Zed',
      compatibilityScore: 55,
      connectionPotential: 'good',
      personality: null,
      sharedInterests: [],
      personalityInsight: 'Different perspectives: plenty to talk about',
    });
    const { user } = await open(body);
    await user.click(await screen.findByRole('tab', { name: 'Compatible Profiles' }));
    const list = await screen.findByRole('list', { name: 'Compatible profiles' });
    expect(
      within(list)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Priya, 28', 'Sam, 29', 'Jo, 30', 'Kai, 31', 'Lena, 32', 'Omar, 33']);
    expect(screen.getByText('Your 6 best matches of 8 guests')).toBeInTheDocument();

    const priya = within(list).getByRole('listitem', { name: 'Priya, 28' });
    expect(priya).toHaveTextContent('90%');
    expect(priya).toHaveTextContent('Excellent Match');
    expect(priya).toHaveTextContent('High connection potential');
    expect(within(priya).getByText('90%').parentElement).toHaveClass('bg-emerald-100');
    const lena = within(list).getByRole('listitem', { name: 'Lena, 32' });
    expect(lena).toHaveTextContent('70%');
    expect(lena).toHaveTextContent('Great Match');
    expect(lena).toHaveTextContent('Good connection potential');
    expect(within(lena).getByText('70%').parentElement).toHaveClass('bg-blue-100');

    await user.click(screen.getByRole('button', { name: 'Show everyone (2 more)' }));
    expect(screen.getByText('Showing all 8 guests, best match first')).toBeInTheDocument();
    const zed = within(list).getByRole('listitem', { name: 'Zed, 35' });
    expect(zed).toHaveTextContent('Good Match');
    expect(zed).toHaveTextContent("Zed hasn't shared a personality profile yet.");
    expect(within(zed).getByText('55%').parentElement).toHaveClass('bg-red-100');
    await user.click(screen.getByRole('button', { name: 'Show my top 6' }));
    expect(within(list).getAllByRole('listitem', { name: /, \d+$/ })).toHaveLength(6);
  });

  test('no Show everyone when everyone fits', async () => {
    const { user } = await open(aPreview(4));
    await user.click(await screen.findByRole('tab', { name: 'Compatible Profiles' }));
    expect(await screen.findByText('Showing all 4 guests, best match first')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Show everyone/ })).not.toBeInTheDocument();
  });
});

test('insights: conversation starters and tips', async () => {
  const { user } = await open(aPreview(2));
  await user.click(await screen.findByRole('tab', { name: 'Insights' }));
  const panel = await screen.findByRole('tabpanel', { name: 'Insights' });
  expect(within(panel).getByRole('heading', { name: 'Conversation starters' })).toBeInTheDocument();
  expect(within(panel).getByText("What's on repeat for you at the moment?")).toBeInTheDocument();
  expect(within(panel).getByText(/Built from what you share with the guests: Music/)).toBeInTheDocument();
  expect(within(panel).getByRole('heading', { name: 'Tips for the evening' })).toBeInTheDocument();
  expect(within(panel).getByText('Only mutual choices share contact details.')).toBeInTheDocument();
});

const LIMIT = 'Your reminder for this evening is already on its way. You can send another in 10 minutes.';

describe('buttons', () => {
  test('Set Event Reminder says what the server did; a repeat shows its limit message', async () => {
    let n = 0;
    const { user, server } = await open(aPreview(1), {
      'POST /api/events/5/reminder': () =>
        ++n === 1
          ? { message: "Reminder sent to alex@example.com with the evening's calendar file.", sentTo: 'alex@example.com' }
          : new Reply(429, { message: LIMIT, error: LIMIT }),
    });
    await user.click(await screen.findByRole('button', { name: 'Set Event Reminder' }));
    expect(await screen.findByText("Reminder sent to alex@example.com with the evening's calendar file.")).toHaveAttribute('role', 'status');
    expect(server.calls.filter((c) => c.method === 'POST')).toHaveLength(1);
    // Said once: no toast repeating the status line (issue 22).
    expect(screen.getAllByText(/Reminder sent to alex@example.com/)).toHaveLength(1);
    expect(screen.queryByText('Reminder set')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Set Event Reminder' }));
    expect(await screen.findByText(LIMIT)).toHaveAttribute('role', 'status');
    expect(screen.getAllByText(LIMIT)).toHaveLength(1);
    expect(server.calls.filter((c) => c.method === 'POST')).toHaveLength(2);
  });

  test('Get Directions links to a map of the venue; the .ics downloads from the calendar route', async () => {
    await open(aPreview(1));
    expect(await screen.findByRole('link', { name: /Get Directions/ })).toHaveAttribute('href', 'https://www.openstreetmap.org/directions?to=53.53,-2.28');
    expect(screen.getByRole('link', { name: /Download \.ics/ })).toHaveAttribute('href', '/api/events/5/calendar.ics');
  });

  test('an evening that is over still previews, says so, and closes the reminder', async () => {
    const body = aPreview(2);
    body.event.hasEnded = true;
    await open(body);
    expect(await screen.findByText(/This evening has happened\. Your preview stays here/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Set Event Reminder' })).toBeDisabled();
    expect(screen.getByText('This evening has happened, so reminders are closed.')).toBeInTheDocument();
  });
});

describe('refusals', () => {
  test('a member who is not a guest sees a guests-only card with the evening page', async () => {
    await open(new Reply(403, { message: 'The match preview is for guests of this evening only.', error: 'x' }));
    expect(await screen.findByRole('heading', { name: 'Match previews are for guests only' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See the event' })).toHaveAttribute('href', '/events/5');
  });

  test('an unknown evening', async () => {
    await open(new Reply(404, { message: 'Event not found', error: 'Event not found' }));
    expect(await screen.findByRole('heading', { name: 'Event not found' })).toBeInTheDocument();
  });

  test('a failed load can be retried', async () => {
    let n = 0;
    const { user } = await open(null, { 'GET /api/events/5/preview': () => (++n === 1 ? new Reply(500, { message: 'x', error: 'x' }) : aPreview(1)) });
    await user.click(await screen.findByRole('button', { name: 'Try again' }, { timeout: 8000 }));
    expect(await screen.findByRole('heading', { name: 'Spring Social' })).toBeInTheDocument();
  });
});

test('every tab passes axe (structure and names; colours are checked in the browser)', async () => {
  const { default: axe } = await import('axe-core');
  const check = async () => {
    const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } });
    expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  };
  const { user } = await open(aPreview(8));
  await screen.findByRole('heading', { name: 'Spring Social' });
  await check();
  await user.click(screen.getByRole('tab', { name: 'Compatible Profiles' }));
  await screen.findByRole('list', { name: 'Compatible profiles' });
  await check();
  await user.click(screen.getByRole('tab', { name: 'Insights' }));
  await screen.findByRole('heading', { name: 'Conversation starters' });
  await check();
});
