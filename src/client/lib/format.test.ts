import { describe, expect, test, vi } from 'vitest';
import {
  formatCountdown,
  formatDate,
  formatMoney,
  formatTime,
  formatTimeRange,
  formatWallTime,
  initials,
  minutesInWords,
  secondsLeft,
  spokenCountdown,
} from './format';

describe('the countdown', () => {
  test('whole seconds left round up: the clock shows 00:01 until the time is up', () => {
    expect(secondsLeft(60_000)).toBe(60);
    expect(secondsLeft(59_001)).toBe(60);
    expect(secondsLeft(200)).toBe(1);
    expect(secondsLeft(0)).toBe(0);
    expect(secondsLeft(-1_500)).toBe(0);
  });

  test.each([
    [300, '05:00'],
    [305, '05:05'],
    [61, '01:01'],
    [9, '00:09'],
    [0.2, '00:01'],
    [0, '00:00'],
    [-5, '00:00'],
    [5400, '90:00'],
  ])('%d seconds show as %s', (s, shown) => expect(formatCountdown(s)).toBe(shown));

  test.each([
    [245, '4 minutes 5 seconds'],
    [61, '1 minute 1 second'],
    [120, '2 minutes'],
    [1, '1 second'],
    [0, '0 seconds'],
    [-3, '0 seconds'],
  ])('%d seconds are read out as "%s"', (s, spoken) => expect(spokenCountdown(s)).toBe(spoken));

  test('the digits and the words agree on the same moment', () => {
    for (const s of [0.4, 59.2, 60, 60.01, 119.9]) {
      const [mm, ss] = formatCountdown(s).split(':').map(Number);
      const total = mm! * 60 + ss!;
      expect(spokenCountdown(s)).toBe(spokenCountdown(total));
    }
  });
});

test('initials for an avatar', () => {
  expect(initials('Priya Shah')).toBe('PS');
  expect(initials('  mary   ann  lee ')).toBe('ML');
  expect(initials('sam')).toBe('S');
  expect(initials('Émile Zola')).toBe('ÉZ');
  expect(initials('   ')).toBe('?');
});

test('money: evening prices to the penny, venue rates in whole pounds', () => {
  expect(formatMoney(1500)).toBe('£15.00');
  expect(formatMoney(1250)).toBe('£12.50');
  expect(formatMoney(0)).toBe('£0.00');
  expect(formatMoney(5000, { wholePounds: true })).toBe('£50');
  expect(formatMoney(1250, { wholePounds: true })).toBe('£12.50');
  expect(formatMoney(150_000, { wholePounds: true })).toBe('£1,500');
});

describe('dates and times in UK time, whatever the phone says', () => {
  test('an instant late in the evening UTC is the next day in London in summer', () => {
    expect(formatDate('2025-05-14T23:30:00Z', 'short')).toBe('Thu 15 May');
    expect(formatDate('2025-01-14T23:30:00Z', 'short')).toBe('Tue 14 Jan');
  });

  test('each date style', () => {
    const d = '2025-05-14T18:00:00Z';
    // Intl's en-GB puts a comma after the weekday when the year is shown (the doc comments in format.ts omit it).
    expect(formatDate(d, 'long')).toBe('Wednesday, 14 May 2025');
    expect(formatDate(d, 'medium')).toBe('Wed, 14 May 2025');
    expect(formatDate(d, 'plain')).toBe('14 May 2025');
    expect(formatDate(d, 'monthYear')).toBe('May 2025');
    expect(formatDate(d, 'dayOfMonth')).toBe('14');
    expect(formatDate(d, 'monthShort')).toBe('May');
  });

  test('a calendar day is that day, and a month is that month', () => {
    expect(formatDate('2025-03-30', 'short')).toBe('Sun 30 Mar');
    expect(formatDate('2025-10-26', 'dayOfMonth')).toBe('26');
    expect(formatDate('2025-12', 'monthYear')).toBe('December 2025');
  });

  test('epoch milliseconds and Date objects are read too; nonsense shows nothing', () => {
    const t = Date.parse('2025-05-14T18:05:00Z');
    expect(formatDate(t, 'short')).toBe('Wed 14 May');
    expect(formatTime(new Date(t))).toBe('7:05 PM');
    expect(formatDate('not a date', 'short')).toBe('');
    expect(formatTime('not a date')).toBe('');
  });

  test('times of day, on the 12-hour clock or with seconds', () => {
    expect(formatTime('2025-05-14T18:05:00Z')).toBe('7:05 PM');
    expect(formatTime('2025-01-14T18:05:00Z')).toBe('6:05 PM');
    expect(formatTime('2025-05-14T18:05:32Z', 'seconds')).toBe('19:05:32');
  });

  // en-GB with hour12 counts hours 0-11 ('0:05 AM'); format.ts asks for hourCycle 'h12' instead.
  test('five past midnight is 12:05 AM', () => {
    expect(formatTime('2025-01-14T00:05:00Z')).toBe('12:05 AM');
  });

  test('stored wall-clock times and ranges', () => {
    expect(formatWallTime('19:00')).toBe('7:00 PM');
    expect(formatWallTime('00:30')).toBe('12:30 AM');
    expect(formatWallTime('12:05')).toBe('12:05 PM');
    expect(formatWallTime('9:15')).toBe('9:15 AM');
    expect(formatWallTime('19:00:00')).toBe('7:00 PM');
    expect(formatWallTime('soon')).toBe('soon');
    expect(formatTimeRange({ startTime: '19:00', endTime: '21:30' })).toBe('7:00 PM – 9:30 PM');
  });
});

test('minutes in words for sentences', () => {
  expect(minutesInWords(60)).toBe('an hour');
  expect(minutesInWords(120)).toBe('2 hours');
  expect(minutesInWords(90)).toBe('90 minutes');
  expect(minutesInWords(1)).toBe('1 minute');
  expect(minutesInWords(0)).toBe('0 minutes');
});

describe('the date data readied while the screen waits on the network', () => {
  test("nothing is built in the caller's task; in the next, the date is ready, and showing it builds nothing more", async () => {
    vi.useFakeTimers();
    vi.resetModules();
    const built = vi.spyOn(Intl, 'DateTimeFormat');
    try {
      // A fresh copy of the module: no formatter built yet.
      const fresh = await import('./format');
      fresh.readyFormatsAhead();
      fresh.readyFormatsAhead();
      expect(built).not.toHaveBeenCalled();
      await vi.runAllTimersAsync();
      expect(built).toHaveBeenCalledTimes(1);
      expect(fresh.formatDate('2025-05-14', 'long')).toBe('Wednesday, 14 May 2025');
      fresh.readyFormatsAhead();
      await vi.runAllTimersAsync();
      expect(built).toHaveBeenCalledTimes(1);
    } finally {
      built.mockRestore();
      vi.useRealTimers();
    }
  });
});
