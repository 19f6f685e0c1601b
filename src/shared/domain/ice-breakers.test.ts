import { describe, expect, test } from 'vitest';
import { GENERAL_ICE_BREAKERS, ICE_BREAKER_COUNT, iceBreakers, inSentence, KNOWN_INTERESTS, questionsAbout, sharedInterests } from './ice-breakers';
import { REGISTER_INTERESTS } from './personality';

describe('sharedInterests', () => {
  test('matches without regard to case or spaces, keeps their spelling and order, no repeats', () => {
    expect(sharedInterests(['wine', ' Music', 'Hiking'], ['Music', 'Art', 'Wine', 'music'])).toEqual(['Music', 'Wine']);
    expect(sharedInterests([], ['Music'])).toEqual([]);
  });
});

describe('iceBreakers', () => {
  test('always five different questions', () => {
    for (const [mine, theirs] of [
      [[], []],
      [['Wine'], ['Wine']],
      [
        ['Art', 'Film'],
        ['Film', 'Art', 'Travel', 'Yoga', 'Hiking'],
      ],
    ] as const) {
      const { questions } = iceBreakers({ mine, theirs, seed: 7 });
      expect(questions).toHaveLength(ICE_BREAKER_COUNT);
      expect(new Set(questions).size).toBe(ICE_BREAKER_COUNT);
    }
  });

  test('shared interests come first', () => {
    const { shared, questions } = iceBreakers({ mine: ['Music', 'Wine'], theirs: ['Reading', 'Wine', 'Music'], seed: 3 });
    expect(shared).toEqual(['Wine', 'Music']);
    const aboutShared = [
      "What's the best bottle of wine you've had, and where were you?",
      'Red, white or something more adventurous?',
      "What's on repeat for you at the moment?",
      "What's the best gig you've ever been to?",
    ];
    expect(new Set(questions.slice(0, 4))).toEqual(new Set(aboutShared));
    // Then their own interest (reading), before any general opener.
    expect(["What's the last book you couldn't put down?", 'Which book would you give to a friend?']).toContain(questions[4]);
  });

  test('without shared interests, asks about theirs, then general openers; an unknown interest gets a generic question', () => {
    const { shared, questions } = iceBreakers({ mine: ['Yoga'], theirs: ['Pottery'], seed: 1 });
    expect(shared).toEqual([]);
    expect(questions.slice(0, 2).sort()).toEqual(['How did pottery become your thing?', 'What do you love about pottery?']);
    for (const q of questions.slice(2)) expect(GENERAL_ICE_BREAKERS).toContain(q);
  });

  test('deterministic for a seed, and another seed can give another order', () => {
    const input = { mine: [], theirs: ['Travel', 'Film', 'Gaming'] };
    expect(iceBreakers({ ...input, seed: 42 })).toEqual(iceBreakers({ ...input, seed: 42 }));
    const orders = new Set(Array.from({ length: 10 }, (_, seed) => iceBreakers({ ...input, seed }).questions.join('|')));
    expect(orders.size).toBeGreaterThan(1);
  });
});

/**
 * Every question read once as a guest would ask it (issue 22): "What got you into food?" is a template
 * talking. The rules per kind of interest: the wizard's and the demo people's interests (what members
 * pick and type most) each have questions written for them; a free-text interest gets questions that
 * read well for a thing, a pastime or a topic, with its capitals kept where they matter.
 */
describe('every question reads well', () => {
  /** The demo people's interests (src/server/demo/people.ts), the ones members typed on a real run. */
  const DEMO_INTERESTS = [
    'Quizzes',
    'Walking',
    'Wine',
    'Music',
    'Cooking',
    'Climbing',
    'Food',
    'Photography',
    'Travel',
    'Art',
    'Board games',
    'Reading',
    'Coffee',
    'Tech',
    'Gaming',
    'Fitness',
    'Film',
    'Hiking',
    'Cycling',
    'Nature',
    'Dancing',
    'Theater',
    'Yoga',
    'History',
  ];
  /** Free text as members type it: a thing, a pastime, a topic, an acronym, a name, odd spacing. */
  const FREE_TEXT = ['Pottery', 'Meeting new people', 'AI', 'DIY', 'Formula 1', 'Jazz', 'Knitting', '  Stand-up   comedy ', 'Sourdough', 'Taylor Swift'];

  const readsWell = (q: string, why: string) => {
    expect(q, why).toMatch(/^[A-Z]/); // starts as a sentence
    expect(q, why).toMatch(/[^?]\?$/); // one question mark, at the end
    expect(q.slice(0, -1), why).not.toContain('?');
    expect(q, why).not.toMatch(/\s{2,}|\s[?,]|^\s|\s$/); // no stray spaces
    expect(q, why).not.toMatch(/\b(\w+) \1\b/i); // no word twice in a row
    expect(q, why).not.toMatch(/got you into|enjoy most about/i); // the old templates
  };

  test("the wizard's and the demo people's interests all have questions written for them", () => {
    for (const interest of new Set([...REGISTER_INTERESTS, ...DEMO_INTERESTS])) {
      const qs = questionsAbout(interest);
      expect(qs.length, interest).toBeGreaterThanOrEqual(2);
      expect(qs, interest).not.toContain(`What do you love about ${inSentence(interest)}?`);
    }
  });

  test('every written question is a sentence, asks the guest (you, your) or offers a choice (A or B)', () => {
    for (const interest of KNOWN_INTERESTS) {
      for (const q of questionsAbout(interest)) {
        readsWell(q, `${interest}: ${q}`);
        expect(q, `${interest}: ${q}`).toMatch(/\b(you|your|yours|yourself|you're|you've|you'd)\b|\bor\b/i);
      }
    }
    for (const q of GENERAL_ICE_BREAKERS) readsWell(q, q);
    // No question is written for two interests (a guest sharing both would hear it once, and wonder).
    const all = KNOWN_INTERESTS.flatMap((i) => questionsAbout(i));
    expect(new Set(all).size).toBe(all.length);
  });

  test('free text: questions that read well for any interest, capitals lowered mid-sentence but acronyms and names kept', () => {
    for (const interest of FREE_TEXT) for (const q of questionsAbout(interest)) readsWell(q, `${interest}: ${q}`);
    expect(questionsAbout('Meeting new people')).toEqual(['What do you love about meeting new people?', 'How did meeting new people become your thing?']);
    expect(questionsAbout('AI')).toEqual(['What do you love about AI?', 'How did AI become your thing?']);
    expect(questionsAbout('  Stand-up   comedy ')[0]).toBe('What do you love about stand-up comedy?');
    expect(questionsAbout('Taylor Swift')[0]).toBe('What do you love about Taylor Swift?');
    expect(questionsAbout('Formula 1')[1]).toBe('How did Formula 1 become your thing?');
    expect(questionsAbout('Jazz')[0]).toBe('What do you love about jazz?');
  });

  test('another spelling of a known interest gets its questions (theatre, films, pub quizzes)', () => {
    expect(questionsAbout('Theatre')).toEqual(questionsAbout('Theater'));
    expect(questionsAbout('films')).toEqual(questionsAbout('Film'));
    expect(questionsAbout('Pub quizzes')).toEqual(questionsAbout('Quizzes'));
    expect(questionsAbout('Food')).not.toContain('What got you into food?');
  });
});
