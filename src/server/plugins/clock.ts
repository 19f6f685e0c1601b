import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's clock: the real time, or a fixed one a test gives buildApp({ now }). */
    now: () => Date;
  }
}

/**
 * Rules that depend on "now" read it here (so far: a new evening must start in the future, as
 * past days cannot be picked, docs/spec/organiser-tools.md §2.14 and its validation list), so
 * tests can set the time instead of skipping around midnight.
 */
export const clockPlugin = fp<{ now?: (() => Date) | undefined }>(
  async (app, opts) => {
    app.decorate('now', opts.now ?? (() => new Date()));
  },
  { name: 'clock' },
);
