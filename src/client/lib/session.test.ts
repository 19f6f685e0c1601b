import { expect, test, vi } from 'vitest';
import { forgetUser, isSignedIn, KEYS, rememberUser, resetStorageFor, storedUserId, subscribe } from './session';

test('a remembered member is signed in with their id', () => {
  expect(isSignedIn()).toBe(false);
  rememberUser(7, 'priya@speedfriendship.test');
  expect(storedUserId()).toBe(7);
  expect(isSignedIn()).toBe(true);
  expect(localStorage.getItem(KEYS.email)).toBe('priya@speedfriendship.test');
});

test('forgetting the member signs them out but keeps other local data', () => {
  rememberUser(7, 'priya@speedfriendship.test');
  localStorage.setItem(KEYS.contactsReleased, 'true');
  forgetUser();
  expect(isSignedIn()).toBe(false);
  expect(storedUserId()).toBeNull();
  expect(localStorage.getItem(KEYS.contactsReleased)).toBe('true');
});

test.each([
  ['0', 'a@b.test'],
  ['-3', 'a@b.test'],
  ['1.5', 'a@b.test'],
  ['seven', 'a@b.test'],
  ['7', 'not-an-email'],
  ['7', ''],
])('a stored id %j with e-mail %j is not signed in', (id, email) => {
  localStorage.setItem(KEYS.userId, id);
  localStorage.setItem(KEYS.email, email);
  expect(isSignedIn()).toBe(false);
});

test('a new waitlist sign-up clears everything the last person left behind', () => {
  rememberUser(3, 'old@speedfriendship.test');
  localStorage.setItem(KEYS.contactsReleased, 'true');
  localStorage.setItem('something-else', 'x');
  resetStorageFor(9, 'new@speedfriendship.test');
  expect(storedUserId()).toBe(9);
  expect(localStorage.getItem(KEYS.contactsReleased)).toBeNull();
  expect(localStorage.getItem('something-else')).toBeNull();
});

test('listeners hear sign-in and sign-out in this tab and in other tabs, until they unsubscribe', () => {
  const listener = vi.fn();
  const unsubscribe = subscribe(listener);
  rememberUser(7, 'priya@speedfriendship.test');
  forgetUser();
  window.dispatchEvent(new StorageEvent('storage', { key: KEYS.userId }));
  expect(listener).toHaveBeenCalledTimes(3);

  unsubscribe();
  rememberUser(7, 'priya@speedfriendship.test');
  window.dispatchEvent(new StorageEvent('storage', { key: KEYS.userId }));
  expect(listener).toHaveBeenCalledTimes(3);
});
