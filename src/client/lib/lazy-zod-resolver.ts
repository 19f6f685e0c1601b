import type { FieldValues, Resolver } from 'react-hook-form';
import type * as z from 'zod/v4/core';

/**
 * zodResolver for a schema that loads with the form's first check, not with the page: zod and the
 * shared schemas are the largest JavaScript a form's page would otherwise load before it can paint.
 * The checks and their messages are zodResolver's own. A failed load is tried again at the next check.
 */
export function lazyZodResolver<S extends z.$ZodType<FieldValues, FieldValues>>(load: () => Promise<S>): Resolver<z.input<S>, unknown, z.output<S>> {
  let ready: Promise<Resolver<z.input<S>, unknown, z.output<S>>> | null = null;
  const resolver = () =>
    (ready ??= Promise.all([import('@hookform/resolvers/zod'), load()]).then(
      ([{ zodResolver }, schema]) => zodResolver(schema) as unknown as Resolver<z.input<S>, unknown, z.output<S>>,
      (err: unknown) => {
        ready = null;
        throw err;
      },
    ));
  return async (values, context, options) => (await resolver())(values, context, options);
}
