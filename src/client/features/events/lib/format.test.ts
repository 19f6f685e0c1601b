import { describe, expect, test } from 'vitest';
import { canRegister, eventBadge, isPast, spotsLeftText } from './format';

const now = Date.parse('2025-05-10T12:00:00Z');
const future = '2025-05-14T18:00:00Z';
const past = '2025-05-01T18:00:00Z';

describe('the Upcoming-list badge', () => {
  test("an evening whose date is before now is 'Past', even when it was full", () => {
    expect(eventBadge({ date: past, participantCount: 40, maxParticipants: 40, spotsLeft: 0 }, now)).toBe('Past');
    expect(eventBadge({ date: past, participantCount: 3, maxParticipants: 40, spotsLeft: 37 }, now)).toBe('Past');
  });

  test("an evening the host has ended is 'Past', even before its advertised time, with seats still free", () => {
    expect(eventBadge({ date: future, participantCount: 4, maxParticipants: 30, spotsLeft: 26, status: 'completed' }, now)).toBe('Past');
    expect(eventBadge({ date: future, participantCount: 4, maxParticipants: 30, spotsLeft: 26, status: 'upcoming' }, now)).toBe('Open');
  });

  test("an evening to come with every seat taken is 'Full'", () => {
    expect(eventBadge({ date: future, participantCount: 40, maxParticipants: 40, spotsLeft: 0 }, now)).toBe('Full');
  });

  test("seats held by members paying right now count as taken: 'Full' with no spots left", () => {
    expect(eventBadge({ date: future, participantCount: 38, maxParticipants: 40, spotsLeft: 0 }, now)).toBe('Full');
  });

  test("an evening to come with seats for sale is 'Open'", () => {
    expect(eventBadge({ date: future, participantCount: 39, maxParticipants: 40, spotsLeft: 1 }, now)).toBe('Open');
  });

  test('the start time itself is not yet past', () => {
    expect(isPast({ date: '2025-05-10T12:00:00Z' }, now)).toBe(false);
    expect(isPast({ date: '2025-05-10T11:59:59Z' }, now)).toBe(true);
  });
});

describe('spots left', () => {
  test('one spot, several spots', () => {
    expect(spotsLeftText(1)).toBe('1 spot left');
    expect(spotsLeftText(28)).toBe('28 spots left');
    expect(spotsLeftText(0)).toBe('0 spots left');
  });
});

describe('registration is open', () => {
  const open = { date: future, status: 'upcoming' as const, spotsLeft: 5 };
  test('for an upcoming evening with seats', () => expect(canRegister(open, now)).toBe(true));
  test('not once it has started', () => expect(canRegister({ ...open, date: past }, now)).toBe(false));
  test('not when completed', () => expect(canRegister({ ...open, status: 'completed' }, now)).toBe(false));
  test('not when no seat is left', () => expect(canRegister({ ...open, spotsLeft: 0 }, now)).toBe(false));
});
