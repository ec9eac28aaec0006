import { afterEach, describe, expect, it } from 'vitest';
import type pg from 'pg';
import { TEST_DATABASE_URL, testEngines } from '../test-support/test-database.ts';
import { QUEUE_PER_CONNECTION } from './pool-settings.ts';
import { PoolBusyError, createPool } from './pool.ts';

const onPostgres = (await testEngines()).includes('postgres');

// The pool under load: a burst waits its turn; only a full queue or a wait past the deadline
// fails, and then as "busy", which the error handler words differently from an outage.
describe.skipIf(!onPostgres)('the PostgreSQL pool', () => {
  const pools: pg.Pool[] = [];
  const open = (poolSize: number, waitMs?: number) => {
    const pool = createPool({ url: TEST_DATABASE_URL, poolSize, waitMs });
    pools.push(pool);
    return pool;
  };
  afterEach(async () => {
    await Promise.all(pools.splice(0).map((pool) => pool.end()));
  });

  it('queues a burst larger than the pool and answers every request', async () => {
    const pool = open(2);
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        pool.query<{ n: number }>('select $1::int as n, pg_sleep(0.005)', [i]),
      ),
    );
    expect(answers.map((a) => a.rows[0]?.n)).toEqual(Array.from({ length: 40 }, (_, i) => i));
  });

  it('fails a request as busy once its wait for a connection runs out', async () => {
    const pool = open(1, 150);
    const held = await pool.connect();
    try {
      await expect(pool.query('select 1')).rejects.toBeInstanceOf(PoolBusyError);
    } finally {
      held.release();
    }
    // The connection is free again: the next request gets it.
    expect((await pool.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
  });

  it('turns a request away at once when the queue is full', async () => {
    const pool = open(1);
    const held = await pool.connect();
    const queued = Array.from({ length: QUEUE_PER_CONNECTION }, () => pool.query('select 1'));
    const started = performance.now();
    await expect(pool.query('select 1')).rejects.toBeInstanceOf(PoolBusyError);
    expect(performance.now() - started).toBeLessThan(1000);
    held.release();
    await Promise.all(queued);
  });

  it('runs statements without JIT compilation', async () => {
    const pool = open(1);
    expect((await pool.query('show jit')).rows).toEqual([{ jit: 'off' }]);
  });
});
