import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { createDb } from './client.ts';
import { createTestDatabase, testEngines } from '../test-support/test-database.ts';
import { DATA_FOLDER_LOCK_FILE, DataFolderInUseError } from './data-folder-lock.ts';

/** Every path under `dir` whose mode lets the group or others in. */
function openToOthers(dir: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (statSync(path).mode & 0o077) found.push(path);
    if (entry.isDirectory()) found.push(...openToOthers(path));
  }
  return found;
}

describe('the embedded database folder', () => {
  const parent = mkdtempSync(join(tmpdir(), 'csp-db-'));
  const dataDir = join(parent, 'data');
  // One folder, migrated once: creating one runs every migration (most of this file's time),
  // and each test below is about opening a folder that exists.
  beforeAll(async () => {
    await (await createDb({ engine: 'pglite', dataDir })).close();
  });
  afterAll(() => rmSync(parent, { recursive: true, force: true }));

  it('is private to the server user: folder 0700, nothing inside open to others', () => {
    expect(statSync(dataDir).mode & 0o777).toBe(0o700);
    expect(openToOthers(dataDir)).toEqual([]);
  });

  it('is opened by one process at a time: a second open is refused until the first closes', async () => {
    const first = await createDb({ engine: 'pglite', dataDir });
    const lock = JSON.parse(readFileSync(join(dataDir, DATA_FOLDER_LOCK_FILE), 'utf8'));
    expect(lock.pid).toBe(process.pid);
    const second = createDb({ engine: 'pglite', dataDir });
    await expect(second).rejects.toBeInstanceOf(DataFolderInUseError);
    await expect(second).rejects.toThrow(/in use by another process .*pid \d+.*Stop it first/);
    await first.close();
    const reopened = await createDb({ engine: 'pglite', dataDir });
    await reopened.close();
  });

  it('takes over a lock left by a process that died', async () => {
    // A pid above Linux's pid_max: no such process can be alive.
    const stale = {
      pid: 4_194_999,
      since: '2026-01-01T00:00:00.000Z',
      command: 'the portal server',
    };
    writeFileSync(join(dataDir, DATA_FOLDER_LOCK_FILE), JSON.stringify(stale));
    const database = await createDb({ engine: 'pglite', dataDir });
    const lock = JSON.parse(readFileSync(join(dataDir, DATA_FOLDER_LOCK_FILE), 'utf8'));
    expect(lock.pid).toBe(process.pid);
    await database.close();
  });
});

const onPostgres = (await testEngines()).includes('postgres');

describe.skipIf(!onPostgres)('starting on PostgreSQL', () => {
  it('waits behind another process starting, however long, whatever the statement timeout', async () => {
    const first = await createTestDatabase('postgres');
    try {
      const held = new pg.Client({ connectionString: first.url });
      await held.connect();
      // Another process migrating or seeding holds the start-up lock for a while.
      await held.query("select pg_advisory_lock(hashtext('campus-store-portal:startup'))");
      const second = createDb({
        engine: 'postgres',
        url: first.url ?? '',
        statementTimeoutMs: 200,
      });
      const released = new Promise((resolve) => setTimeout(resolve, 600)).then(() =>
        held.query("select pg_advisory_unlock(hashtext('campus-store-portal:startup'))"),
      );
      const opened = await second;
      await released;
      await held.end();
      // Requests still get the statement timeout.
      await expect(opened.rawQuery('select pg_sleep(0.5)', [])).rejects.toThrow(
        /statement timeout/,
      );
      await opened.close();
    } finally {
      await first.close();
    }
  });
});
