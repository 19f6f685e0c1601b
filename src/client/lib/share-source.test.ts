import { afterEach, expect, test } from 'vitest';
import { forgetShareSource, rememberShareSource, shareSource, withShareSource } from './share-source';

afterEach(() => sessionStorage.clear());

test('remembers one of the six platforms from ?source=, for the session', () => {
  expect(shareSource()).toBeNull();
  rememberShareSource('?event=3&source=facebook');
  expect(shareSource()).toBe('facebook');
  // Survives the waitlist form clearing local storage.
  localStorage.clear();
  expect(withShareSource({ email: 'a@b.co' })).toEqual({ email: 'a@b.co', source: 'facebook' });
  // A later page without a source keeps it; another platform replaces it.
  rememberShareSource('');
  expect(shareSource()).toBe('facebook');
  rememberShareSource('?source=local');
  expect(shareSource()).toBe('local');
  forgetShareSource();
  expect(withShareSource({ email: 'a@b.co' })).toEqual({ email: 'a@b.co' });
});

test('ignores unknown or tampered sources', () => {
  for (const search of ['?source=myspace', '?source=FACEBOOK', '?source=', '?source=facebook%00']) rememberShareSource(search);
  expect(shareSource()).toBeNull();
  sessionStorage.setItem('shareSource', 'myspace');
  expect(shareSource()).toBeNull();
  expect(withShareSource({ n: 1 })).toEqual({ n: 1 });
});
