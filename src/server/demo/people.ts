/**
 * Fictional demo people, built from the specs' sample data. Every row made from this file
 * is flagged is_demo. Demo accounts log in like anyone else: the code goes to the outbox.
 */
export interface DemoPerson {
  key: string;
  name: string;
  email: string;
  age: number;
  bio: string;
  interests: string[];
  contactInfo: string;
  communicationStyle: 'introverted' | 'balanced' | 'extroverted';
  personalityTraits: { creative: number; adventurous: number; social: number; analytical: number };
  roles?: ('host' | 'admin')[];
}

export const DEMO_DOMAIN = 'speedfriendship.test';

export const DEMO_PEOPLE: DemoPerson[] = [
  {
    key: 'admin',
    name: 'Alex Morgan',
    email: `admin@${DEMO_DOMAIN}`,
    age: 38,
    bio: 'Organiser of Speed Friendship in Prestwich. Loves a good quiz night and long walks in Heaton Park.',
    interests: ['Quizzes', 'Walking', 'Wine'],
    contactInfo: '07700 900001',
    communicationStyle: 'extroverted',
    personalityTraits: { creative: 6, adventurous: 6, social: 9, analytical: 7 },
    roles: ['admin'],
  },
  {
    key: 'host',
    name: 'Hannah Price',
    email: `host@${DEMO_DOMAIN}`,
    age: 34,
    bio: 'Evening host at the wine bar. I keep the rounds on time and the conversation flowing.',
    interests: ['Wine', 'Music', 'Cooking'],
    contactInfo: '07700 900002',
    communicationStyle: 'extroverted',
    personalityTraits: { creative: 7, adventurous: 7, social: 9, analytical: 5 },
    roles: ['host'],
  },
  {
    key: 'member',
    name: 'Jamie Clarke',
    email: `member@${DEMO_DOMAIN}`,
    age: 31,
    bio: 'Moved to Prestwich last spring for work. Looking for people to try new restaurants and climbing walls with.',
    interests: ['Climbing', 'Food', 'Photography', 'Travel'],
    contactInfo: '07700 900003',
    communicationStyle: 'balanced',
    personalityTraits: { creative: 7, adventurous: 8, social: 6, analytical: 6 },
  },
  {
    key: 'sarah',
    name: 'Sarah Johnson',
    email: `sarah@${DEMO_DOMAIN}`,
    age: 29,
    bio: 'Primary school teacher, amateur potter and board game fanatic.',
    interests: ['Art', 'Board games', 'Reading', 'Coffee'],
    contactInfo: '07700 900004',
    communicationStyle: 'balanced',
    personalityTraits: { creative: 9, adventurous: 5, social: 7, analytical: 4 },
  },
  {
    key: 'michael',
    name: 'Michael Chen',
    email: `michael@${DEMO_DOMAIN}`,
    age: 33,
    bio: 'Software developer by day, jazz pianist by night. Always up for a gig.',
    interests: ['Music', 'Tech', 'Gaming', 'Coffee'],
    contactInfo: '07700 900005',
    communicationStyle: 'introverted',
    personalityTraits: { creative: 8, adventurous: 4, social: 4, analytical: 9 },
  },
  {
    key: 'emma',
    name: 'Emma Wilson',
    email: `emma@${DEMO_DOMAIN}`,
    age: 27,
    bio: 'Nurse on rotating shifts, so weeknight plans suit me. Parkrun regular and film buff.',
    interests: ['Fitness', 'Film', 'Hiking', 'Travel'],
    contactInfo: '07700 900006',
    communicationStyle: 'extroverted',
    personalityTraits: { creative: 5, adventurous: 9, social: 8, analytical: 5 },
  },
  {
    key: 'david',
    name: 'David Thompson',
    email: `david@${DEMO_DOMAIN}`,
    age: 41,
    bio: 'Recently divorced dad of two, rediscovering cycling and cooking for more than one.',
    interests: ['Cycling', 'Cooking', 'Nature', 'Reading'],
    contactInfo: '07700 900007',
    communicationStyle: 'balanced',
    personalityTraits: { creative: 6, adventurous: 7, social: 5, analytical: 7 },
  },
  {
    key: 'priya',
    name: 'Priya Patel',
    email: `priya@${DEMO_DOMAIN}`,
    age: 30,
    bio: 'Pharmacist who loves dancing, theatre trips to Manchester and Sunday roasts.',
    interests: ['Dancing', 'Theater', 'Food', 'Yoga'],
    contactInfo: '07700 900008',
    communicationStyle: 'extroverted',
    personalityTraits: { creative: 7, adventurous: 6, social: 9, analytical: 5 },
  },
  {
    key: 'tom',
    name: 'Tom Roberts',
    email: `tom@${DEMO_DOMAIN}`,
    age: 36,
    bio: 'Quiet bookworm and keen hiker. Happiest with a pint and a good conversation.',
    interests: ['Reading', 'Hiking', 'History', 'Photography'],
    contactInfo: '07700 900009',
    communicationStyle: 'introverted',
    personalityTraits: { creative: 6, adventurous: 5, social: 3, analytical: 8 },
  },
];

/**
 * Demo people added after the first datasets (loaded by the 'demo:around' dataset in seed.ts, not by
 * 'demo:people', whose content existing databases already have). Guests only, no login is advertised.
 */
export const LATER_DEMO_PEOPLE: DemoPerson[] = [
  {
    key: 'olivia',
    name: 'Olivia Bennett',
    email: `olivia@${DEMO_DOMAIN}`,
    age: 44,
    bio: 'Garden designer and keen baker. Back in Prestwich after ten years away and rebuilding a circle of friends.',
    interests: ['Baking', 'Gardening', 'Coffee', 'Reading'],
    contactInfo: '07700 900010',
    communicationStyle: 'balanced',
    personalityTraits: { creative: 8, adventurous: 5, social: 6, analytical: 6 },
  },
];
