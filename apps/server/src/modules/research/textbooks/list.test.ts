import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  getTextbookDepartment,
  getTextbookTerm,
  getTextbookTerms,
  type Endpoint,
  type TextbookCourse,
  type TextbookDepartment,
  type ListedTextbookTerm,
  type TextbookTerm,
} from '@csp/contracts';
import { sections } from '../../../db/schema/index.ts';
import { queryRows } from '../../../db/bulk-write.ts';
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

interface TermAnswer {
  storeName: string;
  term: TextbookTerm;
  departments: TextbookDepartment[];
  sectionCount: number;
  sectionsAnswered: number;
  completenessPercent: number;
}
interface DepartmentAnswer {
  term: TextbookTerm;
  department: TextbookDepartment;
  courses: TextbookCourse[];
}

describe.each(engines)('the public textbook list (%s)', (engine) => {
  let ctx: TestContext;
  let w: TextbookWorld;

  beforeAll(async () => {
    ctx = await createTestApp(engine, { now: () => TEXTBOOK_NOW });
    w = await textbookWorld(ctx.db, ctx.fixture);
  });
  afterAll(async () => ctx?.close());

  // No Auth-Token anywhere: the list is public.
  const call = (
    contract: Endpoint,
    query: Record<string, unknown>,
    host: string = FIXTURE_HOSTS.a,
  ) =>
    ctx.app.inject({
      url: contract.path,
      query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
      headers: { host },
    });
  const ok = async <T>(contract: Endpoint, query: Record<string, unknown>, host?: string) => {
    const res = await call(contract, query, host);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<T>();
  };

  it("lists the website's store's terms with sections, newest first, without long-ended ones", async () => {
    const a = await ok<{ storeName: string; terms: ListedTextbookTerm[] }>(getTextbookTerms, {});
    expect(a.storeName).toBe('Store A');
    expect(a.terms.map((t) => [t.termId, t.termName, t.divisionName])).toEqual([
      [w.fall, 'Fall 2026', 'Main Campus'],
      [w.spring, 'Spring 2026', 'Main Campus'],
    ]);
    expect(a.terms[0]).toMatchObject({ startDate: '2026-08-24', endDate: '2026-12-18' });
    // How many sections each term has (the page opens on the busiest term under way).
    expect(a.terms[0]?.sectionCount).toBe(6);

    const b = await ok<{ storeName: string; terms: TextbookTerm[] }>(
      getTextbookTerms,
      {},
      FIXTURE_HOSTS.b,
    );
    expect(b.storeName).toBe('Store B');
    expect(b.terms.map((t) => t.termId)).toEqual([w.storeB.term]);
  });

  it('gives each department its completeness, and the term its total', async () => {
    const term = await ok<TermAnswer>(getTextbookTerm, { termId: w.fall });
    expect(term.storeName).toBe('Store A');
    expect(term.term.termName).toBe('Fall 2026');
    expect(term.departments).toEqual([
      {
        departmentId: w.bio,
        departmentCode: 'BIO',
        departmentName: 'Biology',
        sectionCount: 5,
        sectionsAnswered: 4,
        completenessPercent: 80,
      },
      {
        departmentId: w.chem,
        departmentCode: 'CHEM',
        departmentName: 'Chemistry',
        sectionCount: 1,
        sectionsAnswered: 0,
        completenessPercent: 0,
      },
    ]);
    // 4 of 6 is 66.7%: rounded down, never claiming more than is answered.
    expect(term).toMatchObject({ sectionCount: 6, sectionsAnswered: 4, completenessPercent: 66 });
  });

  it('lists courses, sections and their materials, TBD and no-text-required', async () => {
    const dept = await ok<DepartmentAnswer>(getTextbookDepartment, {
      termId: w.fall,
      departmentId: w.bio,
    });
    // The department's figures are the term overview's for it, counted the same way.
    const term = await ok<TermAnswer>(getTextbookTerm, { termId: w.fall });
    expect(dept.department).toEqual(term.departments.find((d) => d.departmentId === w.bio));
    expect(dept.department.completenessPercent).toBe(80);
    const [bio101, bio202] = dept.courses;
    expect(dept.courses.map((c) => [c.courseCode, c.courseName])).toEqual([
      ['101', 'Intro Biology'],
      ['202', 'Genetics'],
    ]);
    expect(bio101?.sections.map((s) => [s.sectionCode, s.status])).toEqual([
      ['001', 'MATERIALS'],
      ['002', 'NO_TEXT_REQUIRED'],
      // Covered only by an adoption removed from it and an inactive one.
      ['003', 'TBD'],
      ['004', 'MATERIALS'],
    ]);
    const [s001, s002, s003, s004] = bio101?.sections ?? [];
    expect(s001?.professors).toEqual(['Ida Instructor']);
    expect(s001?.materials).toEqual([
      {
        isbn: '9780134093413',
        title: 'Campbell Biology',
        author: 'Urry',
        publisher: 'Pearson',
        edition: '11',
        copyrightYear: 2016,
        required: true,
        // The store's prices of a $129.95 list price (lib/pricing.ts shares).
        prices: {
          newCents: 12995,
          usedCents: 9746,
          rentNewCents: 7147,
          rentUsedCents: 5198,
          digitalCents: 7797,
        },
      },
      {
        isbn: '9781234567897',
        title: 'Lab Notebook',
        author: 'Hayden-McNeil',
        publisher: 'Macmillan',
        edition: '',
        copyrightYear: null,
        required: false,
        prices: null,
      },
    ]);
    expect(s002?.materials).toEqual([]);
    expect(s003?.materials).toEqual([]);
    // Proposed titles: no ISBN, no year, no price; author, title and publisher say what it is.
    expect(s004?.materials).toEqual([
      {
        isbn: null,
        title: 'Field Guide to Café Birds',
        author: 'Sibley',
        publisher: 'Knopf',
        edition: '2',
        copyrightYear: null,
        required: true,
        prices: null,
      },
      expect.objectContaining({ isbn: null, title: '=1+2 Workbook', required: false }),
    ]);
    // A course adoption (recommended) and a section adoption (required) of one title: listed once.
    expect(bio202?.sections[0]?.materials.map((m) => [m.isbn, m.required])).toEqual([
      ['9780134093413', true],
    ]);
  });

  it("never answers another store's term or department, exactly as for unknown ones", async () => {
    const otherTerm = await call(getTextbookTerm, { termId: w.storeB.term });
    const unknownTerm = await call(getTextbookTerm, { termId: 999_999 });
    for (const res of [otherTerm, unknownTerm]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ field: 'termId' });
    }
    expect(otherTerm.json().message).toBe(
      unknownTerm.json().message.replace('999999', String(w.storeB.term)),
    );

    const otherDept = await call(getTextbookDepartment, {
      termId: w.fall,
      departmentId: w.storeB.department,
    });
    expect(otherDept.statusCode).toBe(404);
    expect(otherDept.json()).toMatchObject({ field: 'departmentId' });
    // A department of the store without sections in that term is not in its list either.
    const noSections = await call(getTextbookDepartment, {
      termId: w.spring,
      departmentId: w.chem,
    });
    expect(noSections.statusCode).toBe(404);
    expect(noSections.json()).toMatchObject({ field: 'departmentId' });
    // Store B's host with store A's term.
    const fromB = await call(
      getTextbookDepartment,
      { termId: w.fall, departmentId: w.bio },
      FIXTURE_HOSTS.b,
    );
    expect(fromB.statusCode).toBe(404);
    expect(fromB.json()).toMatchObject({ field: 'termId' });
  });

  it('refuses a malformed termId or departmentId with a 400 naming it', async () => {
    for (const termId of ['abc', '-1', '1.5']) {
      const res = await call(getTextbookTerm, { termId });
      expect(res.statusCode, termId).toBe(400);
      expect(res.json()).toMatchObject({ field: 'termId' });
    }
    const missing = await call(getTextbookTerm, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ field: 'termId' });
    const dept = await call(getTextbookDepartment, { termId: w.fall, departmentId: 'x' });
    expect(dept.statusCode).toBe(400);
    expect(dept.json()).toMatchObject({ field: 'departmentId' });
  });

  it('answers 404 on a host with no website', async () => {
    const res = await call(getTextbookTerms, {}, 'nobody.test');
    expect(res.statusCode).toBe(404);
  });

  it('is cacheable by shared caches per host, with an ETag and 304', async () => {
    const first = await call(getTextbookTerm, { termId: w.fall });
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('public, max-age=300, stale-while-revalidate=600');
    expect(String(first.headers.vary)).toMatch(/\bHost\b/);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);

    const again = await ctx.app.inject({
      url: getTextbookTerm.path,
      query: { termId: String(w.fall) },
      headers: { host: FIXTURE_HOSTS.a, 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);

    // Store B's list is another body, so another tag: no cache can confuse them.
    const b = await call(getTextbookTerms, {}, FIXTURE_HOSTS.b);
    const a = await call(getTextbookTerms, {});
    expect(b.headers.etag).not.toBe(a.headers.etag);
    // An error is never cached.
    const missing = await call(getTextbookTerm, { termId: 999_999 });
    expect(missing.headers['cache-control']).toBe('no-store');
  });

  it("keeps each term's section count as sections are added, moved between terms and removed", async () => {
    const counts = async () => {
      const { terms } = await ok<{ terms: ListedTextbookTerm[] }>(getTextbookTerms, {});
      return Object.fromEntries(terms.map((t) => [t.termId, t.sectionCount]));
    };
    const before = await counts();
    const [added] = await ctx.db
      .insert(sections)
      .values({
        locationId: ctx.fixture.locations.a,
        courseId: ctx.fixture.catalog.courseId,
        termId: w.spring,
        code: 'KEPT-1',
        startDate: '2026-01-12',
        endDate: '2026-05-08',
      })
      .returning({ id: sections.id });
    expect(await counts()).toEqual({ ...before, [w.spring]: before[w.spring]! + 1 });

    await ctx.db.update(sections).set({ termId: w.fall }).where(eq(sections.id, added!.id));
    expect(await counts()).toEqual({ ...before, [w.fall]: before[w.fall]! + 1 });

    await ctx.db.delete(sections).where(eq(sections.id, added!.id));
    expect(await counts()).toEqual(before);
    // Every term of every store: the kept count is the sections counted from scratch.
    const drifted = await queryRows(
      ctx.db,
      sql`select t.id from terms t
        where t.section_count <> (select count(*) from sections s where s.term_id = t.id)`,
    );
    expect(drifted).toEqual([]);
  });
});
