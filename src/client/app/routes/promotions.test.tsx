import { screen, within } from '@testing-library/react';
import { expect, test } from 'vitest';
import type { Me } from '@shared/schemas/auth';
import { anEvent, DAY, fromNow } from '@client/test/fixtures';
import { fakeServer, renderAt, signIn } from '@client/test/render';
import { Component as Promotions } from './promotions';

// Issue 34: /promotions gave a newly approved host the flyers of another host's evening.
const others = anEvent({ id: 41, title: 'Someone Else’s Supper Club', date: fromNow(2 * DAY), hostId: 9 });
const mine = anEvent({ id: 42, title: 'Hana’s Coffee Circle', date: fromNow(12 * DAY), hostId: 4 });

function at(roles: Me['roles'] | null, path = '/promotions') {
  const routes: Record<string, unknown> = { 'GET /api/events/upcoming': [others, mine], 'GET /api/share/links': { publicUrl: 'https://friends.example' } };
  if (roles) {
    signIn(4, 'hana@speedfriendship.test');
    routes['GET /api/auth/me'] = { id: 4, email: 'hana@speedfriendship.test', name: 'Hana Host', roles } satisfies Me;
  }
  fakeServer(routes);
  return renderAt(<Promotions />, { path, pattern: '/promotions' });
}

test('a signed-in host gets the flyers of their own evening, and the picker keeps the choice in the address', async () => {
  const { router } = at(['member', 'host']);
  expect(await screen.findByRole('heading', { level: 2, name: mine.title })).toBeInTheDocument();
  expect(screen.queryByText(others.title)).not.toBeInTheDocument();
  // One evening of their own: nothing to choose between.
  expect(screen.queryByRole('combobox', { name: 'Evening to promote' })).not.toBeInTheDocument();
  expect(router.state.location.search).toBe('');
});

test('an admin picks among every upcoming evening; the choice goes into ?event=', async () => {
  const { user, router } = at(['member', 'host', 'admin']);
  expect(await screen.findByRole('heading', { level: 2, name: others.title })).toBeInTheDocument();
  const picker = screen.getByRole('combobox', { name: 'Evening to promote' });
  expect(within(picker).getAllByRole('option')).toHaveLength(2);
  await user.selectOptions(picker, String(mine.id));
  expect(await screen.findByRole('heading', { level: 2, name: mine.title })).toBeInTheDocument();
  expect(router.state.location.search).toBe(`?event=${mine.id}`);
});

test('a visitor still sees the next evening’s flyers (the page is public)', async () => {
  at(null);
  expect(await screen.findByRole('heading', { level: 2, name: others.title })).toBeInTheDocument();
  expect(screen.getByText('Flyers for the next evening')).toBeInTheDocument();
});
