import type { WaitlistFormInput } from '@shared/schemas/users';

export type FieldName = keyof WaitlistFormInput;
export type Errors = Partial<Record<FieldName | 'root', string>>;

export const EMPTY: WaitlistFormInput = { name: '', email: '', age: '', bio: '', interests: '' };
export const FIELDS = Object.keys(EMPTY) as FieldName[];

export interface Failure {
  text: string;
  /** 409: the e-mail already has an account, so point to the login. */
  taken: boolean;
}
