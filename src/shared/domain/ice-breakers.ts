/**
 * Ice breakers for a badge on /badges (docs/spec/organiser-tools.md §2.8, §9: the list has 5
 * questions). Pure and deterministic: the same people and the same seed give the same list.
 * Questions about interests both people share come first, then questions about the other
 * person's interests, then general openers.
 */
export const ICE_BREAKER_COUNT = 5;

const norm = (s: string) => s.trim().toLowerCase().replace(/\s+/g, ' ');

/**
 * Questions for the interests the registration wizard offers (./personality.ts REGISTER_INTERESTS),
 * the badge icons of §3 and the interests members type most (the demo people's among them). Each is
 * written for its interest, read aloud once as a guest would ask it (issue 22): "What got you into
 * food?" is what a template says, not a person.
 */
const BY_INTEREST: Record<string, readonly string[]> = {
  wine: ["What's the best bottle of wine you've had, and where were you?", 'Red, white or something more adventurous?'],
  art: ['Which artist or exhibition has stayed with you?', 'Do you make art yourself, or mostly enjoy it?'],
  travel: ["Where's the last place that surprised you on a trip?", 'If you could be anywhere tomorrow, where would it be?'],
  cooking: ["What's the dish you're proudest of cooking?", "What's a recipe you'd love to master?"],
  music: ["What's on repeat for you at the moment?", "What's the best gig you've ever been to?"],
  photography: ['What do you love photographing most?', "What's a photo you've taken that you're really proud of?"],
  fitness: ['What keeps you motivated to stay active?', "What's your favourite way to work out?"],
  reading: ["What's the last book you couldn't put down?", 'Which book would you give to a friend?'],
  dancing: ['What style of dancing do you love?', "Where's the best place you've ever danced?"],
  tech: ["What's a piece of tech you couldn't live without?", "What's the most exciting thing in tech right now, for you?"],
  nature: ["What's your favourite place to get out into nature?", 'Sunrise walks or sunset walks?'],
  theater: ["What's the best show you've seen on stage?", 'Have you ever performed yourself?'],
  fashion: ['How would you describe your style?', "What's a piece of clothing you own with a story behind it?"],
  film: ['Which film could you watch again and again?', "What's the last film that really got you talking?"],
  gaming: ['What game are you playing at the moment?', 'Which game from your childhood would you play again?'],
  cycling: ["What's the best ride you've been on?", 'Road, gravel or a gentle ride to the pub?'],
  yoga: ['How did you get into yoga?', 'Do you have a favourite pose or class?'],
  hiking: ["What's the best walk you've done round here?", 'Which trail is on your wish list?'],
  coffee: ['How do you take your coffee?', 'Where do you go for the best coffee near here?'],
  food: ["What's the best thing you've eaten lately?", 'Which local place would you take a visiting friend to eat?'],
  walking: ["What's your favourite walk from your front door?", 'Do you walk to think, or to get somewhere?'],
  climbing: ['Indoor walls or real rock?', "What's the climb you're proudest of?"],
  quizzes: ["What's your specialist subject at a pub quiz?", "What's the most useless fact you know?"],
  'board games': ["What's the board game you always suggest?", 'Are you a fair loser at board games?'],
  history: ['Which period of history would you visit for a day?', "What's a bit of local history you love telling people?"],
  running: ["What's the best run you've done round here?", 'Do you run with music, or with your thoughts?'],
  football: ['Which team do you follow, and how did that happen?', "What's the best match you've seen live?"],
  baking: ["What's your signature bake?", "What's a bake of yours that went wrong in the best way?"],
  gardening: ["What's growing in your garden at the moment?", "What's the plant you're proudest of keeping alive?"],
  writing: ['What do you like to write?', "What's something you've written that you're proud of?"],
  comedy: ['Who always makes you laugh?', "What's the best comedy gig you've been to?"],
  podcasts: ['Which podcast would you tell a friend to start with?', "What's a podcast episode you still think about?"],
  languages: ['Which languages do you speak, or want to?', "What's your favourite word in another language?"],
  swimming: ['Pool, lake or sea?', "What's the best place you've ever swum?"],
  volunteering: ['Where do you volunteer, and how did you start?', "What's the best thing volunteering has given you?"],
};
/** The same interest under another spelling. */
const SAME_AS: Record<string, string> = {
  theatre: 'theater',
  films: 'film',
  cinema: 'film',
  games: 'gaming',
  'video games': 'gaming',
  books: 'reading',
  walks: 'walking',
  quiz: 'quizzes',
  'pub quizzes': 'quizzes',
  'board game': 'board games',
  bake: 'baking',
  travelling: 'travel',
  traveling: 'travel',
  run: 'running',
  gym: 'fitness',
};

/** Interests with hand-written questions (the keys above): a test reads every one of them. */
export const KNOWN_INTERESTS: readonly string[] = Object.keys(BY_INTEREST);

/**
 * An interest as it sits mid-sentence: a sentence capital lowered ("Board games" → "board games"),
 * an acronym or a name kept ("AI", "Taylor Swift", "Formula 1": a later word in capitals or digits).
 */
export function inSentence(interest: string): string {
  const t = interest.trim().replace(/\s+/g, ' ');
  const [first = '', ...rest] = t.split(' ');
  const aName = rest.some((w) => /^[A-Z0-9]/.test(w));
  return /^[A-Z][a-z]/.test(first) && !aName ? t[0]!.toLowerCase() + t.slice(1) : t;
}

/** For an interest nobody wrote questions for: two that read well whatever the interest is (a thing, a pastime, a topic). */
const generic = (interest: string) => {
  const x = inSentence(interest);
  return [`What do you love about ${x}?`, `How did ${x} become your thing?`];
};

/** The questions for one interest, hand-written when known. */
export function questionsAbout(interest: string): readonly string[] {
  const k = norm(interest);
  return BY_INTEREST[SAME_AS[k] ?? k] ?? generic(interest);
}

/** Openers for anyone, when shared and personal interests run out. */
export const GENERAL_ICE_BREAKERS: readonly string[] = [
  "What's the best thing that happened to you this week?",
  'What would your perfect weekend look like?',
  "What's something you've always wanted to learn?",
  "What's a small thing that always makes your day better?",
  "What's the most spontaneous thing you've ever done?",
  "What's a local spot you'd recommend to a friend?",
  "What's something people are often surprised to learn about you?",
];

/** Their interests that the viewer also has (their spelling, in their order, no repeats). */
export function sharedInterests(mine: readonly string[], theirs: readonly string[]): string[] {
  const own = new Set(mine.map(norm));
  const seen = new Set<string>();
  return theirs.filter((i) => {
    const k = norm(i);
    if (!k || !own.has(k) || seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

/** A small seeded generator (mulberry32): the same seed, the same sequence. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function shuffle<T>(list: readonly T[], next: () => number): T[] {
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

const questionsFor = (interests: readonly string[], next: () => number) =>
  shuffle(
    interests.flatMap((i) => questionsAbout(i)),
    next,
  );

/**
 * Five questions for talking to someone: about interests both share first (when there are some),
 * then about the other person's interests, then general openers; no question twice.
 */
export function iceBreakers({ mine, theirs, seed }: { mine: readonly string[]; theirs: readonly string[]; seed: number }): {
  shared: string[];
  questions: string[];
} {
  const next = random(seed);
  const shared = sharedInterests(mine, theirs);
  const sharedKeys = new Set(shared.map(norm));
  const own = theirs.filter((i) => norm(i) && !sharedKeys.has(norm(i)));
  const pool = [...questionsFor(shared, next), ...questionsFor(own, next), ...shuffle(GENERAL_ICE_BREAKERS, next)];
  return { shared, questions: [...new Set(pool)].slice(0, ICE_BREAKER_COUNT) };
}
