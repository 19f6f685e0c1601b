import { describe, expect, test } from 'vitest';
import type { DoorPack, DoorPackGuest } from '@shared/schemas/door';
import { formatTime } from '@client/lib/format';
import { aDoor, aGuest, arrived } from '../door.fixtures';
import { guestByCode, overruled, withPending } from './desk';
import type { DeskCheckIn } from './desk-store';

// SHA-256 of "42:<code>" (and of the lowercased code), as the server's pack sends them (computed once with node:crypto).
const PRIYA = {
  codeHash: 'e6b738b71b848f4cc9c14fc6a3c980b37191ddee4d2fea023544c46a59f58b4a',
  looseHash: '2966f4d367ac0face9599254cd1edd73ec18215c1ec9635ed86f020a2caede3d',
};
const SAM = {
  codeHash: 'c44f2366309d5ae2be8b9f768d011b0a0af3b7bc3760af8f77cbe5ac5f96f5b3',
  looseHash: 'a3527f07dccb46b6a6696c6a722f386328c80b4b6c33c1f876c2bdb8209368e5',
};

const packGuest = (userId: number, name: string, hashes: { codeHash: string; looseHash: string }, over: Partial<DoorPackGuest> = {}): DoorPackGuest => ({
  userId,
  name,
  ...hashes,
  checkedIn: false,
  checkedInAt: null,
  method: null,
  checkInKey: null,
  accessNeeds: null,
  ...over,
});
const pack = (guests: DoorPackGuest[]): DoorPack => ({
  eventId: 42,
  deskId: '5b0c3c2e-8d3a-4c1e-9a57-0d7e4b1f2a10',
  deskSince: '2025-05-14T17:30:00.000Z',
  syncUntil: '2025-05-15T09:00:00.000Z',
  event: { title: 'Prestwich Friday Friends', venue: 'The Cellar', startsAt: '2025-05-14T18:00:00.000Z', endsAt: '2025-05-14T21:00:00.000Z' },
  guests,
});
const queued = (userId: number, name: string, at: string, over: Partial<DeskCheckIn> = {}): DeskCheckIn => ({
  key: `00000000-0000-4000-8000-00000000000${userId}`,
  eventId: 42,
  userId,
  name,
  method: 'scan',
  at,
  state: 'pending',
  ...over,
});

describe('guestByCode: a ticket recognised offline from the hashes alone', () => {
  const p = pack([packGuest(1, 'Priya Shah', PRIYA), packGuest(2, 'Sam Patel', SAM)]);

  test('the QR text and the bare code find the guest', async () => {
    expect((await guestByCode(p, 'SFTICKET:aB3-x_9Qz0Lk'))?.name).toBe('Priya Shah');
    expect((await guestByCode(p, '  Sm7_Qk2-pL0v '))?.name).toBe('Sam Patel');
  });

  test('a code typed with its case wrong still finds the one guest it fits', async () => {
    expect((await guestByCode(p, 'AB3-X_9QZ0LK'))?.name).toBe('Priya Shah');
  });

  test('another code, or the right code of another evening, finds nobody', async () => {
    expect(await guestByCode(p, 'SFTICKET:zzzzzzzzzzzz')).toBeNull();
    expect(await guestByCode({ ...p, eventId: 43 }, 'SFTICKET:aB3-x_9Qz0Lk')).toBeNull();
    expect(await guestByCode(p, 'SFTICKET:')).toBeNull();
  });
});

describe('withPending: the desk counts what it checked in offline', () => {
  const door = aDoor([aGuest(1, 'Priya Shah'), arrived(aGuest(2, 'Sam Patel'), '2025-05-14T18:02:00.000Z', 'scan'), aGuest(3, 'Zoë Brown')]);

  test('a pending check-in counts and shows; one for a guest the server already has in counts once', () => {
    const shown = withPending(door, [queued(1, 'Priya Shah', '2025-05-14T18:04:00.000Z'), queued(2, 'Sam Patel', '2025-05-14T18:05:00.000Z')], 5);
    expect(shown.counts).toEqual({ registered: 3, checkedIn: 2, toCome: 1 });
    expect(shown.guests.find((g) => g.userId === 1)).toMatchObject({ checkedIn: true, checkedInAt: '2025-05-14T18:04:00.000Z', method: 'scan' });
    expect(shown.guests.find((g) => g.userId === 2)?.checkedInAt).toBe('2025-05-14T18:02:00.000Z');
    expect(shown.recent.map((g) => g.name)).toEqual(['Priya Shah', 'Sam Patel']);
  });

  test('nothing pending: the door as the server has it', () => {
    expect(withPending(door, [], 5)).toBe(door);
  });
});

describe('overruled: a check-in this desk sent that another desk beat by time', () => {
  const sent = queued(1, 'Priya Shah', '2025-05-14T18:06:00.000Z', { state: 'standing', sentAt: 1000 });

  test('the pack shows another check-in standing: the desk says when and by whom', () => {
    const p = pack([
      packGuest(1, 'Priya Shah', PRIYA, { checkedIn: true, checkedInAt: '2025-05-14T18:04:00.000Z', method: 'scan', checkInKey: 'another-key' }),
    ]);
    expect(overruled(p, 2000, [sent])).toEqual([
      { item: sent, notice: `Priya Shah was already checked in at ${formatTime('2025-05-14T18:04:00.000Z')} by the other desk.` },
    ]);
  });

  test('still standing, or a pack asked for before the answer came: nothing to say', () => {
    const mine = pack([packGuest(1, 'Priya Shah', PRIYA, { checkedIn: true, checkedInAt: sent.at, method: 'scan', checkInKey: sent.key })]);
    expect(overruled(mine, 2000, [sent])).toEqual([]);
    const before = pack([packGuest(1, 'Priya Shah', PRIYA)]);
    expect(overruled(before, 500, [sent])).toEqual([]);
  });

  test('undone by a host since: dropped without a word', () => {
    expect(overruled(pack([packGuest(1, 'Priya Shah', PRIYA)]), 2000, [sent])).toEqual([{ item: sent, notice: null }]);
  });
});
