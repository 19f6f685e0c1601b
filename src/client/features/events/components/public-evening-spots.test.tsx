import { screen } from '@testing-library/react';
import { expect, test } from 'vitest';
import type { PublicEvening } from '@shared/schemas/public-evening';
import { fakeServer, renderAt } from '@client/test/render';
import { PublicEveningScreen } from './public-evening-screen';

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
  spotsLeft: 26,
  maxParticipants: 30,
  ageRangeMin: 25,
  ageRangeMax: 40,
  roundDuration: 300,
  venue: { name: 'The Church Inn', address: '12 Bury New Road', city: 'Prestwich', latitude: null, longitude: null },
  hostFirstName: 'Hannah',
  host: { bio: null, image: null, moreEvenings: [] },
  going: 0,
  url: `http://localhost/events/${ID}`,
  image: `http://localhost/api/events/${ID}/card.png`,
  ...over,
});

const open = (e: PublicEvening) => {
  fakeServer({ [`GET /api/events/${ID}/public`]: e });
  return renderAt(<PublicEveningScreen eventId={ID} />, { path: `/events/${ID}`, pattern: '/events/:id' });
};

test('a visitor reads how many spots are left once, by the Book button, and the evening’s size in its facts', async () => {
  open(evening());
  expect(await screen.findByRole('heading', { level: 1, name: 'Thursday Night Speed Friendship' })).toBeInTheDocument();
  expect(screen.getAllByText('26 spots left')).toHaveLength(1);
  expect(screen.getByText('30 guests')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Book your place' })).toBeInTheDocument();
});

test('a full evening says "Full: join the waitlist" once', async () => {
  open(evening({ state: 'full', spotsLeft: 0 }));
  expect(await screen.findByRole('link', { name: 'Join the waitlist' })).toBeInTheDocument();
  expect(screen.getAllByText('Full: join the waitlist')).toHaveLength(1);
});
