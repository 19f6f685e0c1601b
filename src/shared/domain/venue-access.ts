import { NO_ACCESS_FACTS, venueAccessSchema, type VenueAccess } from '../schemas/venue-access';

/**
 * How to get into a venue, in plain words (issue 39, docs/decisions/0077-venues-say-how-to-get-in.md):
 * the same words on the public evening page, the member's evening page, /venues and in the
 * evening's JSON-LD. Pure, so the server and the browser agree.
 */

/** The stored jsonb as facts: anything missing or unreadable is "not told yet", never "no". */
export function readAccess(stored: unknown): VenueAccess {
  if (!stored || typeof stored !== 'object') return NO_ACCESS_FACTS;
  const facts: Record<string, unknown> = { ...NO_ACCESS_FACTS };
  for (const key of Object.keys(NO_ACCESS_FACTS) as (keyof VenueAccess)[]) {
    const one = venueAccessSchema.shape[key].safeParse((stored as Record<string, unknown>)[key]);
    if (one.success) facts[key] = one.data;
  }
  return facts as VenueAccess;
}

/** Whether anything is told: nothing is shown when nothing is. */
export const accessTold = (a: VenueAccess | null | undefined): a is VenueAccess => !!a && Object.values(a).some((v) => v !== null);

export type AccessFactKey = keyof VenueAccess;

/** One told fact: what it is about, and what is told, as a guest reads them. */
export interface AccessLine {
  key: AccessFactKey;
  /** 'Step-free entrance', 'Seating'... (also the JSON-LD feature's name). */
  name: string;
  /** The fact in a sentence: 'Step-free entrance', 'No hearing loop', 'Chairs and high stools'. */
  text: string;
  /** A yes-or-no fact's answer: false is shown as a "no", not as a barrier hidden. */
  yes: boolean | null;
}

export const SEATING_WORDS: Record<NonNullable<VenueAccess['seating']>[number], string> = {
  chairs: 'chairs',
  stools: 'high stools',
  standing: 'standing room',
};
export const STEP_FREE_WORDS: Record<NonNullable<VenueAccess['stepFree']>, string> = { yes: 'Yes', with_help: 'With help', no: 'No' };
export const LIGHTING_WORDS: Record<NonNullable<VenueAccess['lighting']>, string> = { bright: 'Bright', soft: 'Soft', dim: 'Dim' };
export const NOISE_WORDS: Record<NonNullable<VenueAccess['noise']>, string> = { quiet: 'Quiet', lively: 'Lively', loud: 'Loud' };

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** 'chairs', 'chairs and high stools', 'chairs, high stools and standing room'. */
export function listWords(words: string[]): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
}

/** The told facts, in the order a guest needs them: the door, the toilet, hearing, a break, seats, the room, getting there. */
export function accessLines(a: VenueAccess | null | undefined): AccessLine[] {
  if (!a) return [];
  const lines: AccessLine[] = [];
  const yesNo = (key: 'accessibleToilet' | 'hearingLoop' | 'quietSpace', name: string, yes: string, no: string) => {
    const v = a[key];
    if (v !== null) lines.push({ key, name, text: v ? yes : no, yes: v });
  };
  if (a.stepFree) {
    const text = { yes: 'Step-free entrance', with_help: 'Step-free entrance with help: ask the venue', no: 'No step-free entrance' }[a.stepFree];
    lines.push({ key: 'stepFree', name: 'Step-free entrance', text, yes: a.stepFree === 'no' ? false : a.stepFree === 'yes' ? true : null });
  }
  yesNo('accessibleToilet', 'Accessible toilet', 'Accessible toilet', 'No accessible toilet');
  yesNo('hearingLoop', 'Hearing loop', 'Hearing loop', 'No hearing loop');
  yesNo('quietSpace', 'Quiet space', 'A quiet space to take a break', 'No quiet space');
  if (a.seating?.length) {
    const text =
      a.seating.length === 1 && a.seating[0] === 'standing' ? 'Standing room only, no seats' : capital(listWords(a.seating.map((s) => SEATING_WORDS[s])));
    lines.push({ key: 'seating', name: 'Seating', text, yes: null });
  }
  if (a.lighting) lines.push({ key: 'lighting', name: 'Lighting', text: `${LIGHTING_WORDS[a.lighting]} lighting`, yes: null });
  if (a.noise) {
    const text = { quiet: 'Quiet: easy to hear each other', lively: 'Some background noise', loud: 'Loud: can be hard to hear' }[a.noise];
    lines.push({ key: 'noise', name: 'Noise', text, yes: null });
  }
  if (a.parking) lines.push({ key: 'parking', name: 'Nearest accessible parking', text: a.parking, yes: null });
  if (a.transport) lines.push({ key: 'transport', name: 'Public transport', text: a.transport, yes: null });
  if (a.notes) lines.push({ key: 'notes', name: 'More about getting in', text: a.notes, yes: null });
  return lines;
}

/**
 * schema.org amenityFeature entries (LocationFeatureSpecification) for the told facts: a yes-or-no
 * fact as a boolean value, the rest as text. Nothing for a fact not told.
 */
export function accessFeatures(a: VenueAccess | null | undefined) {
  if (!a) return [];
  return accessLines(a).map((l) => {
    const value: boolean | string =
      l.key === 'stepFree'
        ? a.stepFree === 'with_help'
          ? 'With help'
          : a.stepFree === 'yes'
        : l.key === 'accessibleToilet' || l.key === 'hearingLoop' || l.key === 'quietSpace'
          ? a[l.key]!
          : l.key === 'seating'
            ? capital(listWords(a.seating!.map((s) => SEATING_WORDS[s])))
            : l.key === 'lighting'
              ? LIGHTING_WORDS[a.lighting!]
              : l.key === 'noise'
                ? NOISE_WORDS[a.noise!]
                : l.text;
    return { '@type': 'LocationFeatureSpecification', name: l.name, value };
  });
}
