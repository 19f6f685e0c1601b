import { screen } from '@testing-library/react';
import { expect, test } from 'vitest';
import { fakeServer, renderAt, Reply, type FakeRequest } from '@client/test/render';
import { PreviewVisibilitySetting } from './preview-visibility-setting';

/** The profile's "Show me in other guests' match previews" switch, saved to the server. */

const NAME = "Show me in other guests' match previews";

test('shows the saved state, and turning it off and on saves each change', async () => {
  let visible = true;
  const server = fakeServer({
    'GET /api/me/preview-visibility': () => ({ visible }),
    'PUT /api/me/preview-visibility': (req: FakeRequest) => {
      visible = (req.body as { visible: boolean }).visible;
      return { visible };
    },
  });
  const { user } = renderAt(<PreviewVisibilitySetting />);
  const toggle = await screen.findByRole('switch', { name: NAME });
  await screen.findByText(/^On: other guests/);
  expect(toggle).toBeChecked();

  await user.click(toggle);
  expect(await screen.findByText("Off: others don't see you in their match previews. You still see your own.")).toHaveAttribute('role', 'status');
  expect(screen.getByRole('switch', { name: NAME })).not.toBeChecked();
  expect(server.calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([{ visible: false }]);

  await user.click(screen.getByRole('switch', { name: NAME }));
  await screen.findByText(/^On: other guests/);
  expect(screen.getByRole('switch', { name: NAME })).toBeChecked();
  expect(server.calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([{ visible: false }, { visible: true }]);
});

test('a refused save says so and keeps the saved state', async () => {
  fakeServer({
    'GET /api/me/preview-visibility': { visible: true },
    'PUT /api/me/preview-visibility': new Reply(503, { message: 'The service is briefly unavailable.', error: 'The service is briefly unavailable.' }),
  });
  const { user } = renderAt(<PreviewVisibilitySetting />);
  const toggle = await screen.findByRole('switch', { name: NAME });
  await screen.findByText(/^On: other guests/);
  await user.click(toggle);
  expect(await screen.findByText('The service is briefly unavailable.')).toHaveAttribute('role', 'status');
  expect(screen.getByRole('switch', { name: NAME })).toBeChecked();
});

test('a failed load offers a retry instead of a switch that lies', async () => {
  let n = 0;
  fakeServer({ 'GET /api/me/preview-visibility': () => (++n === 1 ? new Reply(500, { message: 'x', error: 'x' }) : { visible: false }) });
  const { user } = renderAt(<PreviewVisibilitySetting />);
  expect(await screen.findByText("We couldn't load this setting.")).toBeInTheDocument();
  expect(screen.queryByRole('switch')).not.toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Try again' }));
  expect(await screen.findByRole('switch', { name: NAME })).not.toBeChecked();
});

test('passes axe', async () => {
  const { default: axe } = await import('axe-core');
  fakeServer({ 'GET /api/me/preview-visibility': { visible: true } });
  renderAt(<PreviewVisibilitySetting />);
  await screen.findByRole('switch', { name: NAME });
  const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } });
  expect(result.violations.map((v) => v.id)).toEqual([]);
});
