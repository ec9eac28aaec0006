import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Database } from '../client.ts';
import { queryRows } from '../bulk-write.ts';
import { isbn13To10, isValidIsbn13 } from '@csp/contracts';
import { isLargeSeeded, seedLarge, type LargeSeedSummary } from './large.ts';
import { scalar } from './seed-test-helpers.ts';

let database: Database;
let summary: LargeSeedSummary;

beforeAll(async () => {
  database = await createDb({ engine: 'pglite' });
  // Foreign-key checks stay on here, so the generated links are verified by the database.
  summary = await seedLarge(database.db, {
    scale: 0.002,
    checkForeignKeys: true,
    today: new Date('2026-09-01T12:00:00Z'),
  });
});
afterAll(async () => {
  await database.close();
});

const count = (query: SQL): Promise<number> => scalar(database.db, query);

describe('seedLarge at a small scale', () => {
  it('creates its own location, website and accounts', async () => {
    expect(await isLargeSeeded(database.db)).toBe(true);
    expect(summary.foreignKeyChecks).toBe(true);
    const sites = await queryRows<{ host: string; json: string }>(
      database.db,
      sql`select host, json_file_name as json from websites where location_id = ${summary.locationId}`,
    );
    expect(sites).toEqual([{ host: 'large.localhost', json: 'large-university.json' }]);
    const adminRoles = await count(
      sql`select count(*)::int from user_roles ur join user_accounts ua on ua.id = ur.account_id
          where ua.user_name = 'admin@large-university.edu' and ur.department_id is null`,
    );
    expect(adminRoles).toBe(5);
  });

  it('fills every table in proportion', () => {
    const c = summary.counts;
    expect(c['courses']).toBeGreaterThanOrEqual(10);
    expect(c['sections']).toBeGreaterThanOrEqual(60);
    expect(c['students']).toBe(100);
    expect(c['enrollments']).toBeGreaterThan(600);
    expect(c['titles']).toBe(400);
    expect(c['order_items']).toBeGreaterThan(1500);
    expect(c['rentals']).toBeGreaterThan(200);
    for (const [table, n] of Object.entries(c)) expect(n, table).toBeGreaterThan(0);
  });

  it('gives every title a valid ISBN-13', async () => {
    const rows = await queryRows<{ ean13: string; isbn10: string | null }>(
      database.db,
      sql`select ean13, isbn10 from titles where location_id = ${summary.locationId}`,
    );
    expect(rows.every((r) => isValidIsbn13(r.ean13) && r.isbn10 === isbn13To10(r.ean13))).toBe(
      true,
    );
  });

  it('refuses to run twice', async () => {
    await expect(seedLarge(database.db, { scale: 0.002 })).rejects.toThrow(/already seeded/);
  });
});
