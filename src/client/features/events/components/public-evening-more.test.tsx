import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, test, vi } from 'vitest';
import type { PublicEvening } from '@shared/schemas/public-evening';
import { fakeServer, renderAt } from '@client/test/render';
import { PublicEveningScreen } from './public-evening-screen';

// Issue 34: what a stranger looks for on an evening's page (Luma and Eventbrite have it all).
const ID = 7;
const evening = (over: Partial<PublicEvening> = {}): PublicEvening => ({
  id: ID,
  title: 'Thursday Night Speed Friendship',
  description: null,
  date: '2030-11-28T19:00:00.000Z',
  endsAt: '2030-11-28T21:00:00.000Z',
  startTime: '19:00',
  endTime: '21:00',
  price: 1500,
  state: 'open',
  spotsLeft: 18,
  maxParticipants: 30,
  ageRangeMin: 25,
  ageRangeMax: 40,
  roundDuration: 300,
  venue: { name: 'The Church Inn', address: '12 Bury New Road', city: 'Prestwich', latitude: null, longitude: null },
  hostFirstName: 'Hannah',
  host: {
    bio: 'I run the quiz at the Church Inn and love a long walk.',
    image: 'https://img.example.org/hannah.jpg',
    moreEvenings: [{ id: 9, title: 'Winter Warmers', date: '2030-12-12T19:00:00.000Z' }],
  },
  going: 12,
  url: `https://friends.example.org/events/${ID}`,
  image: `https://friends.example.org/api/events/${ID}/card.png`,
  ...over,
});

const open = async (e: PublicEvening) => {
  fakeServer({ [`GET /api/events/${ID}/public`]: e });
  const view = renderAt(<PublicEveningScreen eventId={ID} />, { path: `/events/${ID}`, pattern: '/events/:id' });
  await screen.findByRole('heading', { level: 1, name: e.title });
  return view;
};

afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'share');
});

test('says how many are going, and nothing before the first booking', async () => {
  const { unmount } = await open(evening());
  expect(screen.getByText('12 going')).toBeInTheDocument();
  unmount();
  await open(evening({ going: 0 }));
  expect(screen.queryByText(/going/)).not.toBeInTheDocument();
});

test('Add to calendar downloads the evening’s public .ics', async () => {
  await open(evening());
  expect(screen.getByRole('link', { name: 'Add to calendar' })).toHaveAttribute('href', `/api/events/${ID}/calendar.ics`);
});

test('without a share sheet, Copy link copies the page’s link with its source and says so', async () => {
  const user = userEvent.setup();
  await open(evening());
  await user.click(screen.getByRole('button', { name: 'Copy link' }));
  expect(await navigator.clipboard.readText()).toBe(`https://friends.example.org/events/${ID}?source=page-link`);
  expect(screen.getByRole('status')).toHaveTextContent('Link copied');
});

test('with a share sheet (a phone), Share opens it with the page’s link', async () => {
  const share = vi.fn().mockResolvedValue(undefined);
  Object.defineProperty(navigator, 'share', { value: share, configurable: true });
  const user = userEvent.setup();
  await open(evening());
  await user.click(screen.getByRole('button', { name: 'Share' }));
  expect(share).toHaveBeenCalledWith(expect.objectContaining({ url: `https://friends.example.org/events/${ID}?source=page-link` }));
});

test('introduces the host by first name, bio and photo, with their other evenings', async () => {
  await open(evening());
  const host = screen.getByRole('heading', { name: 'Your host' }).closest('div')!;
  expect(within(host).getByText('I run the quiz at the Church Inn and love a long walk.')).toBeInTheDocument();
  expect(within(host).getByRole('img', { name: 'Hannah, your host' })).toHaveAttribute('src', 'https://img.example.org/hannah.jpg');
  expect(screen.getByRole('heading', { name: 'More evenings by Hannah' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: /Winter Warmers/ })).toHaveAttribute('href', '/events/9');
});

test('answers a stranger’s questions, with this evening’s age range', async () => {
  const user = userEvent.setup();
  await open(evening());
  for (const q of [
    'Can I come alone?',
    'Is this dating?',
    'Is there a non-alcoholic option?',
    'What if I am outside the age range?',
    'What happens to my ratings?',
  ])
    expect(screen.getByText(q)).toBeInTheDocument();
  await user.click(screen.getByText('What if I am outside the age range?'));
  expect(screen.getByText(/this one is for 25-40/)).toBeVisible();
});

test('the cancellation promise links to the refund rule', async () => {
  await open(evening());
  expect(screen.getByRole('link', { name: 'Free cancellation up to 24 hours before the start' })).toHaveAttribute('href', '/refunds');
});
