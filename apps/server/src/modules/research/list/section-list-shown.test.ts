import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sectionList, type SectionRow } from '@csp/contracts';
import * as t from '../../../db/schema/index.ts';
import {
  createTestApp,
  FIXTURE_HOSTS,
  loginAs,
  testEngines,
  type TestContext,
} from '../../../test-support/test-app.ts';
import { callAs, type Caller } from '../../../test-support/permissions-test-support.ts';

const engines = await testEngines();

interface ListResponse {
  sections: SectionRow[];
  pageInfo: { endCursor: string | null; hasNextPage: boolean };
}

/** What the Section column reads (apps/web/src/features/research/list/section-links.tsx). */
const shown = (s: SectionRow) => `${s.departmentCode} ${s.courseCode} – ${s.sectionCode}`;

/** The Section column's order, as a reader expects it: departments, then numbers by value. */
const EXPECTED_ASC = [
  'ASTR 20 – 1',
  'ASTR 101 – 2',
  'ASTR 101 – 10',
  'ASTR 1010 – 1',
  'DATA 101 – 1',
  'DATA 101 – 1A',
];

describe.each(engines)('sectionList as the Section column and Status show it (%s)', (engine) => {
  let ctx: TestContext;
  let admin: Caller;
  let termId: number;
  let ntrAwaitingId: number;

  const page = async (body: object) => {
    const res = await callAs(ctx, admin, sectionList, { body: { termId, ...body } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<ListResponse>();
  };

  beforeAll(async () => {
    ctx = await createTestApp(engine);
    const { db } = ctx;
    const locationId = ctx.fixture.locations.a;
    const divisionId = ctx.fixture.catalog.divisionId;
    const [term] = await db
      .insert(t.terms)
      .values({
        locationId,
        divisionId,
        name: 'Research Order 2026 - Main',
        startDate: '2026-08-20',
        endDate: '2026-12-15',
      })
      .returning({ id: t.terms.id });
    termId = term!.id;
    // Inserted in an order that is neither the expected one nor any single code's order.
    const departments = await db
      .insert(t.departments)
      .values([
        { locationId, divisionId, code: 'DATA', name: 'Data Science' },
        { locationId, divisionId, code: 'ASTR', name: 'Astronomy' },
      ])
      .returning({ id: t.departments.id });
    const [data, astr] = departments.map((d) => d.id) as [number, number];
    const courseRows = await db
      .insert(t.courses)
      .values([
        { locationId, divisionId, departmentId: data, code: '101', name: 'Data I' },
        { locationId, divisionId, departmentId: astr, code: '1010', name: 'Astro Lab' },
        { locationId, divisionId, departmentId: astr, code: '101', name: 'Astro I' },
        { locationId, divisionId, departmentId: astr, code: '20', name: 'Sky Tour' },
      ])
      .returning({ id: t.courses.id });
    const [data101, astr1010, astr101, astr20] = courseRows.map((c) => c.id) as number[];
    const section = (courseId: number | undefined, code: string) => ({
      locationId,
      courseId: courseId!,
      termId,
      code,
      startDate: '2026-08-25',
      endDate: '2026-12-10',
    });
    const sections = await db
      .insert(t.sections)
      .values([
        section(data101, '1A'),
        section(astr101, '10'),
        section(data101, '1'),
        section(astr1010, '1'),
        section(astr101, '2'),
        section(astr20, '1'),
      ])
      .returning({ id: t.sections.id });
    // DATA 101 – 1: only a no-material-required adoption covers it, and it awaits an answer.
    ntrAwaitingId = sections[2]!.id;
    const [ntr] = await db
      .insert(t.adoptionMaterials)
      .values({
        locationId,
        courseId: data101!,
        adoptionType: 'SECTION_ADOPTION',
        startDate: '2026-08-01',
        noTextRequired: true,
        messagingStatus: 'RESPONSE_REQUIRED',
      })
      .returning({ id: t.adoptionMaterials.id });
    await db
      .insert(t.adoptionMaterialSections)
      .values({ adoptionMaterialId: ntr!.id, sectionId: ntrAwaitingId });
    const session = await loginAs(ctx.app, FIXTURE_HOSTS.a, ctx.fixture.accounts.admin.userName);
    admin = { accountId: session.accountId, token: session.token, host: FIXTURE_HOSTS.a };
  });
  afterAll(async () => ctx?.close());

  it('sorts the Section column by department, course and section code, numbers by value', async () => {
    const asc = await page({ sortField: 'courseCode', sortDirection: 'asc', pageSize: 100 });
    expect(asc.sections.map(shown)).toEqual(EXPECTED_ASC);
    const desc = await page({ sortField: 'courseCode', sortDirection: 'desc', pageSize: 100 });
    expect(desc.sections.map(shown)).toEqual([...EXPECTED_ASC].reverse());
  });

  it('pages the Section order by cursor without skipping or repeating a row', async () => {
    const walked: string[] = [];
    let next = await page({ sortField: 'courseCode', sortDirection: 'asc', pageSize: 4 });
    walked.push(...next.sections.map(shown));
    while (next.pageInfo.hasNextPage) {
      next = await page({
        sortField: 'courseCode',
        sortDirection: 'asc',
        pageSize: 4,
        after: next.pageInfo.endCursor,
      });
      walked.push(...next.sections.map(shown));
    }
    expect(walked).toEqual(EXPECTED_ASC);
  });

  it('answers one status for an NMR section awaiting information, and filters by it', async () => {
    const all = await page({ pageSize: 100 });
    const nmr = all.sections.find((s) => s.sectionId === ntrAwaitingId);
    expect(nmr).toMatchObject({ noTextRequired: true, adoptionStatus: 'NO_TEXT_REQUIRED' });
    const settled = await page({ adoptionStatus: 'NO_TEXT_REQUIRED', pageSize: 100 });
    expect(settled.sections.map((s) => s.sectionId)).toEqual([ntrAwaitingId]);
    const waiting = await page({ adoptionStatus: 'NEEDS_INFORMATION', pageSize: 100 });
    expect(waiting.sections).toEqual([]);
  });

  it('keeps the Section order when a department or a course is recoded, as an import does', async () => {
    const { db } = ctx;
    await db.update(t.departments).set({ code: 'ACCT' }).where(eq(t.departments.code, 'DATA'));
    await db
      .update(t.courses)
      .set({ code: '5' })
      .where(and(eq(t.courses.code, '1010'), eq(t.courses.name, 'Astro Lab')));
    const asc = await page({ sortField: 'courseCode', sortDirection: 'asc', pageSize: 100 });
    expect(asc.sections.map(shown)).toEqual([
      'ACCT 101 – 1',
      'ACCT 101 – 1A',
      'ASTR 5 – 1',
      'ASTR 20 – 1',
      'ASTR 101 – 2',
      'ASTR 101 – 10',
    ]);
  });
});
