import { screen, within } from '@testing-library/react';
import { Toaster } from 'sonner';
import { describe, expect, test } from 'vitest';
import type { FriendGroup } from '@shared/schemas/friend-groups';
import { FriendGroups } from '@client/features/friend-groups/components/friend-groups';
import { MatchesScreen } from '@client/features/matching/components/matches-screen';
import { aMatch, aPerson, aUserEvent } from '@client/features/matching/matches.fixtures';
import { fakeServer, renderAt } from '@client/test/render';

/**
 * /matches as the route composes it: matching's screen with friend-groups' card of the evening's
 * groups in its `groups` slot (these tests were matches-screen.test.tsx's "friendship groups").
 */
const spring = aUserEvent(20, 'Spring Social', { date: '2025-04-11T18:00:00.000Z', status: 'completed' });
const winter = aUserEvent(21, 'Winter Warmer', { date: '2025-01-17T19:00:00.000Z', status: 'completed' });

const alex = aPerson(3, 'Alex Day', { age: 29, email: 'alex@example.test', contactInfo: '07700 900123' });
const jo = aPerson(4, 'Jo March', { age: 41, email: 'jo@example.test' });

const screenAt = (path = '/matches') =>
  renderAt(
    <>
      <Toaster />
      <MatchesScreen userId={1} groups={(eventId) => <FriendGroups eventId={eventId} />} />
    </>,
    { path },
  );

describe('friendship groups', () => {
  /** A group as GET /api/me/groups sends it: the viewer (Member One, id 1) first. */
  const group = (others: { id: number; name: string; shared?: boolean }[], over: Partial<FriendGroup> = {}): FriendGroup => ({
    key: [1, ...others.map((o) => o.id)].join('-'),
    members: [
      { id: 1, name: 'Member One', age: 30, interests: [], profileImage: null, isYou: true, sharedWithYou: true },
      ...others.map((o) => ({ id: o.id, name: o.name, age: 30, interests: [], profileImage: null, isYou: false, sharedWithYou: o.shared ?? false })),
    ],
    evenings: [{ id: 20, title: 'Spring Social', date: '2025-04-11T18:00:00.000Z' }],
    everyoneShared: false,
    chatLink: null,
    ...over,
  });

  test('Sarah matched Michael and Emma, who did not match each other: no group is claimed', async () => {
    const michael = aPerson(5, 'Michael Brown');
    const emma = aPerson(6, 'Emma Jones');
    // Both matches shared contact; the server finds no clique.
    fakeServer({
      'GET /api/users/1/events': [spring],
      'GET /api/events/20/matches/1': [aMatch(5, michael, { contactShared: true }), aMatch(6, emma, { contactShared: true })],
      'GET /api/me/groups': { groups: [] },
    });
    screenAt('/matches?event=20');
    expect(
      await screen.findByText('No friendship group from this evening yet. A group forms when at least two of your matches also matched each other.'),
    ).toBeInTheDocument();
    expect(screen.queryByText('Verified: every member is a mutual match')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: /Friendship group of/ })).not.toBeInTheDocument();
  });

  test('a real group of three is verified; no e-mail link until everyone shared, and who has not', async () => {
    fakeServer({
      'GET /api/users/1/events': [spring],
      'GET /api/events/20/matches/1': [aMatch(2, alex, { contactShared: true }), aMatch(3, jo, { meFirst: false })],
      'GET /api/me/groups': {
        groups: [
          group([
            { id: 3, name: 'Alex Day', shared: true },
            { id: 4, name: 'Jo March' },
          ]),
        ],
      },
    });
    screenAt('/matches?event=20');
    expect(await screen.findByRole('heading', { name: 'Friendship group of 3' })).toBeInTheDocument();
    expect(screen.getByText('Verified: every member is a mutual match')).toBeInTheDocument();
    const members = within(screen.getByText('Member One (you)').closest('ul')!).getAllByRole('listitem');
    expect(members).toHaveLength(3);
    expect(members[0]).toHaveTextContent('Member One (you)');
    expect(members[1]).toHaveTextContent(/Alex Day\s*Mutual Match/);
    expect(members[2]).toHaveTextContent(/Jo March\s*Mutual Match/);
    expect(screen.queryByRole('link', { name: /E-mail the group/ })).not.toBeInTheDocument();
    expect(screen.getByText(/The group e-mail link appears once everyone in the group has shared contact details with each other/)).toHaveTextContent(
      'Not shared with you yet: Jo March.',
    );
  });

  test('once everyone shared, the group e-mail link from the server', async () => {
    const link = 'mailto:alex@example.test,jo@example.test?subject=Our%20Speed%20Friendship%20group';
    fakeServer({
      'GET /api/users/1/events': [spring],
      'GET /api/events/20/matches/1': [],
      'GET /api/me/groups': {
        groups: [
          group(
            [
              { id: 3, name: 'Alex Day', shared: true },
              { id: 4, name: 'Jo March', shared: true },
            ],
            { everyoneShared: true, chatLink: link },
          ),
        ],
      },
    });
    screenAt('/matches?event=20');
    expect(await screen.findByRole('link', { name: 'E-mail the group' })).toHaveAttribute('href', link);
    expect(screen.queryByText(/The group e-mail link appears/)).not.toBeInTheDocument();
  });

  test('only the groups of the evening picked', async () => {
    fakeServer({
      'GET /api/users/1/events': [spring, winter],
      'GET /api/events/20/matches/1': [],
      'GET /api/events/21/matches/1': [],
      'GET /api/me/groups': {
        groups: [
          group(
            [
              { id: 3, name: 'Alex Day' },
              { id: 4, name: 'Jo March' },
            ],
            { evenings: [{ id: 21, title: 'Winter Warmer', date: '2025-01-17T19:00:00.000Z' }] },
          ),
        ],
      },
    });
    screenAt('/matches?event=20');
    expect(await screen.findByText(/No friendship group from this evening yet/)).toBeInTheDocument();
  });

  test('a group lists at most 4 others, and links to the whole group', async () => {
    const others = ['Ann Bell', 'Ben Cole', 'Cat Dunn', 'Dan Ede', 'Eve Fox'].map((name, i) => ({ id: 10 + i, name }));
    fakeServer({ 'GET /api/users/1/events': [spring], 'GET /api/events/20/matches/1': [], 'GET /api/me/groups': { groups: [group(others)] } });
    screenAt('/matches?event=20');
    expect(await screen.findByRole('heading', { name: 'Friendship group of 6' })).toBeInTheDocument();
    expect(screen.getAllByText('Mutual Match')).toHaveLength(4);
    expect(screen.getByText(/And 1 more\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See the whole group' })).toHaveAttribute('href', '/friend-groups');
  });
});
