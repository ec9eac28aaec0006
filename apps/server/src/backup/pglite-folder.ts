import { existsSync } from 'node:fs';
import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { BackupError } from './backup-error.ts';
import type { BackupContents } from './backup-file.ts';
import { appliedMigrations, serverVersion, tableRowCounts } from './backup-repository.ts';
import { extractTar } from './ustar-extract.ts';

/**
 * Opens an embedded database folder as it is, without migrating it (createDb would), with the
 * extension the portal's schema uses (client.ts).
 */
export function openPgliteFolder(folder: string): Promise<PGlite> {
  return PGlite.create(folder, { extensions: { pg_trgm } });
}

/** Whether `folder` holds an embedded database (PostgreSQL's PG_VERSION file). */
export function holdsDatabase(folder: string): boolean {
  return existsSync(join(folder, 'PG_VERSION'));
}

/** What the database in `folder` holds; it is opened (recovering it if need be) and closed. */
export async function inspectPgliteFolder(folder: string): Promise<BackupContents> {
  const client = await openPgliteFolder(folder);
  try {
    return {
      schemaVersion: await appliedMigrations(client),
      tables: await tableRowCounts(client),
      source: await serverVersion(client),
    };
  } finally {
    await client.close();
  }
}

/**
 * Unpacks a tar.gz payload into `folder` as it is read: a chunk at a time, whatever the
 * database's size.
 */
export async function extractPayload(payload: Readable, folder: string): Promise<void> {
  try {
    await pipeline(payload, createGunzip(), (tar: AsyncIterable<unknown>) =>
      extractTar(tar, folder),
    );
  } catch (error) {
    // zlib's errors (Z_DATA_ERROR, Z_BUF_ERROR for a cut file): not a gzip, or a damaged one.
    if (String((error as { code?: unknown }).code).startsWith('Z_')) {
      throw new BackupError("The backup's database archive is damaged (it does not unpack).");
    }
    throw error;
  }
}

/** Refuses a target that exists and is not an empty folder. */
export async function refuseNonEmptyFolder(folder: string): Promise<void> {
  const info = await stat(folder).catch(() => null);
  if (!info) return;
  if (!info.isDirectory()) throw new BackupError(`${folder} is not a folder.`);
  const entries = await readdir(folder);
  if (entries.length > 0) {
    throw new BackupError(
      `The data folder ${folder} is not empty (${entries.length} entries): restore into a new, empty folder (set DATA_DIR), or move this one away first.`,
    );
  }
}

/** Removes what is in `folder` but `keep`, leaving it empty again after a failed restore. */
export async function emptyFolder(folder: string, keep: string): Promise<void> {
  for (const name of await readdir(folder).catch(() => [])) {
    if (name !== keep) await rm(join(folder, name), { recursive: true, force: true });
  }
}
