import type fc from 'fast-check';
import { fillDocumentPath, type Operation } from './api-operations.ts';
import type { HintLookup } from './json-schema-arbitrary.ts';
import { urlEncode } from './hostile-values.ts';
import { FIXTURE_HOSTS } from './test-fixture.ts';

/** Who sends a request: the fixture's store administrator, nobody, or a made-up token. */
export type FuzzCaller = 'admin' | 'anonymous' | 'forged-token';

/** A file body (an upload), or any other raw body. */
export interface RawBody {
  contentType?: string;
  payload: string | Uint8Array;
}

/** One generated request, as sent; `variant` says what was made wrong, if anything. */
export interface FuzzRequest {
  variant: string;
  caller: FuzzCaller;
  host: 'store-a' | 'store-b' | 'unknown';
  /** Path segments, as URL text. */
  path: Record<string, string>;
  /** Query string pairs, as URL text. */
  query: [string, string][];
  body?: RawBody;
}

/** What the suite knows of the world the requests are sent to. */
export interface FuzzInputs {
  hints: HintLookup;
  /** Files for an operation that takes one (an upload): good ones and junk. */
  files?: fc.Arbitrary<RawBody>;
}

/** A value as URL text: one scalar (arrays are sent as repeated keys, objects as JSON). */
export function urlText(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  return urlEncode(text);
}

export function queryPairs(values: Record<string, unknown>): [string, string][] {
  return Object.entries(values).flatMap(([name, value]): [string, string][] =>
    Array.isArray(value)
      ? value.map((v): [string, string] => [name, urlText(v)])
      : value === undefined
        ? []
        : [[name, urlText(value)]],
  );
}

export const jsonBody = (value: unknown): RawBody => ({
  contentType: 'application/json',
  payload: JSON.stringify(value) ?? '',
});

/** The Host header of each host a request may be sent to. */
export const HOSTS = {
  'store-a': FIXTURE_HOSTS.a,
  'store-b': FIXTURE_HOSTS.b,
  unknown: 'nowhere.test',
};

export function urlOf(op: Operation, request: FuzzRequest): string {
  const path = fillDocumentPath(op.path, request.path);
  const query = request.query.map(([k, v]) => `${encodeURIComponent(k)}=${v}`).join('&');
  return query ? `${path}?${query}` : path;
}
