/**
 * Variables the Vitest global setup sets for the workers it starts (they inherit its
 * environment): kept here so the setup and the modules that read them import nothing of each
 * other.
 */

/** Where test workers find the migrated PGlite snapshot the global setup writes. */
export const PGLITE_SNAPSHOT_ENV = 'CSP_TEST_PGLITE_SNAPSHOT';

/** This run's tag: its PostgreSQL clones are named csp_test_<tag>_<random> (database-pool.ts). */
export const TEST_RUN_ENV = 'CSP_TEST_RUN';
