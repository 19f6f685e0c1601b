import { screen, within } from '@testing-library/react';
import { expect, test } from 'vitest';
import type { EmojiReaction } from '@shared/schemas/feedback';
import { fakeServer, renderAt, type FakeRequest } from '@client/test/render';
import { REACTION_PENDING, REACTION_THANKS } from './emoji-feedback';
import { EmojiFeedback } from './emoji-feedback';

const count = (calls: FakeRequest[], key: string) => calls.filter((c) => `${c.method} ${c.url.pathname}` === key).length;

test('a visitor sees the eight reactions with their counts and a log-in prompt, no buttons', async () => {
  fakeServer({ 'GET /api/events/5/feedback': [{ emoji: 'fire' }, { emoji: 'fire' }, { emoji: 'pensive' }] });
  renderAt(<EmojiFeedback eventId={5} userId={null} />, { path: '/wine-wallop' });
  const tally = await screen.findByRole('list', { name: 'Reactions so far' });
  expect(await screen.findByText('3 reactions so far.')).toBeInTheDocument();
  // Issue 33: whose reactions count is said.
  expect(screen.getByText('Reactions come from the guests who were checked in.')).toBeInTheDocument();
  const items = within(tally).getAllByRole('listitem');
  expect(items.map((i) => i.textContent)).toEqual([
    '😍Love it!0 reactions',
    '🎉Amazing!0 reactions',
    '👏Well done!0 reactions',
    '😊Great!0 reactions',
    '🔥Fire!2 reactions',
    '💯Perfect!0 reactions',
    '😅Fun!0 reactions',
    '😔Could be better1 reaction',
  ]);
  expect(screen.getByText('Log in to add your reaction.')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login?next=%2Fwine-wallop');
  expect(screen.queryByRole('button')).not.toBeInTheDocument();
});

test('a member sees their choice pressed; the same emoji again sends nothing; another is saved, disabled while saving, then thanked and both queries refreshed', async () => {
  let mine: EmojiReaction = { eventId: 5, userId: 11, emoji: 'fire' };
  let list = [{ emoji: 'fire' }, { emoji: 'clap' }];
  let release: () => void = () => {};
  const server = fakeServer({
    'GET /api/events/5/feedback': () => list,
    'GET /api/events/5/feedback/user/11': () => mine,
    'POST /api/events/5/feedback': async (req: FakeRequest) => {
      await new Promise<void>((r) => (release = r));
      const body = req.body as { emoji: 'party' };
      mine = { eventId: 5, userId: 11, emoji: body.emoji };
      list = [{ emoji: 'party' }, { emoji: 'clap' }];
      return mine;
    },
  });
  const { user } = renderAt(<EmojiFeedback eventId={5} userId={11} />);
  const fire = await screen.findByRole('button', { name: 'Fire! 1 reaction' });
  await screen.findByRole('button', { name: 'Fire! 1 reaction', pressed: true });
  expect(screen.getByRole('button', { name: 'Amazing! 0 reactions' })).toHaveAttribute('aria-pressed', 'false');
  expect(screen.getAllByRole('button')).toHaveLength(8);

  await user.click(fire);
  expect(count(server.calls, 'POST /api/events/5/feedback')).toBe(0);

  const listReads = count(server.calls, 'GET /api/events/5/feedback');
  const mineReads = count(server.calls, 'GET /api/events/5/feedback/user/11');
  await user.click(screen.getByRole('button', { name: 'Amazing! 0 reactions' }));
  expect(await screen.findByText(REACTION_PENDING)).toBeInTheDocument();
  for (const b of screen.getAllByRole('button')) expect(b).toBeDisabled();
  release();
  expect(await screen.findByText(REACTION_THANKS)).toBeInTheDocument();
  expect(await screen.findByRole('button', { name: 'Amazing! 1 reaction', pressed: true })).toBeEnabled();
  expect(screen.getByRole('button', { name: 'Fire! 0 reactions' })).toHaveAttribute('aria-pressed', 'false');
  expect(server.calls.find((c) => c.method === 'POST')!.body).toEqual({ eventId: 5, userId: 11, emoji: 'party' });
  expect(count(server.calls, 'GET /api/events/5/feedback')).toBeGreaterThan(listReads);
  expect(count(server.calls, 'GET /api/events/5/feedback/user/11')).toBeGreaterThan(mineReads);
});

test("a failed reaction says so and keeps the member's earlier choice", async () => {
  const { Reply } = await import('@client/test/render');
  fakeServer({
    'GET /api/events/5/feedback': [],
    'GET /api/events/5/feedback/user/11': { eventId: 5, userId: 11, emoji: null },
    'POST /api/events/5/feedback': new Reply(404, { message: 'Event not found', error: 'Event not found' }),
  });
  const { user } = renderAt(<EmojiFeedback eventId={5} userId={11} />);
  expect(await screen.findByText('No reactions yet: be the first.')).toBeInTheDocument();
  await user.click(await screen.findByRole('button', { name: 'Love it! 0 reactions' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Event not found');
  expect(screen.queryByText(REACTION_THANKS)).not.toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Love it! 0 reactions' })).toHaveAttribute('aria-pressed', 'false');
});

// Issue 33: only the evening's checked-in guests react; anyone else reads why.
test('a member who was not checked in at the evening reads the refusal, and nothing is marked', async () => {
  const { Reply } = await import('@client/test/render');
  const refusal = 'Only guests who were checked in at this evening can react to it';
  fakeServer({
    'GET /api/events/5/feedback': [],
    'GET /api/events/5/feedback/user/11': { eventId: 5, userId: 11, emoji: null },
    'POST /api/events/5/feedback': new Reply(403, { message: refusal, error: refusal }),
  });
  const { user } = renderAt(<EmojiFeedback eventId={5} userId={11} />);
  await user.click(await screen.findByRole('button', { name: 'Love it! 0 reactions' }));
  expect(await screen.findByRole('alert')).toHaveTextContent(refusal);
  expect(screen.getByRole('button', { name: 'Love it! 0 reactions' })).toHaveAttribute('aria-pressed', 'false');
});
