import { z } from 'zod';
import { storedText } from './common';
import { AGE } from '../domain/constants';
import { createUserBody, emailField, requiredNumber, role } from './users';

export const loginBody = z.object({ email: emailField });

/** POST /api/auth/unlock: the one-time link of a lock notice (/unlock#token=…, 32 random bytes in base64url). */
export const unlockBody = z.object({
  token: z
    .string({ error: 'This link is incomplete. Open it again from the e-mail.' })
    .regex(/^[A-Za-z0-9_-]{43}$/, 'This link is incomplete. Open it again from the e-mail.'),
});

const CODE_MESSAGE = 'Enter the 6-digit code from your email';

/** The 6-digit code as typed, pasted or autofilled: spaces and dashes ("123 456") are not part of it. */
const codeField = z
  .string({ error: CODE_MESSAGE })
  .transform((s) => s.replace(/[\s-]/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, CODE_MESSAGE));

/**
 * POST /api/auth/verify: the code, and for a new address with no sign-up form behind it, the
 * account's name and age (docs/decisions/0070); the share link the visit came by, when there was one.
 */
export const verifyBody = z.object({
  email: emailField,
  code: codeField,
  name: createUserBody.shape.name.optional(),
  age: createUserBody.shape.age.optional(),
  source: createUserBody.shape.source,
  sourceEventId: createUserBody.shape.sourceEventId,
});

export const loginResponse = z.object({ id: z.number(), email: z.string(), name: z.string() });

/** A right code for a new address with nothing to make the account from yet: the page asks for a name and age. */
export const profileNeeded = z.object({ needsProfile: z.literal(true), email: z.string(), message: z.string() });

/** POST /api/auth/verify's answer: signed in (`created` when the account is new), or a name and age still needed. */
export const verifyResponse = z.union([loginResponse.extend({ created: z.boolean() }), profileNeeded]);

export const meResponse = loginResponse.extend({ roles: z.array(role) });
export type Me = z.infer<typeof meResponse>;

export const loginStarted = z.object({ message: z.string(), email: z.string() });

/** Client login form (docs/spec/member-app.md §5: e-mail required, of e-mail type). */
export const loginForm = z.object({
  email: storedText().trim().min(1, 'Required').email('Please enter a valid email address'),
});
export const codeForm = z.object({ code: codeField });

/** The log-in page's last step for a new address: first name and age (18 or over), as the sign-up forms ask them. */
export const newAccountForm = z.object({
  name: createUserBody.shape.name,
  age: requiredNumber('Please enter your age').pipe(
    z.number().int('Age must be a whole number').min(AGE.min, 'Must be at least 18 years old').max(AGE.max, 'Invalid age'),
  ),
});
