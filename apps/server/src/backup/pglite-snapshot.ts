import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Db } from '../db/client.ts';
import type { BackupContents } from './backup-file.ts';
import {
  appliedMigrations,
  asQueryable,
  checkpointAndWalSegments,
  tableRowCounts,
} from './backup-repository.ts';
import type { TarEntry } from './ustar.ts';

/**
 * What of the data folder belongs to the database: PostgreSQL's own entries. Not the portal's
 * other files there (mail/ outbox, dev-idp/ keys, the operator socket) nor postmaster.pid, the
 * running instance's lock.
 */
const DATABASE_ENTRY = /^(PG_VERSION|base|global|pg_[a-z_]+(\.conf)?|postgresql(\.auto)?\.conf)$/;
const WAL_SEGMENT = /^[0-9A-F]{24}$/;

/** A copy of the database's files, and what the database held at that instant. */
export interface DataSnapshot {
  entries: TarEntry[];
  counted: Pick<BackupContents, 'schemaVersion' | 'tables'>;
}

/**
 * A consistent copy of the embedded database's files, in memory, taken by the process that has
 * it open (ADR 0038). PGlite runs one statement at a time and every query and transaction of the
 * app goes through its transaction lock: inside `db.transaction` nothing else runs, so no other
 * transaction is half done. The checkpoint writes every changed page to the files; PGlite's
 * data folder is the host folder itself (its NODEFS mount), so the files read here are the
 * database's. WAL segments past the one being written are recycled ones a copy does not need.
 * The row counts are taken in the same transaction: the backup command checks the copy against
 * them, so a copy that does not hold the database is never kept. Other requests that use the
 * database wait meanwhile: the counts, the checkpoint and the reads (0.4 s for the demo).
 */
export function snapshotDataFolder(db: Db, dataDir: string): Promise<DataSnapshot> {
  return db.transaction(async (tx) => {
    const counted = {
      schemaVersion: await appliedMigrations(asQueryable(tx)),
      tables: await tableRowCounts(asQueryable(tx)),
    };
    const wal = await checkpointAndWalSegments(tx);
    const wanted = (folder: string, name: string) => {
      if (folder === '') return DATABASE_ENTRY.test(name);
      if (folder === 'pg_wal' && WAL_SEGMENT.test(name)) {
        return name >= wal.first && name <= wal.last;
      }
      return true;
    };
    return { entries: await readFolder(dataDir, '', wanted), counted };
  });
}

/** Files read at once: the reads overlap, and other requests still get their turns. */
const PARALLEL_READS = 8;

async function readFolder(
  root: string,
  folder: string,
  wanted: (folder: string, name: string) => boolean,
): Promise<TarEntry[]> {
  const entries: TarEntry[] = [];
  const names = (await readdir(join(root, folder), { withFileTypes: true })).sort((a, b) =>
    a.name < b.name ? -1 : a.name > b.name ? 1 : 0,
  );
  const files: TarEntry[] = [];
  for (const entry of names) {
    if (!wanted(folder, entry.name)) continue;
    const relative = folder ? `${folder}/${entry.name}` : entry.name;
    if (entry.isDirectory()) {
      const { mtime } = await stat(join(root, relative));
      entries.push({ name: relative, type: 'dir', data: Buffer.alloc(0), mtime });
      entries.push(...(await readFolder(root, relative, wanted)));
    } else if (entry.isFile()) {
      const file: TarEntry = {
        name: relative,
        type: 'file',
        data: Buffer.alloc(0),
        mtime: new Date(),
      };
      entries.push(file);
      files.push(file);
    }
  }
  for (let i = 0; i < files.length; i += PARALLEL_READS) {
    await Promise.all(
      files.slice(i, i + PARALLEL_READS).map(async (file) => {
        const path = join(root, file.name);
        [file.data, file.mtime] = await Promise.all([
          readFile(path),
          stat(path).then((s) => s.mtime),
        ]);
      }),
    );
  }
  return entries;
}
