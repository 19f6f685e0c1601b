import { z } from 'zod';

/** Numeric id in a path: a positive integer. */
export const idParam = z.coerce
  .number({ error: 'Expected a numeric id' })
  .int('Expected a numeric id')
  .positive('Expected a numeric id')
  .max(2_147_483_647, 'Expected a numeric id');

export const idParams = z.object({ id: idParam });

/** The error body every failing API answer carries. */
export const errorBody = z.object({
  message: z.string(),
  error: z.string(),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ErrorBody = z.infer<typeof errorBody>;

export const messageBody = z.object({ message: z.string() });

/** A 204 answer: no body at all. */
export const noContent = z.undefined().describe('No content');
