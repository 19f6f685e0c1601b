import { PERSONALITY_QUESTIONS, REGISTER_INTERESTS, REGISTER_INTERESTS_MAX, REGISTER_MOTIVATIONS } from '@shared/domain/personality';
import type { RegisterWizardInput } from '@shared/schemas/register';
import type { User } from '@shared/schemas/users';
import { emptyDraft, loadDraft, type RegisterDraft } from './draft';

/** Whether a saved answer is one of the options offered now. */
const among = <T extends string>(options: readonly T[], value: string): value is T => (options as readonly string[]).includes(value);

/** The draft to start from: the stored one, else (for a member) what their profile already holds. */
export function startingDraft(member: User | null): RegisterDraft {
  const stored = loadDraft();
  const draft = stored ?? emptyDraft();
  if (!member) return draft;
  const fromProfile: RegisterDraft = {
    ...draft,
    name: draft.name || member.name,
    age: draft.age || String(member.age),
    email: member.email,
  };
  if (stored || !member.answers) return fromProfile;
  // Completed before: start from the saved answers, so updating them is a matter of a few taps.
  return {
    ...fromProfile,
    interests: member.interests.filter((i) => among(REGISTER_INTERESTS, i)).slice(0, REGISTER_INTERESTS_MAX),
    personality: Object.fromEntries(
      PERSONALITY_QUESTIONS.filter((q) => typeof member.answers!.personality[q] === 'number').map((q) => [q, member.answers!.personality[q]]),
    ),
    motivations: member.answers.motivations.filter((m) => among(REGISTER_MOTIVATIONS, m)),
    lookingFor: member.answers.lookingFor ?? '',
  };
}

export type Step = RegisterDraft['step'];

/** The form's values as the draft keeps them (the step is the wizard's, not the form's). */
export const toDraft = (step: Step, v: RegisterWizardInput): RegisterDraft => ({
  step,
  name: v.name,
  email: v.email,
  age: v.age,
  interests: v.interests,
  personality: v.personality,
  motivations: v.motivations,
  lookingFor: v.lookingFor ?? '',
});
