import { describe, expect, test } from 'vitest';
import { aGuest, blankPicture, qrPicture, ticketPicture } from '../door.fixtures';
import { createReadFilter, decodeFrame, frameSize, searchGuests } from './scan';

describe('decodeFrame', () => {
  test('reads the text of a ticket QR, as the door sends it', () => {
    expect(decodeFrame(ticketPicture('aB3-x_9Qz0Lk'))).toBe('SFTICKET:aB3-x_9Qz0Lk');
  });

  test('a frame without a code reads nothing', () => {
    expect(decodeFrame(blankPicture())).toBeNull();
  });

  test('any QR is read as it is (the server says whether it is a ticket)', () => {
    expect(decodeFrame(qrPicture('https://example.com'))).toBe('https://example.com');
  });
});

test('frames are decoded at most 640 px on their long side', () => {
  expect(frameSize(1920, 1080)).toEqual({ width: 640, height: 360 });
  expect(frameSize(480, 640)).toEqual({ width: 480, height: 640 });
  expect(frameSize(320, 240)).toEqual({ width: 320, height: 240 });
});

describe('createReadFilter', () => {
  test('a ticket held up to the camera is sent once, however long it stays in view; a new one at once', () => {
    const f = createReadFilter(5000);
    expect(f.accept('SFTICKET:A', 0)).toBe(true);
    // Read four times a second for 20 s: never sent again (issue 22: no amber "already checked in").
    for (let at = 250; at <= 20_000; at += 250) expect(f.accept('SFTICKET:A', at)).toBe(false);
    expect(f.accept('SFTICKET:B', 20_100)).toBe(true);
    expect(f.accept('SFTICKET:B', 20_300)).toBe(false);
    expect(f.accept('SFTICKET:A', 20_400)).toBe(true);
  });

  test('the same code is sent again once it has been out of view for the pause', () => {
    const f = createReadFilter(5000);
    expect(f.accept('X', 0)).toBe(true);
    expect(f.accept('X', 1500)).toBe(false);
    expect(f.accept('X', 6400)).toBe(false);
    expect(f.accept('X', 11_400)).toBe(true);
    f.reset();
    expect(f.accept('X', 11_500)).toBe(true);
  });
});

describe('searchGuests', () => {
  const guests = [aGuest(1, 'Priya Shah', { ticketCode: 'aB3-x_9Qz0Lk' }), aGuest(2, 'Sam O’Neill'), aGuest(3, 'Zoë Brown'), aGuest(4, 'Sam Patel')];
  const names = (q: string) => searchGuests(guests, q).map((g) => g.name);

  test('an empty search is everyone', () => {
    expect(names('  ')).toHaveLength(4);
  });

  test('by name: any case, any order of words, accents ignored', () => {
    expect(names('sam')).toEqual(['Sam O’Neill', 'Sam Patel']);
    expect(names('patel SAM')).toEqual(['Sam Patel']);
    expect(names('zoe')).toEqual(['Zoë Brown']);
    expect(names('xavier')).toEqual([]);
  });

  test('by ticket code: three characters or more, case and spaces ignored', () => {
    expect(names('ab3-x')).toEqual(['Priya Shah']);
    expect(names('AB3-X_9QZ0LK')).toEqual(['Priya Shah']);
    expect(names('ab')).toEqual([]);
  });
});
