import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../client.ts';
import { createTestDatabase } from '../../test-support/test-database.ts';
import { queryRows } from '../bulk-write.ts';
import { isbn13To10, isValidIsbn13 } from '@csp/contracts';
import { isLargeSeeded, seedLarge, type LargeSeedSummary } from './large.ts';
import { DEMO_SIZED_DEPARTMENT } from './large-store.ts';
import { scalar } from '../../test-support/seed-test-helpers.ts';

let database: Database;
let summary: LargeSeedSummary;

beforeAll(async () => {
  database = await createTestDatabase('pglite');
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

  it('has a return address, a tax rate and shipping methods', async () => {
    const [store] = await queryRows<{ city: string | null; tax: number }>(
      database.db,
      sql`select return_city as city, tax_rate_basis_points as tax from locations
          where id = ${summary.locationId}`,
    );
    expect(store).toEqual({ city: 'Columbus', tax: 725 });
    expect(summary.counts['shipping_methods']).toBe(3);
  });

  it('has one main-campus department of the demo store size, its sections in every term', async () => {
    const perTerm = await queryRows<{ term: string; sections: number }>(
      database.db,
      sql`select t.name as term, count(*)::int as sections
          from sections s join courses c on c.id = s.course_id
            join departments d on d.id = c.department_id join terms t on t.id = s.term_id
          where d.location_id = ${summary.locationId} and d.code = ${DEMO_SIZED_DEPARTMENT.code}
          group by t.name, t.start_date order by t.start_date`,
    );
    // Seven courses: one past, two current and one upcoming section each.
    expect(perTerm.map((r) => r.sections)).toEqual([7, 14, 7]);
    expect(perTerm.every((r) => r.term.endsWith('- Main Campus'))).toBe(true);
  });

  it('fills every table in proportion', () => {
    const c = summary.counts;
    expect(c['courses']).toBeGreaterThanOrEqual(10);
    expect(c['sections']).toBeGreaterThanOrEqual(60);
    expect(c['students']).toBe(100);
    expect(c['enrollments']).toBeGreaterThan(600);
    expect(c['titles']).toBe(400);
    expect(c['external_products']).toBe(400);
    expect(c['order_items']).toBeGreaterThan(1500);
    expect(c['rentals']).toBeGreaterThan(200);
    for (const [table, n] of Object.entries(c)) expect(n, table).toBeGreaterThan(0);
  });

  it("runs inclusive access in the terms in progress, the programs' students taken in by the triggers", async () => {
    expect(summary.counts['ia_programs']).toBeGreaterThan(0);
    const missing = await count(sql`select count(*)::int as n from ia_programs p
      join enrollments e on e.section_id = p.section_id
      left join ia_participants pa on pa.program_id = p.id and pa.student_id = e.student_id
      where pa.id is null`);
    expect(missing).toBe(0);
    expect(summary.counts['ia_participants']).toBeGreaterThan(0);
  });

  it('funds students at scale without overdrawing, charging only their own orders', async () => {
    expect(summary.counts['funding_sources']).toBe(6);
    expect(summary.counts['funding_allowances']).toBeGreaterThan(20);
    expect(summary.counts['funding_ledger']).toBeGreaterThan(
      summary.counts['funding_allowances'] ?? 0,
    );
    const wrong = await count(sql`select
      (select count(*) from (select allowance_id from funding_ledger
        group by allowance_id having sum(amount_cents) < 0) x)
      + (select count(*) from funding_ledger l join orders o on o.id = l.order_id
        where o.student_id <> l.student_id or o.location_id <> l.location_id)
      + (select count(*) from funding_sources s where s.budget_cents < (select sum(amount_cents)
        from funding_ledger l where l.source_id = s.id and l.kind in ('ALLOCATION', 'EXPIRY')))`);
    expect(wrong).toBe(0);
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

  it("generates the distributor's catalog with distinct valid ISBNs, none a store title's", async () => {
    const rows = await queryRows<{ ean13: string; digitalIsbn: string | null; source: string }>(
      database.db,
      sql`select ean13, digital_isbn as "digitalIsbn", source from external_products`,
    );
    expect(rows).toHaveLength(400);
    expect(new Set(rows.map((r) => r.ean13)).size).toBe(400);
    expect(rows.every((r) => isValidIsbn13(r.ean13) && r.source === 'generated')).toBe(true);
    expect(rows.some((r) => r.digitalIsbn?.startsWith('979'))).toBe(true);
    const clashes = await count(
      sql`select count(*)::int from external_products e join titles t on t.ean13 = e.ean13`,
    );
    expect(clashes).toBe(0);
    // Planner statistics were gathered (the seed ends with VACUUM ANALYZE).
    const analyzed = await count(
      sql`select count(*)::int from pg_stat_user_tables
          where relname = 'external_products' and last_analyze is not null`,
    );
    expect(analyzed).toBe(1);
  });

  it('refuses to run twice', async () => {
    await expect(seedLarge(database.db, { scale: 0.002 })).rejects.toThrow(/already seeded/);
  });
});

describe('seedLarge with foreign-key checks off (the default for a superuser)', () => {
  it('still adds the generated products to the search vocabulary', async () => {
    const fast = await createTestDatabase('pglite');
    try {
      const seeded = await seedLarge(fast.db, {
        scale: 0.0005,
        today: new Date('2026-09-01T12:00:00Z'),
      });
      // Replica mode skips ordinary triggers; the products are inserted with them on.
      expect(seeded.foreignKeyChecks).toBe(false);
      expect(seeded.counts['external_products']).toBe(100);
      const unlearned = await scalar(
        fast.db,
        sql`select count(*)::int from external_products e,
              unnest(tsvector_to_array(e.search_words)) as w
            where length(w) >= 3 and not exists (select 1 from search_vocabulary v where v.word = w)`,
      );
      expect(unlearned).toBe(0);
    } finally {
      await fast.close();
    }
  });
});
