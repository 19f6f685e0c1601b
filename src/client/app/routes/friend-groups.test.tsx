import { screen, within } from '@testing-library/react';
import { expect, test, vi } from 'vitest';
import type { FriendGroup, MyGroups } from '@shared/schemas/friend-groups';
import { fakeServer, Reply } from '@client/test/render';
import { LAZY, renderApp, signedInAs } from '../app.fixtures';

/** /friend-groups (docs/spec/organiser-tools.md §2.17) through the app's own route table. */

const member = (id: number, name: string, over: Partial<FriendGroup['members'][number]> = {}) => ({
  id,
  name,
  age: 31,
  interests: [] as string[],
  profileImage: null,
  isYou: false,
  sharedWithYou: false,
  ...over,
});

const spring = { id: 20, title: 'Spring Social', date: '2025-04-11T18:00:00.000Z' };
const winter = { id: 21, title: 'Winter Warmer', date: '2025-01-17T19:00:00.000Z' };

const triangle: FriendGroup = {
  key: '5-6-7',
  members: [
    member(7, 'Alex Morgan', { isYou: true, sharedWithYou: true, age: 34 }),
    member(6, 'Emma Jones', { interests: ['Climbing', 'Jazz'], sharedWithYou: true }),
    member(5, 'Michael Brown'),
  ],
  evenings: [winter, spring],
  everyoneShared: false,
  chatLink: null,
};

test('a visitor sees a sign-in card that comes back here, and nothing is fetched', async () => {
  const server = fakeServer({});
  const { user, location } = renderApp('/friend-groups');
  expect(await screen.findByRole('heading', { level: 1, name: 'Community Groups' })).toBeInTheDocument();
  expect(await screen.findByRole('heading', { name: 'Log in to see your community groups' })).toBeInTheDocument();
  await user.click(screen.getByRole('link', { name: 'Log in' }));
  await vi.waitFor(() => expect(location()).toBe(`/login?next=${encodeURIComponent('/friend-groups')}`), LAZY);
  expect(server.calls).toHaveLength(0);
});

test('no groups yet: the spec’s empty state, and a way to the events', async () => {
  fakeServer({ ...signedInAs('member'), 'GET /api/me/groups': { groups: [] } satisfies MyGroups });
  renderApp('/friend-groups');
  expect(await screen.findByRole('heading', { name: 'No groups yet' })).toBeInTheDocument();
  expect(screen.getByText('Groups appear after the first event.')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Browse Events' })).toHaveAttribute('href', '/events');
  expect(screen.queryByText('Verified: every member is a mutual match')).not.toBeInTheDocument();
});

test('a group: its members with their public profile, where they met, and why there is no e-mail link yet', async () => {
  fakeServer({ ...signedInAs('member'), 'GET /api/me/groups': { groups: [triangle] } satisfies MyGroups });
  renderApp('/friend-groups');
  const group = await screen.findByRole('region', { name: 'Group of 3' });
  expect(within(group).getByText('Verified: every member is a mutual match')).toBeInTheDocument();
  const members = [...within(group).getByRole('list', { name: 'Members' }).children];
  // The viewer first; initials stand in for missing pictures.
  expect(members.map((m) => m.textContent)).toEqual([
    'AMAlex Morgan (you), 34',
    'EJEmma Jones, 31Contact SharedClimbingJazz',
    'MBMichael Brown, 31Contact not shared yet',
  ]);
  expect(within(group).getByRole('list', { name: 'Interests of Emma Jones' })).toHaveTextContent('ClimbingJazz');
  expect(within(group).getByRole('heading', { name: 'Where you met' })).toBeInTheDocument();
  expect(within(group).getByText('Winter Warmer')).toBeInTheDocument();
  expect(within(group).getByText('Spring Social')).toBeInTheDocument();
  expect(within(group).queryByRole('link', { name: /E-mail the group/ })).not.toBeInTheDocument();
  expect(within(group).getByText(/The group e-mail link appears once everyone in the group has shared contact details/)).toHaveTextContent(
    'Not shared with you yet: Michael Brown.',
  );
});

test('once everyone shared: the e-mail link from the server; two groups show as two', async () => {
  const link = 'mailto:emma@example.test,michael@example.test?subject=Our%20Speed%20Friendship%20group';
  const shared: FriendGroup = { ...triangle, members: triangle.members.map((m) => ({ ...m, sharedWithYou: true })), everyoneShared: true, chatLink: link };
  const other: FriendGroup = {
    key: '7-8-9',
    members: [member(7, 'Alex Morgan', { isYou: true, sharedWithYou: true }), member(8, 'Ben Cole'), member(9, 'Cat Dunn')],
    evenings: [spring],
    everyoneShared: false,
    chatLink: null,
  };
  fakeServer({ ...signedInAs('member'), 'GET /api/me/groups': { groups: [shared, other] } satisfies MyGroups });
  renderApp('/friend-groups');
  const groups = await screen.findAllByRole('region', { name: 'Group of 3' });
  expect(groups).toHaveLength(2);
  expect(within(groups[0]!).getByRole('link', { name: 'E-mail the group' })).toHaveAttribute('href', link);
  expect(within(groups[1]!).queryByRole('link', { name: 'E-mail the group' })).not.toBeInTheDocument();
});

test('a group never all at one evening says so under "Where you met" and names no evening', async () => {
  fakeServer({ ...signedInAs('member'), 'GET /api/me/groups': { groups: [{ ...triangle, evenings: [] }] } satisfies MyGroups });
  renderApp('/friend-groups');
  const group = await screen.findByRole('region', { name: 'Group of 3' });
  expect(within(group).getByRole('heading', { name: 'Where you met' })).toBeInTheDocument();
  expect(within(group).getByText(/You were never all at one evening together/)).toBeInTheDocument();
  expect(within(group).queryByText('Winter Warmer')).not.toBeInTheDocument();
});

test('a failed load says so and offers Try again', async () => {
  const server = fakeServer({
    ...signedInAs('member'),
    'GET /api/me/groups': new Reply(500, { message: 'Database unavailable', error: 'Database unavailable' }),
  });
  const { user } = renderApp('/friend-groups');
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent("We couldn't load your groups");
  server.set('GET /api/me/groups', { groups: [] });
  await user.click(within(alert).getByRole('button', { name: 'Try again' }));
  expect(await screen.findByText('Groups appear after the first event.')).toBeInTheDocument();
});

test('passes axe with a group (structure and names; colours are checked in the browser)', async () => {
  const { default: axe } = await import('axe-core');
  const check = async () => {
    const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } });
    expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  };
  fakeServer({ ...signedInAs('member'), 'GET /api/me/groups': { groups: [triangle] } satisfies MyGroups });
  const view = renderApp('/friend-groups');
  await screen.findByRole('region', { name: 'Group of 3' });
  await check();
  view.unmount();
});
