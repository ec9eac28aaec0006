import { AUTH_HEADER, ROLES_VERSION_HEADER, apiError, fillPath } from '@csp/contracts';
import type { Endpoint } from '@csp/contracts';
import type { z } from 'zod';

/** docs/behaviour/messages.md#loading-and-search default fallback, used when the server gives no message of its own. */
export const DEFAULT_ERROR_MESSAGE = 'An unexpected error occurred.';
export const NETWORK_ERROR_MESSAGE =
  'Could not reach the server. Check your connection and try again.';

/** A failed API call: the HTTP status (0 when the server was unreachable) and its message. */
export class ApiRequestError extends Error {
  readonly status: number;
  /** The offending input, when the server names one. */
  readonly field: string | undefined;

  constructor(status: number, message: string, field?: string) {
    super(message);
    this.name = 'ApiRequestError';
    this.status = status;
    this.field = field;
  }
}

/** What every answer to a call made with a session token tells the session. */
export interface ApiResponseInfo {
  status: number;
  /** The token the call was made with. */
  token: string;
  /** The caller's roles version (changes when their roles change); null when not sent. */
  rolesVersion: string | null;
}

const responseListeners = new Set<(info: ApiResponseInfo) => void>();

/**
 * Hears every answer to a call made with a token, whichever page made it, so the session can
 * end when the server has ended it (401) and follow role changes. Returns the unsubscribe.
 */
export function onApiResponse(listener: (info: ApiResponseInfo) => void): () => void {
  responseListeners.add(listener);
  return () => responseListeners.delete(listener);
}

/**
 * Tells the session about an answer to a call made with `token`: apiCall does it for every
 * contract call, and a call that reads something other than JSON (a file download) must too,
 * so a 401 or a roles change is never missed.
 */
export function reportApiResponse(response: Response, token: string): void {
  const info = {
    status: response.status,
    token,
    rolesVersion: response.headers.get(ROLES_VERSION_HEADER),
  };
  for (const listener of responseListeners) listener(info);
}

export interface ApiInput<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType> {
  params?: z.input<P>;
  query?: z.input<Q>;
  body?: z.input<B>;
}

export interface ApiCallOptions {
  signal?: AbortSignal;
  /** Headers besides the Auth-Token (a student's session on the student page, ADR 0048). */
  headers?: Record<string, string>;
}

function toPathParams(params: unknown): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  if (params && typeof params === 'object') {
    for (const [key, value] of Object.entries(params)) {
      if (value === undefined || value === null) continue;
      out[key] = typeof value === 'number' ? value : String(value);
    }
  }
  return out;
}

function toQueryString(query: unknown): string {
  const search = new URLSearchParams();
  if (query && typeof query === 'object') {
    for (const [key, value] of Object.entries(query)) {
      const values: unknown[] = Array.isArray(value) ? value : [value];
      for (const item of values) {
        if (item === undefined || item === null) continue;
        search.append(key, String(item));
      }
    }
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * Calls one contract endpoint. The response is parsed with the contract's schema so callers get
 * exactly the typed output the contract promises; anything else is reported as an error rather
 * than leaking half-shaped data into the UI.
 */
export async function apiCall<
  P extends z.ZodType,
  Q extends z.ZodType,
  B extends z.ZodType,
  R extends z.ZodType,
>(
  endpoint: Endpoint<P, Q, B, R>,
  input: ApiInput<P, Q, B> = {},
  token?: string,
  options: ApiCallOptions = {},
): Promise<z.output<R>> {
  const url = fillPath(endpoint.path, toPathParams(input.params)) + toQueryString(input.query);
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  if (token) headers[AUTH_HEADER] = token;
  const hasBody = input.body !== undefined;
  if (hasBody) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(url, {
      method: endpoint.method,
      headers,
      body: hasBody ? JSON.stringify(input.body) : undefined,
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiRequestError(0, NETWORK_ERROR_MESSAGE);
  }

  if (token) reportApiResponse(response, token);

  const json = await readJson(response);
  if (!response.ok) {
    const parsed = apiError.safeParse(json);
    if (parsed.success) {
      throw new ApiRequestError(response.status, parsed.data.message, parsed.data.field);
    }
    throw new ApiRequestError(response.status, DEFAULT_ERROR_MESSAGE);
  }

  const result = endpoint.response.safeParse(json);
  if (!result.success) throw new ApiRequestError(response.status, DEFAULT_ERROR_MESSAGE);
  return result.data;
}

/** The message to show for any thrown value: the server's own text when there is one. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiRequestError) return error.message;
  return DEFAULT_ERROR_MESSAGE;
}
