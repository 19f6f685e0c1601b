import { z } from 'zod';
import { storedText } from './common';
import { emailField, role } from './users';

export const loginBody = z.object({ email: emailField });
export type LoginBody = z.input<typeof loginBody>;

/** POST /api/auth/unlock: the one-time link of a lock notice (/unlock#token=…, 32 random bytes in base64url). */
export const unlockBody = z.object({
  token: z
    .string({ error: 'This link is incomplete. Open it again from the e-mail.' })
    .regex(/^[A-Za-z0-9_-]{43}$/, 'This link is incomplete. Open it again from the e-mail.'),
});
export type UnlockBody = z.input<typeof unlockBody>;

export const verifyBody = z.object({
  email: emailField,
  code: z
    .string({ error: 'Enter the 6-digit code from your email' })
    .trim()
    .regex(/^\d{6}$/, 'Enter the 6-digit code from your email'),
});
export type VerifyBody = z.input<typeof verifyBody>;

export const loginResponse = z.object({ id: z.number(), email: z.string(), name: z.string() });
export type LoginResponse = z.infer<typeof loginResponse>;

export const meResponse = loginResponse.extend({ roles: z.array(role) });
export type Me = z.infer<typeof meResponse>;

export const loginStarted = z.object({ message: z.string(), email: z.string() });
export type LoginStarted = z.infer<typeof loginStarted>;

/** Client login form (docs/spec/member-app.md §5: e-mail required, of e-mail type). */
export const loginForm = z.object({
  email: storedText().trim().min(1, 'Required').email('Please enter a valid email address'),
});
export const codeForm = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'Enter the 6-digit code from your email'),
});
