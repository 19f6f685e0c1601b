import { screen, waitFor } from '@testing-library/react';
import { Toaster } from 'sonner';
import { expect, test } from 'vitest';
import { ACCESS_NEEDS_MAX } from '@shared/schemas/access-needs';
import { fakeServer, renderAt, Reply, type FakeRequest } from '@client/test/render';
import { AccessNeedsCard } from './access-needs-card';

/** What would help a guest on the night (docs/decisions/0086): their own note, for the evening's hosts. */

const URL_ = 'PUT /api/events/7/access-needs';
const NOTE = 'I lip-read: a quiet table, please';

function show(note: string | null, put: (req: FakeRequest) => unknown = (req) => ({ note: (req.body as { note: string }).note.trim() || null })) {
  const server = fakeServer({ 'GET /api/events/7/access-needs': { note }, [URL_]: put });
  const view = renderAt(
    <>
      <AccessNeedsCard eventId={7} />
      <Toaster />
    </>,
  );
  return { server, ...view };
}

test('a guest who said nothing is asked, optionally, and what they type is saved for the hosts', async () => {
  const { server, user } = show(null);
  expect(await screen.findByRole('heading', { name: 'Anything that would help you on the night?' })).toBeInTheDocument();
  const field = screen.getByLabelText('What would help you (optional)');
  expect(field).toHaveAttribute('maxlength', String(ACCESS_NEEDS_MAX));
  expect(screen.getByText(/Only this evening's hosts see it/)).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'how long we keep it' })).toHaveAttribute('href', '/privacy');
  await user.type(field, NOTE);
  expect(screen.getByText(`${NOTE.length} of ${ACCESS_NEEDS_MAX} characters.`, { exact: false })).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Save for the hosts' }));
  expect(await screen.findByText("You told this evening's hosts:")).toBeInTheDocument();
  expect(screen.getByText(NOTE)).toBeInTheDocument();
  expect(server.calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([{ note: NOTE }]);
});

test('a saved note can be changed, kept as it was, or taken away', async () => {
  const { server, user } = show(NOTE);
  expect(await screen.findByText(NOTE)).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Change it' }));
  const field = screen.getByLabelText('What would help you (optional)');
  expect(field).toHaveValue(NOTE);
  await user.click(screen.getByRole('button', { name: 'Keep what I said' }));
  expect(screen.getByText(NOTE)).toBeInTheDocument();
  expect(server.calls.filter((c) => c.method === 'PUT')).toHaveLength(0);

  await user.click(screen.getByRole('button', { name: 'Take it away' }));
  expect(await screen.findByLabelText('What would help you (optional)')).toHaveValue('');
  expect(server.calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([{ note: '' }]);
});

test("the server's refusal is shown beside the field, and the note stays unsaved", async () => {
  const { user } = show(null, () => new Reply(409, { message: 'This evening is over, so there is nothing more to tell its hosts' }));
  await user.type(await screen.findByLabelText('What would help you (optional)'), 'A chair please');
  await user.click(screen.getByRole('button', { name: 'Save for the hosts' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('This evening is over, so there is nothing more to tell its hosts');
  expect(screen.queryByText("You told this evening's hosts:")).not.toBeInTheDocument();
});

test('passes axe (structure and names; colours are checked in the browser)', async () => {
  show(NOTE);
  await screen.findByText(NOTE);
  const { default: axe } = await import('axe-core');
  const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } });
  await waitFor(() => expect(result.violations.map((v) => v.id)).toEqual([]));
});
