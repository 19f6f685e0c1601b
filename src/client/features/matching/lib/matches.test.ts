import { describe, expect, test } from 'vitest';
import { listNames } from '@client/lib/format';
import { aMatch, aPerson } from '../matches.fixtures';
import {
  counterpart,
  defaultEvening,
  groupMessage,
  individualMessage,
  isPastEvent,
  mailtoLink,
  MATCHING_RATINGS_TEXT,
  phoneDigits,
  plural,
  RATING_LABELS,
  RATING_VALUES,
  smsLink,
  whatsappLink,
  whatsappShareLink,
} from './matches';

describe('rating labels', () => {
  test('one label for each rating 1 to 5, as the spec names them', () => {
    expect(RATING_VALUES.map((v) => `${v}: ${RATING_LABELS[v]}`)).toEqual([
      '1: Not a match',
      '2: Maybe',
      '3: Good connection',
      '4: Great connection',
      '5: Amazing connection!',
    ]);
  });

  test('the ratings that make a match, in words', () => {
    expect(MATCHING_RATINGS_TEXT).toBe('4 or 5');
  });
});

describe('the other person of a match', () => {
  const sam = aPerson(2, 'Sam Lee');
  test('whichever side the viewer is on', () => {
    expect(counterpart(aMatch(1, sam), 1).name).toBe('Sam Lee');
    expect(counterpart(aMatch(1, sam, { meFirst: false }), 1).name).toBe('Sam Lee');
  });
});

describe('phone digits for messaging links', () => {
  test('a UK number with a leading 0 becomes 44…', () => {
    expect(phoneDigits('07700 900123')).toBe('447700900123');
    expect(phoneDigits('(0161) 555-0199')).toBe('441615550199');
  });

  test('an international number keeps its digits', () => {
    expect(phoneDigits('+44 7700 900123')).toBe('447700900123');
    expect(phoneDigits('+1 415 555 0100')).toBe('14155550100');
  });

  test('the 00 prefix and a bracketed trunk 0 are not dialled', () => {
    expect(phoneDigits('0044 7700 900123')).toBe('447700900123');
    expect(phoneDigits('+44 (0)7700 900123')).toBe('447700900123');
    expect(phoneDigits('+44(0) 161 555 0199')).toBe('441615550199');
  });

  test('nothing, or too few digits, gives no link', () => {
    expect(phoneDigits(null)).toBeNull();
    expect(phoneDigits(undefined)).toBeNull();
    expect(phoneDigits('')).toBeNull();
    expect(phoneDigits('ask me')).toBeNull();
    expect(phoneDigits('12 34 5')).toBeNull();
  });

  test('a WhatsApp link to one person carries the prefilled message', () => {
    expect(whatsappLink('07700 900123', 'Hi Sam!')).toBe('https://wa.me/447700900123?text=Hi%20Sam!');
    expect(whatsappLink(null, 'Hi')).toBeNull();
    expect(whatsappShareLink('Hi all & co')).toBe('https://wa.me/?text=Hi%20all%20%26%20co');
  });
});

describe('messages and links', () => {
  test('an individual message greets the first name and names the evening', () => {
    expect(individualMessage('Sam Lee', 'Friday Friends')).toBe(
      'Hi Sam! We matched at Friday Friends. It was lovely chatting. Fancy meeting up for a coffee or a drink soon?',
    );
    expect(individualMessage('Sam', undefined)).toContain('We matched at Speed Friendship.');
  });

  test('a group message lists everyone by first name', () => {
    expect(groupMessage(['Alex Day', 'Sam Lee', 'Jo March'], 'Friday Friends')).toBe(
      "Hi Alex, Sam and Jo! We all matched at Friday Friends, so let's keep the conversation going in a group chat. Who's up for meeting again soon?",
    );
    expect(listNames([])).toBe('');
    expect(listNames(['Alex'])).toBe('Alex');
    expect(listNames(['Alex', 'Sam'])).toBe('Alex and Sam');
  });

  test('text and e-mail links', () => {
    expect(smsLink('+44 (7700) 900-123')).toBe('sms:+447700900123');
    expect(mailtoLink('sam@example.test', 'We matched at Friday Friends')).toBe('mailto:sam@example.test?subject=We%20matched%20at%20Friday%20Friends');
  });

  test('counts in words', () => {
    expect(plural(1, 'match', 'matches')).toBe('1 match');
    expect(plural(3, 'match', 'matches')).toBe('3 matches');
    expect(plural(0, 'person', 'people')).toBe('0 people');
    expect(plural(2, 'guest')).toBe('2 guests');
  });
});

describe('a past evening', () => {
  const now = Date.parse('2025-05-10T12:00:00Z');
  test('is completed, or has started', () => {
    expect(isPastEvent({ date: '2025-05-20T18:00:00Z', status: 'completed' }, now)).toBe(true);
    expect(isPastEvent({ date: '2025-05-01T18:00:00Z', status: 'upcoming' }, now)).toBe(true);
    expect(isPastEvent({ date: '2025-05-20T18:00:00Z', status: 'upcoming' }, now)).toBe(false);
  });
});

describe('defaultEvening (the evening /matching-dashboard opens on)', () => {
  const now = new Date('2030-05-15T18:30:00Z'); // 7:30 PM in London
  const at = (id: number, iso: string) => ({ id, date: iso });
  const early = at(1, '2030-05-15T16:00:00Z');
  const running = at(2, '2030-05-15T18:00:00Z');
  const later = at(3, '2030-05-15T20:00:00Z');
  const nextWeek = at(4, '2030-05-22T18:00:00Z');
  const lastWeek = at(5, '2030-05-08T18:00:00Z');

  test("tonight's: the latest that has started, even one already over", () => {
    expect(defaultEvening([running, later, nextWeek], [early, lastWeek], now)).toBe(running);
    expect(defaultEvening([later, nextWeek], [early, lastWeek], now)).toBe(early);
  });

  test('else the first still to come tonight, else the next, else the most recent', () => {
    expect(defaultEvening([later, nextWeek], [lastWeek], now)).toBe(later);
    expect(defaultEvening([nextWeek], [lastWeek], now)).toBe(nextWeek);
    expect(defaultEvening([], [lastWeek], now)).toBe(lastWeek);
    expect(defaultEvening([], [], now)).toBeNull();
  });
});
