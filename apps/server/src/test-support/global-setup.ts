import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDb } from '../db/client.ts';
import { BUILT_SERVER_ENV, buildTestServer } from './built-server.ts';
import { dropRunDatabases } from './database-pool.ts';
import { PGLITE_SNAPSHOT_ENV, TEST_RUN_ENV } from './run-env.ts';

/**
 * Vitest global setup: migrates one empty PGlite database and writes its snapshot to a file,
 * so each suite loads it (about 0.4 s) instead of migrating a database of its own (about 1.5 s);
 * builds the server once for the suites that start server processes (built-server.ts); and tags
 * the run, so its end drops the PostgreSQL clones the workers left (database-pool.ts).
 * Workers start after this and inherit the variables that name the file and the build.
 */
export default async function setup(): Promise<() => Promise<void>> {
  const run = randomBytes(4).toString('hex');
  process.env[TEST_RUN_ENV] = run;
  const server = await buildTestServer();
  process.env[BUILT_SERVER_ENV] = server.entry;
  const dir = mkdtempSync(join(tmpdir(), 'csp-pglite-snapshot-'));
  const database = await createDb({ engine: 'pglite' });
  try {
    const dump = await database.dumpDataDir?.();
    if (!dump) throw new Error('PGlite cannot dump its data folder');
    const file = join(dir, 'migrated.tar');
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    process.env[PGLITE_SNAPSHOT_ENV] = file;
  } finally {
    await database.close();
  }
  return async () => {
    rmSync(dir, { recursive: true, force: true });
    server.remove();
    await dropRunDatabases(run);
  };
}
