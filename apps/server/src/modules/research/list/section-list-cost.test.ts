import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  COST_DESIGNATIONS,
  sectionList,
  setSectionDesignation,
  type CostDesignation,
  type SectionRow,
} from '@csp/contracts';
import { costWorld } from '../../../test-support/cost-world.ts';
import { createTestApp, testEngines, type TestContext } from '../../../test-support/test-app.ts';
import { callAs, type Caller } from '../../../test-support/permissions-test-support.ts';
import { researchWorld, type ResearchWorld } from '../../../test-support/research-world.ts';

const engines = await testEngines();

interface ListResponse {
  sections: SectionRow[];
  pageInfo: { startCursor: string | null; endCursor: string | null; hasNextPage: boolean };
  totalSections: number;
}

/** Section research's Textbook cost column and filter (issue 31, point 3). */
describe.each(engines)('sectionList by textbook cost (%s)', (engine) => {
  let ctx: TestContext;
  let w: ResearchWorld;
  let all: SectionRow[];
  let overridden: number;
  const list = async (body: object, who: Caller = w.who.admin) => {
    const res = await callAs(ctx, who, sectionList, { body });
    return { status: res.statusCode, body: res.json<ListResponse>() };
  };
  const ok = async (body: object, who: Caller = w.who.admin) => {
    const res = await list(body, who);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  };
  const ids = (rows: SectionRow[]) => rows.map((s) => s.sectionId);
  const shows = (d: CostDesignation) => (s: SectionRow) => s.designation === d;

  beforeAll(async () => {
    ctx = await createTestApp(engine);
    w = await researchWorld(ctx);
    const c = costWorld(ctx);
    const rows = (await ok({ pageSize: 100 })).sections;
    // By the list's order: 8 sections zero cost (no text required), 6 low (a $30 book,
    // rented at $20), 4 over the threshold ($85), the rest with no adoption.
    const [free, cheap, dear] = [rows.slice(0, 8), rows.slice(8, 14), rows.slice(14, 18)];
    const book = await c.title('Field Guide', { list: 3_000, rental: 2_000 });
    const tome = await c.title('Campbell Biology', { list: 8_500 });
    for (const s of free)
      await c.adopt({ courseId: s.courseId, sectionIds: [s.sectionId], noTextRequired: true });
    for (const s of cheap)
      await c.adopt({ courseId: s.courseId, sectionIds: [s.sectionId], titleId: book });
    for (const s of dear)
      await c.adopt({ courseId: s.courseId, sectionIds: [s.sectionId], titleId: tome });
    // The store's override counts as what the section shows: one with no adoption made ZTC.
    overridden = rows[30]!.sectionId;
    const res = await callAs(ctx, w.who.admin, setSectionDesignation, {
      body: { sectionId: overridden, designation: 'ZTC', reason: 'Instructor hands out notes' },
    });
    expect(res.statusCode, res.body).toBe(200);
    all = (await ok({ pageSize: 100 })).sections;
  });
  afterAll(async () => ctx?.close());

  it('answers each section its designation and required cost range', () => {
    const byId = new Map(all.map((s) => [s.sectionId, s]));
    expect(all.filter(shows('ZTC'))).toHaveLength(9);
    expect(all.filter(shows('LTC'))).toHaveLength(6);
    expect(all.find(shows('LTC'))).toMatchObject({
      requiredCostLowCents: 2_000,
      requiredCostHighCents: 3_000,
    });
    expect(all.filter((s) => s.requiredCostLowCents === 8_500)).toHaveLength(4);
    expect(byId.get(overridden)).toMatchObject({
      designation: 'ZTC',
      requiredCostLowCents: null,
      requiredCostHighCents: null,
    });
  });

  it.each(COST_DESIGNATIONS)('filters by %s, with the count, alone and with a term', async (d) => {
    const page = await ok({ costDesignation: d, pageSize: 100 });
    const expected = ids(all.filter(shows(d)));
    expect(ids(page.sections)).toEqual(expected);
    expect(page.totalSections).toBe(expected.length);
    const inTerm = await ok({ costDesignation: d, termId: w.springTermId, pageSize: 100 });
    const expectedInTerm = ids(all.filter((s) => shows(d)(s) && s.termId === w.springTermId));
    expect(expectedInTerm.length).toBeGreaterThan(0);
    expect(ids(inTerm.sections)).toEqual(expectedInTerm);
    expect(inTerm.totalSections).toBe(expectedInTerm.length);
  });

  it('pages the filtered sections by keyset forward, back and from the last page', async () => {
    const body = { costDesignation: 'ZTC', sortField: 'courseCode', sortDirection: 'asc' };
    const whole = ids((await ok({ ...body, pageSize: 100 })).sections);
    expect(whole).toHaveLength(9);
    const forward: number[] = [];
    let page = await ok({ ...body, pageSize: 4 });
    forward.push(...ids(page.sections));
    while (page.pageInfo.hasNextPage) {
      page = await ok({ ...body, pageSize: 4, after: page.pageInfo.endCursor });
      expect(page.totalSections).toBe(9);
      forward.push(...ids(page.sections));
    }
    expect(forward).toEqual(whole);
    const last = await ok({ ...body, pageSize: 4, last: true, page: 3 });
    expect(ids(last.sections)).toEqual(whole.slice(8));
    const back = await ok({ ...body, pageSize: 4, page: 2, before: last.pageInfo.startCursor });
    expect(ids(back.sections)).toEqual(whole.slice(4, 8));
  });

  it("keeps to the caller's scope and store", async () => {
    const bio = ids(all.filter((s) => shows('LTC')(s) && s.departmentCode === 'BIO'));
    expect(bio.length).toBeGreaterThan(0);
    const mine = await ok({ costDesignation: 'LTC', pageSize: 100 }, w.who.submitter);
    expect(ids(mine.sections)).toEqual(bio);
    expect(mine.totalSections).toBe(bio.length);
    const b = await ok({ costDesignation: 'NONE', pageSize: 100 }, w.who.storeB);
    expect(new Set(ids(b.sections))).toEqual(new Set(w.storeB.sectionIds));
    expect((await ok({ costDesignation: 'ZTC' }, w.who.storeB)).totalSections).toBe(0);
  });

  it('refuses a designation that is not one, naming the field', async () => {
    for (const costDesignation of ['FREE', 'ztc', '', 3]) {
      const res = await list({ costDesignation });
      expect(res.status, String(costDesignation)).toBe(400);
      expect(res.body).toMatchObject({ field: 'costDesignation' });
    }
  });
});
