import { POOL_BUSY_CODE } from '../db/pool-settings.ts';

/**
 * Whether an error means the database cannot be reached right now (PostgreSQL down,
 * restarting, or our connection to it cut), as opposed to a fault of the request or the code.
 * Such a request gets a 503 with Retry-After; it is worth trying again shortly.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 4; depth++) {
    if (matches(e as { code?: unknown; message?: unknown })) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** Network errors of the socket to PostgreSQL. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);

/**
 * PostgreSQL SQLSTATEs: class 08 (connection exception), 57P01-57P03 (the server is shutting
 * down, crashed or cannot take connections yet), 53300 (too many connections) and 57014 (a
 * statement cancelled by the server's statement_timeout: the database is too busy to answer).
 */
const UNAVAILABLE_SQLSTATE = /^(08[0-9A-Z]{3}|57P0[123]|53300|57014)$/;

/** node-postgres reports some connection failures by message only. */
const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'Client has encountered a connection error and is not queryable',
  'Cannot use a pool after calling end on the pool',
];

function matches(e: { code?: unknown; message?: unknown }): boolean {
  if (typeof e.code === 'string' && (SOCKET_CODES.has(e.code) || UNAVAILABLE_SQLSTATE.test(e.code)))
    return true;
  const message = typeof e.message === 'string' ? e.message : '';
  return UNAVAILABLE_MESSAGES.some((m) => message.includes(m));
}

/**
 * Whether every database connection was in use for longer than a request may wait (or the queue
 * for one was full): the portal is busy, the database itself answers. Also a 503, worded so.
 */
export function isPortalBusy(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 4; depth++) {
    if ((e as { code?: unknown }).code === POOL_BUSY_CODE) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
