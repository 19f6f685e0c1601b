import { ArrowLeft, ArrowRight, Check } from 'lucide-react';
import { LOOKING_FOR_MAX, REGISTER_INTERESTS_MAX, REGISTER_INTERESTS_MIN, type PersonalityAnswers } from '@shared/domain/personality';
import { MESSAGES, type RegisterWizardInput } from '@shared/schemas/register';
import { Button } from '@client/components/ui/button';
import { allAnswered, answeredCount } from '../../lib/draft';
import type { Step } from '../../lib/starting-draft';
import { interestsHint, personalHint, personalityHint, StepHint } from './step-hint';

/** Below a step: why Next is (not yet) available, then Back and Next (Complete Registration on the last step). */
export function StepFooter({
  step,
  values,
  personalErrors,
  pending,
  goTo,
  nextFromPersonal,
  complete,
}: {
  step: Step;
  values: RegisterWizardInput;
  personalErrors: boolean;
  pending: boolean;
  goTo: (next: Step) => void;
  nextFromPersonal: () => Promise<void>;
  complete: () => Promise<void>;
}) {
  const personality: Partial<PersonalityAnswers> = values.personality;
  return (
    <>
      {step === 1 && <StepHint ok={personalHint(values, personalErrors).ok}>{personalHint(values, personalErrors).text}</StepHint>}
      {step === 2 && <StepHint ok={values.interests.length >= REGISTER_INTERESTS_MIN}>{interestsHint(values.interests.length)}</StepHint>}
      {step === 3 && <StepHint ok={allAnswered(personality)}>{personalityHint(answeredCount(personality))}</StepHint>}
      {step === 4 && <StepHint ok={values.motivations.length > 0}>{values.motivations.length > 0 ? 'Ready when you are.' : MESSAGES.motivationsMin}</StepHint>}
      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
        {step > 1 ? (
          <Button variant="outline" size="lg" disabled={pending} onClick={() => goTo((step - 1) as Step)}>
            <ArrowLeft aria-hidden="true" className="size-5" />
            Back
          </Button>
        ) : (
          <span aria-hidden="true" />
        )}
        {step === 1 && (
          <Button
            size="lg"
            disabled={!values.name.trim() || !values.email.trim() || !values.age.trim()}
            aria-describedby="register-step-hint"
            onClick={() => void nextFromPersonal()}
          >
            Next
            <ArrowRight aria-hidden="true" className="size-5" />
          </Button>
        )}
        {step === 2 && (
          <Button
            size="lg"
            disabled={values.interests.length < REGISTER_INTERESTS_MIN || values.interests.length > REGISTER_INTERESTS_MAX}
            aria-describedby="register-step-hint"
            onClick={() => goTo(3)}
          >
            Next
            <ArrowRight aria-hidden="true" className="size-5" />
          </Button>
        )}
        {step === 3 && (
          <Button size="lg" disabled={!allAnswered(personality)} aria-describedby="register-step-hint" onClick={() => goTo(4)}>
            Next
            <ArrowRight aria-hidden="true" className="size-5" />
          </Button>
        )}
        {step === 4 && (
          <Button
            size="lg"
            disabled={values.motivations.length === 0 || (values.lookingFor ?? '').trim().length > LOOKING_FOR_MAX || pending}
            aria-describedby="register-step-hint"
            onClick={() => void complete()}
          >
            <Check aria-hidden="true" className="size-5" />
            {pending ? 'Saving...' : 'Complete Registration'}
          </Button>
        )}
      </div>
    </>
  );
}
