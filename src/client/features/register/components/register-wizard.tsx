import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft, ArrowRight, Check, LogIn, TriangleAlert } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import {
  LOOKING_FOR_MAX,
  REGISTER_INTERESTS_MAX,
  REGISTER_INTERESTS_MIN,
  REGISTER_STEPS,
  registerProgress,
  type PersonalityAnswers,
} from '@shared/domain/personality';
import { MESSAGES, registerWizardForm, type RegisterAnswersBody, type RegisterWizardInput, type RegisterWizardValues } from '@shared/schemas/register';
import type { User } from '@shared/schemas/users';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { Spinner } from '@client/components/ui/spinner';
import { cn } from '@client/components/ui/cn';
import { ApiError, messageOf, NetworkError } from '@client/lib/api';
import { useMember, useSaveAnswers, useWizardSignup } from '../api/register';
import { allAnswered, answeredCount, clearDraft, saveDraft } from '../lib/draft';
import { startingDraft, toDraft, type Step } from '../lib/starting-draft';
import { RegisterComplete } from './register-complete';
import { InterestsStep } from './register-steps/interests-step';
import { MotivationsStep } from './register-steps/motivations-step';
import { PERSONAL, PersonalStep } from './register-steps/personal-step';
import { PersonalityStep } from './register-steps/personality-step';
import { interestsHint, personalHint, personalityHint, StepHint } from './register-steps/step-hint';

const STEP_TITLES = ['Personal details', 'Your interests', 'Your personality', 'What brings you here'] as const;
const LOGIN_HREF = `/login?next=${encodeURIComponent('/register')}`;

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
  const personality: Partial<PersonalityAnswers> = values.personality;
  const [failure, setFailure] = useState<{ text: string; taken: boolean } | null>(null);
  const [done, setDone] = useState<User | null>(null);
  const signup = useWizardSignup();
  const navigate = useNavigate();
  const saveAnswers = useSaveAnswers();
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

  if (done) return <RegisterComplete user={done} />;

  // Step 1's messages show under their fields, and the first field with one takes the focus.
  const nextFromPersonal = async () => {
    if (await form.trigger(PERSONAL, { shouldFocus: true })) goTo(2);
  };

  const complete = form.handleSubmit(
    async ({ email, ...answers }) => {
      setFailure(null);
      const body: RegisterAnswersBody = answers;
      const id = userId;
      try {
        if (id === null) {
          // The code proves the address before there is an account (docs/decisions/0070): the answers
          // wait in this browser's draft, and /login brings the new member back here to save them.
          const sent = await signup.mutateAsync({ name: answers.name, email, age: answers.age, interests: answers.interests });
          navigate('/login?next=%2Fregister', { state: { email: sent.email } });
          return;
        }
        const saved = await saveAnswers.mutateAsync({ userId: id, body });
        clearDraft();
        setDone(saved);
        toast.success('Profile Complete', { description: 'Your answers are saved to your profile.' });
      } catch (err) {
        const taken = id === null && err instanceof ApiError && err.status === 409;
        const text =
          err instanceof NetworkError
            ? 'Network error. Please try again.'
            : id === null
              ? `Error: ${messageOf(err, 'Failed to sign up')}`
              : `Your answers were not saved: ${messageOf(err, 'please try again.')}`;
        setFailure({ text, taken });
        if (!(err instanceof ApiError) && !(err instanceof NetworkError)) console.error('Registration failed', err);
      }
    },
    // An earlier step's answer is not valid (a draft from storage): back to that step, as it was left.
    (invalid) => {
      const back = PERSONAL.some((k) => invalid[k]) ? 1 : invalid.interests ? 2 : invalid.personality ? 3 : null;
      if (back === null) return;
      form.clearErrors();
      goTo(back);
    },
  );

  const pending = signup.isPending || saveAnswers.isPending;
  const progress = registerProgress(step);
  const personalErrors = PERSONAL.some((k) => errors[k]);
  /** A text field whose message clears as soon as it is edited. */
  const editable = (name: (typeof PERSONAL)[number] | 'lookingFor') => form.register(name, { onChange: () => form.clearErrors(name) });

  return (
    <div className="space-y-5">
      {userId === null && (
        <p className="rounded-2xl bg-apricot-50 px-4 py-3 text-ink">
          Already a member?{' '}
          <Link to={LOGIN_HREF} className="inline-flex min-h-11 items-center gap-1 font-semibold text-wine-700 underline underline-offset-4">
            <LogIn aria-hidden="true" className="size-4" />
            Log in to save your answers
          </Link>{' '}
          <span className="text-muted">(we keep what you've filled in).</span>
        </p>
      )}

      <div className="space-y-2">
        <div className="flex items-center justify-between text-sm font-semibold text-wine-800">
          <span>
            Step {step} of {REGISTER_STEPS}
          </span>
          <span aria-hidden="true">{progress}%</span>
        </div>
        <div
          role="progressbar"
          aria-label="Registration progress"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={progress}
          aria-valuetext={`Step ${step} of ${REGISTER_STEPS}: ${STEP_TITLES[step - 1]}`}
          className="h-3 overflow-hidden rounded-full bg-wine-100"
        >
          <div className="h-full rounded-full bg-wine-700 transition-[width] duration-300" style={{ width: `${progress}%` }} />
        </div>
        <ol className="grid grid-cols-4 gap-2 text-xs text-muted" aria-label="Steps">
          {STEP_TITLES.map((title, i) => (
            <li key={title} className={cn('leading-tight', i + 1 === step && 'font-semibold text-wine-900')} aria-current={i + 1 === step ? 'step' : undefined}>
              {title}
            </li>
          ))}
        </ol>
      </div>

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

        {failure && (
          <div role="alert" className="mt-5 flex gap-3 rounded-2xl border border-red-200 bg-red-50 p-4 text-red-800">
            <TriangleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
            <div className="space-y-1">
              <p className="font-medium">{failure.text}</p>
              {failure.taken && (
                <p>
                  <Link to={LOGIN_HREF} className="inline-flex min-h-11 items-center font-semibold text-red-900 underline underline-offset-4">
                    Log in to save your answers
                  </Link>
                </p>
              )}
            </div>
          </div>
        )}

        {step === 1 && <StepHint ok={personalHint(values, personalErrors).ok}>{personalHint(values, personalErrors).text}</StepHint>}
        {step === 2 && <StepHint ok={values.interests.length >= REGISTER_INTERESTS_MIN}>{interestsHint(values.interests.length)}</StepHint>}
        {step === 3 && <StepHint ok={allAnswered(personality)}>{personalityHint(answeredCount(personality))}</StepHint>}
        {step === 4 && (
          <StepHint ok={values.motivations.length > 0}>{values.motivations.length > 0 ? 'Ready when you are.' : MESSAGES.motivationsMin}</StepHint>
        )}
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
      </Card>
    </div>
  );
}
