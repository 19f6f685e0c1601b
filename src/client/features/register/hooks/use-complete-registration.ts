import type { UseFormReturn } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import type { RegisterAnswersBody, RegisterWizardInput, RegisterWizardValues } from '@shared/schemas/register';
import type { User } from '@shared/schemas/users';
import { ApiError, messageOf, NetworkError } from '@client/lib/api';
import { useSaveAnswers, useWizardSignup } from '../api/register';
import { PERSONAL } from '../components/register-steps/personal-step';
import { clearDraft } from '../lib/draft';
import type { Step } from '../lib/starting-draft';

/**
 * Complete Registration: a visitor signs up (and logs in to save the answers), a member saves
 * their answers; a failure is shown in the wizard, an earlier step's invalid answer sends the
 * wizard back to that step.
 */
export function useCompleteRegistration({
  form,
  userId,
  goTo,
  setFailure,
  setDone,
}: {
  form: UseFormReturn<RegisterWizardInput, unknown, RegisterWizardValues>;
  userId: number | null;
  goTo: (next: Step) => void;
  setFailure: (failure: { text: string; taken: boolean } | null) => void;
  setDone: (user: User) => void;
}) {
  const signup = useWizardSignup();
  const navigate = useNavigate();
  const saveAnswers = useSaveAnswers();

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

  return { complete, pending };
}
