/**
 * Ice breakers for a badge on /badges (docs/spec/organiser-tools.md §2.8, §9: the list has 5
 * questions). Pure and deterministic: the same people and the same seed give the same list.
 * Questions about interests both people share come first, then questions about the other
 * person's interests, then general openers.
 */
export const ICE_BREAKER_COUNT = 5;

/** Questions for the interests the registration wizard offers (./personality.ts REGISTER_INTERESTS) and the badge icons of §3. */
const BY_INTEREST: Record<string, readonly string[]> = {
  wine: ["What's the best bottle of wine you've had, and where were you?", 'Red, white or something more adventurous?'],
  art: ['Which artist or exhibition has stayed with you?', 'Do you make art yourself, or mostly enjoy it?'],
  travel: ["Where's the last place that surprised you on a trip?", 'If you could be anywhere tomorrow, where would it be?'],
  cooking: ["What's the dish you're proudest of cooking?", "What's a recipe you'd love to master?"],
  music: ["What's on repeat for you at the moment?", "What's the best gig you've ever been to?"],
  photography: ["What do you love photographing most?", "What's a photo you've taken that you're really proud of?"],
  fitness: ['What keeps you motivated to stay active?', "What's your favourite way to work out?"],
  reading: ["What's the last book you couldn't put down?", 'Which book would you give to a friend?'],
  dancing: ['What style of dancing do you love?', "Where's the best place you've ever danced?"],
  tech: ["What's a piece of tech you couldn't live without?", "What's the most exciting thing happening in tech for you?"],
  nature: ["What's your favourite place to get out into nature?", 'Sunrise walks or sunset walks?'],
  theater: ["What's the best show you've seen on stage?", 'Have you ever performed yourself?'],
  fashion: ['How would you describe your style?', "What's a piece of clothing with a story behind it?"],
  film: ['Which film could you watch again and again?', "What's the last film that really got you talking?"],
  gaming: ['What game are you playing at the moment?', 'Which game from your childhood would you play again?'],
  cycling: ["What's the best ride you've been on?", 'Road, gravel or a gentle ride to the pub?'],
  yoga: ['How did you get into yoga?', 'Do you have a favourite pose or class?'],
  hiking: ["What's the best walk you've done round here?", 'Which trail is on your wish list?'],
  coffee: ['How do you take your coffee?', "Where's the best coffee near here?"],
};

const generic = (interest: string) => [`What got you into ${interest.toLowerCase()}?`, `What do you enjoy most about ${interest.toLowerCase()}?`];

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

const norm = (s: string) => s.trim().toLowerCase();

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
    interests.flatMap((i) => BY_INTEREST[norm(i)] ?? generic(i.trim())),
    next,
  );

/**
 * Five questions for talking to someone: about interests both share first (when there are some),
 * then about the other person's interests, then general openers; no question twice.
 */
export function iceBreakers({ mine, theirs, seed }: { mine: readonly string[]; theirs: readonly string[]; seed: number }): { shared: string[]; questions: string[] } {
  const next = random(seed);
  const shared = sharedInterests(mine, theirs);
  const sharedKeys = new Set(shared.map(norm));
  const own = theirs.filter((i) => norm(i) && !sharedKeys.has(norm(i)));
  const pool = [...questionsFor(shared, next), ...questionsFor(own, next), ...shuffle(GENERAL_ICE_BREAKERS, next)];
  return { shared, questions: [...new Set(pool)].slice(0, ICE_BREAKER_COUNT) };
}
