import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  fillPath,
  getAdoptionMaterialHistory,
  getAdoptionMaterialHistoryItems,
  getAdoptionMaterials,
  type AdoptionHistoryItem,
  type AdoptionMaterialDTO,
} from '@csp/contracts';
import { queryRows } from '../../../db/bulk-write.ts';
import {
  authHeaders,
  createTestApp,
  testEngines,
  type TestContext,
} from '../../../test-support/test-app.ts';
import { callAs, signIn, type Caller } from '../../../test-support/permissions-test-support.ts';
import {
  applied,
  entity,
  removeWaitingUploads,
  storeTables,
  UOFT_ADOPTIONS,
  uploadChecked,
} from '../../../test-support/data-test-support.ts';

const engines = await testEngines();

/** Every row of the adoption tables of the store, in a stable order. */
async function adoptionTables(ctx: TestContext) {
  const location = ctx.fixture.locations.a;
  return {
    adoptions: await queryRows(
      ctx.db,
      sql`select * from adoption_materials where location_id = ${location} order by id`,
    ),
    links: await queryRows(
      ctx.db,
      sql`select ams.* from adoption_material_sections ams join adoption_materials am on am.id = ams.adoption_material_id
        where am.location_id = ${location} order by ams.adoption_material_id, ams.section_id`,
    ),
    activity: await queryRows(
      ctx.db,
      sql`select * from adoption_activity where location_id = ${location} order by id`,
    ),
    proposed: await queryRows(
      ctx.db,
      sql`select * from proposed_titles where location_id = ${location} order by id`,
    ),
    store: await storeTables(ctx.db, location),
  };
}

describe.each(engines)('adoption history (%s)', (engine) => {
  let ctx: TestContext;
  let admin: Caller;
  const uoft = (formatId: string) => ({
    formatId,
    fileName: 'uoft_bookstore_textbook_adoptions_2020-fall.csv',
    divisionId: ctx.fixture.catalog.divisionId,
    file: { path: UOFT_ADOPTIONS },
  });
  /** A course's screens as the store's admin sees them (the admin adopted none of it). */
  const course = (dept: string, code: string) => ({
    userAccountId: admin.accountId,
    divisionId: ctx.fixture.catalog.divisionId,
    departmentCode: dept,
    courseCode: code,
  });
  const adoptionsOf = async (dept: string, code: string) => {
    const res = await ctx.app.inject({
      url: fillPath(getAdoptionMaterials.path, course(dept, code)),
      headers: authHeaders(admin.host, admin.token),
    });
    expect(res.statusCode).toBe(200);
    return res.json<{ adoptionMaterials: AdoptionMaterialDTO[] }>().adoptionMaterials;
  };

  beforeAll(async () => {
    // Add from previous looks back 1,825 days: the Fall 2020 list is history in early 2021.
    ctx = await createTestApp(engine, { now: () => new Date('2021-01-15T15:00:00Z') });
    admin = await signIn(ctx, 'admin@store-a.test');
    const sections = await uploadChecked(ctx, admin, uoft('uoft-bookstore-sections'));
    expect(sections).toMatchObject({ status: 'VALIDATED', rowsRejected: 0 });
    expect(entity(sections, 'sections').added).toBe(598);
    expect((await applied(ctx, admin, sections.importId)).status).toBe('APPLIED');
  });
  afterAll(async () => {
    await removeWaitingUploads(ctx);
    await ctx?.close();
  });

  it("imports the UofT Bookstore's adoption list as history: one adoption per course and book", async () => {
    const before = await adoptionTables(ctx);
    const checked = await uploadChecked(ctx, admin, uoft('uoft-bookstore-adoption-history'));
    // Counted apart from the product (python's csv module over the same file): 1,405 rows,
    // 1,404 course-and-ISBN pairs (one book is on two sections of a course), 1,401 ISBNs.
    expect(checked).toMatchObject({
      status: 'VALIDATED',
      rowsRead: 1405,
      rowsRejected: 0,
      terms: ['Fall 2020'],
    });
    expect(entity(checked, 'adoptions')).toEqual({ added: 1404, updated: 0, unchanged: 0 });
    expect(entity(checked, 'titles').added).toBe(1401);
    // The check wrote nothing.
    expect(await adoptionTables(ctx)).toEqual(before);

    const done = await applied(ctx, admin, checked.importId);
    expect(done).toMatchObject({ status: 'APPLIED', rowsRejected: 0 });
    expect(entity(done, 'adoptions')).toEqual(entity(checked, 'adoptions'));

    const [wildThings] = (await adoptionsOf('ENG', '234H1F')).filter(
      (a) => a.title?.ean13 === '9780064431781',
    );
    expect(wildThings).toMatchObject({
      source: 'IMPORT',
      adoptionType: 'SECTION_ADOPTION',
      required: true,
      startDate: '2020-09-10',
      expirationDate: '2020-12-09',
      title: { description: 'Where The Wild Things Are', author: 'Sendak', edition: '1' },
      sections: [{ sectionCode: 'L6101' }],
      submitter: null,
    });
    // Alternate, recommended, optional and referenced books (258 rows, 257 course-and-ISBN
    // pairs by the same count) are not required.
    const alternates = await queryRows<{ n: number }>(
      ctx.db,
      sql`select count(*)::int as n from adoption_materials where source = 'IMPORT' and not required`,
    );
    expect(alternates[0]?.n).toBe(257);

    const history = await callAs(ctx, admin, getAdoptionMaterialHistoryItems, {
      query: { adoptionMaterialId: wildThings!.adoptionMaterialId },
    });
    expect(history.json<AdoptionHistoryItem[]>()).toEqual([
      expect.objectContaining({
        action: 'IMPORTED',
        label: 'Imported from a file',
        actor: expect.objectContaining({ userName: 'admin@store-a.test' }),
        after: {
          file: 'uoft_bookstore_textbook_adoptions_2020-fall.csv',
          importId: checked.importId,
          required: true,
          sectionCodes: ['L6101'],
        },
      }),
    ]);

    const previous = await ctx.app.inject({
      url: `${fillPath(getAdoptionMaterialHistory.path, course('ENG', '234H1F'))}?startDateThreshold=1825`,
      headers: authHeaders(admin.host, admin.token),
    });
    expect(previous.statusCode).toBe(200);
    const offered = previous.json<{ otherAdoptions: AdoptionMaterialDTO[] }>().otherAdoptions;
    expect(offered.map((a) => a.title?.description)).toContain('Where The Wild Things Are');
    expect(offered.every((a) => a.source === 'IMPORT')).toBe(true);

    // Covered sections read as adopted in the kept section facts (the section list and metrics).
    const [facts] = await queryRows<{ listing: number; hasText: boolean }>(
      ctx.db,
      sql`select s.listing_count as listing, s.has_text as "hasText" from sections s
        join courses c on c.id = s.course_id where c.code = '234H1F' and s.code = 'L6101'`,
    );
    const onSection = (await adoptionsOf('ENG', '234H1F')).filter((a) =>
      a.sections.some((s) => s.sectionCode === 'L6101'),
    );
    expect(facts).toEqual({ listing: onSection.length, hasText: true });
    // The metrics' required titles of the section are its required imported books.
    const [requirements] = await queryRows<{ titles: number }>(
      ctx.db,
      sql`select cardinality(r.title_ids) as titles from metric_section_requirements r
        join sections s on s.id = r.section_id join courses c on c.id = s.course_id
        where c.code = '234H1F' and s.code = 'L6101'`,
    );
    expect(requirements?.titles).toBe(onSection.filter((a) => a.required).length);
  });

  it('changes nothing when the same file is imported again', async () => {
    const before = await adoptionTables(ctx);
    const again = await uploadChecked(ctx, admin, uoft('uoft-bookstore-adoption-history'));
    expect(entity(again, 'adoptions')).toEqual({ added: 0, updated: 0, unchanged: 1404 });
    expect(entity(again, 'titles').added).toBe(0);
    expect(again).toMatchObject({ added: 0, updated: 0, unchanged: 1405 });
    await applied(ctx, admin, again.importId);
    expect(await adoptionTables(ctx)).toEqual(before);
  });
});
