import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getLtiCourseMaterials, getLtiStoreContact, type ResponseOf } from '@csp/contracts';
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

type Materials = ResponseOf<typeof getLtiCourseMaterials>;

// Issue 33 point 5: a student's launch lands on one section's materials, read as the public
// textbook list reads them.
describe.each(engines)("a launched section's materials (%s)", (engine) => {
  let ctx: TestContext;
  let w: TextbookWorld;

  beforeAll(async () => {
    ctx = await createTestApp(engine, { now: () => TEXTBOOK_NOW });
    w = await textbookWorld(ctx.db, ctx.fixture);
  });
  afterAll(async () => ctx?.close());

  const materials = (sectionId: number | string, host: string = FIXTURE_HOSTS.a) =>
    ctx.app.inject({
      url: getLtiCourseMaterials.path,
      query: { sectionId: String(sectionId) },
      headers: { host },
    });
  const sectionOf = async (termId: number, locationId = ctx.fixture.locations.a) => {
    const [row] = await ctx.db
      .select({ id: t.sections.id })
      .from(t.sections)
      .where(and(eq(t.sections.termId, termId), eq(t.sections.locationId, locationId)));
    return row!.id;
  };

  it('answers the section with its store, term, course, materials, prices and cost mark', async () => {
    const res = await materials(ctx.fixture.catalog.sectionId);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<Materials>();
    expect(body.storeName).not.toBe('');
    expect(body.term).toMatchObject({ termId: w.fall, termName: 'Fall 2026' });
    expect(body.courseCode).toBe('BIO 101');
    expect(body.section.sectionCode).toBe('001');
    expect(body.section.status).toBe('MATERIALS');
    const [campbell, notebook] = body.section.materials;
    expect(campbell).toMatchObject({ title: 'Campbell Biology', required: true });
    expect(campbell!.prices?.newCents).toBeGreaterThan(0);
    expect(campbell!.prices?.usedCents).toBeGreaterThan(0);
    expect(notebook).toMatchObject({ title: 'Lab Notebook', required: false, prices: null });
    expect(body.section.designation).toMatch(/^(NONE|ZTC|LTC)$/);
    expect(body.section.requiredCostLowCents).toBeGreaterThan(0);
  });

  it('marks a section whose required materials cost nothing as the public list does', async () => {
    const [s002] = await ctx.db
      .select({ id: t.sections.id })
      .from(t.sections)
      .where(and(eq(t.sections.termId, w.fall), eq(t.sections.code, '002')));
    const res = await materials(s002!.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Materials>().section).toMatchObject({
      status: 'NO_TEXT_REQUIRED',
      designation: 'ZTC',
      requiredCostLowCents: 0,
    });
  });

  it('answers 404 naming sectionId for a term ended over a year ago, as the list hides it', async () => {
    const res = await materials(await sectionOf(w.longAgo));
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ field: 'sectionId' });
    // Ended under a year ago: still listed.
    expect((await materials(await sectionOf(w.spring))).statusCode).toBe(200);
  });

  it("answers 404 for another store's section, and for no section", async () => {
    const other = await sectionOf(w.storeB.term, ctx.fixture.locations.b);
    expect((await materials(other)).statusCode).toBe(404);
    expect((await materials(other, FIXTURE_HOSTS.b)).statusCode).toBe(200);
    expect((await materials(ctx.fixture.catalog.sectionId, FIXTURE_HOSTS.b)).statusCode).toBe(404);
    expect((await materials(999_999)).statusCode).toBe(404);
    const bad = await materials('abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ field: 'sectionId' });
  });

  it("answers the store's name and its course materials e-mail, each store its own", async () => {
    await ctx.db
      .update(t.locations)
      .set({ courseMaterialsEmail: 'textbooks@store-a.test' })
      .where(eq(t.locations.id, ctx.fixture.locations.a));
    const a = await ctx.app.inject({
      url: getLtiStoreContact.path,
      headers: { host: FIXTURE_HOSTS.a },
    });
    expect(a.statusCode).toBe(200);
    expect(a.json()).toMatchObject({ courseMaterialsEmail: 'textbooks@store-a.test' });
    const b = await ctx.app.inject({
      url: getLtiStoreContact.path,
      headers: { host: FIXTURE_HOSTS.b },
    });
    expect(b.json()).toMatchObject({ courseMaterialsEmail: null });
  });
});
