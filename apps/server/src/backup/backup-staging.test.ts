import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import type { Db } from '../db/client.ts';
import { PGLITE_SNAPSHOT_ENV } from '../test-support/run-env.ts';
import { openOperatorSocket, operatorSocketPath } from './operator-socket.ts';
import { snapshotDataFolder } from './pglite-snapshot.ts';

/**
 * A backup of the embedded database stages its copy of the files in the data folder
 * (pglite-snapshot.ts): the staging folder must be gone after every copy, sent or not. (The
 * copies of backup-restore.test.ts, through the server and without one, check that a stale
 * staging folder is removed and never archived, and that their own is gone.)
 */
const work = mkdtempSync(join(tmpdir(), 'csp-backup-staging-'));
const dataDir = join(work, 'data');
let client: PGlite;
let db: Db;

beforeAll(async () => {
  // The migrated database of the Vitest global setup, in a folder.
  const migrated = new Blob([readFileSync(process.env[PGLITE_SNAPSHOT_ENV]!)]);
  client = await PGlite.create(dataDir, { loadDataDir: migrated });
  db = drizzle(client, { casing: 'snake_case' }) as unknown as Db;
});
afterAll(async () => {
  await client.close();
  rmSync(work, { recursive: true, force: true });
});

const stagingFolders = () =>
  readdirSync(dataDir).filter(
    (name) => name.startsWith('.backup-staging-') && statSync(join(dataDir, name)).isDirectory(),
  );

async function until(done: () => boolean, what: string): Promise<void> {
  for (let waited = 0; !done(); waited += 25) {
    if (waited > 10_000) throw new Error(`${what}: still not so after 10 s`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe("a backup's staged copy of the embedded database", () => {
  it('is removed when the client leaves midway', async () => {
    const socket = await openOperatorSocket(dataDir, () => snapshotDataFolder(db, dataDir));
    try {
      let whileSending: string[] = [];
      await new Promise<void>((resolve, reject) => {
        const leaving = createConnection(operatorSocketPath(dataDir));
        leaving.once('data', () => {
          whileSending = stagingFolders();
          leaving.destroy();
          resolve();
        });
        leaving.on('error', reject);
        leaving.write('{"command":"snapshot"}\n');
      });
      expect(whileSending).toHaveLength(1);
      await until(() => stagingFolders().length === 0, 'staging folder left');
    } finally {
      await socket.close();
    }
  });

  it('is removed when the copy fails; a stale one goes too, and only folders of its name', async () => {
    const stale = mkdtempSync(join(dataDir, '.backup-staging-'));
    mkdirSync(join(stale, 'base'));
    writeFileSync(join(stale, 'base', '1259'), Buffer.alloc(8192, 1));
    // Of the staging folders' name, but a file: not a backup's, so left alone.
    writeFileSync(join(dataDir, '.backup-staging-AbC123'), 'not a folder');
    // Fails once the files are staged, inside the transaction.
    const failing = {
      transaction: (copy: (tx: unknown) => Promise<unknown>) =>
        db.transaction(async (tx) => {
          await copy(tx);
          throw new Error('disk on fire');
        }),
    } as unknown as Db;
    await expect(snapshotDataFolder(failing, dataDir)).rejects.toThrow('disk on fire');
    expect(stagingFolders()).toEqual([]);
    expect(readFileSync(join(dataDir, '.backup-staging-AbC123'), 'utf8')).toBe('not a folder');
  });
});
