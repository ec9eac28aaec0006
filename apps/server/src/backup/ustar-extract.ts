import { mkdir, open, type FileHandle } from 'node:fs/promises';
import { dirname, isAbsolute, join, normalize, sep } from 'node:path';
import { BLOCK, damaged, padding, parseHeader, type TarHeader } from './ustar.ts';

/**
 * A file's bytes are written once this many have arrived (or the file ends): few writes, and
 * at most this much (plus one chunk of the stream) held in memory, whatever the archive's size.
 */
const WRITE_BATCH = 256 * 1024;

/** A byte stream read in the pieces an archive needs, holding at most one of its chunks. */
class ChunkReader {
  private rest: Buffer = Buffer.alloc(0);

  constructor(private readonly chunks: AsyncIterator<unknown>) {}

  /** Up to `max` bytes (at least one), or null once the stream has ended. */
  async upTo(max: number): Promise<Buffer | null> {
    while (this.rest.length === 0) {
      const { value, done } = await this.chunks.next();
      if (done) return null;
      this.rest = Buffer.isBuffer(value) ? value : Buffer.from(value as Uint8Array);
    }
    const piece = this.rest.subarray(0, max);
    this.rest = this.rest.subarray(piece.length);
    return piece;
  }

  /** Exactly `size` bytes, or fewer if the stream ends first. */
  async exactly(size: number): Promise<Buffer> {
    const pieces: Buffer[] = [];
    let length = 0;
    while (length < size) {
      const piece = await this.upTo(size - length);
      if (!piece) break;
      pieces.push(piece);
      length += piece.length;
    }
    return pieces.length === 1 ? pieces[0]! : Buffer.concat(pieces, length);
  }

  /** Reads to the end, keeping nothing. */
  async drain(): Promise<void> {
    while (await this.upTo(Infinity));
  }
}

/** The path an entry is written to: under `folder`, never outside it. */
function pathInside(folder: string, name: string): string {
  const relative = normalize(name);
  if (isAbsolute(relative) || relative === '..' || relative.startsWith(`..${sep}`)) {
    throw damaged(`${name} points outside the data folder`);
  }
  return join(folder, relative);
}

async function writeAll(handle: FileHandle, bytes: Buffer): Promise<void> {
  for (let written = 0; written < bytes.length;) {
    written += (await handle.write(bytes, written, bytes.length - written)).bytesWritten;
  }
}

/** Writes the entry's `size` bytes, as they arrive, to `path` (0600). */
async function writeFileEntry(reader: ChunkReader, entry: TarHeader, path: string): Promise<void> {
  const handle = await open(path, 'w', 0o600);
  try {
    let batch: Buffer[] = [];
    let batched = 0;
    for (let left = entry.size; left > 0;) {
      const piece = await reader.upTo(left);
      if (!piece) throw damaged(`${entry.name} is cut short`);
      left -= piece.length;
      batch.push(piece);
      batched += piece.length;
      if (batched >= WRITE_BATCH || left === 0) {
        await writeAll(handle, Buffer.concat(batch, batched));
        [batch, batched] = [[], 0];
      }
    }
  } finally {
    await handle.close();
  }
}

/** Skips `size` bytes (a folder's content, padding); refuses an archive that ends first. */
async function skip(reader: ChunkReader, size: number, name: string): Promise<void> {
  for (let left = size; left > 0;) {
    const piece = await reader.upTo(left);
    if (!piece) throw damaged(`${name} is cut short`);
    left -= piece.length;
  }
}

/**
 * Writes an archive's entries under `folder` (files 0600, folders 0700) as the archive streams
 * in, never outside the folder, and answers the number of files. It refuses links, devices,
 * damaged headers and an archive that is cut short; what it wrote before a refusal stays, for
 * the caller to remove. It reads the archive to its end (so a gzip's checksum is checked).
 */
export async function extractTar(archive: AsyncIterable<unknown>, folder: string): Promise<number> {
  const chunks = archive[Symbol.asyncIterator]();
  const reader = new ChunkReader(chunks);
  let files = 0;
  try {
    for (let at = 0; ;) {
      const block = await reader.exactly(BLOCK);
      if (block.length < BLOCK) throw damaged('it ends without its closing blocks');
      if (block.every((byte) => byte === 0)) break;
      const entry = parseHeader(block, at);
      const path = pathInside(folder, entry.name);
      if (entry.type === 'dir') {
        await mkdir(path, { recursive: true, mode: 0o700 });
        await skip(reader, entry.size, entry.name);
      } else {
        await mkdir(dirname(path), { recursive: true, mode: 0o700 });
        await writeFileEntry(reader, entry, path);
        files++;
      }
      await skip(reader, padding(entry.size), entry.name);
      at += BLOCK + entry.size + padding(entry.size);
    }
    await reader.drain();
    return files;
  } finally {
    // Stops the source on a refusal (a stream is destroyed); nothing to do once it has ended.
    await Promise.resolve(chunks.return?.()).catch(() => undefined);
  }
}
