import { mkdtemp, rm } from 'node:fs/promises';
import type { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { drizzle } from 'drizzle-orm/pglite';
import type { Db } from '../db/client.ts';
import { BackupError } from './backup-error.ts';
import { refuseDifferences, type BackupContents, type PayloadWriter } from './backup-file.ts';
import { requestSnapshot } from './operator-client.ts';
import { lockFolderFor } from './folder-lock.ts';
import {
  extractPayload,
  holdsDatabase,
  inspectPgliteFolder,
  openPgliteFolder,
} from './pglite-folder.ts';
import { snapshotDataFolder, type DataSnapshot } from './pglite-snapshot.ts';
import { writeTar } from './ustar.ts';

/**
 * Fast gzip: the demo's 71.5 MB of files become 13.9 MB at level 1 in 0.3 s, 12.3 MB at level 6
 * in 1.0 s (2-core machine).
 */
const GZIP_LEVEL = 1;

/**
 * The embedded database's payload: a tar.gz of its files, from the running server through its
 * operator socket, or, when no server runs, from the folder opened here (locked meanwhile). The
 * written payload is then unpacked next to the backup file and opened, and must hold the row
 * counts the database had at the copy's instant: a copy that does not is never kept.
 */
export function pgliteBackupWriter(
  dataDir: string,
  file: string,
  say: (line: string) => void,
): PayloadWriter {
  let counted: DataSnapshot['counted'] | null = null;
  return {
    engine: 'pglite',
    write: async (sink) => {
      const gzip = () => createGzip({ level: GZIP_LEVEL });
      const fromServer = await requestSnapshot(dataDir);
      if (fromServer) {
        say(`Copying the embedded database in ${dataDir} through the running server…`);
        counted = fromServer.counted;
        await pipeline(fromServer.archive, gzip(), sink as Writable);
        return;
      }
      const snapshot = await copyWithoutServer(dataDir, say);
      try {
        counted = snapshot.counted;
        const compressor = gzip();
        const compressed = pipeline(compressor, sink as Writable);
        compressed.catch(() => undefined); // awaited below
        await writeTar(snapshot.entries, compressor).then(
          () => compressor.end(),
          (error: Error) => compressor.destroy(error),
        );
        await compressed;
      } finally {
        await snapshot.discard();
      }
    },
    contents: async (payload) => {
      const copy = await inspectPayload(payload(), file, say);
      if (!counted) throw new Error('pglite backup: contents read before the copy');
      const heading = 'The copy does not hold what the database held: no backup was written';
      refuseDifferences(counted, copy, heading, 'the database');
      return copy;
    },
  };
}

async function copyWithoutServer(
  dataDir: string,
  say: (line: string) => void,
): Promise<DataSnapshot> {
  if (!holdsDatabase(dataDir)) {
    throw new BackupError(
      `There is no embedded database in ${dataDir}: set DATA_DIR to the server's data folder (or DATABASE_URL for PostgreSQL).`,
    );
  }
  // No server answered: unless another process holds the folder, it is copied here.
  const lock = await lockFolderFor(
    dataDir,
    'which does not answer on the operator socket: a portal server that is still starting answers in a moment; another command (seed, store, backup or restore) must end first. Run the backup again then.',
  );
  try {
    say(`No server is running on ${dataDir}: copying the embedded database directly…`);
    const client = await openPgliteFolder(dataDir);
    let snapshot: DataSnapshot;
    try {
      const db = drizzle(client, { casing: 'snake_case' }) as unknown as Db;
      snapshot = await snapshotDataFolder(db, dataDir);
    } finally {
      await client.close();
    }
    // The lock is held until the staged files are gone: a staging folder belongs to whoever
    // holds the lock, and any other is removed as stale (pglite-snapshot.ts).
    return {
      ...snapshot,
      discard: () => snapshot.discard().finally(() => lock.release()),
    };
  } catch (error) {
    lock.release();
    throw error;
  }
}

async function inspectPayload(
  payload: Readable,
  file: string,
  say: (line: string) => void,
): Promise<BackupContents> {
  say('Checking the copy: opening it and counting its rows…');
  const folder = await mkdtemp(`${file}.check-`);
  try {
    await extractPayload(payload, folder);
    return await inspectPgliteFolder(folder);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
