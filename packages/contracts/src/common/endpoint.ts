import type { z } from 'zod';
import type { Access } from './access.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export const XLSX_CONTENT_TYPE =
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The media types of the files endpoints answer (documented as binary bodies). */
export const FILE_MEDIA_TYPES = {
  pdf: 'application/pdf',
  csv: 'text/csv',
  xlsx: XLSX_CONTENT_TYPE,
  samlMetadata: 'application/samlmetadata+xml',
  /** Prometheus' text exposition format (version 0.0.4). */
  prometheus: 'text/plain',
  /** Any image (a website's logo files are PNG, JPEG, SVG...). */
  image: 'image/*',
  /** A page of its own, not the web app's (an LTI deep-linking answer that posts on). */
  html: 'text/html',
} as const;
export type FileMediaType = (typeof FILE_MEDIA_TYPES)[keyof typeof FILE_MEDIA_TYPES];

/** Statuses of a success that answers the endpoint's `response` as JSON. */
export type JsonSuccessStatus = 200 | 201 | 202;

/**
 * What a success answers when it is not only `response` as JSON with 200. The OpenAPI document
 * says exactly this, and the server's tests check every answer against the document.
 */
export interface Success {
  /**
   * The statuses that answer `response` as JSON, e.g. [200, 202] when work may go on after
   * the answer. [200] unless `file` or `redirect` is given; then none unless listed.
   */
  json?: readonly JsonSuccessStatus[];
  /** A file answered with 200 (beside JSON when `json` lists 200: a parameter chooses). */
  file?: FileMediaType;
  /** A browser navigation: 302 with a Location header and no body. */
  redirect?: true;
  /** 304 with no body when If-None-Match names the answer's ETag. */
  notModified?: true;
}

/**
 * One HTTP endpoint, written once and shared: the server validates with these schemas (and
 * generates OpenAPI from them), the web client derives its request and response types.
 * `path` uses Fastify's `:param` syntax.
 */
export interface Endpoint<
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
> {
  method: HttpMethod;
  path: string;
  summary: string;
  /** Whether the call needs the Auth-Token header. */
  auth: boolean;
  /**
   * What the server asks of the caller (actions, the scope of the item named, the refusal):
   * required, so a new endpoint states it; the authorization matrix holds the server to it.
   */
  access: Access;
  params?: P;
  query?: Q;
  body?: B;
  /** The JSON body of a success (`z.never()` for an endpoint that answers none). */
  response: R;
  /** What a success answers when it is not only `response` with 200. */
  success?: Success;
}

export function endpoint<
  P extends z.ZodType,
  Q extends z.ZodType,
  B extends z.ZodType,
  R extends z.ZodType,
>(e: Endpoint<P, Q, B, R>): Endpoint<P, Q, B, R> {
  return e;
}

export type ParamsOf<E> =
  E extends Endpoint<infer P, z.ZodType, z.ZodType, z.ZodType> ? z.input<P> : never;
export type QueryOf<E> =
  E extends Endpoint<z.ZodType, infer Q, z.ZodType, z.ZodType> ? z.input<Q> : never;
export type BodyOf<E> =
  E extends Endpoint<z.ZodType, z.ZodType, infer B, z.ZodType> ? z.input<B> : never;
export type ResponseOf<E> =
  E extends Endpoint<z.ZodType, z.ZodType, z.ZodType, infer R> ? z.output<R> : never;

/** The statuses at which `e` answers its `response` JSON (see {@link Success.json}). */
export function jsonSuccessStatuses(e: Pick<Endpoint, 'success'>): readonly JsonSuccessStatus[] {
  const success = e.success;
  if (!success) return [200];
  return success.json ?? (success.file || success.redirect ? [] : [200]);
}

/** Fills `:name` segments of a contract path, URL-encoding each value. */
export function fillPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}
