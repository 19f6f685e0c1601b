/**
 * The evening's pages say how to get into the venue (issue 39, docs/decisions/0077-venues-say-how-to-get-in.md):
 * a "Getting in" card on the visitor's page and on the member's page, with the told facts only,
 * and no card at all when nothing is told.
 */
import { screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import type { PublicEvening } from '@shared/schemas/public-evening';
import { NO_ACCESS_FACTS, type VenueAccess } from '@shared/schemas/venue-access';
import { fakeServer, renderAt } from '@client/test/render';
import { anEventDetail } from '../events.fixtures';
import { EventDetailScreen } from './event-detail-screen';
import { PublicEveningScreen } from './public-evening-screen';

const ID = 14;
const place = { address: '12 Bury New Road', city: 'Prestwich', latitude: null, longitude: null };
const TOLD: VenueAccess = {
  ...NO_ACCESS_FACTS,
  stepFree: 'with_help',
  accessibleToilet: false,
  quietSpace: true,
  seating: ['standing'],
  lighting: 'soft',
  parking: 'Blue-badge bays behind the church',
  notes: 'Ring the bell at the side door: staff bring a ramp.',
};

const publicEvening = (access: VenueAccess | null): PublicEvening => ({
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
  priceIncludes: null,
  venue: { name: 'The Church Inn', ...place, access },
  hostFirstName: 'Hannah',
  host: { bio: null, image: null, moreEvenings: [] },
  going: 0,
  url: `http://localhost/events/${ID}`,
  image: `http://localhost/api/events/${ID}/card.png`,
});

const publicPage = (access: VenueAccess | null) => {
  fakeServer({ [`GET /api/events/${ID}/public`]: publicEvening(access) });
  return renderAt(<PublicEveningScreen eventId={ID} />, { path: `/events/${ID}`, pattern: '/events/:id' });
};

const memberPage = (access: VenueAccess | null) => {
  fakeServer({ [`GET /api/events/${ID}`]: { ...anEventDetail({ id: ID, venue: 'The Church Inn' }), venuePlace: place, venueAccess: access } });
  return renderAt(<EventDetailScreen eventId={ID} userId={1} />, { path: `/events/${ID}`, pattern: '/events/:id' });
};

const items = () =>
  within(screen.getByRole('region', { name: 'Getting in' }))
    .getAllByRole('listitem')
    .map((li) => li.textContent);

const EXPECTED = [
  'Step-free entrance with help: ask the venue',
  'No accessible toilet',
  'A quiet space to take a break',
  'Standing room only, no seats',
  'Soft lighting',
  'Nearest accessible parkingBlue-badge bays behind the church',
  'More about getting inRing the bell at the side door: staff bring a ramp.',
];

describe.each([
  ['the public evening page', publicPage],
  ["the member's evening page", memberPage],
])('%s', (_page, open) => {
  test('says how to get in, in plain words, with the told facts only; nothing at all when nothing is told', async () => {
    const told = open(TOLD);
    expect(await screen.findByRole('heading', { level: 2, name: 'Getting in' })).toBeInTheDocument();
    expect(items()).toEqual(EXPECTED);
    expect(screen.queryByText(/hearing loop|noise/i)).not.toBeInTheDocument();
    told.unmount();

    open(NO_ACCESS_FACTS);
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Getting in' })).not.toBeInTheDocument();
  });
});
