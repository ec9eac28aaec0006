import { closeSync, openSync, readSync } from 'node:fs';
import type { Writable } from 'node:stream';
import { BackupError } from './backup-error.ts';

/**
 * The embedded database's files as a POSIX ustar archive (written and read here, so the backup
 * needs no archive package; any `tar` reads it: `tail -c +65537 FILE | tar -tz`). Only what a
 * PostgreSQL data folder holds: regular files and folders, names within ustar's limits. It is
 * written from files on disk (the staged copy, pglite-snapshot.ts) and read as a stream
 * (ustar-extract.ts): a database can be far larger than the memory of the server that copies it.
 */
export type TarEntry = TarFolder | TarFile;

export interface TarFolder {
  /** Relative, '/'-separated, without a trailing slash. */
  name: string;
  type: 'dir';
  mtime: Date;
}

export interface TarFile {
  /** Relative, '/'-separated. */
  name: string;
  type: 'file';
  mtime: Date;
  /** The file on disk that holds the entry's bytes. */
  path: string;
  /** Its length, fixed before the archive is written: the archive's length is announced first. */
  size: number;
}

export const BLOCK = 512;
export const padding = (size: number) => (BLOCK - (size % BLOCK)) % BLOCK;
/** Archive bytes read at a time while packing: few reads, and little memory. */
const CHUNK = 1024 * 1024;

const entrySize = (entry: TarEntry) => (entry.type === 'file' ? entry.size : 0);

function octal(value: number, width: number): string {
  return value.toString(8).padStart(width - 1, '0') + '\0';
}

/** Splits a long name into ustar's prefix (155 bytes) and name (100 bytes) at a slash. */
function splitName(name: string): [prefix: string, rest: string] {
  if (Buffer.byteLength(name) <= 100) return ['', name];
  for (let i = name.indexOf('/'); i !== -1; i = name.indexOf('/', i + 1)) {
    const [prefix, rest] = [name.slice(0, i), name.slice(i + 1)];
    if (Buffer.byteLength(prefix) <= 155 && Buffer.byteLength(rest) <= 100) return [prefix, rest];
  }
  throw new Error(`tar: the name ${name} is too long for a ustar archive`);
}

function header(entry: TarEntry): Buffer {
  const block = Buffer.alloc(BLOCK);
  const name = entry.type === 'dir' ? `${entry.name}/` : entry.name;
  const [prefix, rest] = splitName(name);
  block.write(rest, 0, 100, 'utf8');
  block.write(octal(entry.type === 'dir' ? 0o700 : 0o600, 8), 100, 'ascii');
  block.write(octal(0, 8), 108, 'ascii');
  block.write(octal(0, 8), 116, 'ascii');
  block.write(octal(entrySize(entry), 12), 124, 'ascii');
  block.write(octal(Math.floor(entry.mtime.getTime() / 1000), 12), 136, 'ascii');
  block.write(' '.repeat(8), 148, 'ascii');
  block.write(entry.type === 'dir' ? '5' : '0', 156, 'ascii');
  block.write('ustar\u000000', 257, 'ascii');
  block.write(prefix, 345, 155, 'utf8');
  const sum = block.reduce((total, byte) => total + byte, 0);
  block.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'ascii');
  return block;
}

/** The archive's length in bytes, known before it is written. */
export function tarSize(entries: readonly TarEntry[]): number {
  const body = entries.reduce((n, e) => n + BLOCK + entrySize(e) + padding(entrySize(e)), 0);
  return body + 2 * BLOCK;
}

/**
 * Reads the archive from the entries' files, in chunks of about `CHUNK` bytes (headers, file
 * bytes and padding of as many entries as fit), holding one file open at a time. Every chunk is
 * read into the same buffer.
 */
class TarReader {
  private next = 0;
  private file: { fd: number; entry: TarFile; at: number } | null = null;
  // Room for a header, padding or the closing blocks past CHUNK: each starts below it.
  private readonly buffer = Buffer.allocUnsafe(CHUNK + 2 * BLOCK);

  constructor(private readonly entries: readonly TarEntry[]) {}

  /** The next chunk (valid until the next call), or null after the closing blocks. */
  chunk(): Buffer | null {
    if (this.next > this.entries.length) return null;
    const chunk = this.buffer;
    let length = 0;
    while (length < CHUNK && this.next <= this.entries.length) {
      if (this.file) {
        length += this.readFile(chunk, length);
      } else if (this.next === this.entries.length) {
        this.next++;
        chunk.fill(0, length, length + 2 * BLOCK);
        length += 2 * BLOCK;
      } else {
        const entry = this.entries[this.next++]!;
        length += header(entry).copy(chunk, length);
        if (entry.type === 'file' && entry.size > 0) {
          this.file = { fd: openSync(entry.path, 'r'), entry, at: 0 };
        }
      }
    }
    return chunk.subarray(0, length);
  }

  /** Reads the open file into `chunk` at `offset`, and its padding once it is all read. */
  private readFile(chunk: Buffer, offset: number): number {
    const file = this.file!;
    const want = Math.min(CHUNK - offset, file.entry.size - file.at);
    const read = readSync(file.fd, chunk, offset, want, file.at);
    if (read === 0) {
      const { name, size } = file.entry;
      throw new Error(`tar: ${name} has ${file.at} bytes, not the ${size} announced`);
    }
    file.at += read;
    if (file.at < file.entry.size) return read;
    this.close();
    const pad = padding(file.entry.size);
    chunk.fill(0, offset + read, offset + read + pad);
    return read + pad;
  }

  close(): void {
    const open = this.file;
    this.file = null;
    if (open) closeSync(open.fd);
  }
}

/**
 * Writes the archive to `out`, read from the entries' files a chunk at a time into one buffer,
 * which is written again only once `out` has taken the chunk before (its write callback): the
 * archive holds about CHUNK bytes of memory whatever the database's size, and leaves no garbage
 * behind. So `out` must be done with a chunk when it calls back, as a socket, a file and zlib
 * are (not a PassThrough). `out` is not ended.
 *
 * The reads are synchronous, of files just staged (in the page cache, and PGlite's own reads
 * are synchronous too): a chunk takes about a millisecond, while with the server under load each
 * asynchronous open, read or close waits for a turn of the event loop (the demo's 1,200 files,
 * read 64 KiB at a time: 8 s instead of 1.1 s under a synthetic load).
 */
export async function writeTar(entries: readonly TarEntry[], out: Writable): Promise<void> {
  const reader = new TarReader(entries);
  try {
    for (let chunk = reader.chunk(); chunk; chunk = reader.chunk()) {
      const written = chunk;
      await new Promise<void>((resolve, reject) =>
        out.write(written, (error) => (error ? reject(error) : resolve())),
      );
    }
  } finally {
    reader.close();
  }
}

/** What a header block says of the entry that follows it. */
export interface TarHeader {
  name: string;
  type: 'file' | 'dir';
  /** The bytes that follow the header (then padding to a block). */
  size: number;
  mtime: Date;
}

function field(block: Buffer, start: number, length: number): string {
  const raw = block.subarray(start, start + length);
  const end = raw.indexOf(0);
  return raw.subarray(0, end === -1 ? length : end).toString('utf8');
}

/** An octal number field; NaN when it is not one. */
function octalField(block: Buffer, start: number, length: number): number {
  const text = field(block, start, length).trim();
  return /^[0-7]*$/.test(text) ? parseInt(text || '0', 8) : NaN;
}

function checksumOk(block: Buffer): boolean {
  const stored = octalField(block, 148, 8);
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : block[i]!;
  return sum === stored;
}

export const damaged = (why: string) =>
  new BackupError(`The backup's database archive is damaged (${why}); nothing was restored.`);

/**
 * Reads the header block found at byte `at` of the archive. Refuses a damaged header and any
 * entry but a file or a folder (links, devices): a data folder has none.
 */
export function parseHeader(block: Buffer, at: number): TarHeader {
  const size = octalField(block, 124, 12);
  if (!checksumOk(block) || Number.isNaN(size)) throw damaged(`bad header at byte ${at}`);
  const prefix = field(block, 345, 155);
  const name = (prefix ? `${prefix}/` : '') + field(block, 0, 100);
  const type = String.fromCharCode(block[156]!);
  if (type !== '0' && type !== '\0' && type !== '5') throw damaged(`${name} is not a file`);
  const mtime = new Date((octalField(block, 136, 12) || 0) * 1000);
  return { name: name.replace(/\/$/, ''), type: type === '5' ? 'dir' : 'file', size, mtime };
}
