import { expect, test } from 'vitest';
import { appQueryClient } from '@client/lib/app-query-client';
import { createQueryClient } from '@client/lib/query-client';
import { isSignedIn } from '@client/lib/session';
import { fakeServer, Reply, signIn } from '@client/test/render';
import { logOut } from './logout';

/** What the last member's screens read, in the app's query client. */
function cachedAnswers() {
  const client = appQueryClient(createQueryClient);
  client.setQueryData(['users', 7], { id: 7, name: 'Alex Morgan' });
  return client;
}

test('logOut ends the server session and forgets the member and every cached answer', async () => {
  signIn(7, 'alex@speedfriendship.test');
  const client = cachedAnswers();
  const server = fakeServer({ 'POST /api/auth/logout': new Reply(204, undefined) });
  await logOut();
  expect(server.calls.map((c) => `${c.method} ${c.url.pathname}`)).toEqual(['POST /api/auth/logout']);
  expect(isSignedIn()).toBe(false);
  expect(client.getQueryData(['users', 7])).toBeUndefined();
});

test('with the network gone, logOut still forgets the member and the cached answers here, and says it failed', async () => {
  signIn(7, 'alex@speedfriendship.test');
  const client = cachedAnswers();
  fakeServer({ 'POST /api/auth/logout': () => Promise.reject(new TypeError('Failed to fetch')) });
  await expect(logOut()).rejects.toThrow();
  expect(isSignedIn()).toBe(false);
  expect(client.getQueryData(['users', 7])).toBeUndefined();
});
