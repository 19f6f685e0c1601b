/**
 * The demo page's sample data (docs/spec/organiser-tools.md §2.13): fictional people, one match
 * result and one evening, only ever read aloud here. Nobody real is described.
 */
export interface DemoProfile {
  id: string;
  name: string;
  age: number;
  bio: string;
  communicationStyle: string;
  interests: string[];
}

export const DEMO_PROFILES: DemoProfile[] = [
  {
    id: 'maya',
    name: 'Maya',
    age: 29,
    bio: 'Primary-school teacher who bakes sourdough on Sundays and is always up for a board-game night.',
    communicationStyle: 'Warm and chatty',
    interests: ['baking', 'board games', 'hiking'],
  },
  {
    id: 'tom',
    name: 'Tom',
    age: 33,
    bio: 'Moved to the city last spring for a design job and is looking for people to explore it with.',
    communicationStyle: 'Thoughtful listener',
    interests: ['photography', 'cycling', 'jazz'],
  },
  {
    id: 'aisha',
    name: 'Aisha',
    age: 31,
    bio: 'Nurse on rotating shifts; loves a pub quiz and a long walk with a good podcast.',
    communicationStyle: 'Direct and funny',
    interests: ['pub quizzes', 'podcasts', 'walking'],
  },
];

export const DEMO_MATCH = {
  people: ['Maya', 'Tom'] as const,
  overall: 86,
  personality: 88,
  interest: 72,
  communication: 90,
};

export const DEMO_EVENT = {
  title: 'Speed Friendship at The Cork & Barrel',
  when: 'Wednesday 14th May, 7:00 PM',
  venue: 'The Cork & Barrel wine bar',
  rounds: 8,
  roundMinutes: 5,
};

export const profileSpeech = (p: DemoProfile) =>
  `${p.name}, age ${p.age}. ${p.bio} Communication style: ${p.communicationStyle}. Interests: ${p.interests.join(', ')}.`;

export const matchSpeech = () =>
  `Match result for ${DEMO_MATCH.people[0]} and ${DEMO_MATCH.people[1]}: ${DEMO_MATCH.overall} percent overall. Personality ${DEMO_MATCH.personality} percent, interests ${DEMO_MATCH.interest} percent, communication ${DEMO_MATCH.communication} percent.`;

/** The evening as a guest would hear it, message by message (spaced 3 s apart, §9), with the timer warnings at 5 min, 1 min and 30 s. */
export const eventSpeech = (): string[] => [
  `${DEMO_EVENT.title}, ${DEMO_EVENT.when}, at ${DEMO_EVENT.venue}. ${DEMO_EVENT.rounds} rounds of ${DEMO_EVENT.roundMinutes} minutes.`,
  'Round 1: talk to Tom at table 3.',
  '5 minutes left.',
  '1 minute left.',
  '30 seconds left.',
  'Round 1 complete! Time to switch. Please rate Tom before your next conversation.',
];

export const DEMO_OVERVIEW =
  'Voice narration demo. This page has three sample profiles, one sample match result and one sample evening, each with a play button that reads it aloud. Use the Controls tab to turn narration on, pause or stop it. Press H for keyboard help.';
