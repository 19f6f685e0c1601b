import { act, screen, waitFor, within } from '@testing-library/react';
import { Toaster } from 'sonner';
import { afterEach, describe, expect, test } from 'vitest';
import type { DoorPack, DoorSyncItem } from '@shared/schemas/door';
import { formatTime } from '@client/lib/format';
import { fakeSockets, settle } from '@client/test/fake-socket';
import { fakeServer, renderAt, type FakeRequest } from '@client/test/render';
import { aDoor, aGuest, arrived, EVENT_ID, hostsTonight } from '../door.fixtures';
import { memoryStore } from '../lib/desk-store';
import { CheckInDesk } from './check-in-desk';

/**
 * The desk offline (docs/decisions/0052-the-door-offline.md): with the browser offline, a check-in
 * by name or by typed code is matched against the pack, counted and shown as waiting; undo takes a
 * pending one back; online again, what waits is sent once and the host is told what did not count.
 */

const AT_7_02 = '2025-05-14T18:02:00.000Z';
const priya = aGuest(1, 'Priya Shah', { ticketCode: 'aB3-x_9Qz0Lk', accessNeeds: 'I lip-read: a quiet table, please' });
const sam = arrived(aGuest(2, 'Sam Patel'), AT_7_02, 'scan');
const zoe = aGuest(3, 'Zoë Brown');
const PATH = `/api/events/${EVENT_ID}`;

// SHA-256 of "5:aB3-x_9Qz0Lk" and of it lowercased, as the server's pack has them for Priya.
const PRIYA_HASHES = {
  codeHash: '1c606985641750a9273e296724bb3ce2e10eb2c9ed88a891e0cc4cf5959f1edd',
  looseHash: 'bd6d5150384e0066a4fe5b3823a1d7e80db8d7a5ce66e56000f1c8929ed21b46',
};
const other = (n: number) => ({ codeHash: `${n}`.repeat(64).slice(0, 64), looseHash: `${n}`.repeat(64).slice(0, 64) });

function packOf(deskId: string): DoorPack {
  return {
    eventId: EVENT_ID,
    deskId,
    deskSince: '2025-05-14T17:30:00.000Z',
    syncUntil: '2025-05-15T09:00:00.000Z',
    event: { title: 'Prestwich Friday Friends', venue: 'The Cellar', startsAt: '2025-05-14T18:00:00.000Z', endsAt: '2025-05-14T21:00:00.000Z' },
    guests: [
      {
        userId: 1,
        name: 'Priya Shah',
        ...PRIYA_HASHES,
        checkedIn: false,
        checkedInAt: null,
        method: null,
        checkInKey: null,
        accessNeeds: 'I lip-read: a quiet table, please',
      },
      { userId: 2, name: 'Sam Patel', ...other(2), checkedIn: true, checkedInAt: AT_7_02, method: 'scan', checkInKey: null, accessNeeds: null },
      { userId: 3, name: 'Zoë Brown', ...other(3), checkedIn: false, checkedInAt: null, method: null, checkInKey: null, accessNeeds: null },
    ],
  };
}

function setOnline(online: boolean) {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
  act(() => void window.dispatchEvent(new Event(online ? 'online' : 'offline')));
}
afterEach(() => setOnline(true));

async function offlineDesk() {
  const store = memoryStore();
  const deskId = await store.deskId();
  fakeSockets();
  const server = fakeServer({
    [`GET ${PATH}/door`]: aDoor([priya, sam, zoe]),
    [`GET ${PATH}`]: hostsTonight({}, { id: EVENT_ID, title: 'Prestwich Friday Friends' }),
    [`PUT ${PATH}/door/desks/${deskId}`]: packOf(deskId),
  });
  const view = renderAt(
    <>
      <Toaster />
      <CheckInDesk eventId={EVENT_ID} userId={1} store={store} />
    </>,
    { path: `/check-in?event=${EVENT_ID}`, pattern: '/check-in' },
  );
  await screen.findByRole('list', { name: 'Guests' });
  await waitFor(() => expect(server.calls.some((c) => c.method === 'PUT')).toBe(true));
  await settle();
  setOnline(false);
  // Offline as a browser is: a request fails before it reaches any server (so the desk's re-read of the door waits for the connection).
  server.set(`GET ${PATH}/door`, () => {
    throw new TypeError('Failed to fetch');
  });
  const syncs = () => server.calls.filter((c: FakeRequest) => c.url.pathname === `${PATH}/door/desks/${deskId}/sync`);
  return { server, deskId, syncs, user: view.user };
}

const counts = () => {
  const region = screen.getByRole('region', { name: 'Attendance' });
  const value = (label: string) => within(region).getByText(label).parentElement?.querySelector('dd')?.textContent;
  return { registered: value('Registered'), checkedIn: value('Checked in'), toCome: value('Still to come') };
};
const guestRow = (name: string) =>
  within(screen.getByRole('list', { name: 'Guests' }))
    .getByText(name)
    .closest('li')!;
const itemsOf = (call: FakeRequest) => (call.body as { items: DoorSyncItem[] }).items;

describe('offline', () => {
  test('a check-in by name waits on the phone, counted; back online it is sent once and the counts are the server’s', async () => {
    const { server, deskId, syncs, user } = await offlineDesk();
    expect(await screen.findByText(/^Offline since .*Check-ins are saved on this device/)).toBeInTheDocument();

    await user.click(await screen.findByRole('button', { name: 'Check in Priya Shah' }));
    expect(await within(guestRow('Priya Shah')).findByText('Waiting to send')).toBeInTheDocument();
    expect(counts()).toEqual({ registered: '3', checkedIn: '2', toCome: '1' });
    expect(screen.getByText(/^Offline since .*1 check-in saved on this device, sent when the connection is back\./)).toBeInTheDocument();
    expect(server.calls.filter((c) => c.method === 'POST')).toEqual([]);

    server.set(`POST ${PATH}/door/desks/${deskId}/sync`, (req: FakeRequest) => ({
      results: itemsOf(req).map((i) => ({ key: i.key, userId: i.userId, outcome: 'checked_in', checkedInAt: i.at, by: 'this_desk', message: null })),
      counts: { registered: 3, checkedIn: 2, toCome: 1 },
    }));
    server.set(`GET ${PATH}/door`, aDoor([arrived(priya, new Date().toISOString(), 'search'), sam, zoe]));
    setOnline(true);
    await waitFor(() => expect(screen.queryByText('Waiting to send')).not.toBeInTheDocument());
    expect(syncs()).toHaveLength(1);
    expect(itemsOf(syncs()[0]!)).toEqual([expect.objectContaining({ userId: 1, method: 'search' })]);
    expect(counts()).toEqual({ registered: '3', checkedIn: '2', toCome: '1' });
  });

  test('a typed ticket code is recognised from its hash; undo takes the pending check-in back and nothing is sent', async () => {
    const { server, syncs, user } = await offlineDesk();
    const code = await screen.findByLabelText(/Ticket code/);
    await user.type(code, 'ab3-X_9QZ0LK');
    await user.click(screen.getByRole('button', { name: 'Check in' }));
    const banner = await screen.findByText('Priya Shah checked in');
    expect(banner.parentElement).toHaveTextContent('Saved on this device: sent when the connection is back.');
    // What she said would help her, from the desk's copy, with the welcome (docs/decisions/0086).
    expect(banner.closest('[role="status"]')).toHaveTextContent('Would help: I lip-read: a quiet table, please');
    expect(counts().checkedIn).toBe('2');

    await user.type(code, 'not-a-ticket');
    await user.click(screen.getByRole('button', { name: 'Check in' }));
    expect(await screen.findByText('This code is not on tonight’s guest list. Check the code, or find the guest by name.')).toBeInTheDocument();

    const recent = within(screen.getByRole('list', { name: 'Recently checked in' }));
    await user.click(recent.getByRole('button', { name: 'Undo check-in of Priya Shah' }));
    await user.click(await screen.findByRole('button', { name: 'Undo check-in' }));
    await waitFor(() => expect(counts()).toEqual({ registered: '3', checkedIn: '1', toCome: '2' }));
    expect(screen.queryByText('Waiting to send')).not.toBeInTheDocument();

    setOnline(true);
    await settle();
    expect(syncs()).toEqual([]);
    expect(server.calls.filter((c) => c.method === 'POST' || c.method === 'DELETE')).toEqual([]);
  });

  test('a typed ticket code answers at once, offline, and is sent as a typed code', async () => {
    const { server, deskId, syncs, user } = await offlineDesk();
    await user.type(await screen.findByLabelText(/Ticket code/), 'aB3-x_9Qz0Lk');
    await user.click(screen.getByRole('button', { name: 'Check in' }));
    expect(await screen.findByText('Saved on this device: sent when the connection is back.')).toBeInTheDocument();
    expect(screen.queryByText('Checking the ticket…')).not.toBeInTheDocument();

    server.set(`POST ${PATH}/door/desks/${deskId}/sync`, (req: FakeRequest) => ({
      results: itemsOf(req).map((i) => ({ key: i.key, userId: i.userId, outcome: 'checked_in', checkedInAt: i.at, by: 'this_desk', message: null })),
      counts: { registered: 3, checkedIn: 2, toCome: 1 },
    }));
    server.set(`GET ${PATH}/door`, aDoor([arrived(priya, new Date().toISOString(), 'code'), sam, zoe]));
    setOnline(true);
    await waitFor(() => expect(syncs()).toHaveLength(1));
    expect(itemsOf(syncs()[0]!)).toEqual([expect.objectContaining({ userId: 1, method: 'code' })]);
    // Once sent, the banner says so: it no longer claims the check-in waits on the device.
    expect(await screen.findByText('Sent: the guest list has it now.')).toBeInTheDocument();
    expect(screen.queryByText('Saved on this device: sent when the connection is back.')).not.toBeInTheDocument();
  });

  test('sent, but another desk had the guest in first: the host is told when and by whom', async () => {
    const { server, deskId, user } = await offlineDesk();
    await user.click(await screen.findByRole('button', { name: 'Check in Zoë Brown' }));
    await within(guestRow('Zoë Brown')).findByText('Waiting to send');
    server.set(`POST ${PATH}/door/desks/${deskId}/sync`, (req: FakeRequest) => ({
      results: itemsOf(req).map((i) => ({
        key: i.key,
        userId: i.userId,
        outcome: 'already_checked_in',
        checkedInAt: AT_7_02,
        by: 'other_desk',
        message: null,
      })),
      counts: { registered: 3, checkedIn: 2, toCome: 1 },
    }));
    server.set(`GET ${PATH}/door`, aDoor([priya, sam, arrived(zoe, AT_7_02, 'scan')]));
    setOnline(true);
    const told = await screen.findByRole('region', { name: 'Sent, but not counted from this desk' });
    expect(told).toHaveTextContent(`Zoë Brown was already checked in at ${formatTime(AT_7_02)} by the other desk.`);
    await waitFor(() => expect(counts()).toEqual({ registered: '3', checkedIn: '2', toCome: '1' }));
    await user.click(within(told).getByRole('button', { name: /Got it/ }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Sent, but not counted from this desk' })).not.toBeInTheDocument());
  });
});

describe('reloaded with no connection', () => {
  test('the desk shows the guest list it keeps at once, not after the retries of the server’s', async () => {
    const store = memoryStore();
    const deskId = await store.deskId();
    await store.savePack(packOf(deskId));
    fakeSockets();
    const cut = () => {
      throw new TypeError('Failed to fetch');
    };
    fakeServer({ [`GET ${PATH}/door`]: cut, [`GET ${PATH}`]: cut, [`PUT ${PATH}/door/desks/${deskId}`]: cut });
    // A page loaded offline: the browser says so from the start (no 'offline' event comes).
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
    const began = Date.now();
    renderAt(<CheckInDesk eventId={EVENT_ID} userId={1} store={store} />, { path: `/check-in?event=${EVENT_ID}`, pattern: '/check-in' });
    const list = await screen.findByRole('list', { name: 'Guests' }, { timeout: 1_500 });
    expect(Date.now() - began).toBeLessThan(1_500);
    expect(within(list).getAllByText('Priya Shah')[0]).toBeInTheDocument();
    // Beside her name, offline too: what she said would help her (docs/decisions/0086); nothing beside the others'.
    expect(within(list).getByText('I lip-read: a quiet table, please')).toBeInTheDocument();
    expect(within(list).getAllByText('Would help:')).toHaveLength(1);
    expect(screen.queryByText(/Loading the guest list/)).not.toBeInTheDocument();
  });
});
