import { DYMO_CHUNK_RETRIES, DYMO_CHUNK_SIZE, DYMO_SCRIPT_TIMEOUT_MS } from './constants.ts';
import { DymoError } from './errors.ts';
import { globalFetch, timedRequest, type FetchLike } from './http.ts';
import { DYMO_MESSAGES } from './messages.ts';

/** Chunk replies the framework acts on. */
const STATUS_ACK = 0;
const STATUS_INVALID_CHUNK_ID = -5;
const LAST_CHUNK_ID = -1;

/** The payload cut into pieces of `size` characters (the last one may be shorter). */
export function chunkPayload(json: string, size: number = DYMO_CHUNK_SIZE): string[] {
  if (!Number.isInteger(size) || size < 1) {
    throw new RangeError('The chunk size must be a whole number of at least 1.');
  }
  const chunks: string[] = [];
  for (let at = 0; at < json.length; at += size) chunks.push(json.slice(at, at + size));
  return chunks;
}

export interface NetworkPrintPayload {
  printerName: string;
  labelXml: string;
  printParamsXml: string;
  labelSetXml: string;
}

/**
 * The payload's JSON with every non-ASCII character as a \uXXXX escape (as the framework's
 * serializer writes it): a chunk boundary then never splits a surrogate pair, which
 * encodeURIComponent would refuse.
 */
export function networkPayloadJson(payload: NetworkPrintPayload): string {
  const { printerName, labelXml, printParamsXml, labelSetXml } = payload;
  return JSON.stringify({ printerName, labelXml, printParamsXml, labelSetXml }).replace(
    /[\u007f-\uffff]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

export interface ChunkReply {
  status: number;
  lastAckChunkId?: number;
}

/**
 * How a chunk's reply is read: the body is JSON `{"status": n, "lastAckChunkId": m}` (what the
 * framework's JSONP callback receives), a JSONP call wrapping that object, or a bare number.
 * Anything else, a non-2xx answer, a network failure or a time-out reads as null: "resend".
 */
export function readChunkReply(body: string): ChunkReply | null {
  let text = body.trim();
  const jsonp = /^[\w$.]+\(([\s\S]*)\)\s*;?$/.exec(text);
  if (jsonp?.[1] !== undefined) text = jsonp[1].trim();
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value === 'number' && Number.isInteger(value)) return { status: value };
  if (value === null || typeof value !== 'object') return null;
  const fields = value as Record<string, unknown>;
  const status = Number(fields['status']);
  if (fields['status'] === null || fields['status'] === '' || !Number.isInteger(status))
    return null;
  const lastAck = Number(fields['lastAckChunkId']);
  return Number.isInteger(lastAck) && fields['lastAckChunkId'] !== null
    ? { status, lastAckChunkId: lastAck }
    : { status };
}

export interface NetworkPrintOptions {
  fetch?: typeof fetch;
  /** Per chunk request; default the framework's 5 s script time-out. */
  timeoutMs?: number;
  jobId?: string;
}

/**
 * Sends a label to a network printer the framework's way: GET {printerUri}/pl?j=<job>&cid=<n>&pl=
 * <chunk> for each 4000-character chunk, then an empty chunk with cid=-1. Status 0 moves on;
 * -5 resends from the printer's last acknowledged chunk + 1; anything else resends the same
 * chunk. After 10 retries without an acknowledgement: CHUNK_RETRIES_EXHAUSTED.
 */
export async function printToNetworkPrinter(
  printerUri: string,
  payload: NetworkPrintPayload,
  options: NetworkPrintOptions = {},
): Promise<void> {
  const fetchFn: FetchLike = options.fetch ?? globalFetch;
  const timeoutMs = options.timeoutMs ?? DYMO_SCRIPT_TIMEOUT_MS;
  const jobId = options.jobId ?? newJobId();
  const chunks = chunkPayload(networkPayloadJson(payload));
  const base = `${printerUri.replace(/\/+$/, '')}/pl`;
  let chunkId = 0;
  let retries = 0;
  for (;;) {
    const last = chunkId >= chunks.length;
    const query = `j=${encodeURIComponent(jobId)}&cid=${last ? LAST_CHUNK_ID : chunkId}&pl=${encodeURIComponent(last ? '' : (chunks[chunkId] ?? ''))}`;
    const reply = await sendChunk(fetchFn, `${base}?${query}`, timeoutMs);
    if (reply?.status === STATUS_ACK) {
      if (last) return;
      chunkId += 1;
      retries = 0;
      continue;
    }
    if (retries >= DYMO_CHUNK_RETRIES) {
      throw new DymoError('CHUNK_RETRIES_EXHAUSTED', DYMO_MESSAGES.chunkRetriesExhausted);
    }
    retries += 1;
    if (reply?.status === STATUS_INVALID_CHUNK_ID && reply.lastAckChunkId !== undefined) {
      chunkId = Math.min(Math.max(reply.lastAckChunkId + 1, 0), chunks.length);
    }
  }
}

async function sendChunk(
  fetchFn: FetchLike,
  url: string,
  timeoutMs: number,
): Promise<ChunkReply | null> {
  try {
    const reply = await timedRequest(fetchFn, url, { method: 'GET' }, timeoutMs);
    return reply.ok ? readChunkReply(reply.body) : null;
  } catch {
    return null;
  }
}

function newJobId(): string {
  const { crypto } = globalThis;
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // randomUUID needs a secure context; an RFC 4122 version 4 id from random bytes otherwise.
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = ((b[6] ?? 0) & 0x0f) | 0x40;
  b[8] = ((b[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
