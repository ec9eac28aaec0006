import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { API_PREFIX, noEndpointMessage, sendApiError, type ApiError } from '@csp/contracts';
import { setApiErrorHandler } from '@csp/http-kit';
import { isDatabaseUnavailable, isPortalBusy } from '../lib/database-unavailable.ts';

export const GENERIC_ERROR_MESSAGE = 'An unexpected error occurred.';

export const BAD_URL_MESSAGE =
  'The request path is not a valid URL: a % must start an escape of two hexadecimal digits of UTF-8.';
export const URL_TOO_LONG_MESSAGE = 'A segment of the request path is too long.';

export const DATABASE_UNAVAILABLE_MESSAGE =
  'The portal cannot reach its database right now. Try again in a moment.';

export const PORTAL_BUSY_MESSAGE =
  'The portal is busy right now and could not take your request. Try again in a few seconds.';

/** Seconds a client is asked to wait before retrying when the portal was too busy. */
export const BUSY_RETRY_AFTER_S = 2;

/** Seconds a client is asked to wait before retrying during a database outage. */
export const DATABASE_RETRY_AFTER_S = 5;

/**
 * Fastify's client errors the portal words its own way (besides the shared ones); a body that is
 * not JSON names the body, as a body that fails its schema does.
 */
const CLIENT_ERRORS: Record<string, ApiError> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { message: 'The request body is not valid JSON.', field: 'body' },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    message: 'The request body is empty but its content type is JSON.',
    field: 'body',
  },
  FST_ERR_CTP_BODY_TOO_LARGE: { message: 'The request body is too large.' },
};

/**
 * Every error leaves as JSON `{message, field?}` (the shared {@link setApiErrorHandler}):
 * validation failures name the first offending field, domain errors (AppError) keep their
 * status, and anything unexpected becomes a logged 500 with a generic message so internals
 * never leak. The database's own errors are answered here: a value it refuses (400), its
 * outage (503), or every connection busy past a request's wait (503, worded as busy).
 */
export function registerErrorHandling(app: FastifyInstance): void {
  setApiErrorHandler(app, {
    genericMessage: GENERIC_ERROR_MESSAGE,
    clientErrors: CLIENT_ERRORS,
    answerKnown: answerDatabaseError,
  });
}

function answerDatabaseError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply | undefined {
  if (isDatabaseDataError(error)) {
    request.log.info({ err: error }, 'database refused a value of the request');
    return send(reply, 400, { message: DATA_ERROR_MESSAGE });
  }
  if (isPortalBusy(error)) {
    request.log.warn({ err: error }, 'every database connection busy');
    reply.header('retry-after', String(BUSY_RETRY_AFTER_S));
    return send(reply, 503, { message: PORTAL_BUSY_MESSAGE });
  }
  if (isDatabaseUnavailable(error)) {
    request.log.warn({ err: error }, 'database unavailable');
    reply.header('retry-after', String(DATABASE_RETRY_AFTER_S));
    return send(reply, 503, { message: DATABASE_UNAVAILABLE_MESSAGE });
  }
  return undefined;
}

export const DATA_ERROR_MESSAGE =
  'A value in the request is out of range or contains characters that cannot be stored.';

/**
 * PostgreSQL class 22 "data exception" (a number beyond the column's range, a NUL byte in text,
 * a malformed date...) is always the request's fault, on either engine. Drizzle wraps driver
 * errors, so the code may sit on the cause.
 */
function isDatabaseDataError(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 3; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * Errors the router raises before any route is found (Fastify's `frameworkErrors`): a path that
 * does not decode, or a segment over the router's length limit. Without this they would leave
 * in Fastify's own shape, not `{message, field}`.
 */
export function sendFrameworkError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  if (error.code === 'FST_ERR_BAD_URL') {
    return send(reply, 400, { message: BAD_URL_MESSAGE, field: 'url' });
  }
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    return send(reply, 414, { message: URL_TOO_LONG_MESSAGE, field: 'url' });
  }
  request.log.error({ err: error }, 'request failed before routing');
  return send(reply, 500, { message: GENERIC_ERROR_MESSAGE });
}

/** The JSON 404 for unknown API routes and anything the SPA fallback does not serve. */
export function sendNotFound(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const path = request.url.split('?')[0] ?? '';
  const message = path.startsWith(`${API_PREFIX}/`)
    ? noEndpointMessage(request.method, path)
    : `Nothing is found at ${path}.`;
  return send(reply, 404, { message });
}

function send(reply: FastifyReply, status: number, body: ApiError): FastifyReply {
  return sendApiError(reply, status, body);
}
