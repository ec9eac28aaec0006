import { chmod, unlink } from 'node:fs/promises';
import { createServer, type Server, type Socket } from 'node:net';
import { join } from 'node:path';
import { BackupError } from './backup-error.ts';
import type { DataSnapshot } from './pglite-snapshot.ts';
import { tarSize, writeTar } from './ustar.ts';

/**
 * The operator socket (ADR 0038): a Unix socket in the embedded database's data folder, 0600 in
 * a 0700 folder, so only the server's own user reaches it, with no port and no token. The server
 * answers `snapshot` requests on it with a consistent copy of the database's files: that is how
 * `npm run backup` copies a database the server has open (PGlite serves one process; the folder's
 * portal.lock, db/data-folder-lock.ts, keeps every other process out).
 *
 * Protocol: the client sends one JSON line, {"command":"snapshot"}; the answer is one JSON line,
 * {"ok":true,"bytes":N,"counted":{schemaVersion,tables}} followed by N bytes of tar, or
 * {"ok":false,"message":...}.
 */
export const OPERATOR_SOCKET = 'operator.sock';

/** Longest socket path Linux takes (sun_path is 108 bytes with its terminating NUL). */
const MAX_SOCKET_PATH = 107;

export const operatorSocketPath = (dataDir: string) => join(dataDir, OPERATOR_SOCKET);

export interface OperatorSocket {
  /** Stops listening, lets a copy being sent finish, and removes the socket. */
  close(): Promise<void>;
}

function listenOn(server: Server, path: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(path, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

/**
 * Listens on the data folder's operator socket. Call it holding the folder's lock: a socket
 * already there is then one left by a process that died, and is replaced.
 */
export async function openOperatorSocket(
  dataDir: string,
  snapshot: () => Promise<DataSnapshot>,
): Promise<OperatorSocket> {
  const path = operatorSocketPath(dataDir);
  if (Buffer.byteLength(path) > MAX_SOCKET_PATH) {
    throw new BackupError(`the socket path ${path} is over ${MAX_SOCKET_PATH} bytes`);
  }
  let queue = Promise.resolve();
  const connections = new Set<Socket>();
  const server = createServer((socket) => {
    connections.add(socket);
    socket.once('close', () => connections.delete(socket));
    socket.on('error', () => undefined);
    readRequest(socket, (command) => {
      if (command !== 'snapshot') return answerError(socket, `Unknown request ${command}.`);
      // One copy at a time: each stages a copy of the database's files on disk until it is sent.
      queue = queue.then(() => sendSnapshot(socket, snapshot));
    });
  });
  await unlink(path).catch(() => undefined);
  await listenOn(server, path);
  await chmod(path, 0o600);
  return {
    close: async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      await queue;
      for (const socket of connections) socket.destroy();
      await closed;
      await unlink(path).catch(() => undefined);
    },
  };
}

function readRequest(socket: Socket, onCommand: (command: string) => void): void {
  let text = '';
  const onData = (chunk: Buffer) => {
    text += chunk.toString('utf8');
    const end = text.indexOf('\n');
    if (end === -1 && text.length < 1024) return;
    socket.off('data', onData);
    let command: string;
    try {
      command = String((JSON.parse(text.slice(0, end)) as { command?: unknown }).command);
    } catch {
      command = 'that could not be read';
    }
    onCommand(command);
  };
  socket.on('data', onData);
}

function answerError(socket: Socket, message: string): void {
  socket.end(`${JSON.stringify({ ok: false, message })}\n`);
}

/**
 * Takes a copy and streams its archive from the staged files. The staged files are removed
 * however the sending ends: sent, failed, or the client gone midway.
 */
async function sendSnapshot(socket: Socket, take: () => Promise<DataSnapshot>): Promise<void> {
  let snapshot: DataSnapshot;
  try {
    snapshot = await take();
  } catch (error) {
    return answerError(socket, `The server could not copy the database: ${String(error)}`);
  }
  const { entries, counted } = snapshot;
  try {
    socket.write(`${JSON.stringify({ ok: true, bytes: tarSize(entries), counted })}\n`);
    await writeTar(entries, socket);
    socket.end();
  } catch {
    socket.destroy();
  } finally {
    // A folder that cannot be removed now is removed as stale by the next copy.
    await snapshot.discard().catch(() => undefined);
  }
}
