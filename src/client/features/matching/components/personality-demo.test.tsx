import { screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { fakeServer, renderAt } from '@client/test/render';
import { PersonalityDemo } from './personality-demo';

const demoAt = (path = '/personality-demo') => {
  const server = fakeServer({});
  return { ...renderAt(<PersonalityDemo />, { path }), server };
};

const ranked = () =>
  within(screen.getByRole('list', { name: /best first/ }))
    .getAllByRole('heading', { level: 3 })
    .map((h) => h.textContent);

/** Each component score as 'label value'. */
const scores = (card: HTMLElement) =>
  within(card)
    .getAllByRole('term')
    .map((t) => `${t.textContent} ${t.nextElementSibling?.textContent}`);

describe('the personality demo', () => {
  test('Sarah first: her traits, interests and her best matches, ranked', () => {
    const { server } = demoAt();
    expect(screen.getByRole('radio', { name: /Sarah/ })).toBeChecked();
    expect(screen.getByRole('heading', { level: 2, name: 'Sarah' })).toBeInTheDocument();
    expect(screen.getByText('Age 28 · Balanced communicator')).toBeInTheDocument();
    const traits = screen
      .getAllByRole('term')
      .slice(0, 4)
      .map((t) => `${t.textContent} ${t.nextElementSibling?.textContent}`);
    expect(traits).toEqual(['Creative 9/10', 'Adventurous 6/10', 'Social 7/10', 'Analytical 4/10']);
    expect(screen.getByRole('list', { name: "Sarah's interests" })).toHaveTextContent('ArtCoffeeReadingTravel');

    expect(screen.getByRole('heading', { name: 'Best matches for Sarah' })).toBeInTheDocument();
    expect(ranked()).toEqual(['1. Priya', '2. Emma', '3. David', '4. Michael']);
    expect(screen.getByText('4 matches for Sarah, best first')).toBeInTheDocument();

    const priya = screen.getByRole('heading', { name: '1. Priya' }).closest('li') as HTMLElement;
    expect(within(priya).getByText('Excellent Match').previousElementSibling).toHaveTextContent('90%');
    expect(scores(priya)).toEqual(['Personality (60%) 87%', 'Communication (25%) 90%', 'Age (10%) 100%', 'Interests (5%) 100%']);
    expect(within(priya).getByText(/Shared interests:/).parentElement).toHaveTextContent(/Shared interests: (Art|Travel|Coffee)(, (Art|Travel|Coffee)){2}$/);

    const michael = screen.getByRole('heading', { name: '4. Michael' }).closest('li') as HTMLElement;
    expect(within(michael).getByText('Great Match').previousElementSibling).toHaveTextContent('75%');
    // Nothing is asked of the server: the demo people are fictional and local.
    expect(server.calls).toHaveLength(0);
  });

  test('choosing another person ranks for them and keeps the choice in the address', async () => {
    const { user, router } = demoAt();
    await user.click(screen.getByRole('radio', { name: /Michael/ }));
    expect(router.state.location.search).toBe('?person=2');
    expect(screen.getByRole('radio', { name: /Michael/ })).toBeChecked();
    expect(screen.getByRole('heading', { name: 'Best matches for Michael' })).toBeInTheDocument();
    expect(ranked()).toEqual(['1. David', '2. Sarah', '3. Priya', '4. Emma']);
    const david = screen.getByRole('heading', { name: '1. David' }).closest('li') as HTMLElement;
    expect(within(david).getByText(/Shared interests:/).parentElement).toHaveTextContent('Shared interests: none, but opposites can attract');
  });

  test('a link to a person opens on them; an unknown one falls back to the first', () => {
    const first = demoAt('/personality-demo?person=5');
    expect(screen.getByRole('heading', { name: 'Best matches for Priya' })).toBeInTheDocument();
    first.unmount();
    demoAt('/personality-demo?person=99');
    expect(screen.getByRole('heading', { name: 'Best matches for Sarah' })).toBeInTheDocument();
  });
});
