import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '@csp/http-kit';
import { limitMessages, type UploadLimits } from './upload-limits.ts';

/** Where uploads wait to be read (and, for imports, between their check and their apply). */
export const UPLOAD_FOLDER = join(tmpdir(), 'csp-uploads');

/**
 * How long the rest of a refused body is still read (and dropped) after the answer, before the
 * connection is closed: closing a socket with unread data sends a reset, which can reach the
 * client before it has read the answer. Long enough for a client to read the 413 and stop.
 */
export const LINGER_MS = 5000;

export interface StoredUpload {
  path: string;
  bytes: number;
  sha256: string;
}

export interface UploadMessages {
  /** A body that stops before its end (the client went away). */
  interrupted: string;
}

/**
 * The upload routes of a scope take any content type, or none, as the file itself, handing the
 * request stream on (JSON keeps the app's parser: a route refuses it as not a file). Whatever
 * the answer, a body the route has not read to its end is read and dropped for LINGER_MS after
 * the answer, then its connection is closed: the client gets the answer (a 413 to a chunked
 * body over the limit included) and cannot keep the server reading for ever.
 */
export function takeBodyAsFile(scope: FastifyInstance, maxBytes: number): void {
  scope.removeContentTypeParser('text/plain');
  scope.addContentTypeParser('*', { bodyLimit: maxBytes }, (_request, payload, done) =>
    done(null, payload),
  );
  scope.addHook('onResponse', async (request) => {
    lingerThenClose(request.raw);
  });
}

function lingerThenClose(message: IncomingMessage): void {
  if (message.complete || message.destroyed) return;
  const socket = message.socket as IncomingMessage['socket'] | undefined;
  message.resume();
  // (A request injected in a test has a stand-in socket: nothing to close.)
  if (typeof socket?.destroy !== 'function') return;
  const timer = setTimeout(() => socket.destroy(), LINGER_MS);
  timer.unref();
  message.once('end', () => clearTimeout(timer));
  socket.once('close', () => clearTimeout(timer));
}

export function isStream(body: unknown): body is Readable {
  return typeof (body as Readable | undefined)?.pipe === 'function';
}

/** The request's body when it is a file (not JSON, nor missing), else a 400 naming file. */
export function fileBody(request: FastifyRequest, notAFile: string): Readable {
  if (!isStream(request.body)) throw AppError.badRequest(notAFile, 'file');
  return request.body;
}

/**
 * Streams a request body to a private file, hashing it on the way: at most a chunk of it is in
 * memory at a time. A body declared or found larger than the kind's limit is a 413 naming
 * `file` and the limit (the file is removed; the body is left unread for the linger above); a
 * body that stops before its end is a 400. A failure to write the file is thrown as it is (a
 * 500: the server's fault). `openFile` is for tests. An empty body is stored (0 bytes): what it
 * means is the caller's.
 */
export async function storeUpload(
  body: Readable,
  limits: Pick<UploadLimits, 'maxBytes' | 'fileKind'>,
  messages: UploadMessages,
  openFile: (path: string) => Writable = (path) =>
    createWriteStream(path, { flags: 'wx', mode: 0o600 }),
): Promise<StoredUpload> {
  const tooLarge = () => AppError.tooLarge(limitMessages.tooLarge(limits as UploadLimits), 'file');
  const declared = Number((body as Partial<IncomingMessage>).headers?.['content-length'] ?? 0);
  if (declared > limits.maxBytes) throw tooLarge();
  await mkdir(UPLOAD_FOLDER, { recursive: true, mode: 0o700 });
  const path = join(UPLOAD_FOLDER, `${randomUUID()}.upload`);
  const hash = createHash('sha256');
  let bytes = 0;
  // Read without destroying the body on a refusal: a destroyed request resets the connection.
  async function* upToLimit() {
    for await (const chunk of body.iterator({ destroyOnReturn: false }) as AsyncIterable<Buffer>) {
      bytes += chunk.length;
      if (bytes > limits.maxBytes) throw tooLarge();
      hash.update(chunk);
      yield chunk;
    }
  }
  const file = openFile(path);
  // The disk's own failure (full, unwritable) is the server's fault, not the client's.
  let writeFailed = false;
  file.on('error', (error: NodeJS.ErrnoException) => {
    if (error.syscall !== undefined) writeFailed = true;
  });
  try {
    await pipeline(upToLimit, file);
  } catch (error) {
    await removeUpload(path);
    if (error instanceof AppError || writeFailed) throw error;
    throw AppError.badRequest(messages.interrupted, 'file');
  }
  return { path, bytes, sha256: hash.digest('hex') };
}

/** Removes a stored upload; one already gone is fine. */
export async function removeUpload(path: string | null | undefined): Promise<void> {
  if (path) await rm(path, { force: true });
}
