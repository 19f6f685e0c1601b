import { describe, expect, test } from 'vitest';
import { timerState } from '@client/test/fake-socket';
import {
  barPercent,
  dashboardStatus,
  dashboardTone,
  displaySeconds,
  DURATION_CHOICES,
  durationLabel,
  hostTone,
  participantTone,
  roundLengthPhrase,
  stageOf,
} from './timer';

describe('round lengths in words', () => {
  test('round lengths the host can choose, in words', () => {
    expect(DURATION_CHOICES.map((c) => c.label)).toEqual(['5 minutes', '7 minutes', '10 minutes', '15 minutes', '30 minutes', '1 hour', '1.5 hours']);
    expect(durationLabel(60)).toBe('1 minute');
  });

  test.each([
    [300, '5-minute rounds'],
    [420, '7-minute rounds'],
    [3600, '1-hour rounds'],
    [5400, '1.5-hour rounds'],
  ])('%i-second rounds are "%s"', (s, phrase) => expect(roundLengthPhrase(s)).toBe(phrase));
});

describe('what the room is doing', () => {
  test('no state yet, or idle before round 1, is waiting', () => {
    expect(stageOf(null)).toBe('waiting');
    expect(stageOf(timerState({ phase: 'idle', currentRound: 0 }))).toBe('waiting');
  });

  test('idle after a round is a finished round', () => {
    expect(stageOf(timerState({ phase: 'idle', currentRound: 3 }))).toBe('complete');
  });

  test.each(['active', 'paused', 'grace', 'ended'] as const)('%s is itself', (phase) => {
    expect(stageOf(timerState({ phase, currentRound: 1 }))).toBe(phase);
  });

  test.each([
    ['idle', 0, 'waiting'],
    ['active', 1, 'active'],
    ['grace', 1, 'active'],
    ['paused', 1, 'break'],
    ['idle', 2, 'break'],
    ['ended', 0, 'completed'],
  ] as const)('the dashboard calls %s in round %i "%s"', (phase, currentRound, status) => {
    expect(dashboardStatus(timerState({ phase, currentRound }))).toBe(status);
  });
});

describe('colours of the time left', () => {
  test('a guest sees red at 30 s or less, orange at 60 s or less', () => {
    expect(participantTone('active', 61)).toBe('normal');
    expect(participantTone('active', 60)).toBe('orange');
    expect(participantTone('active', 31)).toBe('orange');
    expect(participantTone('active', 30)).toBe('red');
    expect(participantTone('active', 0)).toBe('red');
    expect(participantTone('paused', 20)).toBe('red');
  });

  test('a guest sees the grace colour in grace, and a muted clock when nothing runs', () => {
    expect(participantTone('grace', 10)).toBe('grace');
    expect(participantTone('waiting', 300)).toBe('muted');
    expect(participantTone('complete', 0)).toBe('muted');
    expect(participantTone('ended', 0)).toBe('muted');
  });

  test("the host's bar is red at 60 s or less, green above, yellow in grace", () => {
    expect(hostTone('active', 61)).toBe('green');
    expect(hostTone('active', 60)).toBe('red');
    expect(hostTone('paused', 5)).toBe('red');
    expect(hostTone('grace', 50)).toBe('yellow');
    expect(hostTone('waiting', 300)).toBe('muted');
    expect(hostTone('ended', 0)).toBe('muted');
  });

  test('the dashboard shows red at 30 s or less, yellow at 60 s or less, else green', () => {
    expect(dashboardTone(61)).toBe('green');
    expect(dashboardTone(60)).toBe('yellow');
    expect(dashboardTone(31)).toBe('yellow');
    expect(dashboardTone(30)).toBe('red');
    expect(dashboardTone(0)).toBe('red');
  });
});

describe('the bar and the seconds shown', () => {
  test('the bar fills in proportion, within 0-100', () => {
    expect(barPercent(150, 300)).toBe(50);
    expect(barPercent(300, 300)).toBe(100);
    expect(barPercent(600, 300)).toBe(100);
    expect(barPercent(-1, 300)).toBe(0);
    expect(barPercent(10, 0)).toBe(0);
  });

  test("before round 1 the clock shows the round's full length", () => {
    expect(displaySeconds(timerState({ phase: 'idle', currentRound: 0, roundDuration: 600 }), 0)).toBe(600);
    expect(displaySeconds(null, 0)).toBe(300);
  });

  test('a finished round or evening shows zero; a running one the time left', () => {
    expect(displaySeconds(timerState({ phase: 'idle', currentRound: 2 }), 120)).toBe(0);
    expect(displaySeconds(timerState({ phase: 'ended' }), 120)).toBe(0);
    expect(displaySeconds(timerState({ phase: 'active', currentRound: 2 }), 120)).toBe(120);
    expect(displaySeconds(timerState({ phase: 'paused', currentRound: 2 }), 45)).toBe(45);
  });
});
