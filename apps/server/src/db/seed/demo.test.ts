import { websiteConfig } from '@csp/contracts';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../client.ts';
import { createTestDatabase } from '../../test-support/test-database.ts';
import { divisions } from '../schema/index.ts';
import { verifyPassword } from '../../lib/password-hash.ts';
import { queryRows } from '../bulk-write.ts';
import { DEMO_ACCOUNTS } from './demo-accounts.ts';
import { isDemoSeeded, seedDemo, type DemoSeedSummary } from './demo.ts';
import { isbn13To10, isValidIsbn13 } from '@csp/contracts';
import { scalar } from '../../test-support/seed-test-helpers.ts';
import { titleChanges } from '../../modules/adoption/material-changes/material-changes.ts';
import { formatEan13 } from '../../modules/adoption/wizard/titles.ts';
import { DERIVED_EDITION_SOURCE } from './newer-edition.ts';

const TODAY = new Date('2026-03-10T12:00:00Z');
let database: Database;
let summary: DemoSeedSummary;
let a: number;
let b: number;

beforeAll(async () => {
  database = await createTestDatabase('pglite');
  summary = await seedDemo(database.db, { today: TODAY });
  ({ storeA: a, storeB: b } = summary.locationIds);
  console.info(`[seed] demo seed on PGlite took ${Math.round(summary.elapsedMs)} ms`);
});
afterAll(async () => {
  await database.close();
});

const count = (query: SQL): Promise<number> => scalar(database.db, query);

describe('seedDemo on PGlite', () => {
  it("gives every department a contact at its store's own domain, for campaign digests", async () => {
    const contacts = await queryRows<{ code: string; email: string | null; domains: string[] }>(
      database.db,
      sql`select d.code, d.contact_email as email, l.email_domains as domains
          from departments d join locations l on l.id = d.location_id where l.id = ${a}`,
    );
    expect(contacts.length).toBeGreaterThan(0);
    for (const c of contacts) {
      expect(c.email).toBe(`${c.code.toLowerCase()}-chair@demo-university.edu`);
      expect(c.domains).toContain('demo-university.edu');
    }
  });

  it('leaves the planner statistics counting what it wrote', async () => {
    // Without them the first reads of a new demo are planned for empty tables.
    for (const table of ['sections', 'enrollments', 'adoption_materials', 'search_vocabulary']) {
      const planned = await count(
        sql`select reltuples::int from pg_class where relname = ${table} and relkind = 'r'`,
      );
      expect({ table, planned }).toEqual({
        table,
        planned: await count(sql`select count(*)::int from ${sql.identifier(table)}`),
      });
    }
  });

  it("leaves every section's kept facts equal to a recount (the seed refreshes them once)", async () => {
    // The seed switches the triggers off while it loads (ADR 0016): a missing refresh at its
    // end would leave every section at zero.
    const wrong = await count(sql`select count(*)::int from sections s
      where s.enrollment_count <> (select count(*) from enrollments e where e.section_id = s.id)
        or s.professor_names <> coalesce((select string_agg(p.last_name || ', ' || p.first_name,
          '; ' order by p.last_name, p.first_name, p.id) from section_professors sp
          join professors p on p.id = sp.professor_id where sp.section_id = s.id), '')
        or s.listing_count <> (select count(*) from (
          select am.id from adoption_material_sections ams
            join adoption_materials am on am.id = ams.adoption_material_id
          where ams.section_id = s.id and not ams.removed and am.active
          union
          select am.id from adoption_materials am where am.course_id = s.course_id
            and am.adoption_type = 'AUTO_ADOPTION' and am.active) cover)`);
    expect(wrong).toBe(0);
    expect(
      await count(
        sql`select count(*)::int from sections where enrollment_count > 0 and listing_count > 0`,
      ),
    ).toBeGreaterThan(100);
  });

  it('has the stated size', async () => {
    expect(await isDemoSeeded(database.db)).toBe(true);
    const inA = async (table: string): Promise<number> =>
      count(sql`select count(*)::int from ${sql.identifier(table)} where location_id = ${a}`);
    expect(await inA('divisions')).toBe(3);
    expect(await inA('terms')).toBe(9);
    expect(await inA('departments')).toBeGreaterThanOrEqual(40);
    expect(await inA('courses')).toBeGreaterThanOrEqual(360);
    expect(await inA('courses')).toBeLessThanOrEqual(440);
    expect(await inA('sections')).toBeGreaterThanOrEqual(1100);
    expect(await inA('sections')).toBeLessThanOrEqual(1300);
    expect(await inA('professors')).toBeGreaterThanOrEqual(270);
    expect(await inA('students')).toBe(3000);
    expect(await inA('enrollments')).toBeGreaterThanOrEqual(11_000);
    // 2,000 generated titles and 40 real UofT textbooks of the distributor's catalog.
    expect(await inA('titles')).toBe(2040);
    expect(await inA('order_items')).toBeGreaterThan(10_000);
    expect(await inA('rentals')).toBeGreaterThan(2000);
    expect(summary.counts['students']).toBe(3100);
    expect(summary.accounts.map((x) => x.userName)).toEqual(DEMO_ACCOUNTS.map((x) => x.userName));
  });

  it('gives every title a valid ISBN-13, unique per store, and a matching ISBN-10', async () => {
    const rows = await queryRows<{
      locationId: number;
      ean13: string;
      isbn10: string | null;
      digitalIsbn: string | null;
    }>(
      database.db,
      sql`select location_id as "locationId", ean13, isbn10, digital_isbn as "digitalIsbn" from titles`,
    );
    for (const row of rows) {
      expect(isValidIsbn13(row.ean13), row.ean13).toBe(true);
      expect(row.isbn10).toBe(isbn13To10(row.ean13));
      if (row.digitalIsbn !== null) expect(isValidIsbn13(row.digitalIsbn)).toBe(true);
    }
    expect(rows.some((r) => r.ean13.startsWith('979') && r.isbn10 === null)).toBe(true);
    expect(new Set(rows.map((r) => `${r.locationId}:${r.ean13}`)).size).toBe(rows.length);
  });

  it("loads the distributor's catalog, and stocks 40 of its real textbooks in store A", async () => {
    // The real books, and the one newer edition derived for the demo instructor (below).
    expect(summary.counts['external_products']).toBe(10_991);
    expect(await count(sql`select count(*)::int from external_products`)).toBe(10_991);
    const shared = async (location: number): Promise<number> =>
      count(
        sql`select count(*)::int from titles t join external_products e on e.ean13 = t.ean13
            where t.location_id = ${location} and e.source = 'uoft-bookstore'
              and t.description = e.description and t.author = e.author`,
      );
    expect(await shared(a)).toBe(40);
    expect(await shared(b)).toBe(0);
    const econometrics = await queryRows(
      database.db,
      sql`select ean13, author, edition, list_price_cents as price from titles
          where location_id = ${a} and description = 'Introductory Econometrics 7E'`,
    );
    expect(econometrics).toEqual([
      { ean13: '9781337558860', author: 'Wooldridge', edition: '7th', price: 16210 },
    ]);
  });

  it('scopes the submitter to Biology on the main campus', async () => {
    const rows = await queryRows<{
      role: string;
      division: string | null;
      department: string | null;
      course: number | null;
    }>(
      database.db,
      sql`select r.name as role, dv.name as division, d.name as department, ur.course_id as course
          from user_roles ur join user_accounts ua on ua.id = ur.account_id join roles r on r.id = ur.role_id
          left join divisions dv on dv.id = ur.division_id left join departments d on d.id = ur.department_id
          where ua.user_name = 'submitter@demo-university.edu'`,
    );
    expect(rows).toEqual([
      { role: 'SUBMITTER', division: 'Main Campus', department: 'Biology', course: null },
    ]);
    const storeWide = await count(
      sql`select count(*)::int from user_roles ur join user_accounts ua on ua.id = ur.account_id
          where ua.user_name = 'admin@demo-university.edu' and ur.division_id is null and ur.department_id is null`,
    );
    // Every role store-wide: the five of the spec and the Store Administrator.
    expect(storeWide).toBe(6);
  });

  it('links the instructor to a professor who teaches several current sections', async () => {
    const current = await count(
      sql`select count(*)::int from professors p join user_accounts ua on ua.id = p.account_id
          join section_professors sp on sp.professor_id = p.id join sections s on s.id = sp.section_id
          where ua.user_name = 'instructor@demo-university.edu'
            and s.start_date <= ${'2026-03-10'} and s.end_date >= ${'2026-03-10'}`,
    );
    expect(current).toBeGreaterThanOrEqual(4);
    const roles = await queryRows<{ name: string; scoped: boolean }>(
      database.db,
      sql`select r.name, (ur.division_id is not null) as scoped from user_roles ur
          join user_accounts ua on ua.id = ur.account_id join roles r on r.id = ur.role_id
          where ua.user_name = 'instructor@demo-university.edu'`,
    );
    expect(roles).toEqual([{ name: 'INSTRUCTOR', scoped: false }]);
  });

  it("puts a newer edition of one of the instructor's last-term titles in the catalog", async () => {
    const [derived] = await queryRows<{ ean13: string; edition: string; titleId: number }>(
      database.db,
      sql`select e.ean13, e.edition, t.id as "titleId" from external_products e
          join titles t on t.location_id = ${a} and t.description = e.description
            and t.author = e.author and t.ean13 <> e.ean13
          where e.source = ${DERIVED_EDITION_SOURCE}`,
    );
    expect(derived).toBeDefined();
    // Adopted on a section of a course the instructor teaches (My courses offers it again).
    const adopted = await count(
      sql`select count(*)::int from adoption_materials am
          join adoption_material_sections ams on ams.adoption_material_id = am.id
          join sections s on s.id = ams.section_id
          where am.title_id = ${derived!.titleId}
            and s.course_id in (select s2.course_id from sections s2
              join section_professors sp on sp.section_id = s2.id
              where sp.professor_id = ${summary.instructorProfessorId})`,
    );
    expect(adopted).toBeGreaterThan(0);
    const changes = await titleChanges(database.db, a, [derived!.titleId]);
    expect(changes.get(derived!.titleId)).toEqual([
      expect.objectContaining({ kind: 'NEWER_EDITION', newerIsbn: formatEan13(derived!.ean13) }),
    ]);
  });

  it('hashes the demo passwords with argon2id', async () => {
    const rows = await queryRows<{ userName: string; hash: string }>(
      database.db,
      sql`select user_name as "userName", password_hash as hash from user_accounts`,
    );
    for (const account of DEMO_ACCOUNTS) {
      const row = rows.find((r) => r.userName === account.userName);
      expect(row?.hash.startsWith('$argon2id$')).toBe(true);
      expect(await verifyPassword(row?.hash ?? '', account.password)).toBe(true);
    }
  });

  it('keeps store B apart from store A', async () => {
    const idsOf = async (table: string, location: number): Promise<Set<number>> =>
      new Set(
        (
          await queryRows<{ id: number }>(
            database.db,
            sql`select id from ${sql.identifier(table)} where location_id = ${location}`,
          )
        ).map((r) => r.id),
      );
    for (const table of ['websites', 'website_assets', 'user_accounts']) {
      const inA = await idsOf(table, a);
      const inB = await idsOf(table, b);
      expect(inB.size).toBeGreaterThan(0);
      expect([...inB].filter((id) => inA.has(id))).toEqual([]);
    }
    const accountsB = await queryRows<{ userName: string }>(
      database.db,
      sql`select user_name as "userName" from user_accounts where location_id = ${b}`,
    );
    expect(accountsB).toEqual([{ userName: 'admin@bookstore-b.edu' }]);
    expect(await count(sql`select count(*)::int from students where location_id = ${b}`)).toBe(100);
    // Everything hanging off a store B student stays in store B.
    const leaks = await count(
      sql`select (select count(*) from enrollments e join students st on st.id = e.student_id
                  join sections s on s.id = e.section_id
                  where st.location_id = ${b} and (s.location_id <> ${b} or e.location_id <> ${b}))
               + (select count(*) from orders o join students st on st.id = o.student_id
                  join divisions d on d.id = o.division_id
                  where (st.location_id = ${b}) <> (o.location_id = ${b} and d.location_id = ${b}))
               + (select count(*) from rentals r join students st on st.id = r.student_id
                  join titles t on t.id = r.title_id
                  where (st.location_id = ${b}) <> (r.location_id = ${b} and t.location_id = ${b}))`,
    );
    expect(leaks).toBe(0);
    const hosts = await queryRows<{ host: string; location: number }>(
      database.db,
      sql`select host, location_id as location from websites order by id`,
    );
    expect(hosts).toEqual([
      { host: 'localhost', location: a },
      { host: '127.0.0.1', location: a },
      { host: 'bookstore-b.localhost', location: b },
    ]);
  });

  it('serves a valid config and both logos for every website', async () => {
    const sites = await queryRows<{ config: unknown }>(
      database.db,
      sql`select config from websites`,
    );
    const files = new Set(
      (
        await queryRows<{ f: string }>(database.db, sql`select file_name as f from website_assets`)
      ).map((r) => r.f),
    );
    for (const site of sites) {
      const config = websiteConfig.parse(site.config);
      expect(files.has(config.logo.replace('/site-config/logos/', ''))).toBe(true);
      expect(files.has(config.logoMobile.replace('/site-config/logos/', ''))).toBe(true);
    }
  });

  it('refuses to seed twice and leaves identity sequences past the seeded ids', async () => {
    await expect(seedDemo(database.db, { today: TODAY })).rejects.toThrow(/already seeded/);
    const [row] = await database.db
      .insert(divisions)
      .values({ locationId: a, name: 'Sequence Check', universityName: 'Demo University' })
      .returning({ id: divisions.id });
    expect(row?.id).toBe(5);
  });
});
