// Files and functions a person can hold: production code (seeds, benches and scripts included)
// stays under 300 lines a file and 120 a function. Tests and their helpers are exempt: a test's
// table of cases reads best in one place.
export default [
  {
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.{ts,tsx}', 'scripts/**/*.{js,mjs,ts}'],
    ignores: [
      '**/*.test.{ts,tsx}',
      'apps/server/src/test-support/**',
      'apps/web/src/test/**',
      'apps/server/src/db/migrations/**',
    ],
    rules: {
      'max-lines': ['error', { max: 300 }],
      'max-lines-per-function': ['error', { max: 120 }],
    },
  },
];
