import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import {
  createReadStream,
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable, Writable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { extractPayload } from './pglite-folder.ts';
import { extractTar } from './ustar-extract.ts';
import { tarSize, writeTar, type TarEntry } from './ustar.ts';

const work = mkdtempSync(join(tmpdir(), 'csp-ustar-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
let made = 0;
const fresh = (what: string) => join(work, `${what}-${++made}`);

const at = new Date('2026-01-02T03:04:05Z');
const dir = (name: string): TarEntry => ({ name, type: 'dir', mtime: at });
/** A file entry whose bytes are in a file of its own on disk, as a snapshot stages them. */
function file(name: string, data: Buffer): TarEntry {
  const path = fresh('staged');
  writeFileSync(path, data);
  return { name, type: 'file', mtime: at, path, size: data.length };
}

const entries: TarEntry[] = [
  dir('base'),
  dir('base/16384'),
  file('base/16384/2619', Buffer.alloc(8192 + 7, 0xab)),
  file('PG_VERSION', Buffer.from('18\n')),
  dir('pg_notify'),
  file(`deep/${'d'.repeat(90)}/${'f'.repeat(90)}`, Buffer.from('x')),
  file('empty', Buffer.alloc(0)),
];

async function packed(list: TarEntry[]): Promise<Buffer> {
  const chunks: Buffer[] = [];
  const collect = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(Buffer.from(chunk)); // writeTar reads the next chunk into the same buffer
      done();
    },
  });
  await writeTar(list, collect);
  return Buffer.concat(chunks);
}

/** Extracts an archive held here (a test's small one) into a new folder, answering the folder. */
async function extracted(archive: Buffer): Promise<{ folder: string; files: number }> {
  const folder = fresh('out');
  return { folder, files: await extractTar(Readable.from([archive]), folder) };
}

/** The archive with its first header's type changed (and its checksum made right again). */
function retyped(archive: Buffer, type: string): Buffer {
  const copy = Buffer.from(archive);
  copy.write(type, 156, 'ascii');
  copy.write(' '.repeat(8), 148, 'ascii');
  const sum = copy.subarray(0, 512).reduce((total, byte) => total + byte, 0);
  copy.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'ascii');
  return copy;
}

async function sha256(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

describe('ustar archives of a data folder', () => {
  it('are read back as written, and their length is known before writing', async () => {
    const archive = await packed(entries);
    expect(archive.length).toBe(tarSize(entries));
    const { folder, files } = await extracted(archive);
    expect(files).toBe(4);
    for (const entry of entries) {
      const path = join(folder, entry.name);
      if (entry.type === 'dir') {
        expect(statSync(path).isDirectory(), entry.name).toBe(true);
        expect(statSync(path).mode & 0o777).toBe(0o700);
      } else {
        expect(readFileSync(path).equals(readFileSync(entry.path)), entry.name).toBe(true);
        expect(statSync(path).mode & 0o777).toBe(0o600);
      }
    }
  });

  it('are what GNU tar reads, and GNU tar archives are read', async () => {
    const ours = fresh('ours.tar');
    writeFileSync(ours, await packed(entries));
    const listed = execFileSync('tar', ['-tvf', ours], { encoding: 'utf8' });
    expect(listed).toContain('-rw------- 0/0            8199 2026-01-02 03:04 base/16384/2619');
    expect(listed).toContain(`deep/${'d'.repeat(90)}/${'f'.repeat(90)}`);
    const byGnuTar = fresh('gnu-out');
    mkdirSync(byGnuTar);
    execFileSync('tar', ['-xf', ours, '-C', byGnuTar]);
    expect(readFileSync(join(byGnuTar, 'base/16384/2619')).equals(Buffer.alloc(8199, 0xab))).toBe(
      true,
    );

    const source = fresh('theirs');
    mkdirSync(join(source, 'global'), { recursive: true });
    writeFileSync(join(source, 'global', 'pg_control'), Buffer.alloc(8192, 1));
    const theirs = execFileSync('tar', ['--format=ustar', '-C', source, '-cf', '-', 'global']);
    const { folder, files } = await extracted(theirs);
    expect(files).toBe(1);
    expect(readFileSync(join(folder, 'global/pg_control')).equals(Buffer.alloc(8192, 1))).toBe(
      true,
    );
  });

  it('refuse a name outside the folder, links, devices, a cut archive and a damaged header', async () => {
    const outside = fresh('outside');
    const escapes = [`../${outside.split('/').pop()!}`, outside];
    for (const name of escapes) {
      const archive = await packed([file(name, Buffer.from('x'))]);
      await expect(extracted(archive)).rejects.toThrow(/points outside the data folder/);
    }
    expect(existsSync(outside)).toBe(false);

    const source = fresh('with-link');
    mkdirSync(source);
    symlinkSync('/etc/passwd', join(source, 'pg_link'));
    const link = execFileSync('tar', ['--format=ustar', '-C', source, '-cf', '-', 'pg_link']);
    await expect(extracted(link)).rejects.toThrow(/pg_link is not a file/);
    const one = await packed([file('PG_VERSION', Buffer.from('18\n'))]);
    // Hard link, symbolic link, character and block device, FIFO.
    for (const type of ['1', '2', '3', '4', '6']) {
      await expect(extracted(retyped(one, type))).rejects.toThrow(/PG_VERSION is not a file/);
    }

    const whole = await packed(entries);
    await expect(extracted(whole.subarray(0, 5000))).rejects.toThrow(/2619 is cut short/);
    await expect(extracted(whole.subarray(0, whole.length - 1024))).rejects.toThrow(
      /closing blocks/,
    );
    const bad = Buffer.from(whole);
    bad[3] = 0x41;
    await expect(extracted(bad)).rejects.toThrow(/bad header at byte 0/);
  });

  it('in a payload that is not a gzip, or a cut one, are refused as damaged', async () => {
    const gzipped = gzipSync(await packed(entries));
    const cases = [Buffer.from('not a gzip at all'), gzipped.subarray(0, gzipped.length - 100)];
    for (const payload of cases) {
      await expect(extractPayload(Readable.from([payload]), fresh('payload'))).rejects.toThrow(
        "The backup's database archive is damaged (it does not unpack).",
      );
    }
    const folder = fresh('payload');
    await extractPayload(Readable.from([gzipped]), folder);
    expect(readFileSync(join(folder, 'PG_VERSION'), 'utf8')).toBe('18\n');
  });

  it('refuse to pack a staged file shorter than announced', async () => {
    const short = file('base/1/1259', Buffer.alloc(10));
    await expect(packed([{ ...short, size: 1000 } as TarEntry])).rejects.toThrow(
      /base\/1\/1259 has 10 bytes, not the 1000 announced/,
    );
  });

  it('extract a large file as it streams in, in small chunks, holding only a little of it', async () => {
    const big = randomBytes(20 * 1024 * 1024);
    const odd = randomBytes(7777);
    const list = [
      dir('base'),
      file('base/big', big),
      file('base/small', Buffer.from('after the big one')),
      file('base/odd', odd),
    ];
    const folder = fresh('streamed');
    const archive = fresh('streamed.tar');
    const out = createWriteStream(archive);
    await writeTar(list, out);
    await new Promise((resolve) => out.end(resolve));
    let seed = 12345;
    const chunkSize = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return 1024 + (seed % (6 * 1024 + 1));
    };
    // Cut the archive in 1-7 KB pieces wherever they fall (headers included), and look at the
    // extracted file once 10 MB of it have been fed.
    const halfway = { sent: 0, written: 0 };
    async function* inSmallPieces(): AsyncGenerator<Buffer> {
      let pending = Buffer.alloc(0);
      let sent = 0;
      for await (const chunk of createReadStream(archive)) {
        pending = Buffer.concat([pending, chunk as Buffer]);
        for (let size = chunkSize(); pending.length >= size; size = chunkSize()) {
          if (sent >= 10 * 1024 * 1024 && halfway.sent === 0) {
            halfway.sent = sent;
            halfway.written = statSync(join(folder, 'base/big')).size;
          }
          yield pending.subarray(0, size);
          sent += size;
          pending = pending.subarray(size);
        }
      }
      if (pending.length > 0) yield pending;
    }
    expect(await extractTar(inSmallPieces(), folder)).toBe(3);
    expect(await sha256(join(folder, 'base/big'))).toBe(
      createHash('sha256').update(big).digest('hex'),
    );
    expect(readFileSync(join(folder, 'base/small'), 'utf8')).toBe('after the big one');
    expect(readFileSync(join(folder, 'base/odd')).equals(odd)).toBe(true);
    // Written as it arrived: what was fed but not yet on disk is less than a write batch
    // (256 KiB) and the archive's header.
    expect(halfway.sent).toBeGreaterThan(0);
    expect(halfway.sent - halfway.written).toBeLessThan(256 * 1024 + 1024);
  });
});
