import {
  PERSONALITY_QUESTIONS,
  PERSONALITY_SCALE,
  REGISTER_INTERESTS,
  REGISTER_MOTIVATIONS,
  type PersonalityAnswers,
  type PersonalityQuestion,
} from '@shared/domain/personality';

/**
 * The half-finished wizard (docs/spec/organiser-tools.md §3 "Registration draft"), kept in this
 * tab's sessionStorage so a reload, or a detour through /login, keeps it; cleared on completion.
 * Session storage, not local: the answers are personal and should not outlive the tab on a shared phone.
 */
export interface RegisterDraft {
  step: 1 | 2 | 3 | 4;
  name: string;
  email: string;
  /** As typed (the field is text until step 1 is checked). */
  age: string;
  interests: (typeof REGISTER_INTERESTS)[number][];
  personality: Partial<PersonalityAnswers>;
  motivations: (typeof REGISTER_MOTIVATIONS)[number][];
  lookingFor: string;
}

export const DRAFT_KEY = 'registerDraft';

export const emptyDraft = (): RegisterDraft => ({ step: 1, name: '', email: '', age: '', interests: [], personality: {}, motivations: [], lookingFor: '' });

const text = (v: unknown, max: number) => (typeof v === 'string' ? v.slice(0, max) : '');
const among = <T extends string>(v: unknown, options: readonly T[]): T[] =>
  Array.isArray(v) ? [...new Set(v.filter((x): x is T => typeof x === 'string' && (options as readonly string[]).includes(x)))] : [];

/** Whatever was stored, read defensively: anything unexpected falls back to an empty answer. */
export function loadDraft(): RegisterDraft | null {
  let raw: unknown;
  try {
    const s = sessionStorage.getItem(DRAFT_KEY);
    if (!s) return null;
    raw = JSON.parse(s);
  } catch {
    return null;
  }
  if (!raw || typeof raw !== 'object') return null;
  const r = raw as Record<string, unknown>;
  const personality: Partial<PersonalityAnswers> = {};
  const p = r.personality && typeof r.personality === 'object' ? (r.personality as Record<string, unknown>) : {};
  for (const q of PERSONALITY_QUESTIONS) {
    const v = p[q];
    if (typeof v === 'number' && Number.isInteger(v) && v >= PERSONALITY_SCALE.min && v <= PERSONALITY_SCALE.max) personality[q] = v;
  }
  const step = r.step === 2 || r.step === 3 || r.step === 4 ? r.step : 1;
  return {
    step,
    name: text(r.name, 200),
    email: text(r.email, 300),
    age: text(r.age, 10),
    interests: among(r.interests, REGISTER_INTERESTS),
    personality,
    motivations: among(r.motivations, REGISTER_MOTIVATIONS),
    lookingFor: text(r.lookingFor, 2000),
  };
}

export function saveDraft(draft: RegisterDraft) {
  try {
    sessionStorage.setItem(DRAFT_KEY, JSON.stringify(draft));
  } catch {
    // Storage full or blocked (private mode): the wizard still works, it just will not survive a reload.
  }
}

export function clearDraft() {
  try {
    sessionStorage.removeItem(DRAFT_KEY);
  } catch {
    // Nothing to clear.
  }
}

export const answeredCount = (p: Partial<PersonalityAnswers>) => PERSONALITY_QUESTIONS.filter((q) => p[q] !== undefined).length;

export function allAnswered(p: Partial<PersonalityAnswers>): p is PersonalityAnswers {
  return answeredCount(p) === PERSONALITY_QUESTIONS.length;
}

export type { PersonalityQuestion };
