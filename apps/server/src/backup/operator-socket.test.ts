import { execFileSync } from 'node:child_process';
import {
  existsSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { requestSnapshot } from './operator-client.ts';
import { openOperatorSocket, operatorSocketPath } from './operator-socket.ts';
import type { DataSnapshot } from './pglite-snapshot.ts';
import { extractTar } from './ustar-extract.ts';
import type { TarEntry } from './ustar.ts';

const work = mkdtempSync(join(tmpdir(), 'csp-operator-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
let folders = 0;
const folder = () => mkdtempSync(join(work, `${++folders}-`));

/** Staged files, as a snapshot leaves them on disk. */
const staged = folder();
writeFileSync(join(staged, 'PG_VERSION'), '18\n');
writeFileSync(join(staged, 'base-1'), Buffer.alloc(100_000, 7));
const entries: TarEntry[] = [
  {
    name: 'PG_VERSION',
    type: 'file',
    path: join(staged, 'PG_VERSION'),
    size: 3,
    mtime: new Date(),
  },
  { name: 'base', type: 'dir', mtime: new Date() },
  { name: 'base/1', type: 'file', path: join(staged, 'base-1'), size: 100_000, mtime: new Date() },
];
const counted = { schemaVersion: 3, tables: { 'public.websites': 2 } };
let discarded = 0;
const files: DataSnapshot = {
  entries,
  counted,
  heldMs: 1,
  discard: async () => void discarded++,
};

/** The copy a client receives: its entries, as extracted, with each file's length (-1: a folder). */
async function received(dataDir: string): Promise<[string, number][]> {
  const snapshot = await requestSnapshot(dataDir);
  if (!snapshot) throw new Error('no server answered');
  expect(snapshot.counted).toEqual(counted);
  const into = folder();
  let bytes = 0;
  async function* counting() {
    for await (const chunk of snapshot!.archive) {
      bytes += (chunk as Buffer).length;
      yield chunk as Buffer;
    }
  }
  await extractTar(counting(), into);
  expect(bytes).toBe(snapshot.bytes);
  return entries.map((e) => [
    e.name,
    e.type === 'dir' ? -1 : readFileSync(join(into, e.name)).length,
  ]);
}

/** A socket file left by a process that died (SIGKILL: it never removed it). */
function staleSocket(path: string): void {
  const listen = `require('net').createServer().listen(${JSON.stringify(path)}, () => process.kill(process.pid, 'SIGKILL'))`;
  try {
    execFileSync(process.execPath, ['-e', listen]);
  } catch {
    // killed, as intended
  }
  expect(statSync(path).isSocket()).toBe(true);
}

describe('the operator socket', () => {
  it('sends a copy of the database files to its owner alone, one copy at a time', async () => {
    const dataDir = folder();
    let copies = 0;
    const socket = await openOperatorSocket(dataDir, async () => {
      copies++;
      return files;
    });
    expect(statSync(operatorSocketPath(dataDir)).mode & 0o777).toBe(0o600);
    const discardedBefore = discarded;
    const [first, second] = await Promise.all([received(dataDir), received(dataDir)]);
    expect(first).toEqual([
      ['PG_VERSION', 3],
      ['base', -1],
      ['base/1', 100_000],
    ]);
    expect(second).toEqual(first);
    expect(copies).toBe(2);
    // Each copy's staged files were removed once it was sent.
    expect(discarded - discardedBefore).toBe(2);
    await socket.close();
    expect(existsSync(operatorSocketPath(dataDir))).toBe(false);
    expect(await requestSnapshot(dataDir)).toBeNull();
  });

  it('replaces a socket left by a process that died; nobody answers on such a socket', async () => {
    const dataDir = folder();
    staleSocket(operatorSocketPath(dataDir));
    expect(await requestSnapshot(dataDir)).toBeNull();
    const socket = await openOperatorSocket(dataDir, async () => files);
    expect(await received(dataDir)).toHaveLength(entries.length);
    await socket.close();

    writeFileSync(operatorSocketPath(dataDir), 'not a socket');
    const again = await openOperatorSocket(dataDir, async () => files);
    expect(await received(dataDir)).toHaveLength(entries.length);
    await again.close();
  });

  it('removes the staged files of a copy whose client leaves midway, and answers the next', async () => {
    const dataDir = folder();
    const large = join(folder(), 'large');
    writeFileSync(large, '');
    truncateSync(large, 64 * 1024 * 1024);
    const removed: string[] = [];
    const big: TarEntry = {
      name: 'base/2',
      type: 'file',
      path: large,
      size: 64 * 1024 * 1024,
      mtime: new Date(),
    };
    const socket = await openOperatorSocket(dataDir, async () => ({
      entries: [big],
      counted,
      heldMs: 1,
      discard: async () => void removed.push('big'),
    }));
    await new Promise<void>((resolve, reject) => {
      const client = createConnection(operatorSocketPath(dataDir));
      client.once('data', () => {
        client.destroy();
        resolve();
      });
      client.on('error', reject);
      client.write('{"command":"snapshot"}\n');
    });
    for (let waited = 0; removed.length === 0 && waited < 10_000; waited += 20) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(removed).toEqual(['big']);
    const next = await requestSnapshot(dataDir);
    expect(next?.bytes).toBe(512 + 64 * 1024 * 1024 + 1024);
    next?.archive.destroy();
    await socket.close();
    expect(removed).toEqual(['big', 'big']);
  });

  it('answers a failed copy and an unknown request in words', async () => {
    const dataDir = folder();
    const socket = await openOperatorSocket(dataDir, async () => {
      throw new Error('disk on fire');
    });
    await expect(requestSnapshot(dataDir)).rejects.toThrow(
      'The server refused: The server could not copy the database: Error: disk on fire',
    );
    const answer = await new Promise<string>((resolve, reject) => {
      const client = createConnection(operatorSocketPath(dataDir));
      let text = '';
      client.on('data', (chunk) => (text += chunk.toString()));
      client.on('end', () => resolve(text));
      client.on('error', reject);
      client.write('{"command":"drop everything"}\n');
    });
    expect(JSON.parse(answer)).toEqual({
      ok: false,
      message: 'Unknown request drop everything.',
    });
    await socket.close();
  });

  it('refuses a data folder whose path is too long for a socket', async () => {
    const dataDir = join(work, 'x'.repeat(120));
    await expect(openOperatorSocket(dataDir, async () => files)).rejects.toThrow(/over 107 bytes/);
  });
});
