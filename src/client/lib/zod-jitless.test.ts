import { expect, test } from 'vitest';

test('zod built after the client set-up runs without eval (no CSP violation), and keeps its other settings', async () => {
  await import('./zod-jitless');
  const { config } = await import('zod/v4/core');
  expect(config().jitless).toBe(true);
  // The same object zod uses: a schema still parses.
  const { z } = await import('zod');
  expect(z.object({ a: z.number() }).parse({ a: 1 })).toEqual({ a: 1 });
  expect(config().jitless).toBe(true);
});
