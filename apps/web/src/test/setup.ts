import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { forgetPrinterProbes } from '../features/print/printer-probes.ts';
import { takeContractViolations } from './fetch-stub.ts';

// The whole suite runs two workers on a 2-core machine beside the server suites: a screen that
// renders in 100 ms alone can take over a second then. These are upper bounds on waiting for
// what a test expects to appear, not delays: a passing wait returns as soon as it holds.
configure({ asyncUtilTimeout: 5000 });

// The app fetches the Data Grid's code when a list is first drawn (components/list/server-grid.tsx).
// A browser does that in milliseconds; here the first import also compiles the library, which
// under load can outlast the wait above. Loading it once before the tests keeps their waits about
// the screen, not the compiler.
await import('../components/list/data-grid.tsx');

afterEach(() => {
  cleanup();
  // A fake answer the contract refuses fails the test even when the app swallowed the error.
  const violations = takeContractViolations();
  window.localStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  // Modules outlive a test file (isolate: false): a printer found unreachable in one test
  // must not be taken as unreachable in the next.
  forgetPrinterProbes();
  if (violations.length > 0) throw new Error(violations.map((e) => e.message).join('\n'));
});
