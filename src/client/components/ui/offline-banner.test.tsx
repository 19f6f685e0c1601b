import { act, render, screen } from '@testing-library/react';
import { afterEach, expect, test, vi } from 'vitest';
import { OfflineBanner } from './offline-banner';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  sessionStorage.clear();
  localStorage.clear();
});

/** The browser's own connection state, as the phone reports it. */
function connection(initiallyOnline: boolean) {
  let online = initiallyOnline;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  return (to: boolean) =>
    act(() => {
      online = to;
      window.dispatchEvent(new Event(to ? 'online' : 'offline'));
    });
}

test('says since when the phone is offline, still after a reload, and goes when the connection returns', () => {
  vi.useFakeTimers({ now: new Date('2026-11-27T20:14:00Z') });
  const set = connection(true);
  const first = render(<OfflineBanner />);
  expect(screen.queryByText(/You are offline/)).not.toBeInTheDocument();

  set(false);
  expect(screen.getByRole('status')).toHaveTextContent('You are offline since 8:14 PM');

  // Reloaded twenty minutes later, still offline: the time the connection went, not the reload's.
  first.unmount();
  vi.setSystemTime(new Date('2026-11-27T20:34:00Z'));
  render(<OfflineBanner />);
  expect(screen.getByRole('status')).toHaveTextContent('You are offline since 8:14 PM');

  set(true);
  expect(screen.queryByText(/You are offline/)).not.toBeInTheDocument();
});

test('keeps the first instant in a new tab of the app, and when no banner was on screen as the line went', () => {
  vi.useFakeTimers({ now: new Date('2026-11-27T20:18:00Z') });
  const set = connection(true);
  // The connection goes while a screen without the banner is open.
  set(false);

  // Two minutes later the page is reloaded in another tab (its own session storage), still offline.
  vi.setSystemTime(new Date('2026-11-27T20:20:00Z'));
  sessionStorage.clear();
  render(<OfflineBanner />);
  expect(screen.getByRole('status')).toHaveTextContent('You are offline since 8:18 PM');

  set(true);
  expect(screen.queryByText(/You are offline/)).not.toBeInTheDocument();
});
