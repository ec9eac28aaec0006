import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { extractTar, packTar, tarSize, unpackTar, type TarEntry } from './ustar.ts';

const work = mkdtempSync(join(tmpdir(), 'csp-ustar-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

async function packed(entries: TarEntry[]): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of packTar(entries)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const at = new Date('2026-01-02T03:04:05Z');
const entries: TarEntry[] = [
  { name: 'base', type: 'dir', data: Buffer.alloc(0), mtime: at },
  { name: 'base/16384', type: 'dir', data: Buffer.alloc(0), mtime: at },
  { name: 'base/16384/2619', type: 'file', data: Buffer.alloc(8192 + 7, 0xab), mtime: at },
  { name: 'PG_VERSION', type: 'file', data: Buffer.from('18\n'), mtime: at },
  { name: 'pg_notify', type: 'dir', data: Buffer.alloc(0), mtime: at },
  {
    name: `deep/${'d'.repeat(90)}/${'f'.repeat(90)}`,
    type: 'file',
    data: Buffer.from('x'),
    mtime: at,
  },
  { name: 'empty', type: 'file', data: Buffer.alloc(0), mtime: at },
];

describe('ustar archives of a data folder', () => {
  it('are read back as written, and their length is known before writing', async () => {
    const archive = await packed(entries);
    expect(archive.length).toBe(tarSize(entries));
    const read = [...unpackTar(archive)];
    expect(read.map((e) => [e.name, e.type, e.data.length, e.mtime.getTime()])).toEqual(
      entries.map((e) => [e.name, e.type, e.data.length, at.getTime()]),
    );
    expect(read[2]!.data.equals(entries[2]!.data)).toBe(true);
  });

  it('are what GNU tar reads, and GNU tar archives are read', async () => {
    const file = join(work, 'ours.tar');
    writeFileSync(file, await packed(entries));
    const listed = execFileSync('tar', ['-tvf', file], { encoding: 'utf8' });
    expect(listed).toContain('-rw------- 0/0            8199 2026-01-02 03:04 base/16384/2619');
    expect(listed).toContain(`deep/${'d'.repeat(90)}/${'f'.repeat(90)}`);

    const source = join(work, 'theirs');
    mkdirSync(join(source, 'global'), { recursive: true });
    writeFileSync(join(source, 'global', 'pg_control'), Buffer.alloc(8192, 1));
    const theirs = execFileSync('tar', ['--format=ustar', '-C', source, '-cf', '-', 'global']);
    expect([...unpackTar(theirs)].map((e) => [e.name, e.type, e.data.length])).toEqual([
      ['global', 'dir', 0],
      ['global/pg_control', 'file', 8192],
    ]);
  });

  it('extract private to the owner, and refuse a name outside the folder or a cut archive', async () => {
    const into = join(work, 'extracted');
    await extractTar(await packed(entries), into);
    expect(readFileSync(join(into, 'PG_VERSION'), 'utf8')).toBe('18\n');
    expect(statSync(join(into, 'base/16384/2619')).mode & 0o777).toBe(0o600);
    expect(statSync(join(into, 'pg_notify')).mode & 0o777).toBe(0o700);

    const escape = await packed([{ ...entries[3]!, name: '../outside' }]);
    await expect(extractTar(escape, join(work, 'x'))).rejects.toThrow(/outside the data folder/);
    const whole = await packed(entries);
    expect(() => [...unpackTar(whole.subarray(0, 5000))]).toThrow(/cut short/);
    expect(() => [...unpackTar(whole.subarray(0, whole.length - 1024))]).toThrow(/closing blocks/);
    const bad = Buffer.from(whole);
    bad[3] = 0x41;
    expect(() => [...unpackTar(bad)]).toThrow(/bad header/);
  });
});
