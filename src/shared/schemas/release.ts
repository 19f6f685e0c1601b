import { z } from 'zod';

/** A git commit: 7 to 40 hexadecimal digits, as `git rev-parse` (or its short form) prints it. */
export const releaseCommit = z
  .string()
  .regex(/^[0-9a-f]{7,40}$/i, 'must be a git commit (7-40 hexadecimal digits)')
  .transform((s) => s.toLowerCase());

/**
 * `release.json`, written beside the built client by `npm run build` (vite.config.ts): the commit the
 * build was made from and when. Either may be null (a build outside a git checkout).
 */
export const releaseFile = z.object({
  version: z.string().min(1).optional(),
  commit: releaseCommit.nullable(),
  builtAt: z.iso.datetime().nullable(),
});
export type ReleaseFile = z.infer<typeof releaseFile>;

/**
 * GET /api/version: which release this instance runs (docs/decisions/0088). `version` is package.json's;
 * `commit` and `builtAt` are null when the build did not record them.
 */
export const release = z.object({
  version: z.string().min(1),
  commit: z
    .string()
    .regex(/^[0-9a-f]{7,40}$/)
    .nullable(),
  builtAt: z.iso.datetime().nullable(),
});
export type Release = z.infer<typeof release>;
