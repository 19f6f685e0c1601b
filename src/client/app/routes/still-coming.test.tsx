import { screen, within } from '@testing-library/react';
import { expect, test } from 'vitest';
import type { StillComingQuestion } from '@shared/schemas/still-coming';
import { DAY, fromNow } from '@client/test/fixtures';
import { fakeServer, Reply } from '@client/test/render';
import { renderApp, signedInAs } from '../app.fixtures';

/** "Still coming?" (docs/decisions/0074-still-coming.md): the e-mail link's page and the question on /notifications. */

const TOKEN = 'a'.repeat(43);
const question = (over: Partial<StillComingQuestion> = {}): StillComingQuestion => ({
  eventId: 5,
  title: 'Corner Table Social',
  date: fromNow(DAY),
  startTime: '19:00',
  endTime: '21:00',
  venue: 'The Wine Bar',
  firstName: 'Gina',
  answer: null,
  answeredAt: null,
  refund: { kind: 'on_resale', amount: 1500 },
  ...over,
});

test('/still-coming/{token}: a visitor sees the question; opening it posts nothing; "I can\'t make it" says the refund rule first, then what was answered', async () => {
  const server = fakeServer({
    [`GET /api/still-coming/${TOKEN}`]: question(),
    [`POST /api/still-coming/${TOKEN}`]: question({ answer: 'no', answeredAt: new Date().toISOString() }),
  });
  const { user } = renderApp(`/still-coming/${TOKEN}`);
  expect(await screen.findByRole('heading', { name: /^Still coming to Corner Table Social on / })).toBeInTheDocument();
  const no = screen.getByRole('button', { name: /I can't make it/ });
  expect(no).toHaveAccessibleDescription("Your place goes to someone else; you'll be refunded £15.00 if someone takes your place.");
  expect(screen.getByRole('button', { name: 'Yes, see you there' })).toBeInTheDocument();
  expect(server.calls.filter((c) => c.method !== 'GET')).toEqual([]);
  // Not sent to log in: the token is the proof.
  expect(screen.queryByRole('heading', { name: /Log in/ })).not.toBeInTheDocument();

  await user.click(no);
  expect(
    await screen.findByText("You gave up your place. You'll be refunded £15.00 if someone takes your place, and we'll e-mail you when they do."),
  ).toBeInTheDocument();
  expect(server.calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([{ answer: 'no' }]);
  expect(screen.queryByRole('button', { name: /I can't make it/ })).not.toBeInTheDocument();
});

test('/still-coming/{token}: an unknown link and a closed question say so, with ways on', async () => {
  fakeServer({ [`GET /api/still-coming/${TOKEN}`]: new Reply(404, { message: "This link isn't valid.", error: "This link isn't valid." }) });
  renderApp(`/still-coming/${TOKEN}`);
  expect(await screen.findByRole('heading', { name: "This link doesn't work" })).toBeInTheDocument();
  expect(screen.getByText("This link isn't valid.")).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'My notifications' })).toHaveAttribute('href', '/notifications');
});

test('/still-coming/{token}: answered elsewhere meanwhile, the page says so', async () => {
  fakeServer({
    [`GET /api/still-coming/${TOKEN}`]: question(),
    [`POST /api/still-coming/${TOKEN}`]: new Reply(409, {
      message: 'You\'ve already answered "Yes, see you there".',
      error: 'You\'ve already answered "Yes, see you there".',
    }),
  });
  const { user } = renderApp(`/still-coming/${TOKEN}`);
  await user.click(await screen.findByRole('button', { name: 'Yes, see you there' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('You\'ve already answered "Yes, see you there".');
});

test('/notifications: the signed-in guest answers the question there', async () => {
  const server = fakeServer({
    ...signedInAs(),
    'GET /api/me/still-coming': { questions: [question({ refund: { kind: 'none', amount: 0 } })] },
    'POST /api/events/5/still-coming': question({ answer: 'yes', answeredAt: new Date().toISOString() }),
  });
  const { user } = renderApp('/notifications');
  const card = await screen.findByRole('region', { name: /^Still coming to Corner Table Social on / });
  server.set('GET /api/me/still-coming', { questions: [] });
  await user.click(within(card).getByRole('button', { name: 'Yes, see you there' }));
  expect(server.calls.filter((c) => c.method === 'POST' && c.url.pathname === '/api/events/5/still-coming').map((c) => c.body)).toEqual([{ answer: 'yes' }]);
  await expect.poll(() => screen.queryByRole('region', { name: /^Still coming to/ })).toBeNull();
});
