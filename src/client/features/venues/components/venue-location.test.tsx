import { screen, within } from '@testing-library/react';
import { Toaster } from 'sonner';
import { expect, test } from 'vitest';
import { fakeServer, renderAt, type FakeRequest } from '@client/test/render';
import { refusal, venue } from '@client/test/venues.fixtures';
import { VenueCard } from './venue-card';

const render = (v = venue({ id: 4, name: 'The Church Inn' }), routes: Record<string, unknown> = {}) => {
  const server = fakeServer({
    'PATCH /api/venues/4': (req: FakeRequest) => ({ ...v, ...(req.body as object) }),
    ...routes,
  });
  const view = renderAt(
    <>
      <VenueCard venue={v} />
      <Toaster />
    </>,
  );
  return { server, ...view };
};

test('a venue without coordinates says arrival check-in needs them, and its editor sets them', async () => {
  const { server, user } = render();
  expect(screen.getByText('No entrance location yet: arrival check-in needs one.')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Set location of The Church Inn' }));
  const form = within(screen.getByRole('form', { name: 'Entrance location of The Church Inn' }));
  expect(screen.getByRole('form', { name: 'Entrance location of The Church Inn' })).toHaveAccessibleDescription(
    /Used for arrival check-in within 50 m of the door/,
  );
  await user.click(form.getByRole('textbox', { name: 'Latitude' }));
  await user.paste('53.53306, -2.28452');
  await user.click(form.getByRole('button', { name: 'Save location' }));
  expect(await screen.findByText('Entrance of The Church Inn saved')).toBeInTheDocument();
  expect(server.calls.find((c) => c.method === 'PATCH')?.body).toEqual({ latitude: 53.53306, longitude: -2.28452 });
  expect(screen.queryByRole('form', { name: 'Entrance location of The Church Inn' })).not.toBeInTheDocument();
});

test('a venue with coordinates shows them; emptying both removes them', async () => {
  const { server, user } = render(venue({ id: 4, name: 'The Church Inn', latitude: 53.5331, longitude: -2.2845 }));
  expect(screen.getByText('53.5331, -2.2845')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Change location of The Church Inn' }));
  const form = within(screen.getByRole('form', { name: 'Entrance location of The Church Inn' }));
  expect(form.getByRole('textbox', { name: 'Latitude' })).toHaveValue('53.5331');
  await user.clear(form.getByRole('textbox', { name: 'Latitude' }));
  await user.click(form.getByRole('button', { name: 'Save location' }));
  expect(await form.findByText('Enter both latitude and longitude, or neither')).toBeInTheDocument();
  expect(server.calls.filter((c) => c.method === 'PATCH')).toHaveLength(0);
  await user.clear(form.getByRole('textbox', { name: 'Longitude' }));
  await user.click(form.getByRole('button', { name: 'Save location' }));
  expect(await screen.findByText('The Church Inn has no entrance location')).toBeInTheDocument();
  expect(server.calls.find((c) => c.method === 'PATCH')?.body).toEqual({ latitude: null, longitude: null });
});

test("out of range is refused before sending; the server's refusal shows under its field", async () => {
  const { server, user } = render(venue({ id: 4, name: 'The Church Inn' }), {
    'PATCH /api/venues/4': refusal(400, 'Invalid venue', [{ path: 'longitude', message: 'Too small: expected number to be >=-180' }]),
  });
  await user.click(screen.getByRole('button', { name: 'Set location of The Church Inn' }));
  const form = within(screen.getByRole('form', { name: 'Entrance location of The Church Inn' }));
  await user.type(form.getByRole('textbox', { name: 'Latitude' }), '95');
  await user.type(form.getByRole('textbox', { name: 'Longitude' }), '-2.2');
  await user.click(form.getByRole('button', { name: 'Save location' }));
  expect(await form.findByText('Latitude must be between -90 and 90')).toBeInTheDocument();
  expect(server.calls.filter((c) => c.method === 'PATCH')).toHaveLength(0);
  await user.clear(form.getByRole('textbox', { name: 'Latitude' }));
  await user.type(form.getByRole('textbox', { name: 'Latitude' }), '53.5');
  await user.click(form.getByRole('button', { name: 'Save location' }));
  expect(await form.findByText('Too small: expected number to be >=-180')).toBeInTheDocument();
});

test('a venue the viewer may not edit shows its location, with no way to change it', () => {
  render(venue({ id: 4, name: 'The Church Inn', latitude: 53.5331, longitude: -2.2845, canEdit: false }));
  expect(screen.getByText('53.5331, -2.2845')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: /location of/ })).not.toBeInTheDocument();
});
