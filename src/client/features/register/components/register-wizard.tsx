import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { registerWizardForm, type RegisterWizardInput, type RegisterWizardValues } from '@shared/schemas/register';
import type { User } from '@shared/schemas/users';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { Spinner } from '@client/components/ui/spinner';
import { useMember } from '../api/register';
import { saveDraft } from '../lib/draft';
import { useCompleteRegistration } from '../hooks/use-complete-registration';
import { startingDraft, toDraft, type Step } from '../lib/starting-draft';
import { RegisterComplete } from './register-complete';
import { InterestsStep } from './register-steps/interests-step';
import { MotivationsStep } from './register-steps/motivations-step';
import { PERSONAL, PersonalStep } from './register-steps/personal-step';
import { PersonalityStep } from './register-steps/personality-step';
import { StepFooter } from './register-steps/step-footer';
import { FailureAlert, LoginPrompt } from './register-steps/wizard-notices';
import { STEP_TITLES, WizardProgress } from './register-steps/wizard-progress';

/**
 * The registration wizard (/register, docs/spec/organiser-tools.md §2.18, §4 and §5): personal
 * details, interests, personality, motivations, then a completion screen. A signed-in member's
 * answers are saved to their profile; a visitor finishes by signing up (or logs in first, keeping
 * the draft). The draft survives a reload until the wizard is completed.
 */
export function RegisterWizard({ memberId }: { memberId: number | null }) {
  const member = useMember(memberId);
  const loading = memberId !== null && member.isPending;
  // Once shown, the wizard stays mounted: a visitor who signs up at the end becomes a member
  // (a new memberId) while the completion screen is on show.
  const [started, setStarted] = useState(!loading);
  if (!started && !loading) setStarted(true);
  if (!started) return <Spinner label="Loading your profile" />;
  if (memberId !== null && member.isError && !member.data) {
    return (
      <Card role="alert" className="text-center">
        <p className="text-lg font-semibold text-wine-900">We couldn't load your profile</p>
        <p className="mt-1 text-muted">Please check your connection and try again.</p>
        <Button variant="outline" className="mt-4" onClick={() => void member.refetch()}>
          Try again
        </Button>
      </Card>
    );
  }
  return <Wizard memberId={memberId} member={member.data ?? null} />;
}

function Wizard({ memberId, member }: { memberId: number | null; member: User | null }) {
  const [{ step: firstStep, ...startingValues }] = useState(() => startingDraft(member));
  const [step, setStep] = useState<Step>(firstStep);
  // Checked when a step is left (Next, Complete Registration); a field's message clears when it is edited.
  const form = useForm<RegisterWizardInput, unknown, RegisterWizardValues>({
    resolver: zodResolver(registerWizardForm),
    defaultValues: startingValues,
    reValidateMode: 'onSubmit',
  });
  const { errors } = form.formState;
  const values = form.watch();
  const [failure, setFailure] = useState<{ text: string; taken: boolean } | null>(null);
  const [done, setDone] = useState<User | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);

  // The draft follows every answer and step until the wizard is completed.
  useEffect(() => {
    if (done) return;
    saveDraft(toDraft(step, form.getValues()));
    const watching = form.watch(() => saveDraft(toDraft(step, form.getValues())));
    return () => watching.unsubscribe();
  }, [form, step, done]);

  // A new step: its heading takes the focus (not on first paint, where the page title leads).
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    heading.current?.focus();
  }, [step]);

  const userId = memberId;

  const goTo = (next: Step) => {
    setFailure(null);
    setStep(next);
  };

  const { complete, pending } = useCompleteRegistration({ form, userId, goTo, setFailure, setDone });

  if (done) return <RegisterComplete user={done} />;

  // Step 1's messages show under their fields, and the first field with one takes the focus.
  const nextFromPersonal = async () => {
    if (await form.trigger(PERSONAL, { shouldFocus: true })) goTo(2);
  };

  const personalErrors = PERSONAL.some((k) => errors[k]);
  /** A text field whose message clears as soon as it is edited. */
  const editable = (name: (typeof PERSONAL)[number] | 'lookingFor') => form.register(name, { onChange: () => form.clearErrors(name) });

  return (
    <div className="space-y-5">
      {userId === null && <LoginPrompt />}

      <WizardProgress step={step} />

      <Card>
        <h2 ref={heading} tabIndex={-1} className="mb-5 text-2xl font-semibold text-wine-900 focus:outline-none">
          {STEP_TITLES[step - 1]}
        </h2>

        {step === 1 && (
          <PersonalStep
            field={editable}
            errors={{ name: errors.name?.message, email: errors.email?.message, age: errors.age?.message }}
            emailLocked={userId !== null}
          />
        )}
        {step === 2 && (
          <Controller control={form.control} name="interests" render={({ field }) => <InterestsStep chosen={field.value} onChange={field.onChange} />} />
        )}
        {step === 3 && (
          <Controller
            control={form.control}
            name="personality"
            render={({ field }) => <PersonalityStep answers={field.value} onAnswer={(q, v) => field.onChange({ ...field.value, [q]: v })} />}
          />
        )}
        {step === 4 && (
          <Controller
            control={form.control}
            name="motivations"
            render={({ field }) => (
              <MotivationsStep
                chosen={field.value}
                onChange={field.onChange}
                lookingFor={values.lookingFor ?? ''}
                lookingForField={editable('lookingFor')}
                lookingForError={errors.lookingFor?.message}
              />
            )}
          />
        )}

        {failure && <FailureAlert failure={failure} />}

        <StepFooter
          step={step}
          values={values}
          personalErrors={personalErrors}
          pending={pending}
          goTo={goTo}
          nextFromPersonal={nextFromPersonal}
          complete={complete}
        />
      </Card>
    </div>
  );
}
