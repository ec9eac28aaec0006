import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testEngines } from '../test-support/test-database.ts';
import { seedTestFixture, type TestFixture } from '../test-support/test-fixture.ts';
import { insertRows, upsertRows } from './bulk-write.ts';
import type { Database } from './client.ts';
import { divisions } from './schema/index.ts';

const engines = await testEngines();

describe.each(engines)('bulk writes (%s)', (engine) => {
  let database: Database;
  let fixture: TestFixture;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    fixture = await seedTestFixture(database.db);
  });
  afterAll(async () => database?.close());

  const divisionsOf = (locationId: number) =>
    database.db
      .select({ name: divisions.name, universityName: divisions.universityName })
      .from(divisions)
      .where(and(eq(divisions.locationId, locationId), eq(divisions.universityName, 'Bulk U')))
      .orderBy(asc(divisions.name));

  it('inserts 12,001 rows in chunks of 5,000, every one of them', async () => {
    const locationId = fixture.locations.b;
    const rows = Array.from({ length: 12_001 }, (_, i) => ({
      locationId,
      name: `Bulk division ${String(i).padStart(5, '0')}`,
      universityName: 'Bulk U',
    }));
    expect(await insertRows(database.db, divisions, rows, 5000)).toBe(12_001);
    const stored = await divisionsOf(locationId);
    expect(stored).toHaveLength(12_001);
    expect(stored[12_000]).toEqual({ name: 'Bulk division 12000', universityName: 'Bulk U' });
  });

  it('upserts on a unique key: a re-run updates what changed and adds nothing twice', async () => {
    const locationId = fixture.locations.a;
    const file = [
      { locationId, name: 'Arts', universityName: 'Bulk U' },
      { locationId, name: 'Sciences', universityName: 'Bulk U' },
    ];
    const key = [divisions.locationId, divisions.name];
    expect(await upsertRows(database.db, divisions, file, key)).toBe(2);
    expect(await upsertRows(database.db, divisions, file, key)).toBe(2);
    expect(await divisionsOf(locationId)).toEqual([
      { name: 'Arts', universityName: 'Bulk U' },
      { name: 'Sciences', universityName: 'Bulk U' },
    ]);
    const renamed = [{ locationId, name: 'Arts', universityName: 'Bulk University' }];
    await upsertRows(database.db, divisions, renamed, key);
    expect(await divisionsOf(locationId)).toEqual([{ name: 'Sciences', universityName: 'Bulk U' }]);
  });

  it('keeps the last row of a key given twice, in one upsert', async () => {
    const locationId = fixture.locations.a;
    const key = [divisions.locationId, divisions.name];
    const file = [
      { locationId, name: 'Twice', universityName: 'Bulk U' },
      { locationId, name: 'Twice', universityName: 'Bulk University' },
    ];
    expect(await upsertRows(database.db, divisions, file, key)).toBe(1);
    const [row] = await database.db
      .select({ universityName: divisions.universityName })
      .from(divisions)
      .where(and(eq(divisions.locationId, locationId), eq(divisions.name, 'Twice')));
    expect(row).toEqual({ universityName: 'Bulk University' });
  });
});
