/** Client test set-up: DOM matchers; a clean DOM, storage and fetch after every test. */
import '@testing-library/jest-dom/vitest';
import { onlineManager } from '@tanstack/react-query';
import { cleanup, configure } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, vi } from 'vitest';
import { resetAppQueryClient } from '@client/lib/app-query-client';
import { forgetOfflineSince } from '@client/lib/connectivity';
import { resetTimerVersions } from './fake-socket';

// Lazy screens can take seconds to load on a busy machine: wait up to 10 s for what a test finds. A hang
// detector, not a speed check (docs/decisions/0106): a passing test is not slowed by it. At 3 s, /dashboard's
// lazy screen missed it once in a CI run beside a second journey run (2026-11-30).
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  cleanup();
  // sonner keeps its toasts in module state: one test's toasts must not reach the next.
  toast.dismiss();
  localStorage.clear();
  // The per-tab memory too (an evening page counts its visit once per tab: src/client/lib/evening-visit.ts).
  sessionStorage.clear();
  // connectivity.ts remembers in module state since when the page knew it was offline.
  forgetOfflineSince();
  // The app's query client (app/query-scope.tsx) keeps answers for the whole session: not across tests.
  resetAppQueryClient();
  // TanStack Query's online state is module state, and the client's test files share their modules
  // (vitest.config.ts: isolate false): a test that took the browser offline must not leave the next
  // file's queries offline, where a failed read waits for the connection before it retries.
  onlineManager.setOnline(true);
  vi.unstubAllGlobals();
  vi.useRealTimers();
  resetTimerVersions();
});
