import { defineConfig } from 'vitest/config';

// One Vitest run covers every workspace; each project keeps its own environment. Three workers
// on this project's 2-core machines (Vitest's default, cores - 1, would be one): server suites
// spend much of their time waiting on the database, leaving about 40% of the CPU idle with two
// (vmstat over the funding and students suites), which a third worker fills. Measured on the
// whole suite, 2026-12-04: 456 s with three, against about 700 s with two in CI.
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
    maxWorkers: 3,
  },
});
