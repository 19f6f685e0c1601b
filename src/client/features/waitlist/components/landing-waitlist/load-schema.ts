import type { waitlistForm } from '@shared/schemas/users';

/**
 * zod is the largest piece of JavaScript this page would need, and only a submit needs it: the
 * schema loads when the visitor first touches the form (or presses Join), not with the first paint
 * of /. The form itself is plain React state for the same reason (a form library would be the next
 * largest piece): five fields, checked on submit.
 */
let schema: Promise<typeof waitlistForm> | null = null;
export function loadSchema() {
  schema ??= import('@shared/schemas/users').then(
    (m) => m.waitlistForm,
    (err: unknown) => {
      schema = null;
      throw err;
    },
  );
  return schema;
}
