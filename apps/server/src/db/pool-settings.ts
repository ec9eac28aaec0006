/**
 * The PostgreSQL pool's settings, apart from the pool itself (pool.ts), so that what reads them
 * (the config, the server's start, the error pages) does not load node-postgres on the embedded
 * database.
 */

/** Where the pool reports a connection that broke while idle (PostgreSQL restarted, killed). */
export type PoolErrorListener = (error: Error) => void;

/** Connections the pool keeps open at most, unless DB_POOL_SIZE says otherwise. */
export const DEFAULT_POOL_SIZE = 10;

/**
 * How long a request waits for a connection: queued behind busy ones, or while a new one opens.
 * Past it the request answers 503 (busy when it was queued, unavailable when the database did
 * not answer), instead of hanging. A burst of requests waits its turn well within it.
 */
export const POOL_WAIT_MS = 10_000;

/**
 * Requests that may wait for a connection per connection of the pool: past it a request is told
 * at once that the portal is busy, rather than joining a queue it could not get through in time.
 */
export const QUEUE_PER_CONNECTION = 50;

/** The longest one SQL statement of a request may run on PostgreSQL (set by the server). */
export const STATEMENT_TIMEOUT_MS = 30_000;

/** Code of the error a request gets when the pool's queue is full or its wait ran out. */
export const POOL_BUSY_CODE = 'CSP_POOL_BUSY';
