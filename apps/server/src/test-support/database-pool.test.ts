import { describe, expect, it } from 'vitest';
import { checkOutTestDatabase } from './database-pool.ts';
import { createTestDatabase, testEngines } from './test-database.ts';
import { seedTestFixture } from './test-fixture.ts';

const engines = await testEngines();

/** What a suite could tell apart: every row of the fixture's tables, and every sequence. */
const STATE = `select
    (select json_agg(a order by id) from actions a)::text as actions,
    (select json_agg(s order by sequencename) from pg_sequences s)::text as sequences,
    (select json_agg(json_build_object('id', id, 'ref', external_ref) order by id) from locations)::text
      as locations,
    (select json_agg(json_build_object('id', id, 'name', user_name) order by id)
      from user_accounts)::text as accounts`;

async function stateOf(database: { rawQuery(sql: string, params: unknown[]): Promise<unknown> }) {
  return ((await database.rawQuery(STATE, [])) as { rows: Record<string, string>[] }).rows[0];
}

describe.each(engines)('a database handed from one suite to the next (%s)', (engine) => {
  it('is as a new one once the fixture is seeded: the same rows, ids and sequences', async () => {
    const fresh = await createTestDatabase(engine);
    await seedTestFixture(fresh.db);
    const expected = await stateOf(fresh);
    await fresh.close();

    for (let suite = 0; suite < 3; suite++) {
      const database = await checkOutTestDatabase(engine);
      // Each suite writes more than the fixture: none of it may reach the next.
      await seedTestFixture(database.db);
      expect(await stateOf(database)).toEqual(expected);
      await database.rawQuery(
        `insert into locations (name, external_ref) values ('Extra', 'extra')`,
        [],
      );
      await database.close();
    }
  });

  it('is not handed on once a suite changed its schema', async () => {
    const changed = await checkOutTestDatabase(engine);
    await changed.rawQuery('create table left_behind (id int)', []);
    await changed.close();
    const next = await checkOutTestDatabase(engine);
    const found = (await next.rawQuery(
      `select count(*)::int as n from pg_tables where tablename = 'left_behind'`,
      [],
    )) as { rows: { n: number }[] };
    expect(found.rows[0]?.n).toBe(0);
    await next.close();
  });
});

describe.skipIf(!engines.includes('postgres'))('PostgreSQL databases checked out at once', () => {
  it('are three different databases', async () => {
    const databases = await Promise.all([1, 2, 3].map(() => checkOutTestDatabase('postgres')));
    expect(new Set(databases.map((d) => d.url)).size).toBe(3);
    await Promise.all(databases.map((d) => d.close()));
  });
});
