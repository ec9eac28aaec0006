import '@testing-library/jest-dom/vitest';
import { __unsafe_useEmotionCache as useEmotionCache } from '@emotion/react';
import { cleanup, configure, renderHook } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { forgetPrinterProbes } from '../features/print/printer-probes.ts';
import { takeContractViolations } from './fetch-stub.ts';
import { leaveStyleRulesOut } from './style-rules.ts';

// The whole suite runs two workers on a 2-core machine beside the server suites: a screen that
// renders in 100 ms alone can take over a second then. These are upper bounds on waiting for
// what a test expects to appear, not delays: a passing wait returns as soon as it holds. A
// route's page is fetched the first time a worker opens it, and on the slower machines of this
// kind that first fetch (compiled by the main process, which serves every worker) once took
// over 5 s for the help page, failing the sign-in test that lands there (2026-12-07).
configure({ asyncUtilTimeout: 10_000 });

// Every module of the app is loaded before the tests, lazily loaded pages and panels included:
// - the app fetches the Data Grid's code when a list is first drawn (components/list/server-grid.tsx).
//   A browser does that in milliseconds; here the first import also compiles the library, which
//   under load can outlast the wait above, so loaded first the tests' waits are about the screen;
// - a worker keeps its modules from one file to the next (isolate: false), so a chunk one file's
//   screen started fetching could finish after that file's environment was torn down: the import
//   then failed ("after the environment was torn down"), React.lazy kept the failure, and a later
//   file that opened the same page failed on it (a web-only run of 2026-12-07, the course
//   detail's tests). Loaded here, no import is left in flight when a file ends.
// Only the first file of a worker pays for it, and each module is one the suite loads anyway.
// main.tsx renders the app itself.
await Promise.all(
  Object.values(
    import.meta.glob(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}', '!./**', '!../main.tsx']),
  ).map((load) => load()),
);

// The document outlives a test file too (isolate: false), and so would every style rule MUI
// inserted in it: thousands by the end of the suite. jsdom matches each element against every
// rule whenever a role query asks whether the element is hidden, so a screen test got slower
// the later it ran (a 1 s file took 70 s near the end). Each test starts with no rules instead;
// the cache forgets what it inserted so the next render inserts its own again.
const emotionCache = renderHook(() => useEmotionCache()).result.current;
cleanup();
if (!emotionCache) throw new Error('no emotion cache: the style clean-up below would do nothing');
// And by default no rule goes in at all: a file that reads styles keeps them (style-rules.ts).
leaveStyleRulesOut(emotionCache);

afterEach(() => {
  cleanup();
  emotionCache.sheet.flush();
  for (const name of Object.keys(emotionCache.inserted)) delete emotionCache.inserted[name];
  // A fake answer the contract refuses fails the test even when the app swallowed the error.
  const violations = takeContractViolations();
  // Both storages outlive a test (and its file): a student session one test stored must not
  // sign the next file's student page in (the LTI landing's and the student page's share it).
  window.localStorage.clear();
  window.sessionStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  // Modules outlive a test file (isolate: false): a printer found unreachable in one test
  // must not be taken as unreachable in the next.
  forgetPrinterProbes();
  if (violations.length > 0) throw new Error(violations.map((e) => e.message).join('\n'));
});
