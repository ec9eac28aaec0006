import { and, count, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testEngines } from '../test-support/test-database.ts';
import { seedTestFixture, type TestFixture } from '../test-support/test-fixture.ts';
import { insertRows } from './bulk-write.ts';
import type { Database } from './client.ts';
import { sortAndPage, toPage, totalRows, type PageRequest } from './list-query.ts';
import { courses } from './schema/index.ts';

const engines = await testEngines();

describe.each(engines)('list queries: sort whitelist, one round trip per page (%s)', (engine) => {
  let database: Database;
  let fixture: TestFixture;
  let statements = 0;

  beforeAll(async () => {
    database = await createTestDatabase(engine, { onQuery: () => statements++ });
    fixture = await seedTestFixture(database.db);
    const { divisionId, departmentId } = fixture.catalog;
    // 25 courses whose names repeat, so the tiebreaker decides the order within a name.
    await insertRows(
      database.db,
      courses,
      Array.from({ length: 25 }, (_, i) => ({
        locationId: fixture.locations.a,
        divisionId,
        departmentId,
        code: `L${String(i).padStart(2, '0')}`,
        name: `Topic ${i % 3}`,
      })),
    );
  });
  afterAll(async () => database?.close());

  const SORTS = { code: courses.code, name: courses.name };
  const listCourses = async (request: PageRequest<keyof typeof SORTS>) => {
    const where = and(eq(courses.locationId, fixture.locations.a), like(courses.code, 'L%'));
    const query = database.db
      .select({ code: courses.code, name: courses.name, totalRows: totalRows() })
      .from(courses)
      .where(where)
      .$dynamic();
    const rows = await sortAndPage(query, SORTS, courses.id, request);
    return toPage(rows, async () => {
      const [row] = await database.db.select({ n: count() }).from(courses).where(where);
      return Number(row?.n ?? 0);
    });
  };

  it('answers a page and the total in one statement', async () => {
    statements = 0;
    const page = await listCourses({
      page: 2,
      pageSize: 10,
      sortField: 'code',
      sortDirection: 'desc',
    });
    expect(statements).toBe(1);
    expect(page.recordCount).toBe(25);
    expect(page.rows.map((r) => r.code)).toEqual(
      Array.from({ length: 10 }, (_, i) => `L${String(14 - i).padStart(2, '0')}`),
    );
  });

  it('pages through repeated sort values without losing or repeating a row', async () => {
    const seen: string[] = [];
    for (let page = 1; page <= 3; page++) {
      const { rows } = await listCourses({
        page,
        pageSize: 10,
        sortField: 'name',
        sortDirection: 'asc',
      });
      seen.push(...rows.map((r) => r.code));
    }
    expect(new Set(seen).size).toBe(25);
  });

  it('still knows the total on a page past the end', async () => {
    const page = await listCourses({
      page: 9,
      pageSize: 10,
      sortField: 'code',
      sortDirection: 'asc',
    });
    expect(page).toEqual({ rows: [], recordCount: 25 });
  });
});
