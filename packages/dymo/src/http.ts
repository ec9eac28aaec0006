import { DymoError } from './errors.ts';
import { DYMO_MESSAGES } from './messages.ts';

export type FetchLike = typeof fetch;

/** The default fetch, looked up at call time and called unbound-safe (window.fetch needs its this). */
export const globalFetch: FetchLike = (input, init) => fetch(input, init);

/** The doc's encoding: encodeURIComponent(k)=encodeURIComponent(v) joined by '&' (no '+' for space). */
export function formEncode(params: Readonly<Record<string, string>>): string {
  return Object.entries(params)
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
    .join('&');
}

export interface RawReply {
  status: number;
  ok: boolean;
  body: string;
}

/** The request never got an HTTP answer (refused, reset, certificate, cancelled). */
export class NetworkFailure extends Error {
  constructor(cause: unknown) {
    super('network failure', { cause });
    this.name = 'NetworkFailure';
  }
}

/**
 * One request whose whole exchange, body included, must finish within timeoutMs. Throws
 * DymoError TIMEOUT when the time runs out and NetworkFailure for any other failure, including
 * `cancel` firing (a discovery race that another port already won).
 */
export async function timedRequest(
  fetchFn: FetchLike,
  url: string,
  init: RequestInit,
  timeoutMs: number,
  cancel?: AbortSignal,
): Promise<RawReply> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const onCancel = (): void => controller.abort();
  if (cancel?.aborted) controller.abort();
  cancel?.addEventListener('abort', onCancel, { once: true });
  try {
    const response = await fetchFn(url, { ...init, signal: controller.signal });
    const body = await response.text();
    return { status: response.status, ok: response.ok, body };
  } catch (error) {
    if (timedOut) throw new DymoError('TIMEOUT', DYMO_MESSAGES.timeout);
    throw new NetworkFailure(error);
  } finally {
    clearTimeout(timer);
    cancel?.removeEventListener('abort', onCancel);
  }
}

/** The framework's reading of a body: JSON when it parses, the raw text otherwise. */
export function decodeBody(body: string): unknown {
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return body;
  }
}

/** A decoded answer as text: JSON strings unquoted, other JSON values as their text. */
export function asText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === null || value === undefined) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

const MESSAGE_KEYS = ['exceptionMessage', 'ExceptionMessage', 'message', 'Message'] as const;

/**
 * A non-2xx answer as SERVICE_ERROR: a 400's plain text ("Error printing label. Exception: ..."),
 * or a 500's ASP.NET JSON exceptionMessage, else its message (either letter case).
 */
export function serviceError(reply: RawReply): DymoError {
  const decoded = decodeBody(reply.body);
  let message = '';
  if (typeof decoded === 'string') message = decoded.trim();
  else if (decoded !== null && typeof decoded === 'object') {
    const fields = decoded as Record<string, unknown>;
    for (const key of MESSAGE_KEYS) {
      const value = fields[key];
      if (typeof value === 'string' && value.trim() !== '') {
        message = value.trim();
        break;
      }
    }
  }
  return new DymoError(
    'SERVICE_ERROR',
    message || `The DYMO Connect service answered with status ${reply.status}.`,
    reply.status,
  );
}
