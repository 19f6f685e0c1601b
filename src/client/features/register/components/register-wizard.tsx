import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft, ArrowRight, Check, LogIn, TriangleAlert } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Controller, useForm, type UseFormRegisterReturn } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { AGE } from '@shared/domain/constants';
import {
  LOOKING_FOR_MAX,
  PERSONALITY_QUESTIONS,
  PERSONALITY_SCALE,
  PERSONALITY_TEXT,
  personalityDescription,
  REGISTER_INTERESTS,
  REGISTER_INTERESTS_MAX,
  REGISTER_INTERESTS_MIN,
  REGISTER_MOTIVATIONS,
  REGISTER_STEPS,
  registerProgress,
  type PersonalityAnswers,
  type PersonalityQuestion,
} from '@shared/domain/personality';
import {
  MESSAGES,
  registerPersonalForm,
  registerWizardForm,
  type RegisterAnswersBody,
  type RegisterWizardInput,
  type RegisterWizardValues,
} from '@shared/schemas/register';
import type { User } from '@shared/schemas/users';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { TextAreaField, TextField } from '@client/components/ui/field';
import { Spinner } from '@client/components/ui/spinner';
import { cn } from '@client/components/ui/cn';
import { ApiError, messageOf, NetworkError } from '@client/lib/api';
import { useMember, useSaveAnswers, useWizardSignup } from '../api/register';
import { allAnswered, answeredCount, clearDraft, emptyDraft, loadDraft, saveDraft, type RegisterDraft } from '../lib/draft';
import { RegisterComplete } from './register-complete';

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

/** Whether a saved answer is one of the options offered now. */
const among = <T extends string>(options: readonly T[], value: string): value is T => (options as readonly string[]).includes(value);

/** The draft to start from: the stored one, else (for a member) what their profile already holds. */
function startingDraft(member: User | null): RegisterDraft {
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

type Step = RegisterDraft['step'];
const PERSONAL = ['name', 'email', 'age'] as const;

/** The form's values as the draft keeps them (the step is the wizard's, not the form's). */
const toDraft = (step: Step, v: RegisterWizardInput): RegisterDraft => ({
  step,
  name: v.name,
  email: v.email,
  age: v.age,
  interests: v.interests,
  personality: v.personality,
  motivations: v.motivations,
  lookingFor: v.lookingFor ?? '',
});

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

/**
 * Step 1's hint agrees with the fields: "All set" only when the details pass the same rules the
 * Next button checks (an age of 17 is not all set), and never beside a field's error.
 */
function personalHint(draft: Pick<RegisterWizardInput, 'name' | 'email' | 'age'>, hasErrors: boolean): { ok: boolean; text: string } {
  if (hasErrors) return { ok: false, text: 'Correct the highlighted details to continue.' };
  if (!(draft.name.trim() && draft.email.trim() && draft.age.trim())) return { ok: false, text: 'Fill in your name, email and age to continue.' };
  const parsed = registerPersonalForm.safeParse({ name: draft.name, email: draft.email, age: draft.age });
  return parsed.success ? { ok: true, text: 'All set: press Next.' } : { ok: false, text: 'Check your details: some are not valid yet.' };
}

function interestsHint(n: number) {
  if (n < REGISTER_INTERESTS_MIN) return `${MESSAGES.interestsMin} (${n} chosen).`;
  if (n >= REGISTER_INTERESTS_MAX) return `That's the most you can choose: ${REGISTER_INTERESTS_MAX} of ${REGISTER_INTERESTS_MAX} chosen.`;
  return `${n} of ${REGISTER_INTERESTS_MAX} chosen.`;
}

function personalityHint(n: number) {
  return n < PERSONALITY_QUESTIONS.length ? `${MESSAGES.personality} (${n} of 5 answered).` : 'All five answered.';
}

/** Why Next is (not yet) available, read out as it changes. */
function StepHint({ ok, children }: { ok: boolean; children: ReactNode }) {
  return (
    <p id="register-step-hint" aria-live="polite" className={cn('mt-5 text-sm font-medium', ok ? 'text-emerald-800' : 'text-wine-800')}>
      {children}
    </p>
  );
}

function PersonalStep({
  field,
  errors,
  emailLocked,
}: {
  field: (name: (typeof PERSONAL)[number]) => UseFormRegisterReturn;
  errors: Partial<Record<(typeof PERSONAL)[number], string>>;
  emailLocked: boolean;
}) {
  return (
    <div className="space-y-5">
      <TextField id="register-name" label="Full name" autoComplete="name" autoCapitalize="words" error={errors.name} {...field('name')} />
      <TextField
        id="register-email"
        label="Email address"
        type="email"
        autoComplete="email"
        inputMode="email"
        autoCapitalize="none"
        spellCheck={false}
        placeholder="you@example.com"
        readOnly={emailLocked}
        hint={emailLocked ? 'The email you log in with. It stays as it is.' : undefined}
        error={errors.email}
        {...field('email')}
      />
      <TextField
        id="register-age"
        label="Age"
        type="number"
        inputMode="numeric"
        min={AGE.min}
        max={AGE.max}
        className="[&_input]:max-w-40"
        hint="You need to be 18 or over."
        error={errors.age}
        {...field('age')}
      />
    </div>
  );
}

const chip =
  'flex min-h-12 cursor-pointer items-center gap-2 rounded-2xl border-2 px-3 py-2 font-semibold break-words transition-colors has-[:focus-visible]:ring-4 has-[:focus-visible]:ring-wine-300';

function InterestsStep({ chosen, onChange }: { chosen: RegisterDraft['interests']; onChange: (next: RegisterDraft['interests']) => void }) {
  const full = chosen.length >= REGISTER_INTERESTS_MAX;
  return (
    <fieldset>
      <legend className="mb-3 text-ink">
        Pick {REGISTER_INTERESTS_MIN} to {REGISTER_INTERESTS_MAX} things you love. We use them to suggest people to chat with.
      </legend>
      <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3">
        {REGISTER_INTERESTS.map((interest) => {
          const on = chosen.includes(interest);
          const disabled = !on && full;
          return (
            <li key={interest}>
              <label
                className={cn(
                  chip,
                  on ? 'border-wine-700 bg-wine-700 text-white' : 'border-wine-100 bg-white text-wine-900 hover:border-wine-300',
                  disabled && 'cursor-not-allowed opacity-50 hover:border-wine-100',
                )}
              >
                <input
                  type="checkbox"
                  className="sr-only"
                  checked={on}
                  disabled={disabled}
                  onChange={() => onChange(on ? chosen.filter((i) => i !== interest) : [...chosen, interest])}
                />
                <Check aria-hidden="true" className={cn('size-4 shrink-0', on ? 'opacity-100' : 'opacity-0')} />
                {interest}
              </label>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}

function PersonalityStep({ answers, onAnswer }: { answers: RegisterDraft['personality']; onAnswer: (q: PersonalityQuestion, v: number) => void }) {
  const scale = Array.from({ length: PERSONALITY_SCALE.max - PERSONALITY_SCALE.min + 1 }, (_, i) => PERSONALITY_SCALE.min + i);
  return (
    <div className="space-y-6">
      <p className="text-ink">How much is each one like you? 1 is not like me at all, 5 is very like me.</p>
      {PERSONALITY_QUESTIONS.map((q) => {
        const value = answers[q];
        const described = value === undefined ? null : personalityDescription(q, value);
        return (
          <fieldset key={q} className="space-y-2 border-t border-wine-100 pt-4 first-of-type:border-t-0 first-of-type:pt-0">
            <legend className="float-left w-full">
              <span className="block text-lg font-semibold text-wine-900">{PERSONALITY_TEXT[q].trait}</span>
              <span className="block text-ink">{PERSONALITY_TEXT[q].question}</span>
            </legend>
            <div className="clear-both grid grid-cols-5 gap-2 pt-1">
              {scale.map((v) => (
                <label
                  key={v}
                  className={cn(
                    'flex min-h-12 cursor-pointer flex-col items-center justify-center rounded-2xl border-2 text-lg font-bold transition-colors has-[:focus-visible]:ring-4 has-[:focus-visible]:ring-wine-300',
                    value === v ? 'border-wine-700 bg-wine-700 text-white' : 'border-wine-100 bg-white text-wine-900 hover:border-wine-300',
                  )}
                >
                  <input type="radio" className="sr-only" name={`personality-${q}`} value={v} checked={value === v} onChange={() => onAnswer(q, v)} />
                  {v}
                  <span className="sr-only">{v === 1 ? ' (not like me at all)' : v === 5 ? ' (very like me)' : ''}</span>
                </label>
              ))}
            </div>
            <div aria-hidden="true" className="flex justify-between text-xs text-muted">
              <span>Not like me</span>
              <span>Very like me</span>
            </div>
            {described && (
              <p className="text-sm text-wine-800">
                <span className="font-semibold">{described.band}:</span> {described.text}
              </p>
            )}
          </fieldset>
        );
      })}
    </div>
  );
}

function MotivationsStep({
  chosen,
  onChange,
  lookingFor,
  lookingForField,
  lookingForError,
}: {
  chosen: RegisterDraft['motivations'];
  onChange: (next: RegisterDraft['motivations']) => void;
  lookingFor: string;
  lookingForField: UseFormRegisterReturn;
  lookingForError: string | undefined;
}) {
  const tooLong = lookingFor.trim().length > LOOKING_FOR_MAX;
  return (
    <div className="space-y-6">
      <fieldset>
        <legend className="mb-3 text-ink">Why would you like to come along? Choose as many as fit.</legend>
        <ul className="grid gap-2 sm:grid-cols-2">
          {REGISTER_MOTIVATIONS.map((m) => {
            const on = chosen.includes(m);
            return (
              <li key={m}>
                <label
                  className={cn(chip, 'w-full', on ? 'border-wine-700 bg-wine-700 text-white' : 'border-wine-100 bg-white text-wine-900 hover:border-wine-300')}
                >
                  <input type="checkbox" className="sr-only" checked={on} onChange={() => onChange(on ? chosen.filter((x) => x !== m) : [...chosen, m])} />
                  <Check aria-hidden="true" className={cn('size-4 shrink-0', on ? 'opacity-100' : 'opacity-0')} />
                  {m}
                </label>
              </li>
            );
          })}
        </ul>
      </fieldset>
      <TextAreaField
        label={
          <>
            What are you looking for? <span className="font-normal text-muted">(optional)</span>
          </>
        }
        rows={4}
        maxLength={LOOKING_FOR_MAX + 50}
        placeholder="A walking buddy, a pub quiz team, people to try new restaurants with…"
        hint={`${lookingFor.trim().length}/${LOOKING_FOR_MAX}`}
        error={tooLong ? MESSAGES.lookingFor : lookingForError}
        {...lookingForField}
      />
    </div>
  );
}
