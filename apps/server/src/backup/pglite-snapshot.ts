import { constants, mkdirSync, readdirSync, statSync, type Dirent } from 'node:fs';
import { copyFile, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Db } from '../db/client.ts';
import type { BackupContents } from './backup-file.ts';
import {
  appliedMigrations,
  asQueryable,
  checkpointAndWalSegments,
  tableRowCounts,
} from './backup-repository.ts';
import type { TarEntry, TarFile } from './ustar.ts';

/**
 * What of the data folder belongs to the database: PostgreSQL's own entries. Not the portal's
 * other files there (mail/ outbox, dev-idp/ keys, the operator socket, a backup's staging
 * folder) nor postmaster.pid, the running instance's lock.
 */
const DATABASE_ENTRY = /^(PG_VERSION|base|global|pg_[a-z_]+(\.conf)?|postgresql(\.auto)?\.conf)$/;
const WAL_SEGMENT = /^[0-9A-F]{24}$/;
/**
 * The copy's folder, in the data folder so that it is on the same filesystem (a copy there can
 * be a reflink, and the space it needs is the database's own filesystem's). mkdtemp adds 6
 * characters.
 */
const STAGING_PREFIX = '.backup-staging-';
const STAGING_FOLDER = /^\.backup-staging-[A-Za-z0-9]{6}$/;

/** A copy of the database's files, staged on disk, and what the database held at that instant. */
export interface DataSnapshot {
  /** The copy's entries; its files are in the staging folder until `discard`. */
  entries: TarEntry[];
  counted: Pick<BackupContents, 'schemaVersion' | 'tables'>;
  /** How long the copy held the database (ms): other requests that use it waited. */
  heldMs: number;
  /** Removes the staged files: call it once the archive is written, or has failed. */
  discard(): Promise<void>;
}

/** Staging folders of copies this process is still archiving: not stale. */
const staged = new Set<string>();

/**
 * A consistent copy of the embedded database's files, taken by the process that has it open
 * (ADR 0038) and staged in a folder of the data folder. PGlite runs one statement at a time and
 * every query and transaction of the app goes through its transaction lock: inside
 * `db.transaction` nothing else runs, so no other transaction is half done. The checkpoint
 * writes every changed page to the files; PGlite's data folder is the host folder itself (its
 * NODEFS mount), so the files copied here are the database's. WAL segments past the one being
 * written are recycled ones a copy does not need. The row counts are taken in the same
 * transaction: the backup command checks the copy against them, so a copy that does not hold
 * the database is never kept. Other requests that use the database wait meanwhile: the counts,
 * the checkpoint and the file copies (no file is read into memory); the archive is written from
 * the staged files afterwards.
 *
 * Call it holding the folder's lock (the server does all its life, a backup without a server
 * until `discard`): staging folders it did not make are then left by a process that died, and
 * are removed.
 */
export async function snapshotDataFolder(db: Db, dataDir: string): Promise<DataSnapshot> {
  await removeStaleStaging(dataDir);
  const staging = await mkdtemp(join(dataDir, STAGING_PREFIX));
  staged.add(staging);
  const discard = async () => {
    await rm(staging, { recursive: true, force: true });
    staged.delete(staging);
  };
  try {
    // The copy's files are made before the transaction and only filled in it: creating the
    // demo's 1,200 files took 1.2 s on the 2-core VM, filling them 0.15 s. This only saves
    // time: an entry gone or new meanwhile is the copy's to handle.
    await prepareCopy({ from: dataDir, to: staging }).catch(() => undefined);
    return await db.transaction(async (tx) => {
      const held = performance.now();
      const counted = {
        schemaVersion: await appliedMigrations(asQueryable(tx)),
        tables: await tableRowCounts(asQueryable(tx)),
      };
      const wal = await checkpointAndWalSegments(tx);
      const wanted = (folder: string, name: string) => {
        if (!mayBeWanted(folder, name)) return false;
        if (folder === 'pg_wal' && WAL_SEGMENT.test(name)) {
          return name >= wal.first && name <= wal.last;
        }
        return true;
      };
      const entries = await copyFolder({ from: dataDir, to: staging }, wanted);
      const heldMs = Math.round(performance.now() - held);
      return { entries, counted, heldMs, discard };
    });
  } catch (error) {
    await discard().catch(() => undefined);
    throw error;
  }
}

/** Every entry a copy may take (the WAL range is known once the transaction has begun). */
const mayBeWanted = (folder: string, name: string) => folder !== '' || DATABASE_ENTRY.test(name);

/**
 * Removes the staging folders no copy of this process is using: left by a process that died.
 * Call it holding the folder's lock (the server does at its start, and before each copy).
 */
export async function removeStaleStaging(dataDir: string): Promise<void> {
  const stale = (await readdir(dataDir, { withFileTypes: true }))
    .filter((entry) => entry.isDirectory() && STAGING_FOLDER.test(entry.name))
    .map((entry) => join(dataDir, entry.name))
    .filter((path) => !staged.has(path));
  await Promise.all(stale.map((path) => rm(path, { recursive: true, force: true })));
}

/**
 * File copies in flight: enough to keep libuv's threads busy, so that under load the copy waits
 * for few turns of the event loop (one per file, shared by all in flight).
 */
const PARALLEL_COPIES = 16;

/** Runs `work` on every item, `limit` at a time. */
async function eachAtMost<T>(limit: number, items: T[], work: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

const byName = (a: Dirent, b: Dirent) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

type Roots = { from: string; to: string };
type Wanted = (folder: string, name: string) => boolean;

/**
 * The entries of `folder` of `roots.from` and below that are `wanted`, in order (a folder before
 * what it holds); each folder is made under `roots.to` as it is found. The files' mtime and size
 * are not known yet. Synchronous: a data folder has a few dozen folders, and with the server
 * under load each asynchronous call would wait for a turn of the event loop.
 */
function walk(roots: Roots, folder: string, wanted: Wanted): TarEntry[] {
  const entries: TarEntry[] = [];
  const names = readdirSync(join(roots.from, folder), { withFileTypes: true }).sort(byName);
  for (const entry of names) {
    if (!wanted(folder, entry.name)) continue;
    const relative = folder ? `${folder}/${entry.name}` : entry.name;
    if (entry.isDirectory()) {
      const { mtime } = statSync(join(roots.from, relative));
      mkdirSync(join(roots.to, relative), { recursive: true, mode: 0o700 });
      entries.push({ name: relative, type: 'dir', mtime });
      entries.push(...walk(roots, relative, wanted));
    } else if (entry.isFile()) {
      const path = join(roots.to, relative);
      entries.push({ name: relative, type: 'file', mtime: new Date(0), path, size: 0 });
    }
  }
  return entries;
}

const filesOf = (entries: TarEntry[]) => entries.filter((e): e is TarFile => e.type === 'file');

/**
 * Makes the folders and (empty) files of a copy of the folder: each file is made by copying an
 * empty one, a single call (creating a file is the slow part of a copy on some filesystems).
 * Files that are empty now are left out, as the copy leaves them out.
 */
async function prepareCopy(roots: Roots): Promise<void> {
  const entries = walk(roots, '', mayBeWanted);
  const empty = join(roots.to, '.empty');
  await writeFile(empty, '', { mode: 0o600 });
  await eachAtMost(PARALLEL_COPIES, filesOf(entries), async (file) => {
    const source = statSync(join(roots.from, file.name), { throwIfNoEntry: false });
    if (source && source.size > 0) await copyFile(empty, file.path);
  });
}

/**
 * Copies the `wanted` entries of `roots.from` under `roots.to` and answers the copy's entries.
 * A file is copied by the kernel (a reflink where the filesystem has them, else a copy in the
 * kernel), never through this process's memory; an empty file needs no copy (the archive holds
 * only its header). The stats are synchronous: each is a few microseconds, and an asynchronous
 * one would wait for a turn of the event loop.
 */
async function copyFolder(roots: Roots, wanted: Wanted): Promise<TarEntry[]> {
  const entries = walk(roots, '', wanted);
  await eachAtMost(PARALLEL_COPIES, filesOf(entries), async (file) => {
    const source = join(roots.from, file.name);
    const { mtime, size } = statSync(source);
    file.mtime = mtime;
    if (size === 0) return;
    await copyFile(source, file.path, constants.COPYFILE_FICLONE);
    // The staged file's own length: exactly what the archive will hold.
    file.size = statSync(file.path).size;
  });
  return entries;
}
