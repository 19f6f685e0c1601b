import { z } from 'zod';
import { emailField } from './users';

/** Commands the admin CLI sends to a running server that owns the embedded database. */
export const controlCommand = z.discriminatedUnion('command', [
  z.object({ command: z.literal('grant'), email: emailField, role: z.enum(['host', 'admin']) }),
  z.object({ command: z.literal('revoke'), email: emailField, role: z.enum(['host', 'admin']) }),
  z.object({ command: z.literal('seed') }),
  // A one-time sign-in link for an admin, printed on the console (docs/decisions/0089).
  z.object({ command: z.literal('login-link'), email: emailField }),
]);
export type ControlCommand = z.infer<typeof controlCommand>;

/** What the running server answers to each command. */
export const controlResult = z.union([
  z.object({ id: z.number(), email: z.string(), role: z.enum(['host', 'admin']), granted: z.boolean() }),
  z.object({ id: z.number(), email: z.string(), role: z.enum(['host', 'admin']), revoked: z.boolean() }),
  z.object({ loaded: z.array(z.string()) }),
  z.object({ email: z.string(), link: z.string(), code: z.string(), expiresAt: z.string(), newAccount: z.boolean() }),
]);
