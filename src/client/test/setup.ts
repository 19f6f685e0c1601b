/** Client test set-up: DOM matchers; a clean DOM, storage and fetch after every test. */
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// Lazy screens can take over a second to load on a busy machine: wait up to 3 s for what a test finds.
configure({ asyncUtilTimeout: 3000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});
