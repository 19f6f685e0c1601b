import { expect, test } from 'vitest';
import { timerState } from '@client/test/fake-socket';
import { readLiveMemory, rememberHeard, rememberState, withKnownPlaces } from './live-memory';

const person = (id: number, name: string) => ({ id, name, age: 30, bio: null, interests: [], profileImage: null });
const priya = person(11, 'Priya');
const sam = person(12, 'Sam');
const ola = person(13, 'Ola');

test('what the socket said is kept per evening and member, the newest only, with when it was heard', () => {
  const round1 = timerState({ phase: 'active', currentRound: 1, secondsLeft: 300, serverNow: 1_000_000 });
  rememberState(5, 1, { ...round1, mine: { round: 1, table: 4, partner: priya }, upNext: { round: 2, table: 2, partner: sam } }, 7_000, 993_000);
  // An older answer (the worker's copy) changes nothing.
  rememberState(5, 1, timerState({ phase: 'idle', currentRound: 0, serverNow: 900_000 }), -50_000, 995_000);
  rememberHeard(5, 1, 1_020_000);
  const m = readLiveMemory(5, 1)!;
  expect(m.state).toMatchObject({ currentRound: 1, phase: 'active' });
  expect(m.offset).toBe(7_000);
  expect(m.heardAt).toBe(1_020_000);
  expect(m.places?.mine?.partner?.name).toBe('Priya');
  // Another member on this phone reads nothing of it.
  expect(readLiveMemory(5, 2)).toBeNull();
  expect(readLiveMemory(5, null)).toBeNull();
});

test("an answer older than the memory (the worker's empty copy from before round 1) gets this round and the next from it", () => {
  const memory = rememberState(
    5,
    1,
    {
      ...timerState({ phase: 'active', currentRound: 1, secondsLeft: 300 }),
      mine: { round: 1, table: 4, partner: priya },
      upNext: { round: 2, table: 2, partner: sam },
    },
    0,
  );
  expect(withKnownPlaces([], memory)).toEqual([
    { round: 1, table: 4, partner: priya },
    { round: 2, table: 2, partner: sam },
  ]);
  // A copy from before a late arrival changed round 2: the memory's plan wins.
  expect(
    withKnownPlaces(
      [
        { round: 1, table: 1, partner: ola },
        { round: 2, table: 1, partner: ola },
        { round: 3, table: 1, partner: sam },
      ],
      memory,
    ),
  ).toEqual([
    { round: 1, table: 4, partner: priya },
    { round: 2, table: 2, partner: sam },
    { round: 3, table: 1, partner: sam },
  ]);
});

test('a fresh answer that knows the round stands; an ended evening adds nothing', () => {
  const memory = rememberState(
    5,
    1,
    {
      ...timerState({ phase: 'active', currentRound: 1, secondsLeft: 300 }),
      mine: { round: 1, table: 4, partner: priya },
      upNext: { round: 2, table: 2, partner: sam },
    },
    0,
  );
  const fresh = [
    { round: 1, table: 4, partner: priya },
    { round: 2, table: 3, partner: ola },
  ];
  expect(withKnownPlaces(fresh, memory)).toEqual(fresh);

  const ended = rememberState(
    5,
    1,
    { ...timerState({ phase: 'ended', currentRound: 1 }), mine: { round: 1, table: 4, partner: priya }, upNext: { round: 2, table: 2, partner: sam } },
    0,
  );
  expect(ended.places).toBeUndefined();
  expect(withKnownPlaces([{ round: 1, table: 4, partner: priya }], ended)).toEqual([{ round: 1, table: 4, partner: priya }]);
});
