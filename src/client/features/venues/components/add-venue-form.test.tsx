import { screen, within } from '@testing-library/react';
import { Toaster } from 'sonner';
import { expect, test } from 'vitest';
import type { VenueBody } from '@shared/schemas/venues';
import { fakeServer, renderAt, type FakeRequest } from '@client/test/render';
import { refusal, venue } from '@client/test/venues.fixtures';
import { AddVenueForm } from './add-venue-form';

function renderForm(routes: Record<string, unknown> = {}) {
  const server = fakeServer({
    'POST /api/venues': (req: FakeRequest) => {
      const b = req.body as VenueBody;
      return venue({
        ...b,
        id: 9,
        address: b.address ?? '',
        capacity: b.capacity ?? 40,
        amenities: b.amenities ?? [],
        contactInfo: b.contactInfo ?? null,
        latitude: b.latitude ?? null,
        longitude: b.longitude ?? null,
      });
    },
    ...routes,
  });
  const view = renderAt(
    <>
      <AddVenueForm />
      <Toaster />
    </>,
  );
  const form = within(screen.getByRole('form', { name: 'Add new venue' }));
  return { server, form, ...view };
}

const posted = (server: { calls: FakeRequest[] }) => server.calls.filter((c) => c.method === 'POST').map((c) => c.body as VenueBody);

test('the entrance coordinates are labelled, optional, and explained', () => {
  const { form } = renderForm();
  const group = within(form.getByRole('group', { name: 'Location of the entrance (optional)' }));
  expect(form.getByRole('group', { name: 'Location of the entrance (optional)' })).toHaveAccessibleDescription(
    /Used for arrival check-in within 50 m of the door/,
  );
  expect(group.getByRole('textbox', { name: 'Latitude' })).toHaveValue('');
  expect(group.getByRole('textbox', { name: 'Longitude' })).toHaveValue('');
});

test('a venue with its entrance coordinates sends latitude and longitude as numbers', async () => {
  const { server, form, user } = renderForm();
  await user.type(form.getByRole('textbox', { name: 'Venue name' }), 'The Church Inn');
  await user.type(form.getByRole('textbox', { name: 'City' }), 'Prestwich');
  await user.type(form.getByRole('textbox', { name: 'Latitude' }), '53.5331');
  await user.type(form.getByRole('textbox', { name: 'Longitude' }), '-2.2845');
  await user.click(form.getByRole('button', { name: 'Add Venue' }));
  expect(await screen.findByText('Venue added')).toBeInTheDocument();
  expect(posted(server)[0]).toMatchObject({ name: 'The Church Inn', city: 'Prestwich', latitude: 53.5331, longitude: -2.2845 });
  expect(form.getByRole('textbox', { name: 'Latitude' })).toHaveValue('');
});

test("pasting a map app's 'lat, long' into Latitude fills in both", async () => {
  const { server, form, user } = renderForm();
  await user.type(form.getByRole('textbox', { name: 'Venue name' }), 'Wine Wallop');
  await user.type(form.getByRole('textbox', { name: 'City' }), 'Prestwich');
  await user.click(form.getByRole('textbox', { name: 'Latitude' }));
  await user.paste('53.53306, -2.28452');
  expect(form.getByRole('textbox', { name: 'Latitude' })).toHaveValue('53.53306');
  expect(form.getByRole('textbox', { name: 'Longitude' })).toHaveValue('-2.28452');
  await user.click(form.getByRole('button', { name: 'Add Venue' }));
  expect(await screen.findByText('Venue added')).toBeInTheDocument();
  expect(posted(server)[0]).toMatchObject({ latitude: 53.53306, longitude: -2.28452 });
});

test('without coordinates none are sent', async () => {
  const { server, form, user } = renderForm();
  await user.type(form.getByRole('textbox', { name: 'Venue name' }), 'Café Brew');
  await user.type(form.getByRole('textbox', { name: 'City' }), 'Whitefield');
  await user.click(form.getByRole('button', { name: 'Add Venue' }));
  expect(await screen.findByText('Venue added')).toBeInTheDocument();
  expect(posted(server)[0]).not.toHaveProperty('latitude');
  expect(posted(server)[0]).not.toHaveProperty('longitude');
});

test('coordinates out of range, not numbers, or only one of them are refused before sending', async () => {
  const { server, form, user } = renderForm();
  await user.type(form.getByRole('textbox', { name: 'Venue name' }), 'Far Away');
  await user.type(form.getByRole('textbox', { name: 'City' }), 'Nowhere');
  const lat = form.getByRole('textbox', { name: 'Latitude' });
  const long = form.getByRole('textbox', { name: 'Longitude' });

  await user.type(lat, '91');
  await user.type(long, '-180.5');
  await user.click(form.getByRole('button', { name: 'Add Venue' }));
  expect(await form.findByText('Latitude must be between -90 and 90')).toBeInTheDocument();
  expect(form.getByText('Longitude must be between -180 and 180')).toBeInTheDocument();
  expect(lat).toHaveAttribute('aria-invalid', 'true');

  await user.clear(lat);
  await user.type(lat, 'north');
  await user.clear(long);
  await user.type(long, '-2.28');
  await user.click(form.getByRole('button', { name: 'Add Venue' }));
  expect(await form.findByText('Latitude must be a decimal number, like 53.5331')).toBeInTheDocument();

  await user.clear(lat);
  await user.click(form.getByRole('button', { name: 'Add Venue' }));
  expect(await form.findByText('Enter both latitude and longitude, or neither')).toBeInTheDocument();
  expect(lat).toHaveAttribute('aria-invalid', 'true');
  expect(posted(server)).toHaveLength(0);
});

test("the server's refusal of a coordinate shows under its field", async () => {
  const { form, user } = renderForm({
    'POST /api/venues': refusal(400, 'Invalid venue', [{ path: 'latitude', message: 'Too big: expected number to be <=90' }]),
  });
  await user.type(form.getByRole('textbox', { name: 'Venue name' }), 'Pub');
  await user.type(form.getByRole('textbox', { name: 'City' }), 'Bury');
  await user.type(form.getByRole('textbox', { name: 'Latitude' }), '53.5');
  await user.type(form.getByRole('textbox', { name: 'Longitude' }), '-2.3');
  await user.click(form.getByRole('button', { name: 'Add Venue' }));
  expect(await form.findByText('Too big: expected number to be <=90')).toBeInTheDocument();
});
