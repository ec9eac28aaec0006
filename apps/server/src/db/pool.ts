import pg from 'pg';
import {
  DEFAULT_POOL_SIZE,
  POOL_BUSY_CODE,
  POOL_WAIT_MS,
  QUEUE_PER_CONNECTION,
  type PoolErrorListener,
} from './pool-settings.ts';

/** node-postgres's message when a queued request's wait for a connection ran out. */
const QUEUE_TIMEOUT_MESSAGE = 'timeout exceeded when trying to connect';

/** The portal's connections are all in use and the queue is full or the wait ran out. */
export class PoolBusyError extends Error {
  readonly code = POOL_BUSY_CODE;
}

/**
 * A node-postgres pool that queues a burst and survives the server going away.
 * - Saturation: requests wait in a bounded queue (QUEUE_PER_CONNECTION per connection) up to
 *   POOL_WAIT_MS, then fail as PoolBusyError, which answers "busy", not "database down".
 * - JIT off on every connection (ADR 0030): the portal's statements are short, and compiling
 *   them costs more than it saves the moment an estimate crosses jit_above_cost.
 * - An idle client whose connection PostgreSQL closes (restart, pg_terminate_backend: 57P01)
 *   makes the pool emit 'error'; with no listener that event kills the process. The pool already
 *   discards the broken client, so the listener only reports it, and the next query reconnects.
 */
export function createPool(options: {
  url: string;
  poolSize?: number;
  onPoolError?: PoolErrorListener;
  statementTimeoutMs?: number;
  /** How long a request may wait for a connection (POOL_WAIT_MS unless a test shortens it). */
  waitMs?: number;
}): pg.Pool {
  const max = options.poolSize ?? DEFAULT_POOL_SIZE;
  const pool = new pg.Pool({
    connectionString: options.url,
    max,
    connectionTimeoutMillis: options.waitMs ?? POOL_WAIT_MS,
    idleTimeoutMillis: 30_000,
    options: '-c jit=off',
    // A half-open connection (a partition, a failover that never sent a reset) is noticed in
    // seconds rather than the operating system's two hours.
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
    // No request waits on the database for ever: a statement still running after this is
    // cancelled by PostgreSQL itself, and its request answers 503 instead of hanging.
    ...(options.statementTimeoutMs ? { statement_timeout: options.statementTimeoutMs } : {}),
  });
  boundQueue(pool, max * QUEUE_PER_CONNECTION);
  pool.on('error', (error) => options.onPoolError?.(error));
  // The pool's own listener covers idle clients only: it is removed while a client is checked
  // out, so a connection that dies inside a transaction or a long query would emit 'error' with
  // nobody listening and end the process. Every client keeps this listener for its lifetime;
  // the query in flight still fails (and its request answers 503).
  pool.on('connect', (client) => {
    client.on('error', (error) => options.onPoolError?.(error));
  });
  return pool;
}

type ConnectCallback = (
  error: Error | undefined,
  client?: pg.PoolClient,
  done?: () => void,
) => void;

/**
 * Wraps the pool's connect (which its query() uses too): a request beyond `limit` waiters fails
 * at once, and a waiter whose time ran out fails as PoolBusyError rather than the driver's
 * timeout, which reads like a connection failure.
 */
function boundQueue(pool: pg.Pool, limit: number): void {
  const connect = pool.connect.bind(pool) as (cb?: ConnectCallback) => Promise<pg.PoolClient>;
  const busy = (error?: Error) =>
    new PoolBusyError('every database connection is in use', error ? { cause: error } : undefined);
  const translate = (error: Error) =>
    error.message === QUEUE_TIMEOUT_MESSAGE ? busy(error) : error;
  const bounded = (cb?: ConnectCallback) => {
    if (pool.waitingCount >= limit) {
      const error = busy();
      if (!cb) return Promise.reject(error);
      process.nextTick(() => cb(error));
      return undefined;
    }
    if (!cb) return connect().catch((error: Error) => Promise.reject(translate(error)));
    return connect((error, client, done) => cb(error ? translate(error) : undefined, client, done));
  };
  pool.connect = bounded as typeof pool.connect;
}
