import { parse } from 'csv-parse/sync';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  COST_DESIGNATION_LABELS,
  getScheduleFeed,
  getScheduleFeedCsv,
  SCHEDULE_FEED_CSV_COLUMNS,
  type CostDesignation,
  type Endpoint,
  type ScheduleFeedSection,
  type TextbookTerm,
} from '@csp/contracts';
import { queryRows } from '../../../db/bulk-write.ts';
import * as t from '../../../db/schema/index.ts';
import {
  createTestApp,
  FIXTURE_HOSTS,
  testEngines,
  type TestContext,
} from '../../../test-support/test-app.ts';
import {
  TEXTBOOK_NOW,
  textbookWorld,
  type TextbookWorld,
} from '../../../test-support/textbook-world.ts';

const engines = await testEngines();

interface Feed {
  storeName: string;
  term: TextbookTerm;
  sections: ScheduleFeedSection[];
}

/** A section as the feed should show it, read here straight from the kept columns. */
interface KeptRow {
  sectionId: number;
  departmentCode: string;
  courseCode: string;
  sectionCode: string;
  courseName: string;
  designation: CostDesignation;
  low: number | null;
  high: number | null;
}

/** Money as the CSV should show it, written here independently of the module. */
const money = (cents: number | null) => (cents === null ? '' : (cents / 100).toFixed(2));

describe.each(engines)("the registrar's schedule feed (%s)", (engine) => {
  let ctx: TestContext;
  let w: TextbookWorld;
  let formulaSection: number;

  beforeAll(async () => {
    ctx = await createTestApp(engine, { now: () => TEXTBOOK_NOW });
    w = await textbookWorld(ctx.db, ctx.fixture);
    // A course whose title a spreadsheet would run as a formula.
    const { divisionId, departmentId } = ctx.fixture.catalog;
    const [course] = await ctx.db
      .insert(t.courses)
      .values({
        locationId: ctx.fixture.locations.a,
        divisionId,
        departmentId,
        code: '300',
        name: '=HYPERLINK("http://evil.test","Biology")',
      })
      .returning({ id: t.courses.id });
    const [section] = await ctx.db
      .insert(t.sections)
      .values({
        locationId: ctx.fixture.locations.a,
        courseId: course!.id,
        termId: w.fall,
        code: '001',
        startDate: '2026-08-24',
        endDate: '2026-12-18',
      })
      .returning({ id: t.sections.id });
    formulaSection = section!.id;
  });
  afterAll(async () => ctx?.close());

  // No Auth-Token anywhere: the feed is public.
  const call = (
    contract: Endpoint,
    termId: unknown,
    host: string = FIXTURE_HOSTS.a,
    headers: Record<string, string> = {},
  ) =>
    ctx.app.inject({
      url: contract.path,
      query: { termId: String(termId) },
      headers: { host, ...headers },
    });
  const feed = async (termId: number = w.fall) => {
    const res = await call(getScheduleFeed, termId);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Feed>();
  };

  /** The term's sections by department, course and section code, from the kept columns. */
  const kept = (termId: number) =>
    queryRows<KeptRow>(
      ctx.db,
      sql`select s.id as "sectionId", d.code as "departmentCode", c.code as "courseCode",
          s.code as "sectionCode", c.name as "courseName", s.designation,
          s.required_cost_low_cents as low, s.required_cost_high_cents as high
        from sections s join courses c on c.id = s.course_id
          join departments d on d.id = c.department_id
        where s.term_id = ${termId}
        order by d.code, c.code, s.code, s.id`,
    );
  const asFeed = (r: KeptRow): ScheduleFeedSection => ({
    sectionId: Number(r.sectionId),
    departmentCode: r.departmentCode,
    courseCode: r.courseCode,
    sectionCode: r.sectionCode,
    courseName: r.courseName,
    designation: r.designation,
    designationLabel: COST_DESIGNATION_LABELS[r.designation],
    requiredCostLowCents: r.low === null ? null : Number(r.low),
    requiredCostHighCents: r.high === null ? null : Number(r.high),
  });
  const sectionOf = async (course: string, code: string) => {
    const found = (await feed()).sections.find(
      (s) => s.courseCode === course && s.sectionCode === code && s.departmentCode === 'BIO',
    );
    if (!found) throw new Error(`BIO ${course} ${code} is not in the feed`);
    return found;
  };

  it("answers every section of the store's term with its kept designation and costs, in order", async () => {
    // An override of the store's: the feed shows it over what the materials make it.
    const s001 = ctx.fixture.catalog.sectionId;
    await ctx.db
      .update(t.sections)
      .set({ designationOverride: 'ZTC' })
      .where(eq(t.sections.id, s001));

    const answer = await feed();
    expect(answer.storeName).toBe('Store A');
    expect(answer.term).toMatchObject({ termId: w.fall, termName: 'Fall 2026' });
    expect(answer.sections).toEqual((await kept(w.fall)).map(asFeed));
    expect(
      answer.sections.map((s) => `${s.departmentCode} ${s.courseCode} ${s.sectionCode}`),
    ).toEqual([
      'BIO 101 001',
      'BIO 101 002',
      'BIO 101 003',
      'BIO 101 004',
      'BIO 202 001',
      'BIO 300 001',
      'CHEM 110 001',
    ]);

    // Campbell Biology at $129.95 new: not low cost, but the store marks the section ZTC.
    expect(await sectionOf('101', '001')).toMatchObject({
      designation: 'ZTC',
      designationLabel: 'Zero textbook cost',
    });
    expect((await sectionOf('101', '001')).requiredCostLowCents).toBeGreaterThan(4000);
    // No text required costs nothing.
    expect(await sectionOf('101', '002')).toMatchObject({
      designation: 'ZTC',
      requiredCostLowCents: 0,
      requiredCostHighCents: 0,
    });
    // A required proposed title has no price: the cost is unknown, and no mark.
    expect(await sectionOf('101', '004')).toMatchObject({
      designation: 'NONE',
      designationLabel: 'No cost designation',
      requiredCostLowCents: null,
      requiredCostHighCents: null,
    });
  });

  it('answers the same rows as CSV, with dollars, the designation and a safe course title', async () => {
    const res = await call(getScheduleFeedCsv, w.fall);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="store-a-fall-2026-schedule-feed.csv"',
    );
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const [header, ...lines] = parse(res.body, { bom: true }) as string[][];
    expect(header).toEqual([...SCHEDULE_FEED_CSV_COLUMNS]);
    const { sections } = await feed();
    expect(lines).toEqual(
      sections.map((s) => [
        'Fall 2026',
        s.departmentCode,
        s.courseCode,
        s.sectionCode,
        /^[=+\-@]/.test(s.courseName) ? `'${s.courseName}` : s.courseName,
        s.designation,
        s.designationLabel,
        money(s.requiredCostLowCents),
        money(s.requiredCostHighCents),
        String(s.sectionId),
      ]),
    );
    const formula = lines.find((l) => l[9] === String(formulaSection));
    expect(formula?.[4]).toBe(`'=HYPERLINK("http://evil.test","Biology")`);
    const unknown = lines.find((l) => l[2] === '101' && l[3] === '004');
    expect(unknown?.slice(5)).toEqual(['NONE', 'No cost designation', '', '', unknown?.[9]]);
    const free = lines.find((l) => l[2] === '101' && l[3] === '002');
    expect(free?.slice(7, 9)).toEqual(['0.00', '0.00']);
  });

  it('keeps its ETag until a cost changes, and answers 304 to a client that has it', async () => {
    for (const contract of [getScheduleFeed, getScheduleFeedCsv]) {
      const first = await call(contract, w.fall);
      const second = await call(contract, w.fall);
      expect(first.headers['cache-control']).toBe(
        'public, max-age=300, stale-while-revalidate=600',
      );
      expect(String(first.headers.vary)).toMatch(/\bHost\b/);
      const etag = String(first.headers.etag);
      expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
      expect(second.headers.etag).toBe(etag);

      const cached = await call(contract, w.fall, FIXTURE_HOSTS.a, { 'if-none-match': etag });
      expect(cached.statusCode).toBe(304);
      expect(cached.body).toBe('');
    }

    const before = await call(getScheduleFeed, w.fall);
    const beforeCsv = await call(getScheduleFeedCsv, w.fall);
    const costBefore = (await sectionOf('202', '001')).requiredCostLowCents;
    // Campbell Biology repriced: BIO 202 001 requires it, so its kept cost changes with it.
    await ctx.db
      .update(t.titles)
      .set({ listPriceCents: 3500 })
      .where(eq(t.titles.ean13, '9780134093413'));
    expect((await sectionOf('202', '001')).requiredCostLowCents).not.toBe(costBefore);
    expect((await sectionOf('202', '001')).requiredCostLowCents).toBe(3500);
    const after = await call(getScheduleFeed, w.fall, FIXTURE_HOSTS.a, {
      'if-none-match': String(before.headers.etag),
    });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    const afterCsv = await call(getScheduleFeedCsv, w.fall);
    expect(afterCsv.headers.etag).not.toBe(beforeCsv.headers.etag);
  });

  it("answers another store's term, or an unknown one, as the textbook list does: 404", async () => {
    for (const contract of [getScheduleFeed, getScheduleFeedCsv]) {
      const other = await call(contract, w.storeB.term);
      expect(other.statusCode).toBe(404);
      expect(other.json()).toEqual({
        message: `There is no term ${w.storeB.term} in this store.`,
        field: 'termId',
      });
      expect(other.headers['cache-control']).toBe('no-store');
      const unknown = await call(contract, 999_999);
      expect(unknown.statusCode).toBe(404);
    }
    // Store B's own website answers its term, with only its sections.
    const b = await call(getScheduleFeed, w.storeB.term, FIXTURE_HOSTS.b);
    expect(b.statusCode).toBe(200);
    expect(b.json<Feed>().sections.map((s) => s.departmentCode)).toEqual(['HIST']);
  });

  it('refuses a malformed termId with a 400 naming it', async () => {
    for (const contract of [getScheduleFeed, getScheduleFeedCsv]) {
      for (const termId of ['x', '0', '-1', '1.5']) {
        const res = await call(contract, termId);
        expect(res.statusCode, termId).toBe(400);
        expect(res.json()).toMatchObject({ field: 'termId' });
      }
      const missing = await ctx.app.inject({
        url: contract.path,
        headers: { host: FIXTURE_HOSTS.a },
      });
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toMatchObject({ field: 'termId' });
    }
  });
});
