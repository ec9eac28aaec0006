import { PGlite } from '@electric-sql/pglite';
import { and, eq, sql } from 'drizzle-orm';
import { boolean, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPglite, pgliteStatement, reportPreparedStatements } from './pglite-prepared.ts';

/**
 * The embedded engine's prepared statements (the session check runs on them): values reach
 * the statement as written, whatever characters they hold, and every run is reported like
 * drizzle's own statements.
 */
const people = pgTable('people', { id: integer().primaryKey(), name: text(), active: boolean() });

describe('prepared statements on PGlite', () => {
  const client = new PGlite();
  const db = drizzle(client);
  const heard: string[] = [];

  beforeAll(async () => {
    await client.exec(`create table people (id int primary key, name text, active boolean);
      insert into people values (1, 'O''Brien', true), (2, 'Back\\slash', true), (3, 'Ann', false)`);
    reportPreparedStatements(client, (text) => heard.push(text));
  });
  afterAll(async () => {
    await client.close();
  });

  const byName = () =>
    pgliteStatement(
      db,
      'people_by_name',
      db
        .select({ id: people.id, name: people.name })
        .from(people)
        .where(and(eq(people.name, sql.placeholder('name')), eq(people.active, true)))
        .limit(1),
      ([id, name]) => ({ id: Number(id), name: String(name) }),
    );

  it('finds rows by values holding quotes, backslashes and SQL, and reports each run', async () => {
    expect(isPglite(db)).toBe(true);
    const statement = byName();
    expect(await statement.execute({ name: "O'Brien" })).toEqual([{ id: 1, name: "O'Brien" }]);
    expect(await statement.execute({ name: 'Back\\slash' })).toEqual([
      { id: 2, name: 'Back\\slash' },
    ]);
    expect(await statement.execute({ name: "x'; drop table people; --" })).toEqual([]);
    expect(await statement.execute({ name: 'Ann' })).toEqual([]);
    expect((await client.query('select count(*)::int as n from people')).rows).toEqual([{ n: 3 }]);
    expect(heard.filter((t) => t.startsWith('execute people_by_name('))).toHaveLength(4);
  });

  it('refuses a value that is neither an integer, a boolean nor a string without NUL', async () => {
    const statement = byName();
    await expect(statement.execute({ name: 'a\u0000b' })).rejects.toThrow(/name/);
    await expect(statement.execute({ name: 1.5 })).rejects.toThrow(/name/);
    await expect(statement.execute({})).rejects.toThrow(/name/);
  });
});
