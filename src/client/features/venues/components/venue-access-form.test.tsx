import { screen, within } from '@testing-library/react';
import { toast, Toaster } from 'sonner';
import { afterEach, expect, test } from 'vitest';
import { NO_ACCESS_FACTS, type VenueAccess } from '@shared/schemas/venue-access';
import type { Venue } from '@shared/schemas/venues';
import { fakeServer, renderAt, type FakeRequest } from '@client/test/render';
import { refusal, venue } from '@client/test/venues.fixtures';
import { VenuesScreen } from './venues-screen';

/** /venues says how to get into each venue, and its editors tell it (docs/decisions/0077-venues-say-how-to-get-in.md). */

afterEach(() => {
  toast.dismiss();
});

const TOLD: VenueAccess = {
  ...NO_ACCESS_FACTS,
  stepFree: 'yes',
  accessibleToilet: true,
  hearingLoop: false,
  seating: ['chairs', 'stools'],
  noise: 'quiet',
  transport: 'Tram to Prestwich, then a flat 5-minute walk',
};

function renderScreen(venues: Venue[], routes: Record<string, unknown> = {}) {
  const server = fakeServer({ 'GET /api/venues': venues, ...routes });
  const view = renderAt(
    <>
      <VenuesScreen />
      <Toaster />
    </>,
    { path: '/venues' },
  );
  return { server, ...view };
}

const card = (name: string) => within(screen.getByRole('article', { name }));

test('a venue card says how to get in, in plain words; a venue that told nothing shows nothing to those who cannot edit it', async () => {
  renderScreen([
    venue({ id: 1, name: 'The Wine Wallop', canEdit: false, canManageHosts: false, access: TOLD }),
    venue({ id: 2, name: 'Church Inn', canEdit: false, canManageHosts: false }),
    venue({ id: 3, name: 'Mill Hall', canEdit: true }),
  ]);
  await screen.findByRole('heading', { name: 'The Wine Wallop' });
  const told = within(card('The Wine Wallop').getByRole('list', { name: 'Getting in' }));
  expect(told.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
    'Step-free entrance',
    'Accessible toilet',
    'No hearing loop',
    'Chairs and high stools',
    'Quiet: easy to hear each other',
    'Public transport: Tram to Prestwich, then a flat 5-minute walk',
  ]);
  // Not told is not "no": nothing about a quiet space, lighting or parking.
  expect(card('The Wine Wallop').queryByText(/quiet space|lighting|parking/i)).not.toBeInTheDocument();
  expect(card('The Wine Wallop').queryByRole('button', { name: /how to get in/ })).not.toBeInTheDocument();
  expect(card('Church Inn').queryByRole('list', { name: 'Getting in' })).not.toBeInTheDocument();
  expect(card('Church Inn').queryByText('Getting in')).not.toBeInTheDocument();
  // Its editor is invited to tell it.
  expect(card('Mill Hall').queryByRole('list', { name: 'Getting in' })).not.toBeInTheDocument();
  expect(card('Mill Hall').getByRole('button', { name: 'Tell guests how to get in to Mill Hall' })).toBeInTheDocument();
});

test('an editor tells the facts: the whole set is sent, "not told yet" as null, and the card shows the answer', async () => {
  const { server, user } = renderScreen([venue({ id: 3, name: 'Mill Hall', canEdit: true })], {
    'PATCH /api/venues/3': (req: FakeRequest) => venue({ id: 3, name: 'Mill Hall', canEdit: true, access: (req.body as { access: VenueAccess }).access }),
  });
  await user.click(await screen.findByRole('button', { name: 'Tell guests how to get in to Mill Hall' }));
  const form = within(screen.getByRole('form', { name: 'How to get into Mill Hall' }));
  const group = (name: string) => within(form.getByRole('group', { name }));
  // Everything starts as not told.
  expect(group('Step-free entrance').getByRole('radio', { name: 'Not told yet' })).toBeChecked();
  await user.click(group('Step-free entrance').getByRole('radio', { name: 'With help' }));
  await user.click(group('Accessible toilet').getByRole('radio', { name: 'Yes' }));
  await user.click(group('Hearing loop').getByRole('radio', { name: 'No' }));
  await user.click(group('Seating (choose all there are)').getByRole('checkbox', { name: 'Chairs' }));
  await user.click(group('Seating (choose all there are)').getByRole('checkbox', { name: 'Standing room' }));
  await user.click(group('Lighting').getByRole('radio', { name: 'Dim' }));
  await user.type(form.getByRole('textbox', { name: 'Nearest accessible parking' }), 'Blue-badge bays on Mill Lane');
  await user.type(form.getByRole('textbox', { name: 'More about getting in' }), 'Ring the bell at the side door.');
  await user.click(form.getByRole('button', { name: 'Save how to get in' }));

  expect(await screen.findByText('How to get into Mill Hall saved')).toBeInTheDocument();
  expect(server.calls.find((c) => c.method === 'PATCH')?.body).toEqual({
    access: {
      stepFree: 'with_help',
      accessibleToilet: true,
      hearingLoop: false,
      quietSpace: null,
      seating: ['chairs', 'standing'],
      lighting: 'dim',
      noise: null,
      parking: 'Blue-badge bays on Mill Lane',
      transport: null,
      notes: 'Ring the bell at the side door.',
    },
  });
  expect(screen.queryByRole('form', { name: 'How to get into Mill Hall' })).not.toBeInTheDocument();
  const shown = within(card('Mill Hall').getByRole('list', { name: 'Getting in' }));
  expect(shown.getByText('Step-free entrance with help: ask the venue')).toBeInTheDocument();
  expect(shown.getByText('No hearing loop')).toBeInTheDocument();
  expect(shown.getByText('Chairs and standing room')).toBeInTheDocument();
  expect(shown.getByText('Dim lighting')).toBeInTheDocument();
  expect(card('Mill Hall').getByRole('button', { name: 'Change how to get in to Mill Hall' })).toBeInTheDocument();

  // Opened again, the form starts from what is told; setting a fact back to "not told yet" sends null.
  await user.click(card('Mill Hall').getByRole('button', { name: 'Change how to get in to Mill Hall' }));
  const again = within(screen.getByRole('form', { name: 'How to get into Mill Hall' }));
  expect(within(again.getByRole('group', { name: 'Hearing loop' })).getByRole('radio', { name: 'No' })).toBeChecked();
  await user.click(within(again.getByRole('group', { name: 'Hearing loop' })).getByRole('radio', { name: 'Not told yet' }));
  await user.click(again.getByRole('button', { name: 'Save how to get in' }));
  await screen.findByRole('button', { name: 'Change how to get in to Mill Hall' });
  const second = server.calls.filter((c) => c.method === 'PATCH')[1]?.body as { access: VenueAccess };
  expect(second.access).toMatchObject({ hearingLoop: null, stepFree: 'with_help', notes: 'Ring the bell at the side door.' });
  expect(within(card('Mill Hall').getByRole('list', { name: 'Getting in' })).queryByText(/hearing loop/i)).not.toBeInTheDocument();
});

test("the server's refusal shows under its field and in a toast, and the card keeps what it had", async () => {
  const { user } = renderScreen([venue({ id: 3, name: 'Mill Hall', canEdit: true, access: TOLD })], {
    'PATCH /api/venues/3': refusal(400, 'Public transport must be at most 200 characters', [
      { path: 'access.transport', message: 'Public transport must be at most 200 characters' },
    ]),
  });
  await user.click(await screen.findByRole('button', { name: 'Change how to get in to Mill Hall' }));
  const form = within(screen.getByRole('form', { name: 'How to get into Mill Hall' }));
  await user.click(form.getByRole('button', { name: 'Save how to get in' }));
  expect(await screen.findByText('Could not save how to get in')).toBeInTheDocument();
  expect(form.getByRole('textbox', { name: 'Public transport' })).toHaveAccessibleDescription(/Public transport must be at most 200 characters/);
  expect(within(card('Mill Hall').getByRole('list', { name: 'Getting in' })).getByText('Step-free entrance')).toBeInTheDocument();
});
