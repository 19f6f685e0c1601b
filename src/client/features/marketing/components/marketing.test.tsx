import { screen, within } from '@testing-library/react';
import { expect, test } from 'vitest';
import { renderAt } from '@client/test/render';
import { AboutPage } from './about-page';
import { HomeHero } from './home-hero';
import { HomeNotes } from './home-notes';
import { LandingPage } from './landing-page';
import { MemberCard } from './member-card';
import { PromoPage } from './promo-page';
import { PromoView } from './promo-view';

const PROMO_TITLE = 'Speed Friendship Events - Prestwich | Join the Waitlist';

test('the home hero: the headline, the town and a way to learn more', async () => {
  const { router, user } = renderAt(<HomeHero />);
  expect(await screen.findByRole('heading', { level: 1, name: 'Make new friends, five minutes at a time' })).toBeInTheDocument();
  expect(screen.getByText('Prestwich, Manchester')).toBeInTheDocument();
  await user.click(screen.getByRole('link', { name: 'Learn More About Us' }));
  expect(router.state.location.pathname).toBe('/about');
});

test('the three notes under the form: venues, price with the first drink, people met', () => {
  renderAt(<HomeNotes />);
  return screen.findByRole('region', { name: 'Good to know' }).then((notes) => {
    const titles = within(notes)
      .getAllByRole('heading', { level: 3 })
      .map((h) => h.textContent);
    expect(titles).toEqual(['Cosy local venues', '£15 includes your first drink', 'Meet 8-12 people']);
    expect(notes).toHaveTextContent("You'll meet 8-12 people in relaxed 5-minute conversations");
  });
});

test("'Already a member?' leads a visitor to the login, and a member to their profile", async () => {
  const visitor = renderAt(<MemberCard signedIn={false} />);
  expect(await screen.findByRole('heading', { name: 'Already a member?' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
  visitor.unmount();

  renderAt(<MemberCard signedIn />);
  expect(await screen.findByRole('heading', { name: "You're signed in" })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'My profile' })).toHaveAttribute('href', '/profile');
});

test('/landing: the hero, three steps, details, audience, a testimonial, the FAQ and calls to join', async () => {
  renderAt(<LandingPage />, { path: '/landing' });
  expect(await screen.findByRole('heading', { level: 1, name: 'Now in Prestwich, Manchester' })).toBeInTheDocument();
  const steps = within(screen.getByRole('region', { name: 'Three easy steps' })).getAllByRole('heading', { level: 3 });
  expect(steps.map((h) => h.textContent)).toEqual(['Sign Up', 'Meet & Chat', 'Connect']);
  const details = within(screen.getByRole('region', { name: 'What to expect on the night' }));
  expect(details.getByText('£15 per person, your first drink included')).toBeInTheDocument();
  expect(details.getByText('8-12 new people in one evening')).toBeInTheDocument();
  expect(within(screen.getByRole('region', { name: "For anyone who'd like more friends nearby" })).getAllByRole('heading', { level: 3 })).toHaveLength(3);
  expect(screen.getByText('Sarah, 34')).toBeInTheDocument();
  expect(screen.getAllByText('3+ members already joined')).toHaveLength(2);

  const faq = within(screen.getByRole('region', { name: 'Frequently asked questions' }));
  expect(faq.getByText("I'm shy. Is this for me?")).toBeInTheDocument();
  expect(faq.getByText('What age groups come along?')).toBeInTheDocument();
  expect(faq.getByText('How does sharing contact details work?')).toBeInTheDocument();

  const joins = screen.getAllByRole('link', { name: 'Join the Waitlist' });
  expect(joins.length).toBeGreaterThanOrEqual(2);
  for (const link of joins) expect(link).toHaveAttribute('href', '/');
});

test('/about: the story, what makes us different, the five steps and a call to join', async () => {
  const { router, user } = renderAt(<AboutPage />, { path: '/about' });
  expect(await screen.findByRole('heading', { level: 1, name: 'About Speed Friendship' })).toBeInTheDocument();
  expect(screen.getByRole('region', { name: "Making friends as an adult is hard. It shouldn't be." })).toBeInTheDocument();
  expect(
    within(screen.getByRole('region', { name: 'Designed to make it easy' }))
      .getAllByRole('heading', { level: 3 })
      .map((h) => h.textContent),
  ).toEqual(['Friendship, not dating', 'Structured and hosted', 'Private by design', 'Truly local']);
  const steps = within(screen.getByRole('region', { name: 'Five steps to new friends' }));
  expect(steps.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
    'A warm welcome',
    'Structured conversations',
    'Private decisions',
    'Mutual matches',
    'New friendships',
  ]);
  expect(steps.getByText(/A typical evening brings together/)).toHaveTextContent('12-16 people');
  expect(screen.getByRole('region', { name: 'More than one evening' })).toBeInTheDocument();
  await user.click(screen.getByRole('link', { name: 'Join the Waitlist' }));
  expect(router.state.location.pathname).toBe('/');
});

test('/promo: the page title, the price with what it includes, and where to go next', async () => {
  const { unmount } = renderAt(<PromoPage />, { path: '/promo' });
  expect(await screen.findByRole('heading', { level: 1, name: 'Speed Friendship Events in Prestwich' })).toBeInTheDocument();
  expect(document.title).toBe(PROMO_TITLE);
  const price = within(screen.getByRole('heading', { name: 'One evening, one price' }).parentElement!);
  expect(price.getByText('£15')).toBeInTheDocument();
  expect(price.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
    'Your first drink, on us',
    '5-minute one-to-one conversations',
    'Meet 8-12 new people in one evening',
    'A friendly host who keeps things flowing',
    'Contact details shared only when you both say yes',
  ]);
  expect(screen.getByRole('link', { name: 'Join the Waitlist' })).toHaveAttribute('href', '/');
  expect(screen.getByRole('link', { name: 'How it works' })).toHaveAttribute('href', '/about');
  unmount();
  expect(document.title).not.toBe(PROMO_TITLE);
});

test('/?view=promo: the poster with the town, the price with a free drink, the points and a join button', async () => {
  renderAt(<PromoView />, { path: '/?view=promo' });
  expect(await screen.findByRole('heading', { level: 1, name: 'Speed Friendship Evenings' })).toBeInTheDocument();
  expect(document.title).toBe(PROMO_TITLE);
  expect(screen.getByText('Prestwich, Manchester')).toBeInTheDocument();
  expect(screen.getByText('£15')).toBeInTheDocument();
  expect(screen.getByText('incl. a free drink')).toBeInTheDocument();
  expect(screen.getByText('5-minute conversations')).toBeInTheDocument();
  expect(screen.getByText('Meet 8-12 new people')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Join the Waitlist' })).toHaveAttribute('href', '/');
});
