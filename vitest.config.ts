import { defineConfig } from 'vitest/config';

// One Vitest run covers every workspace; each project keeps its own environment. Two workers:
// Vitest's default (cores - 1) is one on this project's 2-core machines, and server suites
// spend much of their time waiting on the database.
export default defineConfig({
  test: {
    projects: [
      'packages/contracts',
      'packages/dymo',
      'packages/http-kit',
      'apps/server',
      'apps/print-agent',
      'apps/web',
    ],
    maxWorkers: 2,
  },
});
