import { pgErrorCode } from './unique-violation.ts';

/** Deadlock detected, serialization failure: the database rolled the transaction back whole. */
const TRANSIENT = new Set(['40P01', '40001']);

/**
 * Runs a transaction again when PostgreSQL chose it as a deadlock's victim. Writers that lock
 * shared rows in different orders (an order's items lock their sections for the dashboard's
 * summaries, ADR 0017; a feed import updates sections in bulk) can meet in a cycle; the
 * database aborts one of them, which then has done nothing, so running it again is safe. The
 * work must be a whole transaction (it is rerun from the start).
 */
export async function retryOnDeadlock<T>(work: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= attempts || !TRANSIENT.has(pgErrorCode(error) ?? '')) throw error;
    }
  }
}
