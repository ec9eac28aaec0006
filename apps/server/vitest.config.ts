import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';

export default defineProject({
  root: fileURLToPath(new URL('.', import.meta.url)),
  test: {
    name: '@csp/server',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // The second names this run's seeded demo templates, which real-process suites copy.
    globalSetup: ['src/test-support/global-setup.ts', 'src/test-support/seeded-demo.ts'],
    // Fails a test whose app answered what the OpenAPI document does not say it answers.
    setupFiles: ['src/test-support/answer-check-setup.ts'],
    testTimeout: 60000,
    hookTimeout: 120000,
    // A worker keeps the modules it loaded from one test file to the next: every file would
    // otherwise import the whole app again (most of the suite's time on 2 cores). Tests hold no
    // state in modules, and no test mocks a module (lint refuses vi.mock): a mocked module would
    // stay mocked for the next file in the worker.
    isolate: false,
  },
});
