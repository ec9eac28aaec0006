import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineProject({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  test: {
    name: '@csp/web',
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    // Under the full suite's load a screen test may take several seconds (see src/test/setup.ts).
    testTimeout: 20_000,
    // A worker keeps React, MUI and the app loaded from one test file to the next instead of
    // importing them again per file (a third of the web suite's time). Each test renders its
    // own query client, router and fake server; nothing is kept in modules between files.
    isolate: false,
  },
});
