import { useMutation } from '@tanstack/react-query';
import { signUp } from './signup';

/** Sign up from a form inside the query scope: a code is mailed; nobody is signed in until it is entered. */
export function useSignup() {
  return useMutation({ mutationFn: signUp });
}
