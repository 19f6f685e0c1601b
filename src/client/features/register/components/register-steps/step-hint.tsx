import type { ReactNode } from 'react';
import { PERSONALITY_QUESTIONS, REGISTER_INTERESTS_MAX, REGISTER_INTERESTS_MIN } from '@shared/domain/personality';
import { MESSAGES, registerPersonalForm, type RegisterWizardInput } from '@shared/schemas/register';
import { cn } from '@client/components/ui/cn';

/**
 * Step 1's hint agrees with the fields: "All set" only when the details pass the same rules the
 * Next button checks (an age of 17 is not all set), and never beside a field's error.
 */
export function personalHint(draft: Pick<RegisterWizardInput, 'name' | 'email' | 'age'>, hasErrors: boolean): { ok: boolean; text: string } {
  if (hasErrors) return { ok: false, text: 'Correct the highlighted details to continue.' };
  if (!(draft.name.trim() && draft.email.trim() && draft.age.trim())) return { ok: false, text: 'Fill in your name, email and age to continue.' };
  const parsed = registerPersonalForm.safeParse({ name: draft.name, email: draft.email, age: draft.age });
  return parsed.success ? { ok: true, text: 'All set: press Next.' } : { ok: false, text: 'Check your details: some are not valid yet.' };
}

export function interestsHint(n: number) {
  if (n < REGISTER_INTERESTS_MIN) return `${MESSAGES.interestsMin} (${n} chosen).`;
  if (n >= REGISTER_INTERESTS_MAX) return `That's the most you can choose: ${REGISTER_INTERESTS_MAX} of ${REGISTER_INTERESTS_MAX} chosen.`;
  return `${n} of ${REGISTER_INTERESTS_MAX} chosen.`;
}

export function personalityHint(n: number) {
  return n < PERSONALITY_QUESTIONS.length ? `${MESSAGES.personality} (${n} of 5 answered).` : 'All five answered.';
}

/** Why Next is (not yet) available, read out as it changes. */
export function StepHint({ ok, children }: { ok: boolean; children: ReactNode }) {
  return (
    <p id="register-step-hint" aria-live="polite" className={cn('mt-5 text-sm font-medium', ok ? 'text-emerald-800' : 'text-wine-800')}>
      {children}
    </p>
  );
}
