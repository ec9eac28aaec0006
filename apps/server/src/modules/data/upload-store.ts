import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Transform, type Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AppError } from '../../lib/app-error.ts';
import { DATA_MESSAGES as M } from './data-messages.ts';

/** Where uploads wait between their check and their apply (removed after either ends it). */
export const UPLOAD_FOLDER = join(tmpdir(), 'csp-imports');

export interface StoredUpload {
  path: string;
  bytes: number;
  sha256: string;
}

/**
 * Streams a request body to a private file, hashing it on the way: at most a chunk of it is in
 * memory at a time. A body over `limit` stops with a 413 naming `file` (the file is removed);
 * an empty one is a 400, and so is a body that stops before its end (the client went away).
 * A failure to write the file is thrown as it is (a 500: the server's fault). `openFile` is
 * for tests.
 */
export async function storeUpload(
  body: Readable,
  limit: number,
  openFile: (path: string) => Writable = (path) =>
    createWriteStream(path, { flags: 'wx', mode: 0o600 }),
): Promise<StoredUpload> {
  await mkdir(UPLOAD_FOLDER, { recursive: true, mode: 0o700 });
  const path = join(UPLOAD_FOLDER, `${randomUUID()}.upload`);
  const hash = createHash('sha256');
  let bytes = 0;
  const meter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      bytes += chunk.length;
      if (bytes > limit) {
        callback(new AppError(413, M.tooLarge, 'file'));
        return;
      }
      hash.update(chunk);
      callback(null, chunk);
    },
  });
  const file = openFile(path);
  // The disk's own failure (full, unwritable) is the server's fault, not the client's.
  // (A body that fails is passed on to the file too: only the system's own errors count.)
  let writeFailed = false;
  file.on('error', (error: NodeJS.ErrnoException) => {
    if (error.syscall !== undefined) writeFailed = true;
  });
  try {
    await pipeline(body, meter, file);
  } catch (error) {
    await removeUpload(path);
    if (error instanceof AppError || writeFailed) throw error;
    throw new AppError(400, M.interruptedUpload, 'file');
  }
  if (bytes === 0) {
    await removeUpload(path);
    throw new AppError(400, M.emptyFile, 'file');
  }
  return { path, bytes, sha256: hash.digest('hex') };
}

/** Removes a stored upload; one already gone is fine. */
export async function removeUpload(path: string | null | undefined): Promise<void> {
  if (path) await rm(path, { force: true });
}
