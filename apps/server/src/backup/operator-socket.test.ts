import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { requestSnapshot } from './operator-client.ts';
import { openOperatorSocket, operatorSocketPath } from './operator-socket.ts';
import type { DataSnapshot } from './pglite-snapshot.ts';
import { unpackTar, type TarEntry } from './ustar.ts';

const work = mkdtempSync(join(tmpdir(), 'csp-operator-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
let folders = 0;
const folder = () => mkdtempSync(join(work, `${++folders}-`));

const entries: TarEntry[] = [
  { name: 'PG_VERSION', type: 'file', data: Buffer.from('18\n'), mtime: new Date() },
  { name: 'base', type: 'dir', data: Buffer.alloc(0), mtime: new Date() },
  { name: 'base/1', type: 'file', data: Buffer.alloc(100_000, 7), mtime: new Date() },
];
const counted = { schemaVersion: 3, tables: { 'public.websites': 2 } };
const files: DataSnapshot = { entries, counted };

async function received(dataDir: string): Promise<TarEntry[]> {
  const snapshot = await requestSnapshot(dataDir);
  if (!snapshot) throw new Error('no server answered');
  const chunks: Buffer[] = [];
  for await (const chunk of snapshot.archive) chunks.push(chunk as Buffer);
  const archive = Buffer.concat(chunks);
  expect(archive.length).toBe(snapshot.bytes);
  expect(snapshot.counted).toEqual(counted);
  return [...unpackTar(archive)];
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
    const [first, second] = await Promise.all([received(dataDir), received(dataDir)]);
    expect(first.map((e) => [e.name, e.data.length])).toEqual(
      entries.map((e) => [e.name, e.data.length]),
    );
    expect(second).toHaveLength(entries.length);
    expect(copies).toBe(2);
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
