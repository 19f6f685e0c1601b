import { act, renderHook } from '@testing-library/react';
import { afterEach, expect, test, vi } from 'vitest';
import { useWakeLock } from './wake-lock';

/** navigator.wakeLock as a phone has it: request() gives a sentinel the browser may release itself. */
function fakeWakeLock({ refuse = false } = {}) {
  const sentinels: (EventTarget & { released: boolean; release: () => Promise<void> })[] = [];
  const request = vi.fn(async () => {
    if (refuse) throw new DOMException('Not allowed', 'NotAllowedError');
    const s = Object.assign(new EventTarget(), {
      released: false,
      release: vi.fn(async () => {
        if (s.released) return;
        s.released = true;
        s.dispatchEvent(new Event('release'));
      }),
    });
    sentinels.push(s);
    return s;
  });
  Object.defineProperty(navigator, 'wakeLock', { configurable: true, value: { request } });
  return { request, sentinels, held: () => sentinels.filter((s) => !s.released) };
}

let visibility: DocumentVisibilityState = 'visible';
function setVisibility(v: DocumentVisibilityState) {
  visibility = v;
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
  document.dispatchEvent(new Event('visibilitychange'));
}

afterEach(() => {
  delete (navigator as { wakeLock?: unknown }).wakeLock;
  delete (document as { visibilityState?: unknown }).visibilityState;
  visibility = 'visible';
});

const flush = () => act(async () => {});

test('keeps the screen on while enabled, and lets it dim when no longer needed', async () => {
  const lock = fakeWakeLock();
  const { rerender } = renderHook(({ on }) => useWakeLock(on), { initialProps: { on: true } });
  await flush();
  expect(lock.request).toHaveBeenCalledWith('screen');
  expect(lock.held()).toHaveLength(1);

  rerender({ on: false });
  await flush();
  expect(lock.held()).toHaveLength(0);
});

test('asks for nothing while disabled', async () => {
  const lock = fakeWakeLock();
  renderHook(() => useWakeLock(false));
  await flush();
  expect(lock.request).not.toHaveBeenCalled();
});

test('takes the lock again when the guest comes back to the page', async () => {
  const lock = fakeWakeLock();
  setVisibility('visible');
  renderHook(() => useWakeLock(true));
  await flush();

  // Switching apps: the browser releases the lock by itself.
  setVisibility('hidden');
  await act(() => lock.sentinels[0]!.release());
  await flush();
  expect(lock.request).toHaveBeenCalledTimes(1);

  setVisibility('visible');
  await flush();
  expect(lock.request).toHaveBeenCalledTimes(2);
  expect(lock.held()).toHaveLength(1);
});

test('does not ask twice while it holds the lock', async () => {
  const lock = fakeWakeLock();
  renderHook(() => useWakeLock(true));
  await flush();
  setVisibility('visible');
  await flush();
  expect(lock.request).toHaveBeenCalledTimes(1);
});

test('a lock granted after leaving the page is given back at once', async () => {
  const lock = fakeWakeLock();
  const { unmount } = renderHook(() => useWakeLock(true));
  unmount();
  await flush();
  expect(lock.sentinels).toHaveLength(1);
  expect(lock.held()).toHaveLength(0);
});

test('a refusal or a browser without wake lock is silent', async () => {
  const refusing = fakeWakeLock({ refuse: true });
  const refused = renderHook(() => useWakeLock(true));
  await flush();
  expect(refusing.request).toHaveBeenCalled();
  refused.unmount();

  delete (navigator as { wakeLock?: unknown }).wakeLock;
  const without = renderHook(() => useWakeLock(true));
  await flush();
  without.unmount();
});
