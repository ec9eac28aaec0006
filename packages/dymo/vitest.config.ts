import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';

export default defineProject({
  root: fileURLToPath(new URL('.', import.meta.url)),
  test: { name: '@csp/dymo', environment: 'node', include: ['src/**/*.test.ts'] },
});
