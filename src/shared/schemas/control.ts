import { z } from 'zod';
import { emailField } from './users';

/** Commands the admin CLI sends to a running server that owns the embedded database. */
export const controlCommand = z.discriminatedUnion('command', [
  z.object({ command: z.literal('grant'), email: emailField, role: z.enum(['host', 'admin']) }),
  z.object({ command: z.literal('revoke'), email: emailField, role: z.enum(['host', 'admin']) }),
  z.object({ command: z.literal('seed') }),
]);
export type ControlCommand = z.infer<typeof controlCommand>;

/** What the running server answers to each command. */
export const controlResult = z.union([
  z.object({ id: z.number(), email: z.string(), role: z.enum(['host', 'admin']), granted: z.boolean() }),
  z.object({ id: z.number(), email: z.string(), role: z.enum(['host', 'admin']), revoked: z.boolean() }),
  z.object({ loaded: z.array(z.string()) }),
]);
export type ControlResult = z.infer<typeof controlResult>;
