import { expect, test } from 'vitest';
import { inbox, inboxMessage, sentMessage } from '../messages.fixtures';
import {
  canSend,
  eveningSchedule,
  markInInbox,
  modalMessage,
  newestFirst,
  percent,
  replaceInInbox,
  venueDirectionsUrl,
  venueMapUrl,
  withSent,
} from './messages';

test('a custom message needs more than spaces (§5)', () => {
  expect(canSend('')).toBe(false);
  expect(canSend('   ')).toBe(false);
  expect(canSend('\n\t ')).toBe(false);
  expect(canSend(' hi ')).toBe(true);
});

test('the modal takes the first unread message that is urgent or asks for an answer, skipping closed ones', () => {
  const list = [
    inboxMessage({ id: 1, type: 'general' }),
    inboxMessage({ id: 2, type: 'urgent', isRead: true }),
    inboxMessage({ id: 3, type: 'round', requiresAction: true }),
    inboxMessage({ id: 4, type: 'urgent' }),
  ];
  expect(modalMessage(list)?.id).toBe(3);
  expect(modalMessage(list, new Set([3]))?.id).toBe(4);
  expect(modalMessage(list, new Set([3, 4]))).toBeNull();
  expect(modalMessage([inboxMessage({ type: 'location' })])).toBeNull();
});

test('reading a message lowers the unread count once; acknowledging also reads', () => {
  const box = inbox([inboxMessage({ id: 1 }), inboxMessage({ id: 2, requiresAction: true }), inboxMessage({ id: 3, isRead: true })]);
  expect(box.unread).toBe(2);
  const read = markInInbox(box, 1, false);
  expect(read.unread).toBe(1);
  expect(read.messages[0]).toMatchObject({ isRead: true, acknowledged: false });
  expect(markInInbox(read, 1, false).unread).toBe(1);
  const acked = markInInbox(read, 2, true);
  expect(acked.unread).toBe(0);
  expect(acked.messages[1]).toMatchObject({ isRead: true, acknowledged: true });
  // The server's copy replaces the optimistic one without counting twice.
  expect(replaceInInbox(acked, { ...acked.messages[1]! }).unread).toBe(0);
  expect(replaceInInbox(box, { ...box.messages[0]!, isRead: true }).unread).toBe(1);
});

test('a message just sent joins the history once, newest first', () => {
  const old = sentMessage({ id: 1, timestamp: '2030-05-14T18:00:00Z' });
  const sent = sentMessage({ id: 2, timestamp: '2030-05-14T19:00:00Z' });
  expect(withSent([old], sent).map((m) => m.id)).toEqual([2, 1]);
  expect(withSent([sent, old], { ...sent, readCount: 3 }).map((m) => [m.id, m.readCount])).toEqual([
    [2, 3],
    [1, old.readCount],
  ]);
  expect(newestFirst([old, sent]).map((m) => m.id)).toEqual([2, 1]);
});

test('the venue on a map: by position when known, else by name and address', () => {
  expect(venueMapUrl({ name: 'The Church Inn', latitude: 53.5, longitude: -2.28 })).toBe('https://www.google.com/maps/search/?api=1&query=53.5%2C-2.28');
  expect(venueDirectionsUrl({ name: 'The Church Inn', address: '1 Church Lane', city: 'Prestwich' })).toBe(
    `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent('The Church Inn, 1 Church Lane, Prestwich')}`,
  );
  // A name that already says the town does not repeat it.
  expect(venueMapUrl({ name: 'The Church Inn, Prestwich', city: 'Prestwich' })).toBe(
    `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent('The Church Inn, Prestwich')}`,
  );
});

test("the evening's schedule: check-in, doors, rounds and end", () => {
  const items = eveningSchedule({ startTime: '19:00', endTime: '22:00', roundDuration: 420, selfCheckInOpensAt: '2030-05-14T17:00:00Z' });
  expect(items.map((i) => [i.title, i.time])).toEqual([
    ['Check-in opens', '6:00 PM'],
    ['Doors open', '7:00 PM'],
    ['Rounds start', 'From 7:00 PM'],
    ['Evening ends', '10:00 PM'],
  ]);
  expect(items[2]!.detail).toMatch(/^7-minute conversations/);
  expect(eveningSchedule({ startTime: '19:00', endTime: '21:00', roundDuration: 300 }).map((i) => i.title)).toEqual([
    'Doors open',
    'Rounds start',
    'Evening ends',
  ]);
});

test('shares of the room', () => {
  expect(percent(1, 4)).toBe(25);
  expect(percent(0, 0)).toBe(0);
});
