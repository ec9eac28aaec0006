import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// The whole suite runs two workers on a 2-core machine beside the server suites: a screen that
// renders in 100 ms alone can take over a second then. These are upper bounds on waiting for
// what a test expects to appear, not delays: a passing wait returns as soon as it holds.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
