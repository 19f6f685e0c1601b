import { screen, within } from '@testing-library/react';
import { expect, test } from 'vitest';
import { fakeServer, Reply } from '@client/test/render';
import { LAZY, renderApp, signedInAs } from '../app.fixtures';

const THANKS = "Thank you for telling us. Our admins read every report and will fix what they can; if you left an e-mail address, they'll write back.";

// Issue 39 (docs/decisions/0078): the accessibility statement, public, with a barrier report that reaches the admins.
test('a visitor reads the statement and reports a barrier; a bad report is explained and not sent', async () => {
  const server = fakeServer({ 'POST /api/accessibility/reports': { id: 1, message: THANKS } });
  const { user } = renderApp('/accessibility-statement');
  expect(await screen.findByRole('heading', { level: 1, name: 'Accessibility statement' }, LAZY)).toBeInTheDocument();
  expect(screen.getByText(/WCAG\) 2\.2 at level AA/)).toBeInTheDocument();
  expect(screen.getByText(/Last reviewed 28 November 2026/)).toBeInTheDocument();
  for (const name of ['What we aim for', 'How we check', 'What does not meet it yet', 'Getting help', 'Report a barrier'])
    expect(screen.getByRole('heading', { name })).toBeInTheDocument();
  const footer = screen.getByRole('navigation', { name: 'About this site' });
  expect(within(footer).getByRole('link', { name: 'Accessibility' })).toHaveAttribute('href', '/accessibility-statement');
  // Only admins see the reports: a visitor's page never asks for them.
  expect(screen.queryByRole('heading', { name: /Barriers reported/ })).not.toBeInTheDocument();

  const form = screen.getByRole('form', { name: 'Report a barrier' });
  await user.type(within(form).getByLabelText('What got in your way?'), 'Too short');
  await user.type(within(form).getByLabelText(/Your e-mail/), 'not-an-address');
  await user.click(within(form).getByRole('button', { name: 'Send to our admins' }));
  expect(await within(form).findByText('Please tell us a little more about what got in your way')).toBeInTheDocument();
  expect(within(form).getByText('Please enter a valid email address')).toBeInTheDocument();
  expect(server.calls.filter((c) => c.method === 'POST')).toHaveLength(0);

  await user.clear(within(form).getByLabelText('What got in your way?'));
  await user.type(within(form).getByLabelText('What got in your way?'), 'The timer bell is too quiet for my hearing aid.');
  await user.clear(within(form).getByLabelText(/Your e-mail/));
  await user.type(within(form).getByLabelText(/Which page/), 'The round timer');
  await user.click(within(form).getByRole('button', { name: 'Send to our admins' }));
  expect(await screen.findByRole('status')).toHaveTextContent(THANKS);
  const [sent] = server.calls.filter((c) => c.method === 'POST');
  expect(sent?.body).toEqual({ page: 'The round timer', description: 'The timer bell is too quiet for my hearing aid.', replyTo: '' });
});

test("the server's refusal (too many reports) is shown and the form stays filled in", async () => {
  fakeServer({ 'POST /api/accessibility/reports': new Reply(429, { message: 'Too many attempts. Please wait 3600 seconds and try again.' }) });
  const { user } = renderApp('/accessibility-statement');
  const box = await screen.findByLabelText('What got in your way?', undefined, LAZY);
  await user.type(box, 'The Book button is hidden at 200% zoom.');
  await user.click(screen.getByRole('button', { name: 'Send to our admins' }));
  expect(await screen.findByText('Too many attempts. Please wait 3600 seconds and try again.')).toBeInTheDocument();
  expect(box).toHaveValue('The Book button is hidden at 200% zoom.');
});

test('an admin also reads the barriers reported, newest first', async () => {
  fakeServer({
    ...signedInAs('member', 'admin'),
    'GET /api/accessibility/reports': {
      reports: [
        {
          id: 2,
          page: '/check-in',
          description: 'The search box has no label.',
          replyTo: 'sam@example.com',
          from: { id: 4, name: 'Sam Lee' },
          createdAt: '2026-11-27T18:00:00.000Z',
        },
        { id: 1, page: 'Not given', description: 'The map is not described.', replyTo: null, from: null, createdAt: '2026-11-26T18:00:00.000Z' },
      ],
    },
  });
  renderApp('/accessibility-statement');
  const list = await screen.findByRole('heading', { name: 'Barriers reported (admins only)' }, LAZY);
  const section = list.closest('section')!;
  const items = await within(section).findAllByRole('listitem');
  expect(items[0]).toHaveTextContent('The search box has no label.');
  expect(items[0]).toHaveTextContent('Sam Lee');
  expect(within(items[0]!).getByRole('link', { name: 'sam@example.com' })).toHaveAttribute('href', 'mailto:sam@example.com');
  expect(items[1]).toHaveTextContent('a visitor');
});
