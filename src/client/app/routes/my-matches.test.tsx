import { screen, within } from '@testing-library/react';
import { expect, test } from 'vitest';
import type { BlockList } from '@shared/schemas/safety';
import { aMatch, aPerson, myMatches } from '@client/features/matching/matches.fixtures';
import { fakeServer, Reply, signIn, type FakeRequest } from '@client/test/render';
import { EMAIL, me, renderApp } from '../app.fixtures';

// The matches fixtures are seen by member 1.
const asMemberOne = () => {
  signIn(1, EMAIL);
  return { 'GET /api/auth/me': { ...me(), id: 1 } };
};

const alex = aPerson(3, 'Alex Day', { email: 'alex@example.test', contactInfo: '+44 7700 900123' });
const jo = aPerson(4, 'Jo March', { email: 'jo@example.test' });
const released = myMatches(true, [
  { ...aMatch(1, alex, { contactShared: true, eventId: 20 }), eventTitle: 'Spring Social' },
  { ...aMatch(2, jo, { contactShared: true, eventId: 21, meFirst: false }), eventTitle: 'Winter Warmer' },
]);
const card = (name: string) => screen.getByRole('heading', { name, level: 4 }).closest('li') as HTMLElement;
const THANKS = 'Thank you for telling us. The hosts of this evening and our admins will look at it; the person you reported is not told who reported them.';

test('/my-matches: Report on a match asks for a reason, sends it with the match context, and confirms', async () => {
  const server = fakeServer({
    ...asMemberOne(),
    'GET /api/me/matches': released,
    'GET /api/me/blocks': { blocks: [] } satisfies BlockList,
    'POST /api/reports': new Reply(201, { id: 9, message: THANKS }),
  });
  const { user } = renderApp('/my-matches');
  const jCard = await screen.findByRole('heading', { name: 'Jo March', level: 4 }).then(() => card('Jo March'));
  await user.click(within(jCard).getByRole('button', { name: 'Report Jo March' }));
  const dialog = await screen.findByRole('dialog', { name: 'Report Jo March' });

  // No reason yet: nothing is sent.
  await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
  expect(within(dialog).getByRole('alert')).toHaveTextContent('Choose a reason');
  expect(server.calls.some((c) => c.url.pathname === '/api/reports')).toBe(false);

  const reasons = within(dialog).getByRole('group', { name: 'What happened?' });
  await user.click(within(reasons).getByRole('radio', { name: 'Made me feel unsafe' }));
  await user.type(within(dialog).getByRole('textbox', { name: /Tell us more/ }), 'Kept messaging after I said no.');
  await user.click(within(dialog).getByRole('button', { name: 'Send report' }));

  expect(await screen.findByText('Report sent')).toBeInTheDocument();
  expect(screen.getByText(THANKS)).toBeInTheDocument();
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  const sent = server.calls.filter((c) => c.method === 'POST' && c.url.pathname === '/api/reports');
  expect(sent.map((c) => c.body)).toEqual([{ userId: 4, eventId: 21, context: 'match', reason: 'unsafe', details: 'Kept messaging after I said no.' }]);
});

test('/my-matches: Block asks first (Escape cancels), then the match reads as blocked; Report stays', async () => {
  let blocks: BlockList = { blocks: [] };
  const server = fakeServer({
    ...asMemberOne(),
    'GET /api/me/matches': released,
    'GET /api/me/blocks': () => blocks,
    'POST /api/me/blocks': (req: FakeRequest) => {
      const { userId } = req.body as { userId: number };
      blocks = { blocks: [{ userId, name: 'Alex Day', blockedAt: new Date().toISOString() }] };
      return { userId, blocked: true };
    },
  });
  const { user } = renderApp('/my-matches');
  await screen.findByRole('heading', { name: 'Alex Day', level: 4 });
  const posts = () => server.calls.filter((c) => c.method === 'POST' && c.url.pathname === '/api/me/blocks');

  const trigger = within(card('Alex Day')).getByRole('button', { name: 'Block Alex Day' });
  await user.click(trigger);
  let dialog = await screen.findByRole('dialog', { name: 'Block Alex Day?' });
  expect(dialog).toHaveTextContent('Alex Day is not told');
  await user.keyboard('{Escape}');
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(trigger).toHaveFocus();
  expect(posts()).toHaveLength(0);

  await user.keyboard('{Enter}');
  dialog = await screen.findByRole('dialog', { name: 'Block Alex Day?' });
  await user.click(within(dialog).getByRole('button', { name: 'Block Alex Day' }));
  expect(await screen.findByText('Alex Day is blocked')).toBeInTheDocument();
  expect(posts().map((c) => c.body)).toEqual([{ userId: 3 }]);

  // The server still lists the match: it shows as blocked, undone on the profile.
  const a = card('Alex Day');
  expect(await within(a).findByText('You blocked Alex Day')).toBeInTheDocument();
  expect(within(a).getByRole('link', { name: 'Undo on your profile' })).toHaveAttribute('href', '/profile');
  expect(within(a).queryByRole('button', { name: 'Block Alex Day' })).not.toBeInTheDocument();
  expect(within(a).getByRole('button', { name: 'Report Alex Day' })).toBeInTheDocument();
  expect(within(card('Jo March')).getByRole('button', { name: 'Block Jo March' })).toBeInTheDocument();
});

test('/my-matches passes axe with Block and Report on each match (structure and names; colours are checked in the browser)', async () => {
  const { default: axe } = await import('axe-core');
  fakeServer({
    ...asMemberOne(),
    'GET /api/me/matches': released,
    'GET /api/me/blocks': { blocks: [{ userId: 4, name: 'Jo March', blockedAt: new Date().toISOString() }] } satisfies BlockList,
  });
  const view = renderApp('/my-matches');
  await screen.findByText('You blocked Jo March');
  const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } });
  expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  view.unmount();
});

test('/my-matches: someone matched at two evenings gets "Meet again" once, on the newer evening\'s card (one landmark per person)', async () => {
  fakeServer({
    ...asMemberOne(),
    'GET /api/me/matches': myMatches(true, [
      { ...aMatch(1, alex, { contactShared: true, eventId: 20 }), eventTitle: 'Spring Social', eventDate: '2026-03-01T19:00:00.000Z' },
      { ...aMatch(5, alex, { contactShared: true, eventId: 22 }), eventTitle: 'Autumn Social', eventDate: '2026-10-01T19:00:00.000Z' },
      { ...aMatch(2, jo, { contactShared: true, eventId: 21, meFirst: false }), eventTitle: 'Winter Warmer' },
    ]),
    'GET /api/me/blocks': { blocks: [] } satisfies BlockList,
    'GET /api/meetups': { meetups: [], venues: [] },
  });
  renderApp('/my-matches');
  const autumn = await screen.findByRole('region', { name: /^Autumn Social/ });
  expect(within(autumn).getByRole('region', { name: 'Meet again with Alex Day' })).toBeInTheDocument();
  const spring = screen.getByRole('region', { name: /^Spring Social/ });
  expect(within(spring).getByRole('heading', { name: 'Alex Day', level: 4 })).toBeInTheDocument();
  expect(within(spring).queryByRole('region', { name: /^Meet again/ })).not.toBeInTheDocument();
  expect(screen.getAllByRole('region', { name: 'Meet again with Alex Day' })).toHaveLength(1);
  expect(screen.getAllByRole('region', { name: 'Meet again with Jo March' })).toHaveLength(1);
});
