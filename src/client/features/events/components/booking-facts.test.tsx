/**
 * What the evening pages say before and after booking (issue 34): what the price includes only when
 * its host said, where the venue is (street and map) on the member's page, and the age range near
 * Book; a member outside it is told they cannot book, instead of a Book button or a card form.
 */
import { screen, within } from '@testing-library/react';
import { Toaster } from 'sonner';
import { describe, expect, test } from 'vitest';
import type { PublicEvening } from '@shared/schemas/public-evening';
import { fakeServer, renderAt } from '@client/test/render';
import { anEventDetail, aPaymentIntent, failure } from '../events.fixtures';
import { CheckoutScreen } from './checkout-screen';
import { EventDetailScreen } from './event-detail-screen';
import { PublicEveningScreen } from './public-evening-screen';

const ID = 12;
/** A paragraph whose whole text is `text` (the range inside it is a span of its own, kept on one line). */
const paragraph = (text: string) => (_: string, el: Element | null) => el?.tagName === 'P' && el.textContent === text;
const place = { address: '12 Bury New Road', city: 'Prestwich', latitude: 53.5331, longitude: -2.2847 };

const memberPage = () =>
  renderAt(
    <>
      <Toaster />
      <EventDetailScreen eventId={ID} userId={1} />
    </>,
    { path: `/events/${ID}`, pattern: '/events/:id' },
  );

const publicEvening = (over: Partial<PublicEvening> = {}): PublicEvening => ({
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
  venue: { name: 'The Church Inn', ...place },
  hostFirstName: 'Hannah',
  host: { bio: null, image: null, moreEvenings: [] },
  going: 0,
  url: `http://localhost/events/${ID}`,
  image: `http://localhost/api/events/${ID}/card.png`,
  ...over,
});

const publicPage = (e: PublicEvening) => {
  fakeServer({ [`GET /api/events/${ID}/public`]: e });
  return renderAt(<PublicEveningScreen eventId={ID} />, { path: `/events/${ID}`, pattern: '/events/:id' });
};

describe('what the price includes', () => {
  test("the public page and the member's page say what the host wrote", async () => {
    publicPage(publicEvening({ priceIncludes: 'A glass of prosecco' }));
    expect(await within(await screen.findByRole('complementary', { name: 'Book' })).findByText('Includes: A glass of prosecco')).toBeInTheDocument();
  });

  test('the member page and the ticket say it too', async () => {
    fakeServer({ [`GET /api/events/${ID}`]: anEventDetail({ id: ID, priceIncludes: 'Tea and cake' }) });
    memberPage();
    expect(await screen.findByText('Includes: Tea and cake')).toBeInTheDocument();
  });

  test('when the host said nothing, no page promises a welcome drink (or anything)', async () => {
    publicPage(publicEvening({ priceIncludes: null }));
    expect(await screen.findByRole('link', { name: 'Book your place' })).toBeInTheDocument();
    expect(screen.queryByText(/Includes/)).not.toBeInTheDocument();
    expect(screen.queryByText(/welcome drink/)).not.toBeInTheDocument();
  });

  test('the checkout lists it with the ticket only when set', async () => {
    fakeServer({ [`GET /api/events/${ID}`]: anEventDetail({ id: ID, priceIncludes: null }), 'POST /api/create-payment-intent': aPaymentIntent() });
    renderAt(<CheckoutScreen eventId={ID} userId={1} onComplete={() => {}} />, { path: `/checkout/${ID}`, pattern: '/checkout/:id' });
    expect(await screen.findByText('1 × ticket')).toBeInTheDocument();
    expect(screen.queryByText(/Includes/)).not.toBeInTheDocument();
  });

  test('its host changes it on the evening page', async () => {
    const hosted = anEventDetail({ id: ID, hostId: 1, priceIncludes: 'A welcome drink' }, { isHost: true });
    const server = fakeServer({
      [`GET /api/events/${ID}`]: hosted,
      [`GET /api/events/${ID}/waitlist`]: { entries: [], expiredOffers: 0, left: 0 },
      [`PATCH /api/events/${ID}`]: failure(400, 'What the price includes must be at most 200 characters', [
        { path: 'priceIncludes', message: 'What the price includes must be at most 200 characters' },
      ]),
    });
    const { user } = memberPage();
    const setting = within((await screen.findByRole('heading', { name: 'What the price includes' })).closest('section')!);
    expect(setting.getByText('A welcome drink')).toBeInTheDocument();
    await user.click(setting.getByRole('button', { name: 'Change what the price includes' }));
    const field = await setting.findByRole('textbox', { name: 'Includes' });
    await user.clear(field);
    await user.type(field, 'x'.repeat(201));
    await user.click(setting.getByRole('button', { name: 'Save' }));
    // Said before sending: nothing goes to the server.
    expect(await setting.findByText('What the price includes must be at most 200 characters')).toBeInTheDocument();
    expect(server.calls.filter((c) => c.method === 'PATCH')).toHaveLength(0);

    const changed = { ...hosted, priceIncludes: 'Tea, coffee and cake' };
    server.set(`PATCH /api/events/${ID}`, changed);
    server.set(`GET /api/events/${ID}`, changed);
    await user.clear(field);
    await user.type(field, 'Tea, coffee and cake');
    await user.click(setting.getByRole('button', { name: 'Save' }));
    expect(await setting.findByText('Tea, coffee and cake')).toBeInTheDocument();
    expect(server.calls.find((c) => c.method === 'PATCH')?.body).toEqual({ priceIncludes: 'Tea, coffee and cake' });
  });
});

describe("the member's page says where the venue is", () => {
  test('its street address and a map link built from its coordinates (OpenStreetMap, nothing loaded)', async () => {
    fakeServer({
      [`GET /api/events/${ID}`]: { ...anEventDetail({ id: ID, venue: 'The Church Inn' }, { registered: true, ticketCode: 'ABC' }), venuePlace: place },
    });
    memberPage();
    expect(await screen.findByText('12 Bury New Road, Prestwich')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Open in map/ })).toHaveAttribute(
      'href',
      'https://www.openstreetmap.org/?mlat=53.53310&mlon=-2.28470#map=18/53.53310/-2.28470',
    );
  });
});

describe('the age range, before anyone presses Book', () => {
  test('a visitor sees "Ages 25-40" by the Book button', async () => {
    publicPage(publicEvening());
    const book = await screen.findByRole('complementary', { name: 'Book' });
    expect(within(book).getByText('Ages 25-40')).toBeInTheDocument();
    expect(within(book).getByRole('link', { name: 'Book your place' })).toBeInTheDocument();
    expect(screen.getAllByText('Ages 25-40')).toHaveLength(1);
  });

  test('a member outside the range is told they cannot book, and why, instead of Register', async () => {
    fakeServer({ [`GET /api/events/${ID}`]: anEventDetail({ id: ID, title: 'Friday Friends' }, { inAgeRange: false }) });
    memberPage();
    expect(await screen.findByText(paragraph('This evening is for ages 25-40'))).toBeInTheDocument();
    expect(screen.getByText("The age on your profile is outside this range, so you can't book it.")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See other evenings' })).toHaveAttribute('href', '/events');
    expect(screen.getByRole('link', { name: 'Edit your profile' })).toHaveAttribute('href', '/profile');
    expect(screen.queryByRole('link', { name: /Register/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Register|waitlist/ })).not.toBeInTheDocument();
  });

  test('a full evening does not offer its waitlist to a member outside the range either', async () => {
    fakeServer({ [`GET /api/events/${ID}`]: anEventDetail({ id: ID, participantCount: 40, spotsLeft: 0 }, { inAgeRange: false }) });
    memberPage();
    expect(await screen.findByText(paragraph('This evening is for ages 25-40'))).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Join the waitlist' })).not.toBeInTheDocument();
  });

  test('the checkout shows the range, and outside it asks for no card and holds no seat', async () => {
    const server = fakeServer({
      [`GET /api/events/${ID}`]: anEventDetail({ id: ID, title: 'Friday Friends', ageRangeMin: 30, ageRangeMax: 45 }, { inAgeRange: false }),
      'POST /api/create-payment-intent': aPaymentIntent(),
    });
    renderAt(<CheckoutScreen eventId={ID} userId={1} onComplete={() => {}} />, { path: `/checkout/${ID}`, pattern: '/checkout/:id' });
    expect(await screen.findByRole('heading', { name: 'You can’t book this evening' })).toBeInTheDocument();
    expect(screen.getByText('Ages 30-45')).toBeInTheDocument();
    expect(screen.getByText(paragraph('This evening is for ages 30-45'))).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Card payment' })).not.toBeInTheDocument();
    expect(server.calls.some((c) => c.url.pathname === '/api/create-payment-intent')).toBe(false);
  });
});
