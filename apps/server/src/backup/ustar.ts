import { mkdir, writeFile } from 'node:fs/promises';
import { isAbsolute, join, normalize, sep } from 'node:path';
import { Readable } from 'node:stream';
import { BackupError } from './backup-error.ts';

/**
 * The embedded database's files as a POSIX ustar archive (written and read here, so the backup
 * needs no archive package; any `tar` reads it: `tail -c +65537 FILE | tar -tz`). Only what a
 * PostgreSQL data folder holds: regular files and folders, names within ustar's limits.
 */
export interface TarEntry {
  /** Relative, '/'-separated; a folder's without a trailing slash. */
  name: string;
  type: 'file' | 'dir';
  /** A file's bytes (empty for a folder). */
  data: Buffer;
  mtime: Date;
}

const BLOCK = 512;
const padding = (size: number) => (BLOCK - (size % BLOCK)) % BLOCK;

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
  block.write(octal(entry.type === 'dir' ? 0 : entry.data.length, 12), 124, 'ascii');
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
  const body = entries.reduce((n, e) => n + BLOCK + e.data.length + padding(e.data.length), 0);
  return body + 2 * BLOCK;
}

/** The archive as a stream, block by block from the entries in memory. */
export function packTar(entries: readonly TarEntry[]): Readable {
  function* blocks(): Generator<Buffer> {
    for (const entry of entries) {
      yield header(entry);
      if (entry.data.length === 0) continue;
      yield entry.data;
      const pad = padding(entry.data.length);
      if (pad > 0) yield Buffer.alloc(pad);
    }
    yield Buffer.alloc(2 * BLOCK);
  }
  return Readable.from(blocks(), { objectMode: false });
}

function field(block: Buffer, start: number, length: number): string {
  const raw = block.subarray(start, start + length);
  const end = raw.indexOf(0);
  return raw.subarray(0, end === -1 ? length : end).toString('utf8');
}

function checksumOk(block: Buffer): boolean {
  const stored = parseInt(field(block, 148, 8).trim(), 8);
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : block[i]!;
  return sum === stored;
}

const damaged = (why: string) =>
  new BackupError(`The backup's database archive is damaged (${why}); nothing was restored.`);

/** The entries of an archive held in memory. Refuses links, devices and damaged headers. */
export function* unpackTar(archive: Buffer): Generator<TarEntry> {
  let offset = 0;
  while (offset + BLOCK <= archive.length) {
    const block = archive.subarray(offset, offset + BLOCK);
    if (block.every((byte) => byte === 0)) return;
    if (!checksumOk(block)) throw damaged(`bad header at byte ${offset}`);
    const prefix = field(block, 345, 155);
    const name = (prefix ? `${prefix}/` : '') + field(block, 0, 100);
    const size = parseInt(field(block, 124, 12).trim() || '0', 8);
    const type = String.fromCharCode(block[156]!);
    const start = offset + BLOCK;
    if (start + size > archive.length) throw damaged(`${name} is cut short`);
    if (type !== '0' && type !== '\0' && type !== '5') throw damaged(`${name} is not a file`);
    const mtime = new Date(parseInt(field(block, 136, 12).trim() || '0', 8) * 1000);
    const data = archive.subarray(start, start + size);
    yield { name: name.replace(/\/$/, ''), type: type === '5' ? 'dir' : 'file', data, mtime };
    offset = start + size + padding(size);
  }
  throw damaged('it ends without its closing blocks');
}

/** Writes the archive's entries under `folder` (files 0600, folders 0700), never outside it. */
export async function extractTar(archive: Buffer, folder: string): Promise<number> {
  let files = 0;
  for (const entry of unpackTar(archive)) {
    const relative = normalize(entry.name);
    if (isAbsolute(relative) || relative === '..' || relative.startsWith(`..${sep}`)) {
      throw damaged(`${entry.name} points outside the data folder`);
    }
    const path = join(folder, relative);
    if (entry.type === 'dir') {
      await mkdir(path, { recursive: true, mode: 0o700 });
    } else {
      await mkdir(join(path, '..'), { recursive: true, mode: 0o700 });
      await writeFile(path, entry.data, { mode: 0o600 });
      files++;
    }
  }
  return files;
}
