import { createConnection, type Socket } from 'node:net';
import { PassThrough, type Readable } from 'node:stream';
import { BackupError } from './backup-error.ts';
import { operatorSocketPath } from './operator-socket.ts';
import type { DataSnapshot } from './pglite-snapshot.ts';

/** The tar of the database's files, as the running server sends it. */
export interface ServerSnapshot {
  archive: Readable;
  bytes: number;
  counted: DataSnapshot['counted'];
}

/**
 * Asks the server holding `dataDir` for a copy of its database (operator-socket.ts). Null when
 * no server listens there (no socket, or one left by a process that died).
 */
export function requestSnapshot(dataDir: string): Promise<ServerSnapshot | null> {
  const path = operatorSocketPath(dataDir);
  return new Promise((resolve, reject) => {
    const socket = createConnection(path);
    let answered = false;
    socket.once('error', (error: NodeJS.ErrnoException) => {
      if (answered) return;
      answered = true;
      if (error.code === 'ENOENT' || error.code === 'ECONNREFUSED') resolve(null);
      else if (error.code === 'EACCES') {
        reject(
          new BackupError(
            `Permission denied on ${path}: run the backup as the user the server runs as (for example sudo -u csp-portal).`,
          ),
        );
      } else reject(error);
    });
    socket.once('connect', () => {
      socket.write(`${JSON.stringify({ command: 'snapshot' })}\n`);
      readAnswer(socket).then(
        (snapshot) => {
          answered = true;
          resolve(snapshot);
        },
        (error: unknown) => {
          answered = true;
          socket.destroy();
          reject(error);
        },
      );
    });
  });
}

/** Reads the answer line; on success the rest of the connection is the archive, checked for length. */
function readAnswer(socket: Socket): Promise<ServerSnapshot> {
  return new Promise((resolve, reject) => {
    let head = Buffer.alloc(0);
    const onEnd = () =>
      reject(new BackupError('The server closed the connection without answering.'));
    const onData = (chunk: Buffer) => {
      head = Buffer.concat([head, chunk]);
      const end = head.indexOf(0x0a);
      if (end === -1) return;
      socket.off('data', onData);
      socket.off('end', onEnd);
      socket.pause();
      let answer: {
        ok?: boolean;
        bytes?: number;
        counted?: DataSnapshot['counted'];
        message?: string;
      };
      try {
        answer = JSON.parse(head.subarray(0, end).toString('utf8')) as typeof answer;
      } catch {
        return reject(new BackupError('The server answered something that is not a snapshot.'));
      }
      if (!answer.ok || typeof answer.bytes !== 'number' || !answer.counted) {
        return reject(
          new BackupError(`The server refused: ${answer.message ?? 'no reason given'}`),
        );
      }
      resolve({
        archive: checkedLength(socket, head.subarray(end + 1), answer.bytes),
        bytes: answer.bytes,
        counted: answer.counted,
      });
    };
    socket.on('data', onData);
    socket.once('end', onEnd);
  });
}

function checkedLength(socket: Socket, first: Buffer, expected: number): Readable {
  const out = new PassThrough();
  let received = first.length;
  if (first.length > 0) out.write(first);
  socket.on('data', (chunk: Buffer) => {
    received += chunk.length;
    if (!out.write(chunk)) {
      socket.pause();
      out.once('drain', () => socket.resume());
    }
  });
  socket.once('end', () => {
    if (received === expected) out.end();
    else
      out.destroy(
        new BackupError(`The server's copy was cut short (${received} of ${expected} bytes).`),
      );
  });
  socket.once('error', (error) => out.destroy(error));
  // A reader that stops early (a failed write of the backup) ends the connection, and so the
  // server's sending.
  out.once('close', () => socket.destroy());
  socket.resume();
  return out;
}
