import { useMutation, useQueryClient } from '@tanstack/react-query';
import { signUp } from './signup';

/** Sign up from a form inside the query scope; on success every cached answer (of anyone before) is forgotten. */
export function useSignup() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: signUp, onSuccess: () => qc.removeQueries() });
}
