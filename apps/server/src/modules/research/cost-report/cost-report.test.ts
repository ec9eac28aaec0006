import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  getCostReport,
  getCostReportTerms,
  type CostReport,
  type CostReportChoice,
} from '@csp/contracts';
import { createTestApp, testEngines, type TestContext } from '../../../test-support/test-app.ts';
import { callAs, type Caller } from '../../../test-support/permissions-test-support.ts';
import { costReportWorld, type CostReportWorld } from '../../../test-support/cost-report-world.ts';

const engines = await testEngines();

describe.each(engines)('the textbook cost report (%s)', (engine) => {
  let ctx: TestContext;
  let w: CostReportWorld;
  const report = async (termId: number | string, who: Caller = w.who.admin) => {
    const res = await callAs(ctx, who, getCostReport, { query: { termId } });
    return { status: res.statusCode, body: res.json() };
  };
  const ok = async (termId: number, who?: Caller) => {
    const res = await report(termId, who);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as CostReport;
  };

  beforeAll(async () => {
    ctx = await createTestApp(engine);
    w = await costReportWorld(ctx);
  });
  afterAll(async () => ctx?.close());

  it('counts each department by the designation it shows, the override included', async () => {
    const r = await ok(w.fall2026);
    expect(r.term).toMatchObject({ termName: 'Fall 2026', divisionName: 'Main Campus' });
    expect(r.rows.map((row) => row.departmentCode)).toEqual(['BIO', 'CHEM']);
    const [bio, chem] = r.rows;
    // 001 (none, unknown), OER (ZTC), $30 (LTC), $90 (none), $90 overridden to ZTC.
    expect(bio!.current).toEqual({
      sections: 5,
      ztc: 2,
      ltc: 1,
      none: 2,
      ztcShare: 40,
      ltcShare: 20,
      costKnown: 4,
      // (0 + 30 + 90 + 90) / 4: the unknown cost is left out, not counted as $0; the overridden
      // section keeps its cost.
      averageCostCents: 5250,
    });
    expect(chem!.current).toMatchObject({ sections: 1, ltc: 1, averageCostCents: 2000 });
    expect(r.totals.current).toMatchObject({
      sections: 6,
      ztc: 2,
      ltc: 2,
      none: 2,
      costKnown: 5,
      averageCostCents: 4600,
      ztcShare: 33.3,
    });
  });

  it('compares with the division’s term starting nearest a year before', async () => {
    const r = await ok(w.fall2026);
    expect(r.comparisonTerm).toMatchObject({ termId: w.fall2025, termName: 'Fall 2025' });
    const bio = r.rows[0]!;
    expect(bio.previous).toMatchObject({ sections: 2, ztc: 1, none: 1, averageCostCents: 4000 });
    expect(bio.change).toEqual({
      sections: 3,
      ztc: 1,
      ltc: 1,
      none: 1,
      ztcSharePoints: -10,
      ltcSharePoints: 20,
      averageCostCents: 1250,
    });
    // CHEM had no section a year before: zeros, and no share to compare.
    expect(r.rows[1]!.previous).toMatchObject({
      sections: 0,
      ztcShare: null,
      averageCostCents: null,
    });
    expect(r.rows[1]!.change).toMatchObject({
      sections: 1,
      ztcSharePoints: null,
      averageCostCents: null,
    });
    expect(r.totals.change).toMatchObject({ sections: 4, ztc: 1, ltc: 2, none: 1 });
  });

  it('has no comparison when no term started within the tolerance of a year before', async () => {
    const r = await ok(w.fall2025);
    expect(r.comparisonTerm).toBeNull();
    expect(r.rows[0]).toMatchObject({ departmentCode: 'BIO', previous: null, change: null });
    expect(r.totals.previous).toBeNull();
  });

  it('counts only the caller’s scope, and answers a term outside it as not found', async () => {
    const r = await ok(w.fall2026, w.who.submitter);
    expect(r.rows.map((row) => row.departmentCode)).toEqual(['BIO']);
    expect(r.totals.current.sections).toBe(5);
    expect(r.totals.previous?.sections).toBe(2);
    // Spring 2026 holds only a CHEM section.
    const refused = await report(w.spring2026, w.who.submitter);
    expect(refused).toMatchObject({ status: 404, body: { field: 'termId' } });
    const terms = await callAs(ctx, w.who.submitter, getCostReportTerms);
    // Each with the sections the caller may see.
    expect(terms.json<CostReportChoice[]>().map((t) => [t.termName, t.sectionCount])).toEqual([
      ['Fall 2026', 5],
      ['Fall 2025', 2],
    ]);
  });

  it('keeps each store to its own terms and sections', async () => {
    expect(await report(w.fall2026, w.who.storeB)).toMatchObject({
      status: 404,
      body: { field: 'termId' },
    });
    expect(await report(w.storeB.fall2026)).toMatchObject({ status: 404 });
    const b = await ok(w.storeB.fall2026, w.who.storeB);
    expect(b.comparisonTerm?.termId).toBe(w.storeB.fall2025);
    expect(b.totals.current.sections).toBe(1);
    expect(b.totals.previous?.sections).toBe(1);
    const terms = await callAs(ctx, w.who.admin, getCostReportTerms);
    expect(terms.json<CostReportChoice[]>().map((t) => [t.termName, t.sectionCount])).toEqual([
      ['Fall 2026', 6],
      ['Spring 2026', 1],
      ['Fall 2025', 2],
    ]);
  });

  it.each([
    ['abc', 400],
    ['0', 400],
    ['', 400],
    ['999999', 404],
  ])('answers termId=%j with %i naming the field', async (termId, status) => {
    const res = await report(termId);
    expect(res).toMatchObject({ status, body: { field: 'termId' } });
  });

  it('answers the same figures as an .xlsx with the store, the terms and currency cells', async () => {
    const res = await callAs(ctx, w.who.admin, getCostReport, {
      query: { termId: w.fall2026, format: 'xlsx' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain(
      `cost-report-fall-2026-${w.fall2026}.xlsx`,
    );
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    const values = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1);
    expect(values(1)).toEqual(['Textbook cost report']);
    expect(values(2)).toEqual(['Store', 'Store A']);
    expect(values(3)).toEqual(['Term', 'Fall 2026 (Main Campus)']);
    expect(values(4)).toEqual(['Compared with', 'Fall 2025 (Main Campus)']);
    expect(values(7).slice(0, 10)).toEqual([
      'Department',
      'Department name',
      'Sections',
      'ZTC',
      'ZTC share',
      'LTC',
      'LTC share',
      'None',
      'Cost known',
      'Average required cost',
    ]);
    expect(values(7)[10]).toBe('Sections, Fall 2025');
    expect(values(8)).toEqual([
      'BIO',
      'Biology',
      5,
      2,
      0.4,
      1,
      0.2,
      2,
      4,
      52.5,
      2,
      1,
      0,
      1,
      40,
      3,
      1,
      1,
      1,
      -10,
      20,
      12.5,
    ]);
    const total = values(10);
    expect([total[0], ...total.slice(2, 10)]).toEqual(['Total', 6, 2, 0.333, 2, 0.333, 2, 5, 46]);
    expect(sheet.getRow(8).getCell(10).numFmt).toContain('$');
    expect(sheet.getRow(10).font?.bold).toBe(true);
  });
});
